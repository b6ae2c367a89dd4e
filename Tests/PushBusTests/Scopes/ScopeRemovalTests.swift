import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// Removing a scope (signing an account out) removes its inbox entries, its pending and delivered notifications,
/// local and remote, and its tokens, leaves the other accounts alone, and records what it did.
@Suite(.timeLimit(.minutes(1))) struct ScopeRemovalTests {
    @Test func signingOutRemovesEverythingOfTheScopeAndRecordsIt() async throws {
        // Given: a device signed in to alice and bob, with a push and a reminder of each, and both servers told
        let directory = try InboxFixture.temporaryDirectory()  // the app group: the ledger runs on the device's clock
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = SimulatedDevice.Configuration()
        configuration.ledgerDirectory = directory
        let device = SimulatedDevice(configuration: configuration)
        device.useScopes([ScopeFixture.alice, ScopeFixture.bob], reader: .key("account"))
        device.installInbox(ScopeFixture.scopedConfiguration())
        device.reportTokens(in: nil)
        device.launch()
        device.registerForRemoteNotifications(deviceToken: Data([0xAA, 0x01]))
        for (id, account) in [("a1", "alice"), ("b1", "bob")] {  // in the foreground: shown and listed
            _ = device.deliver(remote: ["aps": ["alert": ["title": id]], "account": account], identifier: id)
        }
        for (id, account) in [("a-later", "alice"), ("b-later", "bob")] {
            try device.schedule(
                local: LocalNotificationRequest(
                    identifier: id, content: PushContent(title: id, userInfo: ["account": .string(account)]),
                    trigger: .timeInterval(3600, repeats: false)))
        }
        await device.settle()
        let inbox = try #require(device.inbox)
        #expect(inbox.count(in: ScopeFixture.alice) == 1 && inbox.count(in: ScopeFixture.bob) == 1)

        // When: the user signs out of alice
        let removal = await device.signOut(ScopeFixture.alice)

        // Then: alice's entry, reminder, notification and token are gone, bob's are there, and the ledger says so
        #expect(removal.removedEntries == 1)
        #expect(removal.removedPendingRequests == ["a-later"])
        #expect(removal.removedDeliveredNotifications == ["a1"])
        #expect(removal.tokenRetractions.map(\.line) == ["alice: device removed"])
        #expect(removal.failures.isEmpty)
        #expect(inbox.count(in: ScopeFixture.alice) == 0 && inbox.count(in: ScopeFixture.bob) == 1)
        #expect(device.scheduler.pendingRequests().map(\.identifier) == ["b-later"])
        #expect(device.deliveredNotifications.map(\.identifier) == ["b1"])
        #expect(device.tokensReported.map(\.scenarioName) == ["alice: device", "bob: device", "alice: device removed"])
        device.delivery.ledger.waitForWrites()
        let record = try #require(device.delivery.ledger.allRecords.last { $0.event.kind == .scopeRemoved })
        #expect(record.scope == ScopeFixture.alice)
        #expect(record.event.values == ["entries": "1", "pending": "1", "delivered": "1", "tokens": "1"])
        #expect(device.signedInScopes == [ScopeFixture.bob])
    }

    @Test func removingAScopeTheAppNeverHadRemovesNothing() async throws {
        let delivery = PushDelivery(center: PushCenter(), ledger: DeliveryLedger())
        delivery.scopeReader = .key("account")
        let inbox = PushInbox(ledger: delivery.ledger, configuration: ScopeFixture.scopedConfiguration())
        try inbox.add(ScopeFixture.alert("b1", account: "bob", date: Date()))
        let removal = await delivery.removeScope("nobody", inbox: inbox, tokens: try PushTokenRegistry(directory: nil))
        #expect(removal == PushScopeRemoval(scope: "nobody"))
        #expect(inbox.count == 1)
    }
}
