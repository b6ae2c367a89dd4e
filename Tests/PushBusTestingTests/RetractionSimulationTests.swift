import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// A device whose app carries out retractions in every process (as `didFinishLaunching` would register them), with
/// an inbox on a durable ledger (the app group, removed with the value), and a service extension running `.retract`
/// before `.inbox`.
final class RetractingApp: Sendable {
    let device: SimulatedDevice
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("retracting-\(UUID().uuidString)")

    init() {
        let reference = LockedBox<SimulatedDevice?>(nil)
        var configuration = SimulatedDevice.Configuration()
        configuration.ledgerDirectory = directory
        device = SimulatedDevice(configuration: configuration) { process in
            guard let device = reference.value else { return }
            process.keep(process.delivery.handleRetractions(in: device.notificationCenter))
        }
        reference.withValue { $0 = device }
        device.process.keep(device.delivery.handleRetractions(in: device.notificationCenter))
        device.installInbox()
        let inbox = device.serviceExtensionInbox
        device.serviceExtension.install(
            ServiceExtensionPipeline(steps: [
                .retract(in: device.notificationCenter, ledger: inbox?.ledger, inbox: inbox), .inbox(inbox!),
            ]))
        device.delivery.presentationPolicy = .always([.banner, .list, .sound])
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    static func alert(_ title: String, id: String, mutable: Bool = false) -> [String: Any] {
        var aps: [String: Any] = ["alert": ["title": title]]
        if mutable { aps["mutable-content"] = 1 }
        return ["aps": aps, "gcm.message_id": id]
    }

    static func silentRetract(_ ids: [String]) -> [String: Any] {
        ["aps": ["content-available": 1], "pushbus": ["retract": ids]]
    }

    /// The request identifiers Notification Center lists.
    var listed: [String] { device.deliveredNotifications.map(\.identifier) }

    /// The request identifiers of `removed` records in `ledger`.
    static func removed(in ledger: DeliveryLedger) -> [String] {
        ledger.waitForWrites()
        return ledger.allRecords.filter { $0.event.kind == .removed }.compactMap(\.requestIdentifier)
    }
}

/// A silent retract reaching a running or woken app removes the named notifications and records it.
@Suite(.timeLimit(.minutes(2))) struct SilentRetractWhileRunningTests {
    @Test func inTheForegroundTheNamedNotificationLeavesNotificationCenter() async {
        let app = RetractingApp()
        app.device.launch()
        app.device.deliver(remote: RetractingApp.alert("A", id: "0:1%a"), identifier: "a")
        app.device.deliver(remote: RetractingApp.alert("B", id: "0:1%b"), identifier: "b")
        #expect(app.listed == ["a", "b"])

        app.device.deliver(remote: RetractingApp.silentRetract(["0:1%a"]), identifier: "r")
        await app.device.settle()

        #expect(app.listed == ["b"])
        #expect(RetractingApp.removed(in: app.device.delivery.ledger) == ["a"])
        #expect(app.device.completions.values(of: .didReceiveRemoteNotification) == ["newData"])
    }

    @Test func inTheBackgroundTheAppIsWokenAndRemovesByPushBusId() async {
        let app = RetractingApp()
        app.device.launch()
        app.device.moveToBackground()
        app.device.suspend()
        app.device.deliver(remote: RetractingApp.alert("A", id: "0:1%a"), identifier: "a")
        #expect(app.listed == ["a"])

        app.device.deliver(remote: RetractingApp.silentRetract(["fcm:0:1%a"]), identifier: "r")
        await app.device.settle()

        #expect(app.listed == [])
        #expect(RetractingApp.removed(in: app.device.delivery.ledger) == ["a"])
    }

    @Test func theGuidesWiringRemovesWhatASilentRetractNames() async {
        let device = SimulatedDevice()
        device.process.keep(device.delivery.handleRetractions(in: device.notificationCenter))
        device.launch()
        device.deliver(remote: RetractingApp.alert("A", id: "0:1%a"), identifier: "a")
        device.deliver(remote: RetractingApp.silentRetract(["0:1%a"]), identifier: "r")
        await device.settle()
        #expect(device.deliveredNotifications.isEmpty)
        #expect(device.timeline.contains { $0.description.contains("[a] removed from Notification Center") })
    }

    @Test func aRetractNamingNothingDeliveredRemovesNothingAndAnswersNoData() async {
        let app = RetractingApp()
        app.device.launch()
        app.device.deliver(remote: RetractingApp.alert("A", id: "0:1%a"), identifier: "a")
        app.device.deliver(remote: RetractingApp.silentRetract(["0:1%zzz"]), identifier: "r")
        await app.device.settle()
        #expect(app.listed == ["a"])
        #expect(app.device.completions.values(of: .didReceiveRemoteNotification) == ["noData"])
    }
}

/// A visible push with mutable-content takes notifications back in the Notification Service Extension.
@Suite(.timeLimit(.minutes(2))) struct ServiceExtensionRetractTests {
    @Test func theExtensionRemovesTheNamedNotificationsBeforeShowingTheSummary() async throws {
        let app = RetractingApp()
        app.device.deliver(remote: RetractingApp.alert("A", id: "0:1%a", mutable: true), identifier: "a")
        app.device.deliver(remote: RetractingApp.alert("B", id: "0:1%b", mutable: true), identifier: "b")
        await app.device.serviceExtension.settle()

        var summary = RetractingApp.alert("2 read on your Mac", id: "0:1%s", mutable: true)
        summary["pushbus"] = ["retract": ["0:1%a", "0:1%b"]]
        app.device.deliver(remote: summary, identifier: "s")
        await app.device.serviceExtension.settle()

        #expect(app.listed == ["s"])
        let inbox = try #require(app.device.serviceExtensionInbox)
        #expect(inbox.entries().map(\.title) == ["2 read on your Mac"])
        // The two extension runs may finish in either order, so Notification Center may list them either way.
        #expect(RetractingApp.removed(in: inbox.ledger).sorted() == ["a", "b"])
        #expect(app.device.badgeCount == 1)
    }
}

/// `pushbus.replaces`: the earlier notification and its inbox entry go, the new one is shown and enters.
@Suite(.timeLimit(.minutes(2))) struct ReplaceTests {
    @Test func aReplacingPushTakesTheEarlierOnesPlaceInNotificationCenterAndTheInbox() async throws {
        let app = RetractingApp()
        app.device.launch()
        app.device.deliver(remote: RetractingApp.alert("Shipped", id: "0:1%shipped"), identifier: "shipped")
        var cancelled = RetractingApp.alert("Cancelled", id: "0:1%cancelled")
        cancelled["aps"] = ["alert": ["title": "Cancelled"], "content-available": 1]
        cancelled["pushbus"] = ["replaces": "0:1%shipped"]
        app.device.deliver(remote: cancelled, identifier: "cancelled")
        await app.device.settle()

        #expect(app.listed == ["cancelled"])
        let inbox = try #require(app.device.inbox)
        #expect(inbox.entries().map(\.title) == ["Cancelled"])
        let ledger = app.device.delivery.ledger
        await OwnThread.run { ledger.waitForWrites() }
        let removal = ledger.allRecords.first { $0.event.kind == .removed }
        #expect(removal?.event.values["reason"] == "replaced")
        #expect(removal?.event.values["by"] == "fcm:0:1%cancelled")
    }
}

/// The inbox removes retracted entries with the retraction's reason, and the badge follows the unread count.
@Suite(.timeLimit(.minutes(2))) struct RetractionInboxAndBadgeTests {
    @Test func retractedUnreadEntriesLeaveTheInboxAndTheBadgeDrops() async throws {
        let app = RetractingApp()
        app.device.launch()
        app.device.deliver(remote: RetractingApp.alert("A", id: "0:1%a"), identifier: "a")
        app.device.deliver(remote: RetractingApp.alert("B", id: "0:1%b"), identifier: "b")
        await app.device.settle()
        let inbox = try #require(app.device.inbox)
        #expect(inbox.unreadCount == 2)
        #expect(app.device.badgeCount == 2)

        app.device.deliver(remote: RetractingApp.silentRetract(["0:1%a"]), identifier: "r")
        await app.device.settle()

        #expect(inbox.entries().map(\.title) == ["B"])
        #expect(inbox.unreadCount == 1)
        #expect(app.device.badgeCount == 1)
        let reasons = inbox.ledger.allRecords.filter { $0.event.kind == .inboxRemoved }.map {
            $0.event.values["reason"]
        }
        #expect(reasons == ["retracted"])
    }

    @Test func anInboxWithoutNotificationCenterAccessStillFollowsAnAttachedCenter() throws {
        let center = PushCenter()
        let inbox = PushInbox(ledger: DeliveryLedger())
        let watching = inbox.attach(to: center)
        let a = PushMessage(content: PushContent(json: Data(#"{"aps":{"alert":"A"},"gcm.message_id":"0:1%a"}"#.utf8)))
        _ = center.post(a)
        #expect(inbox.unreadCount == 1)
        let retract = PushMessage(
            content: PushContent(json: Data(#"{"aps":{"content-available":1},"pushbus":{"retract":["0:1%a"]}}"#.utf8)))
        _ = center.post(retract)
        #expect(inbox.unreadCount == 0)
        watching.cancel()
    }
}

/// A force-quit app gets no silent push, so a silent retract changes nothing; the NSE still takes back.
@Suite(.timeLimit(.minutes(2))) struct KilledAppRetractTests {
    /// Given: notification `a` (its entry added by the NSE) is listed, and the user force-quit the app.
    func forceQuitAppWithOneNotification() async -> RetractingApp {
        let app = RetractingApp()
        app.device.launch()
        app.device.deliver(remote: RetractingApp.alert("A", id: "0:1%a", mutable: true), identifier: "a")
        await app.device.serviceExtension.settle()
        app.device.terminate(byUser: true)
        return app
    }

    @Test func aSilentRetractDoesNotReachAForceQuitApp() async {
        let app = await forceQuitAppWithOneNotification()
        let callbacksBefore = app.device.callbacks.count

        app.device.deliver(remote: RetractingApp.silentRetract(["0:1%a"]), identifier: "r")
        await app.device.settle()

        #expect(app.listed == ["a"])
        #expect(app.device.callbacks.count == callbacksBefore)
        #expect(app.device.timeline.contains { $0.description.contains("not delivered: the user force-quit the app") })
        #expect(app.device.serviceExtensionInbox?.unreadCount == 1)
    }

    @Test func aVisibleRetractThroughTheExtensionReachesAForceQuitApp() async {
        let app = await forceQuitAppWithOneNotification()

        var summary = RetractingApp.alert("Read elsewhere", id: "0:1%s", mutable: true)
        summary["pushbus"] = ["retract": ["0:1%a"]]
        app.device.deliver(remote: summary, identifier: "s")
        await app.device.serviceExtension.settle()

        #expect(app.listed == ["s"])
        #expect(app.device.serviceExtensionInbox?.entries().map(\.title) == ["Read elsewhere"])
        #expect(app.device.badgeCount == 1)
    }
}
