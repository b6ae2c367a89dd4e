import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// A delivery reads each message's scope from its payload (a key, a provider's field, or the app's function), the
/// message carries it, and the ledger records it across a relaunch; an app with no reader sees no scope anywhere.
@Suite(.timeLimit(.minutes(1))) struct PushScopeReadingTests {
    @Test func aKeyAPathAndTheAppsOwnFunctionFindTheScope() {
        let content = PushContent(userInfo: [
            "aps": ["alert": "Hi"], "account": "alice", "custom": ["a": ["account": 42]], "to": "BOB",
        ])
        #expect(PushScopeReader.key("account").scope(in: content) == "alice")
        #expect(PushScopeReader.path("custom", "a", "account").scope(in: content) == "42")
        let own = PushScopeReader.custom { content in
            content.customData["to"]?.stringValue.flatMap { PushScope(rawValue: $0.lowercased()) }
        }
        #expect(own.scope(in: content) == "bob")
        #expect(PushScopeReader.key("missing").scope(in: content) == nil)
        #expect(PushScopeReader.path("custom", "a").scope(in: content) == nil)  // an object names no scope
    }

    @Test func hostileValuesReadAsNoScopeNeverACrash() {
        for value: Any in ["", String(repeating: "x", count: 257), "a\u{0}b", "line\nbreak", ["nested": 1], 1.5, true] {
            let content = PushContent(userInfo: ["aps": ["alert": "Hi"], "account": value])
            #expect(PushScopeReader.key("account").scope(in: content) == nil, "\(value)")
        }
        #expect(PushScope(rawValue: String(repeating: "é", count: 128)) != nil)  // 256 bytes
        #expect(PushScope(rawValue: String(repeating: "é", count: 129)) == nil)
        let literal: PushScope = "tab\there"
        #expect(literal.rawValue == "tab?here")
    }

    @Test func theDeliveryPutsTheScopeOnEveryMessageAndTheLedgerRecordsIt() throws {
        let directory = try InboxFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ManualClock()
        let ledger = try InboxFixture.durableLedger(in: directory, clock: clock)
        let delivery = PushDelivery(center: PushCenter(), ledger: ledger)
        delivery.scopeReader = .key("account")
        let heard = Recorder<PushMessage>()
        let subscription = delivery.center.subscribe(.all) { heard.record($0) }
        defer { subscription.cancel() }
        let adapter = AppDelegateAdapter(delivery: delivery)

        adapter.didReceiveRemoteNotification(
            ["aps": ["alert": "Hi"], "account": "alice", "gcm.message_id": "m-1"], appState: .active)
        adapter.didReceiveRemoteNotification(["aps": ["alert": "Plain"], "gcm.message_id": "m-2"], appState: .active)
        ledger.waitForWrites()

        #expect(heard.values.map(\.scope) == ["alice", nil])
        let reopened = try DeliveryLedger(directory: directory)
        #expect(reopened.history(of: PushMessage.ID(rawValue: "fcm:m-1")).allSatisfy { $0.scope == "alice" })
        #expect(reopened.history(of: PushMessage.ID(rawValue: "fcm:m-2")).allSatisfy { $0.scope == nil })
        #expect(!reopened.history(of: PushMessage.ID(rawValue: "fcm:m-1")).isEmpty)
    }

    @Test func anAppWithoutAReaderHasNoScopeAnywhere() throws {
        let clock = ManualClock()
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let heard = Recorder<InboxChange>()
        let watching = inbox.observe { heard.record($0) }
        defer { watching.cancel() }
        let message = PushMessage(
            content: PushContent(userInfo: ["aps": ["alert": "Hi"], "account": "alice"]), date: clock.now)
        #expect(message.scope == nil)
        try inbox.add(message)
        #expect(inbox.entries().first?.scope == nil)
        #expect(inbox.scopes.isEmpty)
        #expect(inbox.ledger.allRecords.allSatisfy { $0.scope == nil })
        #expect(!heard.values.contains { if case .scopeUnreadCount = $0 { return true } else { return false } })
    }
}
