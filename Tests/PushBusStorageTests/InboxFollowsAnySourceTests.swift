import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

/// `attach(to:)` follows any `PushMessageSource`, not only the hub: the inbox lives in PushBusStorage whole, and what
/// it watches is a protocol of PushBusCore's.
@Suite(.timeLimit(.minutes(1))) struct InboxFollowsAnySourceTests {
    /// A source of the test's own: hands each posted message to the watchers live now, in the order they came.
    final class ListSource: PushMessageSource {
        private let watchers = LockedBox<[(id: Int, observer: @Sendable (PushMessage) -> Void)]>([])
        private let nextID = LockedCounter()

        func watchMessages(_ observer: @escaping @Sendable (PushMessage) -> Void) -> PushCancellable {
            let id = nextID.increment()
            watchers.withValue { $0.append((id, observer)) }
            return PushCancellable { [watchers] in watchers.withValue { $0.removeAll { $0.id == id } } }
        }

        func post(_ message: PushMessage) {
            for watcher in watchers.value { watcher.observer(message) }
        }
    }

    let clock = ManualTestClock()

    @Test func alertsEnterTapsMarkReadAndCancellingStops() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let source = ListSource()
        let watching = inbox.attach(to: source)
        let date = clock.now
        source.post(InboxFixture.alert("a", requestIdentifier: "a", date: date))
        source.post(InboxFixture.alert("b", requestIdentifier: "b", date: date))
        #expect(inbox.entries().compactMap(\.title).sorted() == ["a", "b"])
        #expect(inbox.unreadCount == 2)

        source.post(InboxFixture.alert("a", requestIdentifier: "a", kind: .remoteTapped, date: date))
        #expect(inbox.unreadCount == 1)
        #expect(inbox.entries().first { $0.title == "a" }?.isRead == true)

        watching.cancel()
        source.post(InboxFixture.alert("c", requestIdentifier: "c", date: date))
        #expect(inbox.count == 2)
    }
}
