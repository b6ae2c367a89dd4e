#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusAppleExtension
@testable import PushBusApple
import PushBusAppleStubs
import PushBusTestSupport
import Testing

/// The ledger glue against the stubs: the app-group directory, and the app's ledger refreshed when an extension
/// posts that it wrote and when the app returns to the foreground.
@Suite struct LedgerGlueTests {
    private func record(_ id: String) -> DeliveryRecord {
        DeliveryRecord(
            messageID: PushMessage.ID(rawValue: id), notificationDate: Date(), event: .received, role: .serviceExtension
        )
    }

    /// The stub container is a real directory: tests remove what they made.
    private func removeContainer(of group: String) {
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) else {
            return
        }
        try? FileManager.default.removeItem(at: container)
    }

    @Test func appGroupDirectoryIsCreatedInTheContainer() throws {
        let group = "group.test.\(UUID().uuidString)"
        let directory = try DeliveryLedger.appGroupDirectory(group)
        defer { removeContainer(of: group) }
        #expect(directory.path.hasSuffix("Library/Application Support/PushBusLedger"))
        let ledger = try DeliveryLedger(appGroup: group)
        #expect(ledger.directory?.standardizedFileURL == directory.standardizedFileURL)
        #expect(throws: DeliveryLedgerError.directoryMissing(path: "app group ")) {
            try DeliveryLedger.appGroupDirectory("")
        }
    }

    @MainActor @Test func extensionPostAndForegroundBothRefreshTheAppsLedger() throws {
        let group = "group.test.\(UUID().uuidString)"
        let directory = try DeliveryLedger.appGroupDirectory(group)
        defer { removeContainer(of: group) }
        let app = try DeliveryLedger(directory: directory)
        let serviceExtension = try DeliveryLedger(directory: directory)
        let center = NotificationCenter()
        let refresher = DeliveryLedgerRefresher(ledger: app, notificationName: group, notificationCenter: center)
        defer { refresher.cancel() }

        // When the extension writes and posts the Darwin notification
        try serviceExtension.append(record("from-extension"))
        DeliveryLedger.postChange(name: group)
        refresher.waitForRefreshes()
        #expect(app.count == 1)

        // When it writes without posting, and the app comes to the foreground
        try serviceExtension.append(record("while-suspended"))
        center.post(name: UIApplication.willEnterForegroundNotification, object: nil)
        refresher.waitForRefreshes()
        #expect(app.allRecords.map(\.messageID.rawValue) == ["from-extension", "while-suspended"])

        // After cancel, posts no longer refresh
        refresher.cancel()
        try serviceExtension.append(record("after-cancel"))
        DeliveryLedger.postChange(name: group)
        refresher.waitForRefreshes()
        #expect(app.count == 2)
    }
}
#endif

#if PUSHBUS_APPLE_STUBS
/// The app's refresher made with its delivery hands the content extension's answers to the subscribers once, on
/// the extension's Darwin notification.
struct ContentExtensionRefresherGlueTests {
    @MainActor @Test(.timeLimit(.minutes(2))) func theDarwinNotificationDeliversEachAnswerOnce() throws {
        // Given the app's delivery and an extension ledger on one directory
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cx-glue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let delivery = PushDelivery(center: PushCenter(), ledger: try DeliveryLedger(directory: directory))
        let received = LockedBox<[PushMessage]>([])
        let subscription = delivery.center.subscribe(.tapped) { message in received.withValue { $0.append(message) } }
        defer { subscription.cancel() }
        let name = "pushbus.test.cx.\(UUID().uuidString)"
        let refresher = DeliveryLedgerRefresher(delivery: delivery, notificationName: name)
        defer { refresher.cancel() }
        var configuration = DeliveryLedger.Configuration()
        configuration.role = .contentExtension
        let session = ContentExtensionSession(
            notification: NotificationSnapshot(
                requestIdentifier: "timer-reminder", trigger: .timeInterval,
                content: PushContent(title: "Time's up", categoryIdentifier: "TIMER_REMINDER")),
            ledger: try DeliveryLedger(directory: directory, configuration: configuration))

        // When the extension answers and posts, twice
        session.answer(ContentExtensionAnswer(action: "CONFIRM", disposition: .dismissExtension, values: ["s": "30"]))
        DeliveryLedger.postChange(name: name)
        refresher.waitForRefreshes()
        #expect(received.withValue { $0.count } == 1)
        DeliveryLedger.postChange(name: name)
        refresher.waitForRefreshes()

        // Then one message with the value
        #expect(received.withValue { $0.map { $0.response?.values } } == [["s": "30"]])
    }
}
#endif
