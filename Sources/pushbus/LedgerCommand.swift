import ArgumentParser
import Foundation
import PushBusCore
import PushBusStorage
import PushBusValidation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `pushbus ledger DIR`: what a delivery ledger (for example one copied off a device) holds, and its damage.
struct LedgerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledger",
        abstract: "Show the records of a PushBus delivery ledger directory (read only).",
        discussion: """
            Prints every record oldest first. Exit status: 0 on success; 1 with --verify when the file holds \
            damaged records (each reported with its byte offset); 2 when the ledger cannot be opened.
            """
    )

    @Argument(help: "The ledger directory (the one holding ledger.pbl).")
    var directory: String

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Flag(name: .long, help: "Print counts (records, messages, events by kind and process) instead of records.")
    var stats = false

    @Flag(name: .long, help: "Report damaged or torn records; exit 1 when there are any.")
    var verify = false

    func run() throws {
        let ledger: DeliveryLedger
        do {
            ledger = try DeliveryLedger(directory: URL(fileURLWithPath: directory), readOnly: true)
        } catch {
            FileHandle.standardError.write(
                Data(("pushbus ledger: \(Self.explain(error))".escapingControlCharacters + "\n").utf8))
            throw ExitCode(2)
        }
        let records = ledger.allRecords
        let issues = ledger.issues
        var output: [String: PushValue] = [:]
        var lines: [String] = []
        if stats {
            let statistics = Self.statistics(records, messages: ledger.messageCount, issues: issues.count)
            output["stats"] = .object(statistics.mapValues { $0 })
            lines += statistics.keys.sorted().map { "\($0): \(statistics[$0]!.jsonString())" }
        } else if !verify {
            output["records"] = .array(records.map(\.jsonValue))
            lines += records.map(\.line)
        }
        if verify || stats || !issues.isEmpty {
            output["issues"] = .array(
                issues.map { issue in
                    .object([
                        "kind": .string(issue.kind.rawValue), "offset": .int(issue.offset),
                        "length": .int(issue.length),
                    ])
                })
            lines += issues.map { "issue: \($0)" }
            if verify && issues.isEmpty { lines.append("ok: \(records.count) records, no damage") }
        }
        print(
            json
                ? PushValue.object(output).jsonString(prettyPrinted: true)
                : lines.map(\.escapingControlCharacters).joined(separator: "\n"))
        if verify && !issues.isEmpty { throw ExitCode(1) }
    }

    /// Why the ledger could not be opened, in words: an empty directory is "no ledger", not an errno.
    private static func explain(_ error: DeliveryLedgerError) -> String {
        if case .io("open", let path, ENOENT) = error, path.hasSuffix("/ledger.pbl") {
            return "no ledger in \((path as NSString).deletingLastPathComponent) (it holds no ledger.pbl)"
        }
        return error.description
    }

    private static func statistics(_ records: [DeliveryRecord], messages: Int, issues: Int) -> [String: PushValue] {
        var kinds: [String: PushValue] = [:]
        var roles: [String: PushValue] = [:]
        for record in records {
            kinds[record.event.kind.rawValue] = .int((kinds[record.event.kind.rawValue]?.intValue ?? 0) + 1)
            roles[record.role.rawValue] = .int((roles[record.role.rawValue]?.intValue ?? 0) + 1)
        }
        var result: [String: PushValue] = [
            "records": .int(records.count), "messages": .int(messages), "issues": .int(issues),
            "events": .object(kinds), "roles": .object(roles),
            "formatVersion": .int(Int(DeliveryLedger.formatVersion)),
        ]
        if let first = records.first, let last = records.last {
            result["firstSequence"] = first.sequence.jsonValue
            result["lastSequence"] = last.sequence.jsonValue
            result["oldest"] = .string(ISO8601DateFormatter().string(from: first.writtenAt))
            result["newest"] = .string(ISO8601DateFormatter().string(from: last.writtenAt))
        }
        return result
    }
}

extension UInt64 {
    /// A JSON number (every sequence the ledger returns fits an `Int` on a 64-bit platform; text otherwise).
    fileprivate var jsonValue: PushValue { Int(exactly: self).map(PushValue.int) ?? .string(String(self)) }
}

extension DeliveryRecord {
    /// One line: `#SEQ WRITTEN ROLE MESSAGE [request] EVENT`.
    fileprivate var line: String {
        let date = ISO8601DateFormatter().string(from: writtenAt)
        let request = requestIdentifier.map { " request=\($0)" } ?? ""
        let title = summary?.title.map { " title=\($0.debugDescription)" } ?? ""
        return "#\(sequence) \(date) \(role) \(messageID)\(request) \(event)\(title)"
    }

    fileprivate var jsonValue: PushValue {
        var object: [String: PushValue] = [
            "sequence": sequence.jsonValue, "messageID": .string(messageID.rawValue),
            "reportedAt": .double(reportedAt.timeIntervalSince1970),
            "writtenAt": .double(writtenAt.timeIntervalSince1970), "kind": .string(messageKind.rawValue),
            "event": .string(event.kind.rawValue), "role": .string(role.rawValue),
        ]
        object["requestIdentifier"] = requestIdentifier.map(PushValue.string)
        object["notificationDate"] = notificationDate.map { .double($0.timeIntervalSince1970) }
        object["action"] = event.action.map(PushValue.string)
        object["userText"] = event.userText.map(PushValue.string)
        object["url"] = event.url.map { .string($0.absoluteString) }
        if !event.values.isEmpty { object["values"] = .object(event.values.mapValues(PushValue.string)) }
        if let summary {
            var fields: [String: PushValue] = [:]
            fields["title"] = summary.title.map(PushValue.string)
            fields["body"] = summary.body.map(PushValue.string)
            fields["category"] = summary.categoryIdentifier.map(PushValue.string)
            fields["thread"] = summary.threadIdentifier.map(PushValue.string)
            fields["deepLink"] = summary.deepLink.map { .string($0.absoluteString) }
            fields["provider"] = summary.provider.map(PushValue.string)
            if !summary.customData.isEmpty { fields["custom"] = .object(summary.customData) }
            if summary.isTruncated { fields["truncated"] = .bool(true) }
            object["summary"] = .object(fields)
        }
        return .object(object)
    }
}
