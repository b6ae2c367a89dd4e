package import PushBusCore

/// What the adapters know about how the app wired them up, and the misconfigurations that follow from it.
///
/// The adapters and the Apple glue record the facts; `findings` turns them into sentences
/// (`PushBusApp.diagnose()` in PushBusApple prints them).
public struct DeliveryDiagnostics: Sendable, Hashable {
    /// Whether notifications may be shown, as the system last reported it.
    public enum Authorization: String, Sendable, Hashable, CaseIterable {
        case notDetermined, denied, authorized, provisional, ephemeral
    }

    /// A Boolean value indicating whether launch is over (the app became active, or the first response arrived).
    /// A copy of the delivery's own launch state, filled in when the facts are read; nothing else sets it.
    package internal(set) var isLaunchOver = false
    /// A Boolean value indicating whether a notification-center delegate forwarding to the adapters was installed.
    package var isNotificationDelegateInstalled = false
    /// A Boolean value indicating whether the delegate was installed before launch ended (cold-start taps need it).
    package var wasDelegateInstalledDuringLaunch = false
    /// A Boolean value indicating whether someone replaced the adapters' delegate after it was installed.
    package var isDelegateReplaced = false
    /// A Boolean value indicating whether a device token reached an adapter.
    package var isDeviceTokenForwarded = false
    /// A Boolean value indicating whether a registration failure reached an adapter.
    package var didRegistrationFail = false
    /// A Boolean value indicating whether notification categories were registered.
    package var areCategoriesRegistered = false
    /// The authorization status, if known.
    public var authorization: Authorization?
    /// Why the delivery ledger could not be written the last time it failed (deliveries went on).
    package var ledgerFailure: String?
    /// The categories of the notifications the app scheduled or received (the first
    /// ``maximumCategoriesInUse``: payloads cannot grow it without bound).
    package var categoriesInUse: Set<String> = []
    /// How many categories in use the delivery remembers.
    package static let maximumCategoriesInUse = 64
    /// The categories the app registered (``PushDelivery/categories``).
    package var registeredCategoryIdentifiers: Set<String> = []
    /// The categories a Notification Content Extension declares (`UNNotificationExtensionCategory`, see
    /// ``PushDelivery/contentExtensionCategories``).
    package var contentExtensionCategoryIdentifiers: Set<String> = []

    /// The build's Info.plist and entitlements, when the app or `pushbus check-app` gave them.
    package var appConfiguration: AppConfiguration?
    /// The interruption levels of the notifications the app scheduled or received.
    package var interruptionLevelsInUse: Set<InterruptionLevel> = []
    /// A Boolean value indicating whether a silent push (`content-available` without alert, sound or badge)
    /// reached the app, or is one it says it sends.
    package var isSilentPushUsed = false
    /// A Boolean value indicating whether authorization was requested with `.criticalAlert`.
    package var isCriticalAlertRequested = false
    /// The APNs environment the app reports to its server with its token (`development` or `production`).
    package var reportedAPNsEnvironment: String?
    /// A Boolean value indicating whether the scene's connection options reached PushBus
    /// (`UserNotificationAdapter.sceneWillConnect(notificationResponse:)`) in this launch.
    package var isSceneConnectionForwarded = false
    /// The App Groups of the app's Notification Service Extension, when known.
    package var serviceExtensionAppGroups: Set<String>?

    package init() {}

    /// A misconfiguration, in words.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// A stable code, for example `"delegate.missing"`.
        public var code: String
        /// What is wrong (and, in older findings, how to fix it).
        public var message: String
        /// How to fix it; empty when the message says it.
        public var fix: String

        package init(code: String, message: String, fix: String = "") {
            self.code = code
            self.message = message
            self.fix = fix
        }

        public var description: String { fix.isEmpty ? message : message + " Fix: " + fix }
    }

    /// The categories in use that neither a registered category nor a content extension declares, sorted.
    package var undeclaredCategories: [String] {
        categoriesInUse.subtracting(registeredCategoryIdentifiers).subtracting(contentExtensionCategoryIdentifiers)
            .sorted()
    }

    /// What is misconfigured, in words; empty when everything looks right.
    public var findings: [Finding] {
        var findings: [Finding] = []
        if !isNotificationDelegateInstalled {
            if isLaunchOver {
                findings.append(
                    Finding(
                        code: "delegate.missing",
                        message: "No notification-center delegate was installed by the end of launch: taps that "
                            + "launch the app and foreground notifications will not reach PushBus. Install it in "
                            + "application(_:didFinishLaunchingWithOptions:)."))
            }
        } else if !wasDelegateInstalledDuringLaunch {
            findings.append(
                Finding(
                    code: "delegate.late",
                    message: "The notification-center delegate was installed after launch ended: the tap that "
                        + "launched the app may have been lost. Install it before didFinishLaunching returns."))
        }
        if isDelegateReplaced {
            findings.append(
                Finding(
                    code: "delegate.replaced",
                    message: "Someone replaced PushBus's notification-center delegate after it was installed "
                        + "(another SDK?). Install PushBus after the other SDK: it keeps and forwards to the "
                        + "previous delegate."))
        }
        if !isDeviceTokenForwarded {
            findings.append(
                Finding(
                    code: "token.missing",
                    message: didRegistrationFail
                        ? "Registering for remote notifications failed; no device token was received."
                        : "No device token was forwarded: call didRegisterForRemoteNotifications(deviceToken:) "
                            + "from application(_:didRegisterForRemoteNotificationsWithDeviceToken:)."))
        }
        if !areCategoriesRegistered {
            findings.append(
                Finding(
                    code: "categories.missing",
                    message: "No notification categories were registered: action buttons and text input will "
                        + "not appear, and custom dismiss actions are never reported."))
        }
        if let ledgerFailure {
            findings.append(
                Finding(
                    code: "ledger.unwritable",
                    message: "The delivery ledger could not be written (\(ledgerFailure)): deliveries go on, but "
                        + "opens may be counted again after a relaunch. Check the app-group directory."))
        }
        for category in undeclaredCategories {
            findings.append(
                Finding(
                    code: "category.undeclared",
                    message: "Notifications use the category \"\(category)\", which no registered category and no "
                        + "content extension's UNNotificationExtensionCategory declares: its actions and custom UI "
                        + "never appear. Check the spelling in the app, the payload and the extension's Info.plist."))
        }
        switch authorization {
        case .denied?:
            findings.append(
                Finding(
                    code: "authorization.denied",
                    message: "The user denied notifications: alerts, sounds and badges are not shown (silent "
                        + "pushes still arrive)."))
        case .notDetermined?:
            findings.append(
                Finding(
                    code: "authorization.notDetermined",
                    message: "Notification authorization was never requested."))
        default: break
        }
        return findings + preflightFindings
    }
}
