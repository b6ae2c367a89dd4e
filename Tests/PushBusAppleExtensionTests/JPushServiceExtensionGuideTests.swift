#if canImport(UserNotifications)
import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if (canImport(UserNotifications) || PUSHBUS_APPLE_STUBS) && !os(tvOS)
import Foundation
import PushBus
import PushBusAppleExtension
import PushBusTestSupport
// The extension's one PushBus import, as the guide shows it:
import PushBusNotificationServiceExtension
import Testing

// Docs/MigrationFromJPush.md: JPush's service-extension statistics as a `.custom` step of PushBus's
// pipeline. `JPushNotificationExtensionService` is a stand-in with the names Swift imports from
// JPushNotificationExtensionService.h; the extension imports JPush's framework instead.

/// Stand-in for `JPushNotificationExtensionService`; records the requests it was told about.
enum JPushNotificationExtensionService {
    static let appKeys = Recorder<String>()
    static let reported = Recorder<String>()

    static func jpushSetAppkey(_ appkey: String) { appKeys.record(appkey) }
    static func jpushReceiveNotificationRequest(_ request: UNNotificationRequest, with completion: () -> Void) {
        reported.record(request.identifier)
        completion()
    }
}

// BEGIN the guide's code
final class SchoolNotificationService: PushBusNotificationService {
    override func makePipeline(for request: UNNotificationRequest) -> ServiceExtensionPipeline {
        JPushNotificationExtensionService.jpushSetAppkey("your JPush app key")
        let jpush = JPushArrival(request: request)
        return ServiceExtensionPipeline(steps: [
            .custom("jpush statistics") { _ in
                await jpush.report()  // JPush counts the arrival; PushBus's steps follow
                return .done
            },
            .attachments(),
        ])
    }
}

/// JPush's arrival report for one request. `UNNotificationRequest` is not `Sendable`; the step only hands it back to
/// JPush, unchanged.
struct JPushArrival: @unchecked Sendable {
    let request: UNNotificationRequest

    func report() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            JPushNotificationExtensionService.jpushReceiveNotificationRequest(request) { done.resume() }
        }
    }
}
// END the guide's code

/// JPush's service-extension statistics run as a step of PushBus's pipeline, before iOS's content handler.
@Suite(.timeLimit(.minutes(2))) struct JPushServiceExtensionGuideTests {
    @Test func jpushHearsOfTheArrivalBeforeTheContentHandler() async {
        let content = UNMutableNotificationContent()
        content.title = "Sports day"
        content.userInfo = ["aps": ["alert": ["title": "Sports day"], "mutable-content": 1], "_j_msgid": 3017]
        let request = UNNotificationRequest(identifier: "apns-jpush-1", content: content, trigger: nil)
        let (called, calls) = AsyncStream<String>.makeStream()

        SchoolNotificationService().didReceive(request) { calls.yield($0.title) }
        let title =
            await TestDeadline.bounded("the content handler's call") { [called] in
                var iterator = called.makeAsyncIterator()
                return await iterator.next()
            } ?? nil

        #expect(title == "Sports day")
        #expect(JPushNotificationExtensionService.appKeys.values == ["your JPush app key"])
        #expect(JPushNotificationExtensionService.reported.values == ["apns-jpush-1"])
    }
}
#endif
