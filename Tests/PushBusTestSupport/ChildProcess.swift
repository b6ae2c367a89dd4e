public import Foundation
@_spi(PushBusInternals) import PushBusCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A child process one test runs: starting it fails with the reason (missing binary, failed launch), and a
/// watchdog kills it at ``TestDeadline``, so no read of its output and no wait for its exit can hang.
///
/// ```swift
/// let child = try ChildProcess(BuiltBinary.testChild, ["ledger-append", path, "--count", "10"])
/// try child.waitForLine { $0.hasPrefix("done") }
/// let (status, output) = try child.finish()
/// ```
public final class ChildProcess: @unchecked Sendable {
    // Safe: `life` is lock-guarded; `buffered` is touched only by the reads, which one test makes one at a time
    // (each returns, or is awaited, before the next), whatever thread ``OwnThread`` runs it on.
    /// What runs (for messages).
    public let name: String
    private let process = Process()
    private let output = Pipe()
    private let input = Pipe()
    private let errorFile: URL
    private var buffered = Data()
    private let watchdog: DispatchWorkItem
    private let life = LockedState(Life())

    private struct Life {
        var processIdentifier: Int32 = 0
        var hasExited = false
        var isKilledAtDeadline = false
    }

    /// Starts the built `executable` with `arguments`.
    ///
    /// - Throws: ``BuiltBinary/Missing``, or why the process could not start.
    public convenience init(
        _ executable: BuiltBinary.Executable, _ arguments: [String], environment: [String: String]? = nil,
        in directory: URL = BuiltBinary.packageRoot
    ) throws {
        try self.init(
            url: try executable.url(), arguments: arguments, environment: environment, in: directory,
            name: "\(executable) \(arguments.first ?? "")")
    }

    /// Starts the program at `url`.
    public init(
        url: URL, arguments: [String], environment: [String: String]? = nil,
        in directory: URL = BuiltBinary.packageRoot, name: String? = nil
    ) throws {
        self.name = name ?? url.lastPathComponent
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("pushbus-child-\(UUID()).stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        process.standardOutput = output
        process.standardInput = input
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let life = life
        process.terminationHandler = { _ in life.withLock { $0.hasExited = true } }
        watchdog = DispatchWorkItem {
            let running = life.withLock { life -> Int32? in
                guard !life.hasExited else { return nil }
                life.isKilledAtDeadline = true
                return life.processIdentifier
            }
            if let running { _ = sendSignal(SIGKILL, to: running) }
        }
        do {
            try process.run()
        } catch {
            throw StartFailure(name: self.name, path: url.path, reason: "\(error)")
        }
        let processIdentifier = process.processIdentifier
        life.withLock { $0.processIdentifier = processIdentifier }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(TestDeadline.seconds)), execute: watchdog)
    }

    deinit {
        watchdog.cancel()
        if process.isRunning { _ = sendSignal(SIGKILL, to: process.processIdentifier) }
        try? FileManager.default.removeItem(at: errorFile)
    }

    /// The child could not be started.
    public struct StartFailure: Error, CustomStringConvertible {
        public let name: String
        public let path: String
        public let reason: String

        public var description: String { "could not start \(name) (\(path)): \(reason)" }
    }

    /// The child ended, or was killed at the deadline, before printing what the test waited for.
    public struct Ended: Error, CustomStringConvertible {
        public let description: String
    }

    /// A Boolean value indicating whether the child is still running.
    public var isRunning: Bool { process.isRunning }

    /// The process identifier.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Writes `data` to the child's standard input.
    public func send(_ data: Data) { input.fileHandleForWriting.write(data) }

    /// Writes `line` and a newline to the child's standard input.
    public func send(line: String) { send(Data((line + "\n").utf8)) }

    /// Closes the child's standard input.
    public func closeInput() { try? input.fileHandleForWriting.close() }

    /// Sends `signal` to the child.
    public func kill(_ signal: Int32) { _ = sendSignal(signal, to: process.processIdentifier) }

    /// The next complete line of standard output, or `nil` at its end (the child exited or was killed).
    // blocking-ok: a primitive; tests call it through OwnThread (`line`, `finished`) or from a thread of theirs
    public func readLine() -> String? {
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[buffered.startIndex..<newline], as: UTF8.self)
                buffered = Data(buffered[buffered.index(after: newline)...])
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffered += chunk
        }
    }

    /// Reads lines until one satisfies `isWanted` and returns it.
    ///
    /// - Throws: ``Ended`` (with the child's standard error) when the output ends first.
    // blocking-ok: a primitive; tests call it through OwnThread (`line`, `finished`) or from a thread of theirs
    @discardableResult
    public func waitForLine(_ what: String = "its line", where isWanted: (String) -> Bool) throws -> String {
        try lines(through: what, where: isWanted).last!
    }

    /// Reads lines until one satisfies `isWanted`; returns every line read, that one last.
    ///
    /// - Throws: ``Ended`` (with the child's standard error) when the output ends first.
    // blocking-ok: a primitive; tests call it through OwnThread (`line`, `finished`) or from a thread of theirs
    public func lines(through what: String, where isWanted: (String) -> Bool) throws -> [String] {
        var seen: [String] = []
        while let line = readLine() {
            seen.append(line)
            if isWanted(line) { return seen }
        }
        throw Ended(description: "\(name) ended before printing \(what)\(endReason()); it printed \(seen.suffix(5))")
    }

    /// Reads lines until one satisfies `isWanted` and returns it, on a thread of its own (``OwnThread``): the
    /// calling task suspends.
    ///
    /// - Throws: ``Ended`` (with the child's standard error) when the output ends first.
    @discardableResult
    public func line(
        _ what: String = "its line", where isWanted: @escaping @Sendable (String) -> Bool
    ) async throws -> String {
        try await OwnThread.run { try self.waitForLine(what, where: isWanted) }
    }

    /// Reads the rest of standard output and waits for the exit on a thread of its own (``OwnThread``): the calling
    /// task suspends.
    ///
    /// - Throws: ``TestDeadline/Expired`` when the watchdog had to kill the child.
    public func finished() async throws -> (status: Int32, output: String) {
        try await OwnThread.run { try self.finish() }
    }

    /// Reads the rest of standard output, waits for the exit and returns the status and the unread output.
    ///
    /// - Throws: ``TestDeadline/Expired`` when the watchdog had to kill the child.
    // blocking-ok: a primitive; tests call it through OwnThread (`line`, `finished`) or from a thread of theirs
    public func finish() throws -> (status: Int32, output: String) {
        let rest = buffered + output.fileHandleForReading.readDataToEndOfFile()
        buffered = Data()
        process.waitUntilExit()
        watchdog.cancel()
        if life.withLock({ $0.isKilledAtDeadline }) { throw TestDeadline.Expired("\(name) to exit\(endReason())") }
        return (process.terminationStatus, String(decoding: rest, as: UTF8.self))
    }

    /// Waits for the exit after a kill: the rest of standard output, and whether a signal ended the child.
    // blocking-ok: a primitive; tests call it through OwnThread (`line`, `finished`) or from a thread of theirs
    public func reap() -> (output: Data, killedBySignal: Bool) {
        let rest = buffered + output.fileHandleForReading.readDataToEndOfFile()
        buffered = Data()
        process.waitUntilExit()
        watchdog.cancel()
        return (rest, process.terminationReason == .uncaughtSignal)
    }

    /// What the child wrote to standard error so far.
    public var errors: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    private func endReason() -> String {
        let killed =
            life.withLock { $0.isKilledAtDeadline } ? " (killed at the \(TestDeadline.seconds) s deadline)" : ""
        let errors = errors.trimmingCharacters(in: .whitespacesAndNewlines)
        return killed + (errors.isEmpty ? "" : "; standard error: \(errors.suffix(500))")
    }
}

/// `kill(2)`, out of reach of ``ChildProcess/kill(_:)``'s name.
private func sendSignal(_ signal: Int32, to processIdentifier: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.kill(processIdentifier, signal)
    #elseif canImport(Glibc)
    Glibc.kill(processIdentifier, signal)
    #else
    Musl.kill(processIdentifier, signal)
    #endif
}
