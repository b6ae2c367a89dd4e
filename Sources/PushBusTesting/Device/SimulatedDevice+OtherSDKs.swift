internal import Foundation
@_spi(PushBusInternals) import PushBusCore
public import PushBusDelivery

/// Other push SDKs in the app beside PushBus: PushBus's delegate forwards their callbacks (the same
/// `NotificationForwarder` the Apple glue's `PushNotificationDelegate` uses).
extension SimulatedDevice {
    /// Puts another SDK in the app, for this launch and every later one (as the app sets it up in
    /// `didFinishLaunching`): PushBus's delegate forwards `willPresent`, `didReceive` and `openSettingsFor` to its
    /// delegate — only its own pushes when the payload says whose it is (``SimulatedSDK/providers``), every
    /// unclaimed one otherwise — and iOS is still answered once. Its categories replace the registered set, as
    /// such SDKs do; PushBus puts the union back at the next callback into the app (``categoryOwnership``). It
    /// gets every device token through `center.subscribeRegistration`, in this process and every later one.
    func install(_ sdk: SimulatedSDK) {
        sdkForwarder.add(sdk, name: sdk.name, providers: sdk.providers)
        note("the app sets up \(sdk.name) beside PushBus")
        otherSDKRegisters(sdk)
        process.keep(sdk.receiveDeviceTokens(from: center))
    }

    /// Whose answers iOS gets from `willPresent`, as the Apple glue's `PushNotificationDelegate.presentationAnswers`
    /// (`PushBusApp.Configuration.presentationAnswers`) says: `.union` (the default) adds every installed SDK's
    /// answer to PushBus's `presentationPolicy`; `.pushBusOnly` answers with the policy alone, and the SDKs'
    /// delegates are still called (their statistics run) but their answers are ignored. The same
    /// `NotificationForwarder` decides it here as in the glue. Set it once, as the app configures PushBus at
    /// launch: it holds for every later process.
    public var presentationAnswers: PresentationAnswers {
        get { sdkForwarder.presentationAnswers }
        set {
            sdkForwarder.presentationAnswers = newValue
            note("the app sets presentationAnswers = .\(newValue)")
        }
    }

    /// What a push SDK's server that counts badges (``SimulatedSDK/countsBadge``) puts in its push: `aps.badge`
    /// set to the count the app last reported to it plus one (JPush's "+1"). Other payloads are unchanged.
    func withServerBadge(_ payload: PushValue) -> PushValue {
        let provider = PushProviderRecognizer.recognize(payload).name
        guard
            let sdk = sdkForwarder.targets.map(\.target).first(where: { $0.providers.contains(provider) }),
            let badge = sdk.nextServerBadge, case .object(var members) = payload
        else { return payload }
        var aps = members["aps"]?.objectValue ?? [:]
        aps["badge"] = .int(badge)
        members["aps"] = .object(aps)
        note("\(sdk.name)'s server sets aps.badge \(badge) (the app last reported \(sdk.reportedBadge), + 1)")
        return .object(members)
    }

    /// The SDKs PushBus forwards to, in order.
    var forwardees: [NotificationForwardee] { sdkForwarder.forwardees }

    /// The installed SDK called `name`, if any.
    func otherSDK(named name: String) -> SimulatedSDK? {
        sdkForwarder.targets.first { $0.forwardee.name == name }?.target
    }

    /// `willPresent` through PushBus's delegate: the adapter and the chosen SDKs answer, iOS gets one merged answer.
    func forwardWillPresent(
        _ notification: SimulatedNotification,
        completion: (index: Int, handler: @Sendable (PresentationOptions) -> Void)
    ) {
        let id = notification.identifier
        let wait = ClockWait(index: completion.index, recorder: recorder)
        sdkForwarder.willPresent(
            notification.snapshot, adapter: notificationAdapter,
            forward: { [self] sdk, answer in
                note("PushBus forwards willPresent [\(id)] to \(sdk.name)'s delegate")
                sdk.receive(SimulatedSDK.Callback(name: "willPresent", notification: id))
                if !sdk.answersAtOnce { wait.sdkWaitsForClock() }
                sdk.answer(on: clock) { answer(sdk.presentation) }
            }, ownAnswered: wait.ownAnswered, completionHandler: completion.handler)
    }

    /// `didReceive` through PushBus's delegate.
    func forwardDidReceive(
        _ response: ResponseSnapshot, appState: PushAppState, completion: (index: Int, handler: @Sendable () -> Void)
    ) {
        let wait = ClockWait(index: completion.index, recorder: recorder)
        let id = response.notification.requestIdentifier
        sdkForwarder.didReceive(
            response, appState: appState, adapter: notificationAdapter,
            forward: { [self] sdk, done in
                note("PushBus forwards didReceive [\(id)] to \(sdk.name)'s delegate")
                let action = response.actionIdentifier
                sdk.receive(SimulatedSDK.Callback(name: "didReceive", notification: id, action: action))
                if !sdk.answersAtOnce { wait.sdkWaitsForClock() }
                sdk.answer(on: clock, done)
            }, ownAnswered: wait.ownAnswered, completionHandler: completion.handler)
    }

    /// `openSettingsFor` through PushBus's delegate: the chosen SDKs hear it too.
    func forwardOpenSettings(_ notification: NotificationSnapshot?) {
        sdkForwarder.openSettings(for: notification) { sdk in
            note("PushBus forwards openSettingsFor to \(sdk.name)'s delegate")
            sdk.receive(SimulatedSDK.Callback(name: "openSettingsFor", notification: notification?.requestIdentifier))
        }
    }
}

/// Tells the recorder when one iOS completion handler is left only to the clock: PushBus answered, and an SDK
/// answers late or never. Then ``SimulatedDevice/settle()`` does not wait for it (only time can finish it).
private final class ClockWait: Sendable {
    private let state = LockedState((own: false, sdk: false))
    private let index: Int
    private let recorder: SimulationRecorder

    init(index: Int, recorder: SimulationRecorder) {
        self.index = index
        self.recorder = recorder
    }

    @Sendable func ownAnswered() { update { $0.own = true } }

    func sdkWaitsForClock() { update { $0.sdk = true } }

    private func update(_ change: (inout (own: Bool, sdk: Bool)) -> Void) {
        let isLeftToTheClock = state.withLock { state -> Bool in
            let before = state.own && state.sdk
            change(&state)
            return !before && state.own && state.sdk
        }
        if isLeftToTheClock { recorder.waitOnClock(index) }
    }
}
