#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusAppleExtension
import PushBusAppleStubs
import PushBusTestSupport
import Testing

/// Builders shared by the content-extension suites: a TIMER_REMINDER local notification, a ledger directory the
/// extension and the app share.
enum ContentExtensionFixture {
    static func reminder(id: String = "timer-reminder", date: Date = Date(timeIntervalSince1970: 1_000))
        -> UNNotification
    {
        let content = UNMutableNotificationContent()
        content.title = "Time's up"
        content.body = "First reminder"
        content.categoryIdentifier = "TIMER_REMINDER"
        let request = UNNotificationRequest(
            identifier: id, content: content,
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 30, repeats: false))
        return UNNotification(stubbedDate: date, request: request)
    }

    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushbus-cx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func ledger(_ directory: URL, role: DeliveryProcessRole) throws -> DeliveryLedger {
        var configuration = DeliveryLedger.Configuration()
        configuration.role = role
        return try DeliveryLedger(directory: directory, configuration: configuration)
    }
}

/// Records each call of iOS's completion.
final class OptionRecorder: Sendable {
    private let calls = LockedBox<[UNNotificationContentExtensionResponseOption]>([])
    var options: [UNNotificationContentExtensionResponseOption] { calls.withValue { $0 } }
    var completion: @Sendable (UNNotificationContentExtensionResponseOption) -> Void {
        { [calls] option in calls.withValue { $0.append(option) } }
    }
}

/// iOS's content-extension completion is called exactly once for every answer option; a second answer is ignored,
/// and each answer is recorded in the ledger once, with its values.
@MainActor
struct ContentExtensionCompletionCalledOnceTests {
    @Test(
        arguments: [
            UNNotificationContentExtensionResponseOption.doNotDismiss, .dismiss, .dismissAndForwardAction,
        ])
    func everyOptionCompletesOnceAndIsRecorded(option: UNNotificationContentExtensionResponseOption) throws {
        // Given an extension showing a reminder
        let ledger = DeliveryLedger()
        let helper = PushBusContentExtension(ledger: ledger)
        let message = helper.didReceive(ContentExtensionFixture.reminder())
        let recorder = OptionRecorder()
        let response = UNNotificationResponse(
            stubbedNotification: ContentExtensionFixture.reminder(), actionIdentifier: "NEXT")

        // When the view controller answers twice
        let reply = helper.didReceive(response, completionHandler: recorder.completion)
        let first = reply.finish(option, values: ["seconds": "30"])
        let second = reply.finish(.dismiss, values: ["seconds": "99"])

        // Then iOS was told once, with the first option, and the ledger holds that one answer
        #expect(first && !second && reply.isFinished)
        #expect(recorder.options == [option])
        let answers = ledger.history(of: message.id).compactMap { ContentExtensionAnswer($0.event) }
        #expect(
            answers == [
                ContentExtensionAnswer(action: "NEXT", disposition: Self.disposition(option), values: ["seconds": "30"])
            ])
        #expect(ledger.history(of: message.id).allSatisfy { $0.role == .contentExtension })
    }

    @Test func theOwnControlsFinishOnceThroughTheExtensionContext() throws {
        // Given an extension showing a reminder
        let ledger = DeliveryLedger()
        let helper = PushBusContentExtension(ledger: ledger)
        let message = helper.didReceive(ContentExtensionFixture.reminder())
        let context = NSExtensionContext()

        // When the confirm button dismisses, then the user taps "open app" before iOS removes the view
        let confirmed = helper.dismiss(in: context, action: "CONFIRM", values: ["seconds": "120"])
        let opened = helper.performDefaultAction(in: context)
        let noContext = helper.dismiss(in: nil, action: "CONFIRM")

        // Then only the first finish reached iOS and the ledger
        #expect(confirmed && !opened && !noContext)
        #expect(context.stubbedCalls == ["dismissNotificationContentExtension"])
        let answers = ledger.history(of: message.id).compactMap { ContentExtensionAnswer($0.event) }
        #expect(answers.map(\.disposition) == [.dismissExtension])
        #expect(answers.first?.values == ["seconds": "120"])
    }

    @Test func openingTheAppRecordsTheDefaultAction() {
        let ledger = DeliveryLedger()
        let helper = PushBusContentExtension(ledger: ledger)
        let message = helper.didReceive(ContentExtensionFixture.reminder())
        let context = NSExtensionContext()

        #expect(helper.performDefaultAction(in: context, values: ["from": "button"]))
        #expect(context.stubbedCalls == ["performNotificationDefaultAction"])
        let answer = ledger.history(of: message.id).compactMap { ContentExtensionAnswer($0.event) }.first
        #expect(answer?.action == PushResponse.Action.defaultActionIdentifier)
        #expect(answer?.disposition == .performDefaultAction)
    }

    @Test func theNotificationIsNormalizedLikeTheAppsAdapters() {
        let helper = PushBusContentExtension(ledger: DeliveryLedger())
        let message = helper.didReceive(ContentExtensionFixture.reminder())
        #expect(message.kind == .local)
        #expect(message.content.title == "Time's up")
        #expect(message.content.categoryIdentifier == "TIMER_REMINDER")
        #expect(message.requestIdentifier == "timer-reminder")
        #expect(message.notificationDate == Date(timeIntervalSince1970: 1_000))
    }

    static func disposition(_ option: UNNotificationContentExtensionResponseOption)
        -> ContentExtensionDisposition
    {
        switch option {
        case .doNotDismiss: return .doNotDismiss
        case .dismiss: return .dismiss
        default: return .dismissAndForwardAction
        }
    }
}

/// `.dismissAndForwardAction` makes iOS call the app's `didReceive` with the same response: the app's subscribers
/// get one message (the answer, with its values), whichever of the refresh and the `didReceive` comes first.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct ForwardedAnswerDeliveredOnceTests {
    @Test(arguments: [true, false])
    func forwardedActionAndRefreshMakeOneMessage(refreshFirst: Bool) async throws {
        // Given the app and its content extension on one ledger directory
        let directory = try ContentExtensionFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let delivery = PushDelivery(
            center: PushCenter(), ledger: try ContentExtensionFixture.ledger(directory, role: .app))
        let received = LockedBox<[PushMessage]>([])
        let subscription = delivery.center.subscribe(.tapped) { message in received.withValue { $0.append(message) } }
        defer { subscription.cancel() }
        let adapter = UserNotificationAdapter(delivery: delivery)
        let helper = PushBusContentExtension(
            ledger: try ContentExtensionFixture.ledger(directory, role: .contentExtension))
        let notification = ContentExtensionFixture.reminder()
        helper.didReceive(notification)

        // When the extension forwards the NEXT action, and the app both refreshes and gets iOS's didReceive
        let recorder = OptionRecorder()
        let response = UNNotificationResponse(stubbedNotification: notification, actionIdentifier: "NEXT")
        helper.didReceive(response, completionHandler: recorder.completion)
            .finish(.dismissAndForwardAction, values: ["seconds": "30"])
        let snapshot = ResponseSnapshot(
            notification: NotificationSnapshot(
                requestIdentifier: "timer-reminder", date: notification.date, trigger: .timeInterval,
                content: PushContent(title: "Time's up", body: "First reminder", categoryIdentifier: "TIMER_REMINDER")),
            actionIdentifier: "NEXT")
        if refreshFirst { delivery.deliverContentExtensionAnswers(appState: .background) }
        await adapter.didReceive(snapshot, appState: .background)
        delivery.deliverContentExtensionAnswers(appState: .background)

        // Then one message, carrying the extension's value
        let messages = received.withValue { $0 }
        #expect(messages.count == 1)
        #expect(messages.first?.response?.action == .custom("NEXT"))
        #expect(messages.first?.response?.values == ["seconds": "30"])
        #expect(messages.first?.response?.contentExtensionDisposition == .dismissAndForwardAction)
        #expect(recorder.options == [.dismissAndForwardAction])
    }
}
#endif
