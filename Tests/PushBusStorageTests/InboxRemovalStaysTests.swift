import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// A removed entry stays removed: the tap of its notification, or another process adding the same push, does not
/// bring it back (Inbox.md: a tap adds an entry only when no process saw the push before).
@Suite(.timeLimit(.minutes(1))) struct InboxRemovalStaysTests {
    let clock = ManualClock()

    private func delivered(_ kind: PushMessage.Kind = .remote) -> PushMessage {
        var message = InboxFixture.alert(
            "Sale", requestIdentifier: "request-1", kind: kind, date: clock.now.addingTimeInterval(60))
        message.notificationDate = clock.now
        return message
    }

    @Test func aTapOnTheNotificationOfARemovedEntryDoesNotBringItBack() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let entry = try #require(try inbox.add(delivered()))
        try inbox.remove(entry.id)
        try inbox.note(delivered(.remoteTapped))
        #expect(inbox.count == 0)
        #expect(try inbox.add(delivered()) == nil)
        #expect(inbox.count == 0)
    }

    @Test func anotherProcessAddingTheSamePushAfterTheRemovalDoesNotBringItBack() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let app = PushInbox(ledger: try InboxFixture.durableLedger(in: directory.url, clock: clock))
        let extensionLedger = try InboxFixture.durableLedger(
            in: directory.url, clock: clock, role: .serviceExtension)
        let entry = try #require(try app.add(delivered()))
        try app.remove(entry.id)
        app.ledger.waitForWrites()
        // The extension decided to add before it read the removal: its `inbox.added` lands after it.
        try extensionLedger.append(
            DeliveryRecord(
                messageID: entry.messageID, requestIdentifier: "REQUEST-1", notificationDate: clock.now,
                event: DeliveryEvent(kind: .inboxAdded), role: .serviceExtension))
        try app.refresh()
        #expect(app.count == 0)
        #expect(PushInbox(ledger: try InboxFixture.durableLedger(in: directory.url, clock: clock)).count == 0)
        #expect(PushInbox(ledger: extensionLedger).count == 0)
    }

    @Test func aLaterDeliveryOfTheSameMessageIsANewEntry() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let entry = try #require(try inbox.add(delivered()))
        try inbox.remove(entry.id)
        let again = InboxFixture.alert("Sale", requestIdentifier: "request-2", date: clock.now.addingTimeInterval(600))
        #expect(try inbox.add(again) != nil)
        #expect(inbox.count == 1)
    }
}
