import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

/// The token registry is shared by the app and its widget extension's push handlers: two processes recording tokens
/// at once both keep theirs (each change reads the file, changes it and replaces it under one lock).
@Suite(.timeLimit(.minutes(2))) struct TokenRegistryCrossProcessTests {
    @Test func twoProcessesRecordingAtOnceLoseNoToken() async throws {
        // Given: two processes ready to record 200 tokens each in one registry
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let count = 200
        let writers = try ["a", "b"].map { prefix in
            try ChildProcess(
                BuiltBinary.testChild,
                [
                    "token-registry-writer", directory.url.path, "--count", "\(count)", "--prefix", prefix,
                    "--start-on-input", "yes",
                ])
        }
        for writer in writers { try await writer.line("ready") { $0 == "ready" } }

        // When: both record at once
        for writer in writers { writer.send(line: "go") }
        var intervals: [WriterInterval] = []
        for writer in writers {
            let (status, output) = try await writer.finished()
            #expect(status == 0, "\(writer.errors)")
            intervals.append(
                try #require(output.split(separator: "\n").lazy.compactMap { WriterInterval(line: String($0)) }.first))
        }

        // Then: their writes overlapped, and the file holds every token of both
        #expect(intervals[0].overlaps(intervals[1]), "\(intervals)")
        let tokens = try PushTokenRegistry(directory: directory.url).tokens()
        for prefix in ["a", "b"] {
            for index in 0..<count {
                #expect(tokens[.activityUpdate(activityID: "\(prefix)-\(index)")] == "token-\(index)")
            }
        }
        #expect(tokens.count == 2 * count)
    }
}
