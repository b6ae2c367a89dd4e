public import Foundation

/// Runs a `bash` script against the built `pushbus` (as `"$PUSHBUS"`), from the package root, so tests can use
/// what a user types: `<&-`, `<(cat f)`, pipes.
public enum PushbusShell {
    /// What a script did.
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    /// Runs `script`; standard input is empty unless the script redirects it. `$PUSHBUS_STDERR` is a file of its
    /// own (its standard error); the script may use it as a prefix for temporary files. The script is waited for on
    /// a thread of its own (``OwnThread``): the calling task suspends.
    ///
    /// - Throws: ``BuiltBinary/Missing`` when `pushbus` is not built, why bash could not start, or
    ///   ``TestDeadline/Expired`` when the script ran past the deadline.
    public static func run(_ script: String) async throws -> Result {
        try await OwnThread.run { try runHere(script) }
    }

    // blocking-ok: only ever run by OwnThread (above)
    private static func runHere(_ script: String) throws -> Result {
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("pushbus-\(UUID()).stderr")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        var environment = ProcessInfo.processInfo.environment
        environment["PUSHBUS"] = try BuiltBinary.pushbus.url().path
        environment["PUSHBUS_STDERR"] = errorFile.path
        let child = try ChildProcess(
            url: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", "{ \(script)\n} 2>\"$PUSHBUS_STDERR\""],
            environment: environment, name: "bash -c \(script.prefix(60))")
        child.closeInput()
        let (status, output) = try child.finish()
        let errors = (try? Data(contentsOf: errorFile)) ?? Data()
        return Result(status: status, output: output, errors: String(decoding: errors, as: UTF8.self))
    }

    /// A temporary folder for one test's files.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushbus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
