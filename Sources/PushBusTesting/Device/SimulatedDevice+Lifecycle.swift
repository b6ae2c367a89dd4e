internal import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusDelivery
import PushBusStorage

/// Launch, foreground, background, suspension and termination, with the lifecycle callbacks iOS makes.
extension SimulatedDevice {
    /// The user launches the app from the home screen (or brings it back if it is running).
    ///
    /// Cold start: `didFinishLaunching` without options → (iOS 13+) `scene(_:willConnectTo:options:)` →
    /// `applicationDidBecomeActive` / `sceneDidBecomeActive`, which ends launch for the adapters.
    public func launch() {
        guard state == .notRunning else {
            bringToForeground()
            return
        }
        coldLaunch(launchOptions: nil, notification: nil, sceneResponse: nil, whileInactive: {})
    }

    /// The user leaves the app (home gesture): `willResignActive` → `didEnterBackground` (scene versions on
    /// iOS 13+). Does nothing unless the app is in the foreground.
    public func moveToBackground() {
        guard state.isForeground else { return }
        if state == .active {
            call(generation.usesScenes ? .sceneWillResignActive : .willResignActive)
            transition(to: .inactive)
        }
        call(generation.usesScenes ? .sceneDidEnterBackground : .didEnterBackground)
        transition(to: .background)
        process.delivery.ledger.waitForWrites()  // done before iOS may suspend the app, as on a device
    }

    /// iOS suspends the app after its background time: it stays in memory but runs no code.
    public func suspend() {
        guard state == .background else { return }
        transition(to: .suspended)
    }

    /// The user switches back to the app: `willEnterForeground` → `didBecomeActive` (scene versions on iOS 13+);
    /// a cold start (``launch()``) if it is not running.
    public func bringToForeground() {
        switch state {
        case .notRunning: launch()
        case .background, .suspended:
            enterForeground()
            becomeActive()
        case .inactive, .launching: becomeActive()
        case .active: break
        }
    }

    /// The process ends: its center, delivery, adapters and router are gone, with every subscription and
    /// everything they remembered; the next launch starts a fresh ``AppProcess`` (router not ready).
    ///
    /// What a phone keeps survives: Notification Center, pending local notifications, the badge, authorization,
    /// categories, Live Activities, and the ledger directory.
    ///
    /// - Parameter byUser: `true` (default): the user force-quit the app in the app switcher, and iOS delivers
    ///   no silent push to it until the user launches it again. `false`: the system reclaimed memory, and a
    ///   silent push may launch it in the background.
    public func terminate(byUser: Bool = true) {
        let wasRunning = state != .notRunning
        storage.withLock { $0.wasForceQuit = byUser }
        transition(to: .notRunning)
        if wasRunning {
            let ended = process.number
            replaceProcess()
            note("process \(ended) ended: its hub, subscriptions and router are gone")
        }
        if byUser { note("app force-quit by the user: silent pushes are not delivered until the next launch") }
    }

    // MARK: Steps shared by taps and pushes

    /// A cold start into the foreground: `didFinishLaunching(options)` → scene connection (iOS 13+) →
    /// `whileInactive` (the tap's callback) → did become active.
    func coldLaunch(
        launchOptions: [LaunchOptionKey: Any]?, notification: String?, sceneResponse: ResponseSnapshot?,
        whileInactive: () -> Void
    ) {
        storage.withLock { $0.wasForceQuit = false }
        transition(to: .launching)
        call(.didFinishLaunching, notification: launchOptions == nil ? nil : notification)
        appDelegateAdapter.didFinishLaunching(launchOptions: launchOptions, appState: .inactive)
        for key in launchOptions?.keys.map(\.rawValue).sorted() ?? [] {
            note("launch options carry [\(notification ?? "?")] under \(key)")
        }
        transition(to: .inactive)
        if generation.usesScenes {
            call(.sceneWillConnect, notification: sceneResponse == nil ? nil : notification)
            notificationAdapter.sceneWillConnect(notificationResponse: sceneResponse)
        }
        whileInactive()
        becomeActive()
    }

    /// A launch straight into the background (a silent push, or a background action): `didFinishLaunching`
    /// with `applicationState == .background`; no scene connects, launch is not over.
    ///
    /// - Parameter remote: The push that launched the app: iOS puts it in the launch options under
    ///   `.remoteNotification` (the adapters read it as an arrival, since the state is background).
    func backgroundLaunch(for remote: SimulatedNotification? = nil) {
        transition(to: .launching)
        call(.didFinishLaunching, notification: remote?.identifier)
        let options: [LaunchOptionKey: Any]? = remote.map { [.remoteNotification: $0.userInfo] }
        appDelegateAdapter.didFinishLaunching(launchOptions: options, appState: .background)
        if let remote {
            note("launch options carry [\(remote.identifier)] under \(LaunchOptionKey.remoteNotification.rawValue)")
        }
        transition(to: .background)
    }

    func enterForeground() {
        call(generation.usesScenes ? .sceneWillEnterForeground : .willEnterForeground)
        transition(to: .inactive)
        refreshNotificationSettingsOnForeground()
    }

    func becomeActive() {
        transition(to: .active)
        call(generation.usesScenes ? .sceneDidBecomeActive : .didBecomeActive)
        // What the adapter's applicationDidBecomeActive() also does, first, so the timeline can say it.
        appReadsContentExtensionAnswers(reason: "as it becomes active")
        appDelegateAdapter.applicationDidBecomeActive()
    }
}
