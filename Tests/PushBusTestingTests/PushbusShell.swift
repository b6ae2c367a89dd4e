import Foundation

/// Runs a `bash` script against the built `pushbus` (as `"$PUSHBUS"`), from the package root, so tests can use
/// what a user types: `<&-`, `<(cat f)`, pipes.
enum PushbusShell {
    static let binary: URL? = {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidate = directory.appendingPathComponent("pushbus")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    static let isAvailable = binary != nil && FileManager.default.isExecutableFile(atPath: "/bin/bash")

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `script`; standard input is empty unless the script redirects it.
    static func run(_ script: String) throws -> Result {
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("pushbus-\(UUID()).stderr")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "{ \(script)\n} 2>\"$PUSHBUS_STDERR\""]
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["PUSHBUS"] = binary?.path ?? "pushbus"
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
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushbus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
