import Foundation
import Testing

/// `pushbus validate` run as a process: the exit statuses the README promises.
///
/// Runs the `pushbus` binary that `swift build` / `swift test` put next to the test bundle; the logic itself
/// is covered without a process by `ValidatorReportTests`.
@Suite struct ValidatorCommandTests {
    static let binary: URL? = {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidate = directory.appendingPathComponent("pushbus")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/payloads")

    private func run(_ arguments: [String], input: Data? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test(.enabled(if: binary != nil, "the pushbus binary is built next to the tests"))
    func exitStatusesAreZeroOneAndTwo() throws {
        let good = Self.examples.appendingPathComponent("apns-alert.json").path
        let broken = Self.examples.appendingPathComponent("broken-wrong-types.json").path
        #expect(try run(["validate", good]).status == 0)
        #expect(try run(["validate", good, broken]).status == 1)
        #expect(try run(["validate", good, "/nonexistent/payload.json", broken]).status == 2)
    }

    @Test(.enabled(if: binary != nil, "the pushbus binary is built next to the tests"))
    func standardInputAndJSONOutput() throws {
        let result = try run(["validate", "--json", "-"], input: Data(#"{"aps":{"alert":"Hi"},"_":"ua-1"}"#.utf8))
        #expect(result.status == 0)
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(reports.count == 1)
        #expect((reports.first?["message"] as? [String: Any])?["id"] as? String == "airship:ua-1")
    }
}
