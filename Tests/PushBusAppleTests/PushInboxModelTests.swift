#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import Testing

/// `PushInboxModel` (SwiftUI's view of an inbox) builds on Linux against the Combine stubs, so its reading of the
/// inbox runs here: the newest entries and the unread count at creation, and again on `reload()`.
@Suite(.timeLimit(.minutes(1))) @MainActor struct PushInboxModelTests {
    static func alert(_ title: String) -> PushMessage {
        PushMessage(
            content: PushContent(payload: ["aps": ["alert": ["title": .string(title)]]]), requestIdentifier: title)
    }

    @Test func theModelShowsTheNewestEntriesAndReadsThemAgainOnReload() throws {
        let inbox = PushInbox(ledger: DeliveryLedger())
        try inbox.add(Self.alert("Order A"))
        try inbox.add(Self.alert("Order B"))
        let model = PushInboxModel(inbox: inbox, limit: 1)
        #expect(model.entries.map(\.title) == ["Order B"])  // the newest, at most `limit`
        #expect(model.unreadCount == 2)

        try inbox.markRead(model.entries[0].id)
        #expect(model.unreadCount == 2)  // what it read, until it reads again
        model.reload()
        #expect(model.unreadCount == 1)
        #expect(model.entries.map(\.isRead) == [true])
    }
}
#endif
