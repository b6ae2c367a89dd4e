import Foundation
import PushBusTestSupport
import PushBusTesting
import Testing

@testable import PushBus
@testable import PushBusCategories
@testable import PushBusContentExtensionKit
@_spi(PushBusInternals) @testable import PushBusCore
@testable import PushBusDelivery
@testable import PushBusHub
@testable import PushBusLiveActivity
@testable import PushBusServiceExtension
@testable import PushBusStorage
@testable import PushBusValidation

/// A device locked since boot: files with data protection cannot be read until the first unlock (`EPERM`). The
/// extension still shows the notification within its deadline, the app still delivers taps, and what could not be
/// written reaches the ledger once the device is unlocked. (`ProtectedDataSimulation` makes the directory
/// unreadable: the tests run as root, which permissions do not stop.)
@Suite(.serialized, .timeLimit(.minutes(2))) struct LockedDeviceTests {
    static var payload: [AnyHashable: Any] {
        [
            "aps": ["alert": ["title": "Delivery", "body": "Your order shipped"], "mutable-content": 1], "order": "42",
        ]
    }

    @Test func theExtensionShowsTheNotificationAndTheAppRecordsItAfterTheUnlock() async throws {
        // Given the app's ledger and inbox on the App Group directory, and a device locked since boot
        let directory = try LedgerDirectory()
        defer {
            ProtectedDataSimulation.setUnavailable(false, in: directory.url)
            directory.remove()
        }
        let appLedger = try DeliveryLedger(directory: directory.url)
        let delivery = PushDelivery(center: PushCenter(), ledger: appLedger)
        let inbox = PushInbox(ledger: appLedger)
        ProtectedDataSimulation.setUnavailable(true, in: directory.url)

        // When a push arrives: the extension cannot open the ledger (a typed error it can tell apart) ...
        var extensionConfiguration = DeliveryLedger.Configuration()
        extensionConfiguration.role = .serviceExtension
        #expect {
            _ = try DeliveryLedger(directory: directory.url, configuration: extensionConfiguration)
        } throws: { error in
            (error as? DeliveryLedgerError)?.isProtectedDataUnavailable == true
        }
        // ... so it runs its pipeline without the ledger steps, and iOS is answered before the deadline
        let clock = ManualClock()
        let box = ResultBox()
        ServiceExtensionPipeline(clock: clock, steps: [.rewrite { $0.title = "Delivery update" }])
            .run(PushContent(userInfo: Self.payload), requestIdentifier: "REQ-1", contentHandler: box.handler)
        let result = try #require(await box.next())
        #expect(result.ending == .stepsFinished)
        #expect(result.content.title == "Delivery update")
        #expect(appLedger.count == 0)

        // When the user unlocks and opens the app, which reads Notification Center
        ProtectedDataSimulation.setUnavailable(false, in: directory.url)
        let shown = NotificationSnapshot(
            requestIdentifier: "REQ-1", date: Date(),
            content: PushContent(userInfo: Self.payload))
        #expect(delivery.recordDelivered([shown], inbox: inbox) == 1)
        appLedger.waitForWrites()

        // Then the delivery is recorded and in the inbox, once: reading again records nothing twice
        let message = PushMessage(content: PushContent(userInfo: Self.payload))
        #expect(
            try DeliveryLedger(directory: directory.url).hasRecorded(
                .received, messageID: message.id, requestIdentifier: "REQ-1"))
        #expect(inbox.entries().map(\.requestIdentifier) == ["REQ-1"])
        #expect(delivery.recordDelivered([shown], inbox: inbox) == 0)
    }

    @Test func aTapWhileTheContainerIsUnreadableIsDeliveredAndWrittenAfterTheUnlock() throws {
        // Given an app that opened its ledger, then a device locked again before the first unlock of this boot
        let directory = try LedgerDirectory()
        defer {
            ProtectedDataSimulation.setUnavailable(false, in: directory.url)
            directory.remove()
        }
        let center = PushCenter()
        let ledger = try DeliveryLedger(directory: directory.url)
        let delivery = PushDelivery(center: center, ledger: ledger)
        let taps = LockedState<[PushMessage]>([])
        let subscription = center.subscribe(.tapped) { message in taps.withLock { $0.append(message) } }
        defer { subscription.cancel() }
        ProtectedDataSimulation.setUnavailable(true, in: directory.url)
        let completed = LockedState(0)

        // When the user taps a notification
        UserNotificationAdapter(delivery: delivery).didReceive(
            ResponseSnapshot(
                notification: NotificationSnapshot(
                    requestIdentifier: "REQ-2", content: PushContent(userInfo: Self.payload)),
                actionIdentifier: PushResponse.Action.defaultActionIdentifier),
            appState: .active, completionHandler: { completed.withLock { $0 += 1 } })
        ledger.waitForWrites()

        // Then the app got it and iOS was answered; the record waits, and the failure is a retryable diagnostic
        #expect(taps.withLock { $0.count } == 1)
        #expect(completed.withLock { $0 } == 1)
        #expect(ledger.unwrittenCount == 1)
        #expect(delivery.deliveryDiagnostics.findings.map(\.code).contains("ledger.unwritable"))

        // When the device is unlocked and the app refreshes (returning to the foreground)
        ProtectedDataSimulation.setUnavailable(false, in: directory.url)
        try ledger.refresh()
        ledger.waitForWrites()

        // Then the open is written, and the diagnostic is gone
        #expect(ledger.unwrittenCount == 0)
        let message = try #require(taps.withLock { $0.first })
        #expect(try DeliveryLedger(directory: directory.url).hasRecorded(.opened, messageID: message.id))
        #expect(!delivery.deliveryDiagnostics.findings.map(\.code).contains("ledger.unwritable"))
    }
}
