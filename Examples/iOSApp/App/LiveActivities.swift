import ActivityKit
import Foundation
import PushBusApple

/// A delivery's Live Activity; the server starts it with a push-to-start push and updates it by push.
struct DeliveryAttributes: ActivityAttributes, Sendable {
    struct ContentState: Codable, Hashable, Sendable {
        var minutesAway: Int
    }
    var orderNumber: String
}

/// Reports every Live Activity token (push-to-start, each activity's update token) to the server, also for an
/// activity a push started while the app was not running.
@MainActor
enum LiveActivities {
    private static var observer: AnyObject?
    private static var subscription: PushCancellable?

    static func start() {
        guard #available(iOS 16.1, *) else { return }
        let observer = LiveActivityObserver<DeliveryAttributes>()
        observer.start()  // posts what ActivityKit holds now, then every change
        self.observer = observer
        subscription = PushCenter.shared.liveActivities.subscribe { event in
            switch event {
            case .pushToStartToken(let token, let type): print("register start token \(token.hexString) for \(type)")
            case .started(let activity): print("activity \(activity.id) started")
            case .scheduled(let activity): print("activity \(activity.id) scheduled")
            case .channelSubscription(let channel, let activity):
                print("register channel \(channel) for \(activity.id)")
            case .updateToken(let token, let activity): print("register \(token.hexString) for \(activity.id)")
            case .ended(let activity, _, let token): print("retract \(token?.hexString ?? "-") of \(activity.id)")
            }
        }
        // Tokens the server lacks since the last run (an activity started by push while the app was killed).
        if let directory = try? DeliveryLedger.appGroupDirectory(AppGroup.identifier),
            let store = try? LiveActivityTokenStore(directory: directory),
            let changes = try? PushCenter.shared.liveActivities.reconcile(with: store)
        {
            print("register \(changes.toRegister), retract \(changes.toRetract)")
        }
    }
}

// PushBusApple's channel request needs ActivityKit's iOS 18 API (`PushType.channel(_:)`), which the iOS 17.4 SDK
// lacks; Xcode 26's SDK, the oldest that builds PushBus, has it.
#if canImport(ActivityKit, _version: 128)
extension LiveActivities {
    /// A delivery followed on a broadcast channel (iOS 18+, Docs/LiveActivities.md "Broadcast channels"): the glue posts
    /// the channel with the start; before iOS 18 the activity gets an update token instead.
    @available(iOS 16.2, *)
    static func follow(
        _ attributes: DeliveryAttributes, content: ActivityContent<DeliveryAttributes.ContentState>,
        with deliveries: LiveActivityObserver<DeliveryAttributes>
    ) throws {
        if #available(iOS 18.0, *) {
            _ = try deliveries.request(attributes: attributes, content: content, channel: "bWF0Y2gvZmluYWw=")
        } else {
            _ = try Activity.request(attributes: attributes, content: content, pushType: .token)  // update token
        }
    }
}
#endif
