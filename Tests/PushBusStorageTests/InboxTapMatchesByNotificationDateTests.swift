import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// A tap is matched and dated by the notification's own date (`UNNotification.date`), not by when the tap
/// callback ran: a tap minutes after the service extension added the push is the same entry.
@Suite struct InboxTapMatchesByNotificationDateTests {
    let clock = ManualClock()

    @Test func aTapWithoutRequestIdentifierMinutesAfterTheExtensionAddedThePushIsTheSameEntry() throws {
        // Given: the NSE added the push when it arrived
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let delivered = clock.now
        try inbox.add(
            InboxFixture.alert("Order shipped", requestIdentifier: "REQ-1", date: delivered, mutable: true),
            role: .serviceExtension)
        // When: two minutes later a tap arrives that knows the notification date but no request identifier
        clock.advance(by: 120)
        var tap = InboxFixture.alert("Order shipped", kind: .remoteTapped, date: clock.now, mutable: true)
        tap.notificationDate = delivered
        try inbox.note(tap)
        // Then: still one entry, now read, dated when it was delivered
        #expect(inbox.count == 1)
        #expect(inbox.unreadCount == 0)
        #expect(inbox.entries().first?.date == delivered)
        #expect(inbox.entry(for: tap)?.requestIdentifier == "REQ-1")
    }

    @Test func anEntryTheAppAddsIsDatedByTheNotificationNotByTheCallback() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let delivered = clock.now
        clock.advance(by: 300)
        var tap = InboxFixture.alert("Cold start", kind: .remoteTapped, date: clock.now)
        tap.notificationDate = delivered
        try inbox.note(tap)
        #expect(inbox.entries().map(\.date) == [delivered])
    }

    @Test func aReportThatKnowsNeitherStillMatchesOnlyWithinTheCorrelationWindow() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        try inbox.add(InboxFixture.alert("Same alert", date: clock.now))
        clock.advance(by: 60)
        try inbox.add(InboxFixture.alert("Same alert", date: clock.now))
        #expect(inbox.count == 2)
    }
}
