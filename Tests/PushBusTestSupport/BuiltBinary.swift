import Foundation

/// The executables `swift build` / `swift test` put next to the test bundle, and a way to run them (tests only).
public enum BuiltBinary {
    /// The package's root folder (where `Examples/` and `Package.swift` are).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built executable `name`, if it is there.
    public static func url(_ name: String) -> URL? {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidate = directory.appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    /// The `pushbus` command.
    public static let pushbus = url("pushbus")
    /// The child process the process tests spawn and kill (`pushbus-test-child SUBCOMMAND …`).
    public static let testChild = url("pushbus-test-child")

    /// Runs `binary` to completion with `input` on its standard input (closed at once when `nil`), from
    /// `directory` (default: the package root); returns its status and standard output.
    public static func run(
        _ binary: URL?, _ arguments: [String], input: Data? = nil, in directory: URL = packageRoot
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let standardInput = Pipe()
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(input) }
        try standardInput.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
