public import Foundation

/// The executables `swift build` / `swift test` put next to the test bundle, and a way to run them (tests only).
///
/// A test that needs one fails with the reason when it is missing or cannot start: it never skips. Set
/// `PUSHBUS_BUILT_PRODUCTS` to look in another folder.
public enum BuiltBinary {
    /// The package's root folder (where `Examples/` and `Package.swift` are).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the built executables are: `PUSHBUS_BUILT_PRODUCTS`, else the test bundle's folder.
    public static let productsDirectory =
        ProcessInfo.processInfo.environment["PUSHBUS_BUILT_PRODUCTS"].map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

    /// One built executable, by name.
    public struct Executable: Sendable, CustomStringConvertible {
        /// Its product name.
        public let name: String

        /// Its path; throws ``Missing`` when it is not an executable file there.
        public func url() throws -> URL {
            let candidate = productsDirectory.appendingPathComponent(name)
            guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
                throw Missing(name: name, path: candidate.path)
            }
            return candidate
        }

        public var description: String { name }
    }

    /// A built executable the test needs is not there.
    public struct Missing: Error, CustomStringConvertible {
        public let name: String
        public let path: String

        public var description: String {
            "\(name) is not an executable at \(path): build it with the tests (`swift build --build-tests`), "
                + "or point PUSHBUS_BUILT_PRODUCTS at the folder holding it"
        }
    }

    /// The `pushbus` command.
    public static let pushbus = Executable(name: "pushbus")
    /// The child process the process tests spawn and kill (`pushbus-test-child SUBCOMMAND …`).
    public static let testChild = Executable(name: "pushbus-test-child")

    /// Runs `executable` to completion with `input` on its standard input (closed at once when `nil`), from
    /// `directory` (default: the package root); returns its status and standard output. The child is waited for on
    /// a thread of its own (``OwnThread``): the calling task suspends.
    ///
    /// - Throws: ``Missing``, the reason it could not start, or ``TestDeadline/Expired`` when it ran past the
    ///   deadline (it is killed).
    public static func run(
        _ executable: Executable, _ arguments: [String], input: Data? = nil, in directory: URL = packageRoot
    ) async throws -> (status: Int32, output: String) {
        try await OwnThread.run {
            let child = try ChildProcess(executable, arguments, in: directory)
            if let input { child.send(input) }
            child.closeInput()
            return try child.finish()
        }
    }
}
