public import Foundation
public import PushBusCategories
@_spi(PushBusInternals) public import PushBusCore
public import PushBusDelivery
public import PushBusHub
public import PushBusRouting

/// A simulated iPhone running your app: it hands notifications to the real PushBus adapters with the callbacks,
/// in the order and with the app state iOS uses, and records everything that happens.
///
/// The device never posts to the hub itself: every message comes from `UserNotificationAdapter` or
/// `AppDelegateAdapter`, exactly as on a phone, so a test exercises the same code paths as production.
///
/// ```swift
/// let device = SimulatedDevice(router: router)
/// let link = router.attach(to: device.center)                  // what the app does at launch
/// let push = device.deliver(remote: ["aps": ["alert": "New"], "route": "app://product/12345"])
/// try device.tap(push)                                          // cold start: launch options, scene, didReceive
/// router.setReady(true)                                         // the first screen appeared
/// await device.settle()
/// #expect(device.routes.opened == ["app://product/12345"])
/// #expect(device.completions.allCalledOnce)
/// ```
///
/// Time moves only through ``advanceTime(by:)``: the same ``ManualClock`` drives the hub, the completion
/// deadlines of the adapters and the ``SimulatedScheduler``.
///
/// The app runs in a process (``AppProcess``) that ``terminate(byUser:)`` really ends: the next launch gets a
/// fresh center, delivery, adapters and router (not ready), and only what a phone keeps survives
/// (Notification Center, pending local notifications, badge, authorization, categories, a ledger directory).
/// `center`, `delivery`, `router` and the adapters are always the current process's; wire each process with
/// `onLaunch`, as the app does in `didFinishLaunching`.
///
/// Thread safety: `Sendable` (all state behind locks); every operation is synchronous and runs the app's
/// synchronous callbacks on the calling thread. Drive it from one task at a time, as one user acts on one
/// phone: two operations racing from different threads are each consistent, but their callbacks interleave.
/// Async app handlers (`onBackgroundMessage`, `onResponse`) run in tasks: ``settle()`` waits for their
/// completion handlers.
public final class SimulatedDevice: Sendable {
    /// The app's current process (``AppProcess``): replaced by a fresh one when the app is terminated.
    public var process: AppProcess { processStorage.withLock { $0! } }
    /// The current process's hub; subscribe to it as the app does.
    public var center: PushCenter { process.center }
    /// What the current process's adapters share: set the presentation policy and register
    /// `onBackgroundMessage` / `onResponse` handlers on it, as the app does.
    public var delivery: PushDelivery { process.delivery }
    /// The clock of the device, the hub, the completion deadlines and the scheduler.
    public let clock: ManualClock
    /// Local notifications (`UNUserNotificationCenter`'s pending and delivered lists).
    public let scheduler: SimulatedScheduler
    /// The current process's router, if the app has one: the device records every route it opens.
    public var router: PushRouter? { process.router }
    /// The iOS 10+ delegate adapter the device calls (current process).
    public var notificationAdapter: UserNotificationAdapter { process.notificationAdapter }
    /// The app-delegate adapter the device calls, in the mode matching ``generation`` (current process).
    public var appDelegateAdapter: AppDelegateAdapter { process.appDelegateAdapter }
    /// The iOS generation imitated.
    public let generation: Generation
    /// The directory every process opens its `DeliveryLedger` in (`nil`: in memory, per process).
    public let ledgerDirectory: URL?

    struct State {
        var lifecycle: LifecycleState = .notRunning
        var authorization: Authorization
        var capabilities: Capabilities
        var categories: CategoryRegistry
        /// Force-quit by the user: silent pushes are not delivered until the user launches the app again.
        var wasForceQuit = false
        /// Remote notifications in Notification Center (local ones live in the scheduler's delivered list).
        var remoteList: [SimulatedNotification] = []
        /// The identifiers in `remoteList`, so receiving or tapping one does not scan the whole list.
        var remoteListed: Set<String> = []
        /// Every remote notification received, by identifier (for other SDKs forwarding them again).
        var received: [String: SimulatedNotification] = [:]
        var nextPushNumber = 0
    }

    let storage: LockedState<State>
    let recorder: SimulationRecorder
    /// The current process; `nil` only while `init` builds the first one (it needs `self`).
    let processStorage = LockedState<AppProcess?>(nil)
    let launchSetup: LaunchSetup?
    /// The app's Notification Service Extension (SimulatedDevice+ServiceExtension.swift).
    let serviceExtensionSlot = SimulatedServiceExtension()
    /// What ActivityKit holds; outlives the app's process (SimulatedDevice+LiveActivity.swift).
    let activityKit = SimulatedActivityKit()
    /// Where the app keeps its `PushTokenRegistry`, and what its server learned (SimulatedDevice+Tokens.swift).
    let tokenServer = LockedState(SimulatedTokenServer())
    /// The app's Notification Content Extension (SimulatedDevice+ContentExtension.swift).
    let contentExtensionSlot = SimulatedContentExtensionSlot()
    /// The inboxes of the app and its extension, and the icon's badge (SimulatedDevice+Inbox.swift).
    let inboxSlot = SimulatedInboxSlot()
    /// The accounts the app is signed in to, and the current one (SimulatedDevice+Scopes.swift).
    let scopeSlot = LockedState(SimulatedScopes())
    /// The Settings app's notification page for the app, and the prompt (SimulatedDevice+Authorization.swift).
    let settingsApp = SimulatedSettingsApp()
    /// Other push SDKs in the app, which PushBus's delegate forwards to (SimulatedDevice+OtherSDKs.swift).
    let sdkForwarder = NotificationForwarder<SimulatedSDK>()
    /// Every category PushBus has seen registered, and by whom (SimulatedDevice+CategoryMerge.swift).
    let categoryMerge = LockedState(CategoryMerge<PushCategory>())

    /// Creates a device with the app not running.
    ///
    /// - Parameters:
    ///   - configuration: iOS generation, authorization, background modes, categories and ledger directory.
    ///   - clock: The device's clock (default: a new ``ManualClock``).
    ///   - center: The first process's hub. Default: a new one on `clock`. A center you pass should use `clock`
    ///     in its configuration (its de-duplication window and parking age run on it); its completion deadlines
    ///     are moved onto `clock`. Later processes get a new center with the same configuration.
    ///   - router: The first process's router; the device records its events. Later processes get a copy with
    ///     the same registrations, not ready (``AppProcess``).
    ///   - onLaunch: What the app does at each launch before the first callback (attach the router, subscribe):
    ///     runs now for the first process and for each new process. Without it, later processes repeat the
    ///     router attachments made in the first one, and nothing else.
    public init(
        configuration: Configuration = .init(), clock: ManualClock = ManualClock(), center: PushCenter? = nil,
        router: PushRouter? = nil, onLaunch: LaunchSetup? = nil
    ) {
        let center = center ?? PushCenter(configuration: .init(clock: clock))
        self.clock = clock
        self.generation = configuration.generation
        self.ledgerDirectory = configuration.ledgerDirectory
        self.launchSetup = onLaunch
        self.scheduler = SimulatedScheduler(clock: clock)
        self.storage = LockedState(
            State(
                authorization: configuration.authorization, capabilities: configuration.capabilities,
                categories: configuration.categories))
        self.recorder = SimulationRecorder(clock: clock)
        let ownCategories = configuration.categories.categories.map { ($0.identifier, $0) }
        categoryMerge.withLock { $0.record(ownCategories, owner: CategoryOwnership.pushBus) }
        let first = makeProcess(number: 1, center: center, router: router)
        processStorage.withLock { $0 = first }
        onLaunch?(first)
        scheduler.setDeliveryHook { [weak self] notification in
            self?.deliverLocal(notification) ?? .listed
        }
    }

    // MARK: Settings

    /// The app's state now.
    public var state: LifecycleState { storage.withLock { $0.lifecycle } }

    /// What the callbacks would read from `UIApplication.applicationState` now.
    public var appState: PushAppState { state.appState }

    /// What the user allowed; change it as the user would in Settings.
    public var authorization: Authorization {
        get { storage.withLock { $0.authorization } }
        set { storage.withLock { $0.authorization = newValue } }
    }

    /// The app's background modes.
    public var capabilities: Capabilities {
        get { storage.withLock { $0.capabilities } }
        set { storage.withLock { $0.capabilities = newValue } }
    }

    /// The categories iOS has registered: iOS shows their actions, and the adapters read them
    /// (`delivery.categories`) to attach the chosen `PushAction` to responses. Setting it is the app registering
    /// its own categories through PushBus: they replace the app's earlier ones and are **added** to the other
    /// SDKs' (``categoryOwnership``).
    public var categories: CategoryRegistry {
        get { storage.withLock { $0.categories } }
        set { registerPushBusCategories(newValue) }
    }

    // MARK: Recordings

    /// Everything that happened, in order.
    public var timeline: [TimelineEntry] { recorder.timeline }

    /// The timeline as an `AsyncSequence`: the entries so far, then each new one as it happens.
    public func timelineEvents() -> AsyncStream<TimelineEntry> { recorder.stream() }

    /// Every callback the device made into the app, in order.
    public var callbacks: [CallbackRecord] { recorder.callbacks }

    /// Every completion handler the device handed to the app, with each call the app made.
    public var completions: [CompletionRecord] { recorder.completions }

    /// Every message the adapters posted, with the hub's receipt (duplicates included).
    public var deliveries: [Delivery] { recorder.deliveries }

    /// The messages the hub accepted: what subscribers got (or will get, when parked).
    public var messages: [PushMessage] { recorder.deliveries.messages }

    /// Every route the router opened, deferred or refused.
    public var routes: [RouteRecord] { recorder.routes }

    /// What is in Notification Center now, oldest first (remote and local).
    public var deliveredNotifications: [SimulatedNotification] {
        let remote = storage.withLock { $0.remoteList }
        let local = scheduler.deliveredNotifications().map(SimulatedNotification.init(local:))
        return (remote + local).sorted { $0.date < $1.date }
    }

    /// Returns when every completion handler handed to the app so far has been called — except one that only the
    /// clock can finish now: PushBus has answered and another SDK (``OtherSDKs/install(_:)``) answers late or never,
    /// so iOS is answered at the deadline, when ``advanceTime(by:)`` reaches it.
    ///
    /// > Warning: If an app handler never finishes, this waits until its deadline: advance the clock past it
    /// > first (``advanceTime(by:)``), or the call does not return.
    public func settle() async {
        await recorder.settle()
    }

    /// Moves the device's clock forward: scheduled local notifications fire and completion deadlines expire,
    /// in time order, on this thread.
    public func advanceTime(by interval: TimeInterval) {
        clock.advance(by: interval)
    }

    // MARK: Internals shared by the operation files

    func record(_ event: Event) { recorder.record(event) }

    func note(_ text: String) { record(.note(text)) }

    /// Records a callback in the current state.
    func call(_ callback: Callback, notification: String? = nil) {
        let current = state
        let payloadID = notification.flatMap(knownNotification)?.messageID
        record(
            .callback(
                CallbackRecord(
                    callback: callback, state: current, notification: notification, payloadID: payloadID,
                    date: clock.now)))
        reconcileCategories()
        if callback == .didFinishLaunching { liveActivitiesAppLaunched() }
        if callback == .willEnterForeground || callback == .sceneWillEnterForeground { liveActivitiesAppForegrounded() }
        inboxNoticed(callback)
    }

    /// A notification the device received or fired, by identifier (the latest one).
    func knownNotification(_ identifier: String) -> SimulatedNotification? {
        if let remote = storage.withLock({ $0.received[identifier] }) { return remote }
        return scheduler.latestFiredNotification(withIdentifier: identifier).map(SimulatedNotification.init(local:))
    }

    func transition(to new: LifecycleState) {
        let old = storage.withLock { state -> LifecycleState in
            defer { state.lifecycle = new }
            return state.lifecycle
        }
        if old != new { record(.stateChanged(from: old, to: new)) }
    }

    func fetchCompletion(_ notification: String?) -> @Sendable (BackgroundFetchResult) -> Void {
        let index = recorder.expectCompletion(.didReceiveRemoteNotification, notification: notification)
        return { [recorder] result in recorder.complete(index, value: "\(result)") }
    }

    func voidCompletion(_ callback: Callback, _ notification: String?) -> @Sendable () -> Void {
        indexedVoidCompletion(callback, notification).handler
    }

    /// A recorded completion handler and its index in the recorder.
    func indexedVoidCompletion(
        _ callback: Callback, _ notification: String?
    ) -> (index: Int, handler: @Sendable () -> Void) {
        let index = recorder.expectCompletion(callback, notification: notification)
        return (index, { [recorder] in recorder.complete(index, value: "()") })
    }

    func presentationCompletion(
        _ notification: String?, then: @escaping @Sendable (PresentationOptions) -> Void
    ) -> (index: Int, handler: @Sendable (PresentationOptions) -> Void) {
        let index = recorder.expectCompletion(.willPresent, notification: notification)
        return (
            index,
            { [recorder] options in
                recorder.complete(index, value: options.simulationDescription)
                then(options)
            }
        )
    }
}

extension PresentationOptions {
    /// `[banner, list, sound, badge]`-style text.
    var simulationDescription: String {
        let names: [(PresentationOptions, String)] = [
            (.banner, "banner"), (.list, "list"), (.alert, "alert"), (.sound, "sound"), (.badge, "badge"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
