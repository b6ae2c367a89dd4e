import Foundation
import PushBusCore
import PushBusStorage

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Shared by the ledger subcommands: the ledger in `DIR` and a record for the `index`-th append.
enum LedgerChild {
    static func open(_ arguments: ChildArguments) throws -> DeliveryLedger {
        var configuration = DeliveryLedger.Configuration()
        configuration.maximumMessages = arguments.integer("max-messages", default: 1_000)
        configuration.role = DeliveryProcessRole(rawValue: arguments.options["role"] ?? "serviceExtension")
        return try DeliveryLedger(
            directory: URL(fileURLWithPath: try arguments.positional(0)), configuration: configuration)
    }

    /// Record `index` of writer `writer`: message `m<index % messages>`, the writer and index in its values.
    static func record(_ index: Int, writer: String, messages: Int) -> DeliveryRecord {
        DeliveryRecord(
            messageID: PushMessage.ID(rawValue: "m\(index % max(1, messages))"), requestIdentifier: "r\(index)",
            notificationDate: Date(timeIntervalSince1970: 1_700_000_000),
            event: DeliveryEvent(kind: .received, values: ["w": writer, "i": String(index)]),
            summary: DeliverySummary(title: "Title \(index)", body: String(repeating: "b", count: index % 200)))
    }
}

/// `ledger-append-loop DIR [--writer W] [--messages M] [--compact-every K]`: appends until killed, printing
/// `written SEQ` after each append returned (so the line means: durable). Compacts every `K` appends, printing
/// `compacting` before and `compacted` after.
struct LedgerAppendLoop: ChildCommand {
    static let name = "ledger-append-loop"

    static func run(_ arguments: ChildArguments) throws {
        let ledger = try LedgerChild.open(arguments)
        let writer = arguments.options["writer"] ?? "loop"
        let messages = arguments.integer("messages", default: 30)
        let compactEvery = arguments.integer("compact-every", default: 0)
        var index = 0
        while true {
            let record = try ledger.append(LedgerChild.record(index, writer: writer, messages: messages))
            ChildOutput.line("written \(record.sequence)")
            index += 1
            if compactEvery > 0, index % compactEvery == 0 {
                ChildOutput.line("compacting")
                try ledger.compact()
                ChildOutput.line("compacted")
            }
        }
    }
}

/// `ledger-append DIR --count N [--writer W] [--messages M] [--start-on-input yes]`: appends `N` records, then
/// prints `interval FIRST LAST` (see ``WriteInterval``) and `done N`.
struct LedgerAppend: ChildCommand {
    static let name = "ledger-append"

    static func run(_ arguments: ChildArguments) throws {
        let ledger = try LedgerChild.open(arguments)
        let writer = arguments.options["writer"] ?? "append"
        let count = arguments.integer("count", default: 1)
        let messages = arguments.integer("messages", default: 1_000_000)
        arguments.waitForStartIfAsked()
        var interval = WriteInterval()
        for index in 0..<count {
            try ledger.append(LedgerChild.record(index, writer: writer, messages: messages))
            interval.wrote()
        }
        interval.print()
        ChildOutput.line("done \(count)")
    }
}

/// `ledger-append-under-limit DIR --bytes N`: limits the file size to `N` bytes (`setrlimit(RLIMIT_FSIZE)`,
/// `SIGXFSZ` ignored), appends until a write fails, prints `failed ERROR`, then goes on "delivering" (prints
/// `delivered`) and reloads the ledger to print `records COUNT issues COUNT`.
struct LedgerAppendUnderFileSizeLimit: ChildCommand {
    static let name = "ledger-append-under-limit"

    static func run(_ arguments: ChildArguments) throws {
        let bytes = rlim_t(arguments.integer("bytes", default: 4_096))
        signal(SIGXFSZ, SIG_IGN)
        var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
        guard setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0 else { throw ChildError.missingArgument(-1) }
        let ledger = try LedgerChild.open(arguments)
        var index = 0
        while true {
            do throws(DeliveryLedgerError) {
                try ledger.append(LedgerChild.record(index, writer: "limited", messages: 1_000_000))
                index += 1
            } catch {
                ChildOutput.line("failed \(error) outOfSpace=\(error.isOutOfSpace)")
                break
            }
        }
        ChildOutput.line("delivered")
        let reloaded = try DeliveryLedger(directory: URL(fileURLWithPath: try arguments.positional(0)))
        ChildOutput.line("records \(reloaded.count) written \(index) issues \(reloaded.issues.count)")
    }
}
