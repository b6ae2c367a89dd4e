// Feeds ActivityKit's token sequences into PushCenter.liveActivities.
#if canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst)
public import ActivityKit
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst)) || PUSHBUS_APPLE_STUBS
public import Foundation
@_spi(PushBusInternals) import PushBusCore
public import PushBusHub
public import PushBusLiveActivity

/// Observes the Live Activities of one `ActivityAttributes` type and hands their tokens, through
/// `PushBus/LiveActivityAdapter`, to
/// `PushBus/LiveActivityTokens` (by default `PushCenter.shared.liveActivities`).
///
/// ```swift
/// // application(_:didFinishLaunchingWithOptions:), so an activity a push started while the app was not
/// // running reports its update token now:
/// let observer = LiveActivityObserver<DeliveryAttributes>()
/// observer.start()
/// let changes = try PushCenter.shared.liveActivities.reconcile(with: LiveActivityTokenStore(directory: dir))
/// ```
///
/// `start()` posts at once what ActivityKit holds (`Activity<A>.activities` with their tokens and states, and
/// on iOS 17.2+ `Activity<A>.pushToStartToken`), then observes `Activity<A>.pushToStartTokenUpdates` (17.2+),
/// `Activity<A>.activityUpdates`, and each activity's `pushTokenUpdates` and `activityStateUpdates`: a token
/// issued or rotated becomes a `PushBus/LiveActivityEvent/pushToStartToken(_:attributesType:)` or
/// `PushBus/LiveActivityEvent/updateToken(_:activity:)`; `ended` and `dismissed` become
/// `PushBus/LiveActivityEvent/ended(_:reason:invalidatedToken:)`.
///
/// A `PushTokenRegistry` attached to the same channel (`PushBusApp.reportTokens(to:)`, or
/// `PushTokenRegistry.attach(to:onChange:)`) records every token the observer posts, and retracts an activity's
/// update token and broadcast channel when it ends, so the server learns each once across launches. ActivityKit
/// does not report which channel an activity listens to: record the id the app started it with
/// (`tokens.update(.broadcastChannel(activityID: activity.id), to: channelID)`).
///
/// `Attributes` must be `Sendable` (`struct DeliveryAttributes: ActivityAttributes, Sendable`): the observation
/// runs in tasks, and Swift 6.2 checks the metatypes they capture.
///
/// > Warning: Keep the observer for as long as the app runs; releasing it (or ``stop()``) ends the observation.
@available(iOS 16.1, *)
public final class LiveActivityObserver<Attributes: ActivityAttributes & Sendable>: Sendable {
    /// The name posted as the attributes type (the `attributes-type` of push-to-start payloads).
    public let attributesType: String
    private let tokens: LiveActivityTokens
    private let notificationCenter: NotificationCenter
    private struct Observation: Sendable {
        var isStarted = false
        var running: [Task<Void, Never>] = []
        var tracked: Set<String> = []
        /// Calls ``refresh()`` at each `willEnterForegroundNotification`.
        var foreground: ForegroundObservation?
    }

    private let tasks = LockedState(Observation())

    /// - Parameters:
    ///   - tokens: Where to post (default: `PushCenter.shared.liveActivities`).
    ///   - attributesType: The type's name as the server sends it (default: the Swift type's name).
    ///   - notificationCenter: Where `willEnterForegroundNotification` is observed for ``refresh()`` (default
    ///     `.default`).
    public init(
        tokens: LiveActivityTokens = PushCenter.shared.liveActivities,
        attributesType: String = String(describing: Attributes.self),
        notificationCenter: NotificationCenter = .default
    ) {
        self.tokens = tokens
        self.attributesType = attributesType
        self.notificationCenter = notificationCenter
    }

    deinit { stop() }

    /// Reports what ActivityKit holds now and starts observing. Calling it again does nothing (until ``stop()``).
    public func start() {
        let isFirst = tasks.withLock { state -> Bool in
            defer { state.isStarted = true }
            return !state.isStarted
        }
        guard isFirst else { return }
        for activity in Activity<Attributes>.activities { report(activity) }
        var started: [Task<Void, Never>] = []
        // The update streams can stay silent for whole launches: the synchronous tokens are read again at each
        // foreground (refresh()). UIKit posts the notification on the main thread, where the observation is made.
        let center = notificationCenter
        started.append(
            Task { @MainActor [weak self] in
                let observation = ForegroundObservation(notificationCenter: center) { [weak self] in self?.refresh() }
                let kept = self?.tasks.withLock { state -> Bool in
                    guard state.isStarted, !Task.isCancelled else { return false }
                    state.foreground = observation
                    return true
                }
                if kept != true { observation.cancel() }  // stopped meanwhile
            })
        started.append(
            Task { [weak self] in
                let updates = Activity<Attributes>.activityUpdates.makeAsyncIterator()
                // Listed again once the observation exists: an activity started between the first listing and
                // here (a push-to-start during launch) is not missed. Reports of one state are posted once.
                for activity in Activity<Attributes>.activities { self?.report(activity) }
                while let activity = await updates.next() {
                    guard let self else { return }
                    self.report(activity)
                }
            })
        if #available(iOS 17.2, *) {
            let adapter = LiveActivityAdapter(tokens: tokens)
            let type = attributesType
            if let data = Activity<Attributes>.pushToStartToken {
                adapter.pushToStartTokenReceived(data, attributesType: type)
            }
            started.append(
                Task {
                    for await data in Activity<Attributes>.pushToStartTokenUpdates {
                        adapter.pushToStartTokenReceived(data, attributesType: type)
                    }
                })
        }
        tasks.withLock { $0.running += started }
    }

    /// Reads what ActivityKit holds now and posts it: on iOS 17.2+ the synchronous `Activity<A>.pushToStartToken`,
    /// and each activity in `Activity<A>.activities` with its `pushToken` and state. ``start()`` calls it at each
    /// `willEnterForegroundNotification`, because `pushToStartTokenUpdates` and `pushTokenUpdates` can stay silent
    /// for whole launches while the token changes. Only what changed is delivered (the channel drops what it
    /// already holds), and an activity that ended is never reported again.
    public func refresh() {
        for activity in Activity<Attributes>.activities { report(activity) }
        if #available(iOS 17.2, *), let data = Activity<Attributes>.pushToStartToken {
            LiveActivityAdapter(tokens: tokens).pushToStartTokenReceived(data, attributesType: attributesType)
        }
    }

    /// Posts that the activity `activityID` listens to the broadcast channel `channelID` (iOS 18): ActivityKit does
    /// not report an activity's channel, so an app that requested one itself (rather than with
    /// `request(attributes:content:channel:style:)`) says which. A `PushTokenRegistry` attached to the channel
    /// records it (`Key.broadcastChannel(activityID:)`) and drops it at the activity's end.
    public func recordChannel(_ channelID: String, forActivity activityID: String) {
        LiveActivityAdapter(tokens: tokens).channelSubscribed(
            channelID, activityID: activityID, attributesType: attributesType)
    }

    /// Stops observing. Tokens already posted stay in the center.
    public func stop() {
        let running = tasks.withLock { state -> [Task<Void, Never>] in
            defer { state = Observation() }
            return state.running
        }
        for task in running { task.cancel() }
    }

    /// Reports one activity's start (or schedule), token or end, and observes it once.
    func report(_ activity: Activity<Attributes>) {
        let adapter = LiveActivityAdapter(tokens: tokens)
        let type = attributesType
        let id = activity.id
        let status = Self.status(activity.activityState)
        adapter.activityObserved(id: id, attributesType: type, pushToken: activity.pushToken, status: status)
        guard status.endReason == nil, tasks.withLock({ $0.tracked.insert(id).inserted }) else { return }
        // Each task looks the activity up itself: `Activity` is not documented as Sendable.
        let tokenTask = Task {
            guard let activity = Activity<Attributes>.activities.first(where: { $0.id == id }) else { return }
            for await data in activity.pushTokenUpdates {
                adapter.pushTokenReceived(data, activityID: id, attributesType: type)
            }
        }
        let stateTask = Task {
            guard let activity = Activity<Attributes>.activities.first(where: { $0.id == id }) else {
                // Gone before this task ran (ended and dismissed at once): its token is invalid all the same.
                adapter.activityStatusChanged(id: id, attributesType: type, to: .dismissed)
                return
            }
            for await state in activity.activityStateUpdates {
                if adapter.activityStatusChanged(id: id, attributesType: type, to: Self.status(state)) { return }
            }
        }
        tasks.withLock { $0.running += [tokenTask, stateTask] }
    }

    /// `ActivityState` is not frozen (iOS 26 added a `pending` case, which the 17.4 SDK lacks): compare instead of
    /// switching, and read any case not known here as `.pending`.
    private static func status(_ state: ActivityState) -> LiveActivityAdapter.Status {
        if state == .ended { return .ended }
        if state == .dismissed { return .dismissed }
        if state == .active { return .active }
        if #available(iOS 16.2, *), state == .stale { return .stale }
        return .pending
    }
}
#endif
