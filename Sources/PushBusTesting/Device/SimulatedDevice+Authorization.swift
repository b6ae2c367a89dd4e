internal import Foundation
public import PushBusAuthorization
public import PushBusCategories
@_spi(PushBusInternals) import PushBusCore
import PushBusDelivery

/// What the Settings app and the permission prompt hold for the app; outlives every process.
final class SimulatedSettingsApp: Sendable {
    struct State {
        var answer: SimulatedDevice.PromptAnswer = .allow
        /// Settings the user changed in the Settings app (`nil`: what the authorization implies).
        var userSettings: NotificationSettingsSnapshot?
        /// The reading the app saved last (its `UserDefaults`: survives termination).
        var saved: NotificationSettingsSnapshot?
        /// What the app asked for, over all its requests.
        var requested: AuthorizationOptions = []
        /// Whether the prompt was shown (iOS shows it once).
        var wasPromptShown = false
        /// The processes whose app registered (and so observes the foreground).
        var observing: Set<Int> = []
        var changes: [NotificationSettingsChange] = []
        var openSettingsRequests = 0
        var criticalAlertEntitlement = false
    }

    let state = LockedState(State())
}

extension SimulatedDevice {
    /// What the user answers when iOS shows the permission prompt (scripted before the app asks).
    public enum PromptAnswer: String, Sendable, Hashable, CaseIterable, Codable {
        /// "Allow".
        case allow
        /// "Don't Allow".
        case dontAllow
        /// "Deliver Quietly" (iOS 12+ provisional): notifications go to Notification Center only.
        case provisional
    }

    /// The user's answer to the next permission prompt. Default ``PromptAnswer/allow``.
    var promptAnswer: PromptAnswer {
        get { settingsApp.state.withLock { $0.answer } }
        set { settingsApp.state.withLock { $0.answer = newValue } }
    }

    /// A Boolean value indicating whether the app has Apple's critical-alerts entitlement (default `false`:
    /// `criticalAlert` reads `notSupported`, as iOS reports a missing entitlement).
    var hasCriticalAlertEntitlement: Bool {
        get { settingsApp.state.withLock { $0.criticalAlertEntitlement } }
        set { settingsApp.state.withLock { $0.criticalAlertEntitlement = newValue } }
    }

    /// What `getNotificationSettings` reports now: the authorization, what the app asked for and the user's
    /// changes in Settings.
    var currentNotificationSettings: NotificationSettingsSnapshot {
        let (authorization, settings) = (self.authorization, settingsApp.state.withLock { $0 })
        if var user = settings.userSettings {
            user.status = NotificationSettingsSnapshot.AuthorizationStatus(authorization)
            return user
        }
        return defaultSettings(
            authorization, requested: settings.requested, entitled: settings.criticalAlertEntitlement)
    }

    /// Every change the app's settings channels posted, in order, across processes.
    var settingsChanges: [NotificationSettingsChange] { settingsApp.state.withLock { $0.changes } }

    /// How many times iOS asked the app to show its notification settings screen.
    var openSettingsRequestCount: Int { settingsApp.state.withLock { $0.openSettingsRequests } }

    // MARK: The app's calls

    /// The app's one call at launch (`PushBusApp.registerForNotifications`): the real
    /// `NotificationAuthorizationFlow` over this device. The prompt appears the first time the app asks for
    /// more than provisional, and ``SettingsApp/promptAnswer`` (on ``settings``) answers it; on iOS 9 the legacy
    /// path runs (`registerUserNotificationSettings` → `application(_:didRegister:)`). The device token arrives through
    /// `didRegisterForRemoteNotificationsWithDeviceToken`, and from now on the process re-reads the settings
    /// each time it returns to the foreground.
    @discardableResult
    public func registerForNotifications(
        options: AuthorizationOptions = .standard, categories: CategoryRegistry = .empty
    ) async -> NotificationAuthorizationFlow.Report {
        let process = self.process
        settingsApp.state.withLock { _ = $0.observing.insert(process.number) }
        let flow = NotificationAuthorizationFlow(
            authorizer: SimulatedAuthorizer(device: self), settings: process.notificationSettings)
        return await flow.run(options: options, categories: categories)
    }

    /// The app asks for full authorization after provisional delivery (the prompt is shown now).
    public func escalateAuthorization(
        options: AuthorizationOptions = .standard
    ) async -> NotificationAuthorizationFlow.Report {
        let flow = NotificationAuthorizationFlow(
            authorizer: SimulatedAuthorizer(device: self), settings: process.notificationSettings)
        return await flow.escalate(options: options)
    }

    // MARK: The user in the Settings app

    /// The user changes the app's notification settings in the Settings app (the app keeps running, or not;
    /// it learns of the change when it next reads the settings: on returning to the foreground, or at its next
    /// registration).
    ///
    /// ```swift
    /// device.settings.change { $0.status = .denied }  // "Allow Notifications" off
    /// device.settings.change { $0.sound = .disabled }
    /// ```
    func changeNotificationSettings(_ change: (inout NotificationSettingsSnapshot) -> Void) {
        var settings = currentNotificationSettings
        let before = settings
        change(&settings)
        if settings.status != before.status, let status = Authorization(settings.status) {
            let derived = defaultSettings(status, requested: settingsApp.state.withLock { $0.requested })
            authorization = status
            // Turning notifications off or on resets what depends on it, then the user's other edits apply.
            settings = Self.merge(edited: settings, from: before, into: derived)
        }
        settingsApp.state.withLock { $0.userSettings = settings }
        note("the user changes the app's notification settings in Settings (status \(settings.status.rawValue))")
    }

    /// The user taps the app's link in Settings ("<App> Notification Settings"), or "Options" on a notification:
    /// iOS opens the app (launching it if needed) and calls `userNotificationCenter(_:openSettingsFor:)`, which
    /// the glue posts to the process's settings channel.
    ///
    /// - Parameter notification: The notification whose "Options" the user tapped (`nil`: from Settings).
    /// - Throws: ``SimulationError/notificationNotDelivered(_:)`` for an unknown notification.
    func openAppNotificationSettings(from notification: String? = nil) throws {
        let snapshot = try notification.map { id -> NotificationSnapshot in
            guard let known = knownNotification(id) else { throw SimulationError.notificationNotDelivered(id) }
            return NotificationSnapshot(requestIdentifier: known.identifier, date: known.date, content: known.content)
        }
        if !currentNotificationSettings.providesAppNotificationSettings {
            note("the app did not ask for providesAppNotificationSettings: Settings shows no link to its screen")
        }
        let deliver: () -> Void = { [self] in
            call(.openSettingsFor, notification: notification)
            settingsApp.state.withLock { $0.openSettingsRequests += 1 }
            process.notificationSettings.requestOpenSettings(OpenSettingsRequest(notification: snapshot))
            forwardOpenSettings(snapshot)
        }
        switch state {
        case .notRunning:
            coldLaunch(launchOptions: nil, notification: nil, sceneResponse: nil, whileInactive: deliver)
        case .background, .suspended:
            enterForeground()
            deliver()
            becomeActive()
        case .launching, .inactive, .active:
            deliver()
            if state != .active { becomeActive() }
        }
    }

    // MARK: Internals

    /// The channel of a new process: it starts from the reading the previous process saved, records each
    /// change in the timeline and saves it (the app's `UserDefaults`).
    func makeNotificationSettings() -> NotificationSettingsChannel {
        let saved = settingsApp.state.withLock { $0.saved }
        return NotificationSettingsChannel(lastKnown: saved)
    }

    /// Records and saves each change `channel` posts (kept by the process).
    func observeNotificationSettings(_ channel: NotificationSettingsChannel) -> PushCancellable {
        channel.subscribe { [weak self] change in
            guard let self else { return }
            self.settingsApp.state.withLock {
                $0.changes.append(change)
                $0.saved = change.current
            }
            self.record(.settingsChanged(change))
        }
    }

    /// The glue's foreground observer: a process whose app registered re-reads the settings on return.
    func refreshNotificationSettingsOnForeground() {
        let process = self.process
        guard settingsApp.state.withLock({ $0.observing.contains(process.number) }) else { return }
        note("app: willEnterForeground → getNotificationSettings")
        readSettings(into: process.notificationSettings)
    }

    /// One reading handed to `channel` (what `refreshSettings()` does), recorded when it is a change.
    @discardableResult
    func readSettings(into channel: NotificationSettingsChannel) -> NotificationSettingsSnapshot {
        let settings = channel.annotated(currentNotificationSettings)
        channel.update(settings)
        return settings
    }

    func defaultSettings(
        _ authorization: Authorization, requested: AuthorizationOptions, entitled: Bool? = nil
    ) -> NotificationSettingsSnapshot {
        let status = NotificationSettingsSnapshot.AuthorizationStatus(authorization)
        guard generation.usesNotificationCenterDelegate else {
            // iOS 9: UIUserNotificationSettings has types only.
            let on: NotificationSettingsSnapshot.Setting = authorization == .authorized ? .enabled : .disabled
            return NotificationSettingsSnapshot(
                status: status, alert: on, sound: on, badge: on, alertStyle: on == .enabled ? .banner : .none)
        }
        let entitled = entitled ?? settingsApp.state.withLock { $0.criticalAlertEntitlement }
        let full = authorization == .authorized || authorization == .ephemeral
        let on: NotificationSettingsSnapshot.Setting = full ? .enabled : .disabled
        let critical: NotificationSettingsSnapshot.Setting =
            !entitled ? .notSupported : (full && requested.contains(.criticalAlert) ? .enabled : .disabled)
        return NotificationSettingsSnapshot(
            status: status, alert: on, sound: on, badge: on, lockScreen: on,
            notificationCenter: authorization.allowsDelivery ? .enabled : .disabled, carPlay: .notSupported,
            criticalAlert: critical, timeSensitive: .notSupported, scheduledDelivery: .disabled,
            directMessages: .notSupported, announcement: .notSupported, alertStyle: full ? .banner : .none,
            showPreviews: .always,
            providesAppNotificationSettings: requested.contains(.providesAppNotificationSettings))
    }

    /// The user's edits of `edited` (relative to `from`) applied over `derived`.
    static func merge(
        edited: NotificationSettingsSnapshot, from: NotificationSettingsSnapshot,
        into derived: NotificationSettingsSnapshot
    ) -> NotificationSettingsSnapshot {
        var result = derived
        for field in edited.changedFields(since: from) where field != .status {
            switch field {
            case .alert: result.alert = edited.alert
            case .sound: result.sound = edited.sound
            case .badge: result.badge = edited.badge
            case .lockScreen: result.lockScreen = edited.lockScreen
            case .notificationCenter: result.notificationCenter = edited.notificationCenter
            case .alertStyle: result.alertStyle = edited.alertStyle
            case .showPreviews: result.showPreviews = edited.showPreviews
            default: break
            }
        }
        return result
    }

    /// What iOS does with an authorization request (SimulatedAuthorizer).
    func answerAuthorizationRequest(_ options: AuthorizationOptions) -> Bool {
        let legacy = !generation.usesNotificationCenterDelegate
        note(
            legacy
                ? "app: registerUserNotificationSettings(\(Self.describe(options.intersection(.standard))))"
                : "app: requestAuthorization(options: \(Self.describe(options)))")
        let (current, answer, wasShown) = (
            authorization, promptAnswer, settingsApp.state.withLock { $0.wasPromptShown }
        )
        settingsApp.state.withLock { $0.requested.formUnion(options) }
        var next = current
        if current == .notDetermined, options.contains(.provisional), !legacy {
            next = .provisional
            note("provisional authorization: granted without a prompt (quiet delivery)")
        } else if current == .notDetermined || (current == .provisional && !wasShown) {
            settingsApp.state.withLock { $0.wasPromptShown = true }
            note("iOS shows the permission prompt; the user answers \"\(answer.title)\"")
            switch answer {
            case .allow: next = .authorized
            case .dontAllow: next = .denied
            case .provisional: next = .provisional
            }
        } else {
            note("the prompt was answered before: iOS answers with the current authorization (\(current.rawValue))")
        }
        if next != current {
            authorization = next
            settingsApp.state.withLock { $0.userSettings = nil }  // a new answer: iOS's defaults for it
        }
        if legacy { call(.didRegisterUserNotificationSettings) }
        return next == .authorized || next == .ephemeral || (next == .provisional && options.contains(.provisional))
    }

    static func describe(_ options: AuthorizationOptions) -> String {
        let names: [(AuthorizationOptions, String)] = [
            (.alert, "alert"), (.sound, "sound"), (.badge, "badge"), (.carPlay, "carPlay"),
            (.criticalAlert, "criticalAlert"), (.providesAppNotificationSettings, "providesAppNotificationSettings"),
            (.provisional, "provisional"), (.announcement, "announcement"), (.timeSensitive, "timeSensitive"),
        ]
        return "[" + names.filter { options.contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}

extension SimulatedDevice.PromptAnswer {
    var title: String {
        switch self {
        case .allow: return "Allow"
        case .dontAllow: return "Don't Allow"
        case .provisional: return "Deliver Quietly"
        }
    }
}

/// The device as `NotificationAuthorizer`: the system side of the real `NotificationAuthorizationFlow`.
struct SimulatedAuthorizer: NotificationAuthorizer {
    let device: SimulatedDevice

    func requestAuthorization(options: AuthorizationOptions) async throws -> Bool {
        if options.contains(.criticalAlert) { device.delivery.recordDiagnostics { $0.isCriticalAlertRequested = true } }
        return device.answerAuthorizationRequest(options)
    }

    func notificationSettings() async -> NotificationSettingsSnapshot {
        device.currentNotificationSettings
    }

    func setCategories(_ registry: CategoryRegistry) async {
        let categories = registry.categories
        if !categories.isEmpty || device.generation.usesNotificationCenterDelegate {
            device.note(
                device.generation.usesNotificationCenterDelegate
                    ? "app: setNotificationCategories(\(categories.count))"
                    : "app: categories registered with the user notification settings (\(categories.count))")
        }
        if !categories.isEmpty { device.categories = registry }
    }

    func registerForRemoteNotifications() async {
        device.note("app: registerForRemoteNotifications()")
        device.registerForRemoteNotifications(deviceToken: device.apnsDeviceToken)
    }
}

extension NotificationSettingsSnapshot.AuthorizationStatus {
    init(_ authorization: SimulatedDevice.Authorization) {
        switch authorization {
        case .notDetermined: self = .notDetermined
        case .denied: self = .denied
        case .authorized: self = .authorized
        case .provisional: self = .provisional
        case .ephemeral: self = .ephemeral
        }
    }
}

extension SimulatedDevice.Authorization {
    init?(_ status: NotificationSettingsSnapshot.AuthorizationStatus) {
        self.init(rawValue: status.rawValue)
    }
}

extension SimulatedDevice.Callback {
    /// `application(_:didRegister:)` with the `UIUserNotificationSettings` the user allowed (iOS 8–10).
    public static let didRegisterUserNotificationSettings = SimulatedDevice.Callback(
        rawValue: "application(_:didRegister:)")
    /// `userNotificationCenter(_:openSettingsFor:)` (iOS 12+).
    public static let openSettingsFor = SimulatedDevice.Callback(
        rawValue: "userNotificationCenter(_:openSettingsFor:)")
    /// `scene(_:openURLContexts:)` (iOS 13+): a custom-scheme URL.
    public static let sceneOpenURLContexts = SimulatedDevice.Callback(rawValue: "scene(_:openURLContexts:)")
    /// `scene(_:continue:)` (iOS 13+): a universal link.
    public static let sceneContinueUserActivity = SimulatedDevice.Callback(rawValue: "scene(_:continue:)")
    /// `application(_:open:options:)` (iOS 9+, apps without scenes): a custom-scheme URL.
    public static let openURL = SimulatedDevice.Callback(rawValue: "application(_:open:options:)")
    /// `application(_:continue:restorationHandler:)` (iOS 8+, apps without scenes): a universal link.
    public static let continueUserActivity = SimulatedDevice.Callback(
        rawValue: "application(_:continue:restorationHandler:)")
}

extension SimulatedDevice {
    /// The short names of the settings and link callbacks (SimulatedDevice+Authorization.swift, +Links.swift).
    static let settingsAndLinkCallbacks: [(shortName: String, callback: Callback)] = [
        ("didRegisterUserNotificationSettings", .didRegisterUserNotificationSettings),
        ("openSettingsFor", .openSettingsFor), ("sceneOpenURLContexts", .sceneOpenURLContexts),
        ("sceneContinueUserActivity", .sceneContinueUserActivity), ("openURL", .openURL),
        ("continueUserActivity", .continueUserActivity),
    ]
}
