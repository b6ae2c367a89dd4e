import Foundation
import PushBusStorage

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `ledger-hold-lock DIR`: plays another process writing the ledger in `DIR` for a long time (a service extension
/// stuck in its write): appends one record (so the file has changed for every other reader), takes the ledger's
/// lock file exclusively, prints `held`, and lets go when a line arrives on standard input, printing `released`.
struct LedgerLockHolder: ChildCommand {
    static let name = "ledger-hold-lock"

    static func run(_ arguments: ChildArguments) throws {
        let ledger = try LedgerChild.open(arguments)
        try ledger.append(LedgerChild.record(0, writer: "holder", messages: 1))
        let path = try arguments.positional(0) + "/ledger.lock"
        let descriptor = open(path, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw ChildError.system("open \(path): errno \(errno)") }
        guard flock(descriptor, LOCK_EX) == 0 else { throw ChildError.system("flock \(path): errno \(errno)") }
        ChildOutput.line("held")
        _ = Swift.readLine()
        flock(descriptor, LOCK_UN)
        close(descriptor)
        ChildOutput.line("released")
    }
}
