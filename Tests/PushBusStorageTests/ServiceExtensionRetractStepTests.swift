import Foundation
import PushBusCore
import PushBusServiceExtension
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// `.retract(in:ledger:inbox:)` works on any `DeliveredNotificationList`: what PushBusStorage needs of Notification
/// Center, without the local-notification module a `NotificationScheduler` comes from.
@Suite(.timeLimit(.minutes(1))) struct ServiceExtensionRetractStepTests {
    /// Notification Center's list, kept by the test.
    final class List: DeliveredNotificationList {
        let snapshots: LockedBox<[NotificationSnapshot]>

        init(_ snapshots: [NotificationSnapshot]) { self.snapshots = LockedBox(snapshots) }

        func deliveredSnapshots() async -> [NotificationSnapshot] { snapshots.value }

        func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {
            snapshots.withValue { $0.removeAll { identifiers.contains($0.requestIdentifier) } }
        }
    }

    static func alert(_ title: String, id: String) -> [AnyHashable: Any] {
        ["aps": ["alert": ["title": title], "mutable-content": 1], "gcm.message_id": id]
    }

    @Test func theNamedNotificationLeavesTheListTheLedgerAndTheInbox() async throws {
        let clock = ManualClock()
        let ledger = InboxFixture.ledger(clock: clock, role: .serviceExtension)
        let inbox = PushInbox(ledger: ledger)
        let date = clock.now
        let earlier = [("a", Self.alert("A", id: "0:1%a")), ("b", Self.alert("B", id: "0:1%b"))].map {
            identifier, payload in
            NotificationSnapshot(
                requestIdentifier: identifier, date: date, trigger: .push, content: PushContent(userInfo: payload))
        }
        for snapshot in earlier {
            try inbox.add(
                PushMessage(
                    kind: .remote, content: snapshot.content, requestIdentifier: snapshot.requestIdentifier,
                    date: date, notificationDate: date))
        }
        let list = List(earlier)

        var summary = Self.alert("Summary", id: "0:1%c")
        summary["pushbus"] = ["retract": ["0:1%a"]]
        let box = ResultBox()
        ServiceExtensionPipeline(
            clock: clock, steps: [.retract(in: list, ledger: ledger, inbox: inbox), .inbox(inbox)]
        )
        .run(PushContent(userInfo: summary), requestIdentifier: "c", contentHandler: box.handler)
        let result = try #require(await box.next())

        #expect(list.snapshots.value.map(\.requestIdentifier) == ["b"])
        ledger.waitForWrites()
        #expect(ledger.allRecords.filter { $0.event.kind == .removed }.compactMap(\.requestIdentifier) == ["a"])
        #expect(inbox.entries().compactMap(\.title).sorted() == ["B", "Summary"])
        #expect(result.content.badge == 2)  // what is left unread: B and the summary
    }
}
