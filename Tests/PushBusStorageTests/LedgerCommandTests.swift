import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

/// `pushbus ledger DIR` run as a process: what a developer sees in a ledger copied off a device.
@Suite(.timeLimit(.minutes(2))) struct LedgerCommandTests {
    private func makeLedger() throws -> LedgerDirectory {
        let directory = try LedgerDirectory()
        let ledger = try DeliveryLedger(directory: directory.url)
        try ledger.append(LedgerFixture.record("m1"))
        try ledger.append(LedgerFixture.record("m1", .opened(action: "reply", userText: "hi")))
        try ledger.append(LedgerFixture.record("m2", .routed(URL(string: "app://x")!)))
        return directory
    }

    @Test
    func dumpsTextAndJSON() async throws {
        let directory = try makeLedger()
        defer { directory.remove() }
        let text = try await BuiltBinary.run(BuiltBinary.pushbus, ["ledger", directory.url.path])
        #expect(text.status == 0)
        #expect(text.output.split(separator: "\n").count == 3)
        #expect(text.output.contains("#2 ") && text.output.contains("opened action=reply text=\"hi\""))
        let json = try await BuiltBinary.run(BuiltBinary.pushbus, ["ledger", "--json", directory.url.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let records = try #require(object["records"] as? [[String: Any]])
        #expect(records.map { $0["event"] as? String } == ["received", "opened", "routed"])
        #expect(records[2]["url"] as? String == "app://x")
    }

    @Test
    func statsCountRecordsMessagesAndEvents() async throws {
        let directory = try makeLedger()
        defer { directory.remove() }
        let result = try await BuiltBinary.run(
            BuiltBinary.pushbus, ["ledger", "--stats", "--json", directory.url.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let stats = try #require(object["stats"] as? [String: Any])
        #expect(stats["records"] as? Int == 3 && stats["messages"] as? Int == 2)
        #expect((stats["events"] as? [String: Int]) == ["received": 1, "opened": 1, "routed": 1])
    }

    @Test
    func verifyExitsOneOnDamageAndTwoWhenUnreadable() async throws {
        let directory = try makeLedger()
        defer { directory.remove() }
        #expect(try await BuiltBinary.run(BuiltBinary.pushbus, ["ledger", "--verify", directory.url.path]).status == 0)
        // Given a flipped byte in the second record
        var bytes = try [UInt8](Data(contentsOf: directory.dataFile))
        let scan = bytes.withUnsafeBytes { LedgerCodec.scan($0, from: LedgerCodec.headerSize) }
        bytes[scan.frames[1].offset + 30] ^= 0x40
        try Data(bytes).write(to: directory.dataFile)
        let damaged = try await BuiltBinary.run(BuiltBinary.pushbus, ["ledger", "--verify", directory.url.path])
        #expect(damaged.status == 1)
        #expect(damaged.output.contains("damagedFrame at byte \(scan.frames[1].offset)"))
        #expect(try await BuiltBinary.run(BuiltBinary.pushbus, ["ledger", "/nonexistent/dir"]).status == 2)
    }
}
