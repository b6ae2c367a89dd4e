import Foundation

/// Runs a `bash` script against the built `pushbus` (as `"$PUSHBUS"`), from the package root, so tests can use
/// what a user types: `<&-`, `<(cat f)`, pipes.
public enum PushbusShell {
    /// A Boolean value indicating whether the built `pushbus` and `/bin/bash` are there.
    public static let isAvailable =
        BuiltBinary.pushbus != nil && FileManager.default.isExecutableFile(atPath: "/bin/bash")

    /// What a script did.
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    /// Runs `script`; standard input is empty unless the script redirects it.
    public static func run(_ script: String) throws -> Result {
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("pushbus-\(UUID()).stderr")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "{ \(script)\n} 2>\"$PUSHBUS_STDERR\""]
        process.currentDirectoryURL = BuiltBinary.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["PUSHBUS"] = BuiltBinary.pushbus?.path ?? "pushbus"
        environment["PUSHBUS_STDERR"] = errorFile.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? Data(contentsOf: errorFile)) ?? Data()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errors, as: UTF8.self))
    }

    /// A temporary folder for one test's files.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushbus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
