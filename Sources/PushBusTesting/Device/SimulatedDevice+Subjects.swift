public import Foundation
public import PushBusAuthorization
public import PushBusContentExtensionKit
public import PushBusCore
public import PushBusDelivery
public import PushBusLiveActivity
public import PushBusServiceExtension

// The device's operations grouped by subject: `device.liveActivities`, `device.contentExtension`,
// `device.serviceExtension`, `device.settings`, `device.otherSDKs`. Each is a view of the device (no state of its own).

extension SimulatedDevice {
    /// ActivityKit on the device: the app's Live Activities, their tokens and the pushes that drive them.
    public var liveActivities: LiveActivities { LiveActivities(device: self) }
    /// The app's Notification Content Extension: installing it, long-pressing a notification, what the user does
    /// in it.
    public var contentExtension: ContentExtensionPanel { ContentExtensionPanel(device: self) }
    /// The app's Notification Service Extension: installing its pipeline, its results, waiting for it.
    public var serviceExtension: ServiceExtensionRunner { ServiceExtensionRunner(device: self) }
    /// The Settings app's notification page for the app, and the permission prompt.
    public var settings: SettingsApp { SettingsApp(device: self) }
    /// Other push SDKs in the app beside PushBus, which PushBus's delegate forwards to.
    public var otherSDKs: OtherSDKs { OtherSDKs(device: self) }

    /// Other push SDKs in the app beside PushBus (``SimulatedDevice/otherSDKs``).
    public struct OtherSDKs: Sendable {
        let device: SimulatedDevice

        /// Puts another SDK in the app, for this launch and every later one (as the app sets it up in
        /// `didFinishLaunching`): PushBus's delegate forwards `willPresent`, `didReceive` and `openSettingsFor` to
        /// its delegate — only its own pushes when the payload says whose it is (``SimulatedSDK/providers``), every
        /// unclaimed one otherwise — and iOS is still answered once. Its categories replace the registered set, as
        /// such SDKs do; PushBus puts the union back at the next callback into the app
        /// (``SimulatedDevice/categoryOwnership``). It gets every device token through
        /// `center.subscribeRegistration`, in this process and every later one.
        public func install(_ sdk: SimulatedSDK) { device.install(sdk) }
        /// The SDKs PushBus forwards to, in order.
        public var forwardees: [NotificationForwardee] { device.forwardees }
        /// The installed SDK called `name`, if any.
        public func named(_ name: String) -> SimulatedSDK? { device.otherSDK(named: name) }
        /// Another push SDK (JPush, a vendor channel, …) forwards the notification `identifier` to PushBus again,
        /// as an arrival or, with `response`, as a tap: subscribers still see it once.
        ///
        /// - Throws: ``SimulationError/notificationNotDelivered(_:)`` when the device never received a remote
        ///   notification with that identifier.
        public func forward(_ identifier: String, response: PushResponse? = nil) throws {
            try device.forwardFromOtherSDK(identifier, response: response)
        }
    }

    /// ActivityKit on the device (``SimulatedDevice/liveActivities``).
    public struct LiveActivities: Sendable {
        let device: SimulatedDevice

        /// The Live Activities iOS holds now (dismissed ones are gone), in start order.
        public var all: [SimulatedLiveActivity] { device.liveActivityList }
        /// The push-to-start token iOS issued for `attributesType`, if the app observes that type.
        public func pushToStartToken(for attributesType: String) -> PushToken? {
            device.pushToStartToken(for: attributesType)
        }
        /// The app observes `Activity<A>.pushToStartTokenUpdates` for `attributesType` (iOS 17.2+): iOS issues a
        /// push-to-start token, reported to the app now if it runs, else at its next launch.
        @discardableResult
        public func observe(_ attributesType: String) -> PushToken {
            device.observeLiveActivities(attributesType)
        }
        /// The app starts a Live Activity (`Activity.request(…, pushType: .token)`, or `.channel(channel)` on
        /// iOS 18); it must be in the foreground. With a channel, the app posts the subscription
        /// (`LiveActivityEvent.channelSubscription`, which a token registry records), as ActivityKit does not report
        /// it.
        ///
        /// - Returns: The activity's id.
        /// - Throws: ``LiveActivitySimulationError/appNotInForeground`` otherwise.
        @discardableResult
        public func start(
            _ attributesType: String, id: String? = nil, contentState: PushValue = [:], channel: String? = nil
        ) throws -> String {
            try device.startLiveActivity(attributesType, id: id, contentState: contentState, channel: channel)
        }
        /// A `liveactivity` push arrives from APNs. `start` goes to the push-to-start token of its
        /// `attributes-type`; `update` and `end` go to `activity`'s update token.
        ///
        /// - Parameters:
        ///   - payload: The APNs payload; it must pass `PayloadValidator` for `PushType/liveActivity`.
        ///   - activity: The activity an update or end is sent to (its token); ignored for a start.
        ///   - id: The new activity's id, for a start (default `activity-1`, `activity-2`, …).
        /// - Returns: The activity's id.
        /// - Throws: ``LiveActivitySimulationError``: the payload is invalid, no push-to-start token exists for
        ///   the type, or the activity is unknown (APNs would reject the push or the device drop it).
        @discardableResult
        public func receive(_ payload: PushValue, activity: String? = nil, id: String? = nil) throws -> String {
            try device.receive(liveActivity: payload, activity: activity, id: id)
        }
        /// iOS rotates the update token of `activity`; returns the new token.
        @discardableResult
        public func rotateToken(_ activity: String) throws -> PushToken {
            try device.rotateLiveActivityToken(activity)
        }
        /// iOS rotates the push-to-start token of `attributesType`; returns the new token.
        @discardableResult
        public func rotatePushToStartToken(_ attributesType: String) throws -> PushToken {
            try device.rotatePushToStartToken(attributesType)
        }
        /// A broadcast push on `channel` (iOS 18): its `update` or `end` reaches every activity subscribed to the
        /// channel. Returns the ids it reached; throws ``LiveActivitySimulationError/invalidPayload(_:)`` when
        /// `PayloadValidator.validateBroadcast` finds an error.
        @discardableResult
        public func broadcast(_ payload: PushValue, channel: String) throws -> [String] {
            try device.broadcast(liveActivity: payload, channel: channel)
        }
        /// The app schedules a Live Activity to start `delay` seconds from now on the device's clock (iOS 26:
        /// `request(…, start:)`); it is `pending` until then. Must be in the foreground; returns the activity's id.
        @discardableResult
        public func schedule(
            _ attributesType: String, id: String? = nil, contentState: PushValue = [:], startingIn delay: TimeInterval
        ) throws -> String {
            try device.scheduleLiveActivity(attributesType, id: id, contentState: contentState, startingIn: delay)
        }
        /// ActivityKit's token update streams go silent: later rotations reach the app only through the
        /// synchronous reads its observer makes at launch and at each foreground.
        public func silenceTokenUpdates() { device.silenceLiveActivityTokenUpdates() }
        /// The person removes `activity` from the Lock Screen (`ActivityState.dismissed`).
        public func dismiss(_ activity: String) throws { try device.dismissLiveActivity(activity) }
        /// Uses `directory` for the app's `LiveActivityTokenStore`: at each launch the simulated app calls
        /// `LiveActivityTokens/reconcile(with:)` and the timeline shows what its server must register and retract.
        public func persistTokens(in directory: URL) { device.persistLiveActivityTokens(in: directory) }
        /// The reconciliations the simulated app made at its launches, oldest first.
        public var reconciliations: [LiveActivityReconciliation] { device.liveActivityReconciliations }
        /// The token events the app's `PushCenter/liveActivities` accepted, in order.
        public var events: [LiveActivityEvent] { device.liveActivityEvents }
    }

    /// The app's Notification Content Extension (``SimulatedDevice/contentExtension``).
    public struct ContentExtensionPanel: Sendable {
        let device: SimulatedDevice

        /// Installs (or, with `nil`, removes) the app's content extension. The current process's delivery learns
        /// its categories (the category-match diagnostic), as each later one does.
        public func install(_ declaration: ContentExtension?) { device.installContentExtension(declaration) }
        /// The installed content extension, if any.
        public var declaration: ContentExtension? { device.contentExtensionDeclaration }
        /// The app group's shared values (in the ledger directory); `nil` when the device has no ledger directory.
        public var sharedValues: SharedValueStore? { device.sharedValues }
        /// What the content extension shows now (`nil` when it is not on screen).
        public var session: ContentExtensionSession? { device.contentExtensionSession }
        /// The value the user set in the extension's controls (the slider), if any.
        public var value: String? { device.contentExtensionValue }
        /// The user long-presses the notification `identifier`: iOS shows the content extension declared for its
        /// category.
        ///
        /// - Throws: ``SimulationError/notificationNotDelivered(_:)`` when the notification is not in
        ///   Notification Center; ``SimulationError/contentExtensionRefused(_:)`` when no content extension declares its category or
        ///   the device has no ledger directory (the app group the extension shares with the app).
        @discardableResult
        public func longPress(_ identifier: String) throws -> ContentExtensionSession {
            try device.longPress(identifier)
        }
        /// The user moves the extension's control to `value` (the recurring reminder's slider). Ignored, with a note,
        /// when the extension does not enable user interaction.
        public func interact(value: String) { device.interactInContentExtension(value: value) }
        /// The user answers in the extension (an action button, or typed text).
        ///
        /// - Throws: ``SimulationError/contentExtensionRefused(_:)`` when no extension is on screen.
        public func answer(_ answer: ContentExtensionAnswer) throws { try device.answerInContentExtension(answer) }
        /// The user closes the extension without answering: nothing is recorded, the notification stays listed.
        public func close() { device.closeContentExtension() }
    }

    /// The app's Notification Service Extension (``SimulatedDevice/serviceExtension``).
    public struct ServiceExtensionRunner: Sendable {
        let device: SimulatedDevice

        /// How long iOS lets a service extension run before `serviceExtensionTimeWillExpire` (about 30 s).
        public static var timeLimit: TimeInterval { SimulatedDevice.serviceExtensionTimeLimit }
        /// Installs (or, with `nil`, removes) the app's service-extension pipeline. Its clock is replaced by the
        /// device's clock, so its deadline runs on virtual time.
        public func install(_ pipeline: ServiceExtensionPipeline?) { device.installServiceExtension(pipeline) }
        /// Every result the service extension handed to iOS, in the order the handlers ran.
        public var results: [ServiceExtensionResult] { device.serviceExtensionResults }
        /// Waits until every running service extension handed its content to iOS.
        ///
        /// > Warning: A step that never finishes keeps this waiting until the deadline: advance the clock past it
        /// > (``SimulatedDevice/advanceTime(by:)``) from another task, or the call does not return.
        public func settle() async { await device.settleServiceExtensions() }
    }

    /// The Settings app's notification page for the app, and the permission prompt (``SimulatedDevice/settings``).
    public struct SettingsApp: Sendable {
        let device: SimulatedDevice

        /// The user's answer to the next permission prompt. Default ``PromptAnswer/allow``.
        public var promptAnswer: PromptAnswer {
            get { device.promptAnswer }
            nonmutating set { device.promptAnswer = newValue }
        }
        /// A Boolean value indicating whether the app has Apple's critical-alerts entitlement (default `false`:
        /// `criticalAlert` reads `notSupported`, as iOS reports a missing entitlement).
        public var hasCriticalAlertEntitlement: Bool {
            get { device.hasCriticalAlertEntitlement }
            nonmutating set { device.hasCriticalAlertEntitlement = newValue }
        }
        /// What `getNotificationSettings` reports now: the authorization, what the app asked for and the user's
        /// changes in Settings.
        public var current: NotificationSettingsSnapshot { device.currentNotificationSettings }
        /// Every change the app's settings channels posted, in order, across processes.
        public var changes: [NotificationSettingsChange] { device.settingsChanges }
        /// How many times iOS asked the app to show its notification settings screen.
        public var openSettingsRequestCount: Int { device.openSettingsRequestCount }
        /// The user changes the app's notification settings in Settings (`{ $0.sound = .disabled }`); the app
        /// notices when it returns to the foreground.
        public func change(_ change: (inout NotificationSettingsSnapshot) -> Void) {
            device.changeNotificationSettings(change)
        }
        /// The user taps the app's "Notification Settings" link in Settings, or "Options" on one of its
        /// notifications (`notification`): iOS calls `userNotificationCenter(_:openSettingsFor:)`.
        ///
        /// - Throws: ``SimulationError/notificationNotDelivered(_:)`` for an unknown notification.
        public func openAppSettings(from notification: String? = nil) throws {
            try device.openAppNotificationSettings(from: notification)
        }
    }
}
