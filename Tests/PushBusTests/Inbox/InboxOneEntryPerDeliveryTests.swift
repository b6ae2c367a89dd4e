import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// Whichever process sees a push first adds it; the others never double it. A repeated push is a new entry.
@Suite struct InboxOneEntryPerDeliveryTests {
    let clock = ManualClock()

    @Test func aPushAddedByTheServiceExtensionThenPresentedAndTappedIsOneEntry() throws {
        // Given: the NSE added the push (it knows the request identifier, not UNNotification.date)
        let directory = try InboxFixture.temporaryDirectory()
        let extensionInbox = PushInbox(
            ledger: try InboxFixture.durableLedger(in: directory, clock: clock, role: .serviceExtension))
        try extensionInbox.add(
            InboxFixture.alert("Order shipped", requestIdentifier: "REQ-1", date: clock.now, mutable: true),
            role: .serviceExtension)
        extensionInbox.ledger.waitForWrites()  // what the extension's inbox step does before its handler
        // When: the app, attached to its center, gets willPresent and then the tap (identifier in other case)
        clock.advance(by: 5)
        let app = PushInbox(ledger: try InboxFixture.durableLedger(in: directory, clock: clock))
        let center = PushCenter()
        let attached = app.attach(to: center)
        center.post(InboxFixture.alert("Order shipped", requestIdentifier: "req-1", date: clock.now, mutable: true))
        clock.advance(by: 20)
        center.post(
            InboxFixture.alert(
                "Order shipped", requestIdentifier: "REQ-1", kind: .remoteTapped, date: clock.now, mutable: true))
        // Then: one entry, read
        #expect(app.count == 1)
        #expect(app.unreadCount == 0)
        app.ledger.waitForWrites()
        try extensionInbox.refresh()
        #expect(extensionInbox.count == 1)
        #expect(extensionInbox.unreadCount == 0)
        attached.cancel()
    }

    @Test func aPushWithoutMutableContentIsAddedByTheApp() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let center = PushCenter()
        let attached = inbox.attach(to: center)
        center.post(InboxFixture.alert("Plain", requestIdentifier: "p1", date: clock.now))
        #expect(inbox.count == 1)
        #expect(inbox.unreadCount == 1)
        attached.cancel()
    }

    @Test func aTapOnAPushTheAppNeverSawAddsItAlreadyRead() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        try inbox.note(InboxFixture.alert("Cold", kind: .remoteTapped, date: clock.now))
        #expect(inbox.count == 1)
        #expect(inbox.unreadCount == 0)
    }

    @Test func aDismissalDoesNotMarkRead() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        var dismissed = InboxFixture.alert("Gone", kind: .remoteTapped, date: clock.now)
        dismissed.response = PushResponse(action: .dismiss)
        try inbox.note(dismissed)
        #expect(inbox.unreadCount == 1)
    }

    @Test func theSameAlertSentTwiceAMinuteApartIsTwoEntries() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        try inbox.add(InboxFixture.alert("You have a new message", requestIdentifier: "A", date: clock.now))
        clock.advance(by: 60)
        try inbox.add(InboxFixture.alert("You have a new message", requestIdentifier: "B", date: clock.now))
        // Legacy reports know no request identifier: a minute apart is a new delivery too.
        clock.advance(by: 60)
        try inbox.add(InboxFixture.alert("You have a new message", date: clock.now))
        #expect(inbox.count == 3)
    }

    @Test func twoProcessesAddingTheSamePushAtOnceKeepOneEntry() throws {
        // Both decided "not there yet" before seeing the other's record: the index keeps the first in sequence.
        let directory = try InboxFixture.temporaryDirectory()
        let nse = try InboxFixture.durableLedger(in: directory, clock: clock, role: .serviceExtension)
        let app = try InboxFixture.durableLedger(in: directory, clock: clock)
        let message = InboxFixture.alert("Race", requestIdentifier: "R", date: clock.now)
        let summary = DeliverySummary(message)
        for ledger in [nse, app] {
            try ledger.append(
                DeliveryRecord(
                    messageID: message.id, requestIdentifier: "R", notificationDate: clock.now,
                    event: DeliveryEvent(kind: .inboxAdded), summary: summary))
        }
        let inbox = PushInbox(ledger: app)
        try inbox.refresh()
        #expect(inbox.count == 1)
        #expect(inbox.unreadCount == 1)
    }
}
