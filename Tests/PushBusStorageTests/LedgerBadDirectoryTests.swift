import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A ledger that cannot be written is a typed error, never a crash or a hang; the caller goes on.
@Suite(.timeLimit(.minutes(2))) struct LedgerBadDirectoryTests {
    @Test func missingDirectoryIsATypedError() {
        #expect(throws: DeliveryLedgerError.directoryMissing(path: "/nonexistent/pushbus-ledger")) {
            try DeliveryLedger(directory: URL(fileURLWithPath: "/nonexistent/pushbus-ledger"))
        }
    }

    @Test func regularFileIsATypedError() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        #expect(throws: DeliveryLedgerError.notADirectory(path: file.path)) { try DeliveryLedger(directory: file) }
    }

    @Test func unwritableDirectoryIsATypedError() throws {
        // Root ignores permission bits, so as root a directory no one can create files in stands in: /proc/self.
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let target: URL
        if getuid() == 0 {
            target = URL(fileURLWithPath: "/proc/self")
        } else {
            target = directory.url
            chmod(directory.url.path, 0o555)
        }
        defer { chmod(directory.url.path, 0o755) }
        do {
            _ = try DeliveryLedger(directory: target)
            Issue.record("opened an unwritable directory")
        } catch {
            guard case .io(let operation, _, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(operation == "open")
        }
    }

    @Test
    func fileSizeLimitFailsTheWriteCleanlyAndTheProcessGoesOn() async throws {
        // Given a child whose file size limit (setrlimit RLIMIT_FSIZE) lets only a few records in
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let result = try await BuiltBinary.run(
            BuiltBinary.testChild, ["ledger-append-under-limit", directory.url.path, "--bytes", "3000"])
        // Then the append that crosses the limit throws a typed "file too big", the child goes on, and the file
        // holds exactly the records written before, with no partial frame
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix("failed write") == true && lines.first?.hasSuffix("outOfSpace=true") == true,
            "\(lines)")
        #expect(lines.contains("delivered"))
        let summary = try #require(lines.last?.split(separator: " ").map(String.init))
        #expect(summary.count == 6 && summary[1] == summary[3] && summary[5] == "0", "\(summary)")
        #expect(Int(summary[1]) ?? 0 > 0)
    }

    @Test func failedWriteReachesTheIssueHook() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let reported = LockedState<[DeliveryLedgerIssue]>([])
        var configuration = DeliveryLedger.Configuration()
        configuration.onIssue = { issue in reported.withLock { $0.append(issue) } }
        let ledger = try DeliveryLedger(directory: directory.url, configuration: configuration)
        // When the directory disappears under the ledger and a compaction needs to create a file in it
        directory.remove()
        #expect(throws: DeliveryLedgerError.self) { try ledger.compact() }
        #expect(reported.withLock { $0.map(\.kind) } == [.writeFailed])
    }
}
