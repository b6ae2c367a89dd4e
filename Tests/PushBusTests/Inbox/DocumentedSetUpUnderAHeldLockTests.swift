import Foundation
import PushBus
@_spi(PushBusInternals) import PushBusCore
import PushBusRouting
import PushBusTestSupport
import Testing

/// The set-up README and Docs/App.md show (a durable ledger, the router attached to the delivery, the inbox
/// attached with the badge kept at its unread count, as `PushBusApp.start` wires them) while another process holds
/// the ledger's lock: iOS's completion handlers run without waiting for it, and every record is in the file once
/// the lock is released.
@Suite(.timeLimit(.minutes(2))) struct DocumentedSetUpUnderAHeldLockTests {
    /// What `PushBusApp.start` wires, without the Apple glue.
    final class App: Sendable {
        let ledger: DeliveryLedger
        let delivery: PushDelivery
        let adapter: UserNotificationAdapter
        let appDelegate: AppDelegateAdapter
        let inbox: PushInbox
        let opened = Recorder<String>()
        let badge = Recorder<Int>()
        let subscriptions: [PushCancellable]

        init(directory: URL) throws {
            var configuration = DeliveryLedger.Configuration()
            configuration.maximumLockWait = nil  // any wait for the held lock on iOS's thread would never end
            ledger = try DeliveryLedger(directory: directory, configuration: configuration)
            delivery = PushDelivery(center: PushCenter(), ledger: ledger)
            adapter = UserNotificationAdapter(delivery: delivery)
            appDelegate = AppDelegateAdapter(delivery: delivery)
            let router = PushRouter(schemes: ["app"])
            let opened = opened
            try router.register("app://orders/:id") { request in opened.record("\(request.url)") }
            inbox = PushInbox(ledger: ledger)
            subscriptions = [
                router.attach(to: delivery), inbox.attach(to: delivery.center),
                inbox.syncBadge(with: RecordingBadge(counts: badge)),
            ]
        }
    }

    struct RecordingBadge: BadgeController {
        let counts: Recorder<Int>
        func apply(_ change: BadgeChange) async throws { counts.record(change.count) }
    }

    static var order: [AnyHashable: Any] {
        [
            "aps": ["alert": ["title": "Shipped", "body": "Order 7 is on its way"]], "url": "app://orders/7",
            "gcm.message_id": "order-7",
        ]
    }
    static var sync: [AnyHashable: Any] { ["aps": ["content-available": 1], "gcm.message_id": "sync-1"] }

    @Test func willPresentATapAndASilentPushAnswerIOSWhileAnotherProcessHoldsTheLock() async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let app = try App(directory: directory.url)
        // Given: another process (a service extension in the middle of its writes) wrote a record and holds the
        // ledger's lock
        let holder = try ChildProcess(BuiltBinary.testChild, ["ledger-hold-lock", directory.url.path])
        try await holder.line("held") { $0 == "held" }

        // When: iOS presents a push in the foreground, the user taps it, and a silent push arrives, each on a
        // thread of its own (a wait for the lock would block it until the lock is released: never, here)
        let notification = NotificationSnapshot(
            requestIdentifier: "r-7", trigger: .push, content: PushContent(userInfo: Self.order))
        let presented = try await TestDeadline.race("willPresent's completion handler") {
            await OwnThread.run {
                let answer = LockedState<PresentationOptions?>(nil)
                app.adapter.willPresent(notification) { options in answer.withLock { $0 = options } }
                return answer.withLock { $0 }
            }
        }
        let tapped = try await TestDeadline.race("the tap's completion handler") {
            await OwnThread.run {
                let done = LockedState(false)
                app.adapter.didReceive(
                    ResponseSnapshot(
                        notification: notification, actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier"),
                    appState: .inactive
                ) { done.withLock { $0 = true } }
                return done.withLock { $0 }
            }
        }
        let fetched = try await TestDeadline.race("the silent push's completion handler") {
            await OwnThread.run {
                let result = LockedState<BackgroundFetchResult?>(nil)
                app.appDelegate.didReceiveRemoteNotification(Self.sync, appState: .background) { fetch in
                    result.withLock { $0 = fetch }
                }
                return result.withLock { $0 }
            }
        }

        // Then: each completion handler ran before its call returned, the lock still held; the app saw it all
        #expect(presented != nil && tapped && fetched != nil)
        #expect(app.opened.values == ["app://orders/7"])
        #expect(app.inbox.count == 1 && app.inbox.unreadCount == 0)
        #expect(app.ledger.unwrittenCount > 0)
        #expect(!app.ledger.allRecords.contains { $0.event.values["w"] == nil })

        // And once the other process lets go, every record is in the file once
        holder.send(line: "release")
        try await holder.line("released") { $0 == "released" }
        _ = try await holder.finished()
        try await app.badge.wait(for: "the badge at 0") { $0.last == 0 }
        await OwnThread.run { app.ledger.waitForWrites() }
        let file = try DeliveryLedger(directory: directory.url)
        let kinds = file.allRecords.map(\.event.kind)
        for kind in [DeliveryEvent.Kind.presented, .opened, .routed, .inboxAdded, .inboxRead] {
            #expect(kinds.filter { $0 == kind }.count == 1, "\(kind) in \(kinds)")
        }
        #expect(file.allRecords.contains { $0.messageID.rawValue.contains("sync-1") }, "\(file.allRecords)")
        #expect(file.allRecords.contains { $0.event.values["w"] == "holder" })
        let reopened = PushInbox(ledger: file)
        #expect(reopened.entries().map(\.isRead) == [true])
    }
}
