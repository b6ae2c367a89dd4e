import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// What enters the inbox: visible alerts by default, never silent pushes; the app narrows it per message.
@Suite struct InboxAdmissionTests {
    let clock = ManualClock()

    /// Whether `message` enters `inbox` (untyped throws, for `#expect`).
    func enters(_ message: PushMessage, _ inbox: PushInbox) throws -> Bool { try inbox.add(message) != nil }

    @Test func aVisibleAlertEntersWithItsTextLinkAndSubtitle() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let entry = try #require(try inbox.add(InboxFixture.alert("Sale", date: clock.now)))
        #expect(entry.title == "Sale")
        #expect(entry.subtitle == "sub Sale")
        #expect(entry.body == "body Sale")
        #expect(entry.deepLink?.absoluteString == "app://inbox/Sale")
        #expect(!entry.isRead)
        #expect(inbox.unreadCount == 1)
    }

    @Test func aSilentPushNeverEnters() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        #expect(try enters(InboxFixture.silent(date: clock.now), inbox) == false)
        #expect(inbox.count == 0)
    }

    @Test func localNotificationsEnterOnlyWhenAsked() throws {
        let local = InboxFixture.alert("Reminder", kind: .local, date: clock.now)
        #expect(try enters(local, PushInbox(ledger: InboxFixture.ledger(clock: clock))) == false)
        var configuration = PushInbox.Configuration()
        configuration.includesLocalNotifications = true
        #expect(
            try enters(local, PushInbox(ledger: InboxFixture.ledger(clock: clock), configuration: configuration))
                == true)
    }

    @Test func thePayloadCanOptOutWithInboxFalse() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        #expect(try enters(InboxFixture.alert("OTP", date: clock.now, extra: ["inbox": false]), inbox) == false)
        #expect(try enters(InboxFixture.alert("News", date: clock.now, extra: ["inbox": true]), inbox) == true)
    }

    @Test func aCategoryListAndAPredicateNarrowWhatEnters() throws {
        var configuration = PushInbox.Configuration()
        configuration.categories = ["NEWS"]
        configuration.admits = { $0.content.title != "Spam" }
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock), configuration: configuration)
        let news: [AnyHashable: Any] = ["aps": ["alert": "Headline", "category": "NEWS"]]
        let spam: [AnyHashable: Any] = ["aps": ["alert": ["title": "Spam"], "category": "NEWS"]]
        #expect(try enters(PushMessage(content: PushContent(userInfo: news), date: clock.now), inbox) == true)
        #expect(try enters(PushMessage(content: PushContent(userInfo: spam), date: clock.now), inbox) == false)
        #expect(try enters(InboxFixture.alert("Other", date: clock.now), inbox) == false)
    }
}
