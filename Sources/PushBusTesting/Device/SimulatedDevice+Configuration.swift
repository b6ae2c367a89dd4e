public import Foundation
public import PushBusCategories
public import PushBusCore
public import PushBusDelivery

extension SimulatedDevice {
    /// The app's process state, as iOS moves it: finer than `PushAppState`, which is what the callbacks report.
    public enum LifecycleState: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
        /// No process: never launched, terminated by the system or force-quit by the user.
        case notRunning
        /// Inside `application(_:didFinishLaunchingWithOptions:)`.
        case launching
        /// In the foreground, not receiving events (launch finishing, coming back from the background).
        case inactive
        /// In the foreground and receiving events.
        case active
        /// In the background and running code (woken for a push, or just left the foreground).
        case background
        /// In memory, running no code; a silent push wakes it to ``background``.
        case suspended

        /// What `UIApplication.applicationState` reports to the callbacks in this state.
        public var appState: PushAppState {
            switch self {
            case .notRunning: return .notRunning
            case .launching, .inactive: return .inactive
            case .active: return .active
            case .background, .suspended: return .background
            }
        }

        /// A Boolean value indicating whether the app is on screen (``active`` or ``inactive``).
        public var isForeground: Bool { self == .active || self == .inactive }

        public var description: String {
            switch self {
            case .notRunning: return "not running"
            default: return rawValue
            }
        }
    }

    /// The generation of notification APIs the simulated app runs with: which callbacks iOS calls.
    public struct Generation: Sendable, Hashable, CustomStringConvertible {
        enum Storage: String, Sendable, Hashable {
            case legacy, notificationCenter, scenes
        }

        let storage: Storage

        /// iOS 9 and earlier: only `UIApplicationDelegate`; taps arrive as `inactive` receive callbacks,
        /// actions through `handleActionWithIdentifier`, nothing is shown while the app is in the foreground.
        public static let legacy = Generation(storage: .legacy)
        /// iOS 10–12: a `UNUserNotificationCenterDelegate` (`willPresent`, `didReceive`) beside the app delegate.
        public static let notificationCenter = Generation(storage: .notificationCenter)
        /// iOS 13+: as ``notificationCenter``, with a scene delegate (`scene(_:willConnectTo:options:)` carries
        /// the launching tap; `sceneDidBecomeActive(_:)` ends launch).
        public static let scenes = Generation(storage: .scenes)

        /// A Boolean value indicating whether a `UNUserNotificationCenter` delegate receives taps and
        /// foreground arrivals (iOS 10+).
        public var usesNotificationCenterDelegate: Bool { storage != .legacy }
        /// A Boolean value indicating whether the app uses scenes (iOS 13+).
        public var usesScenes: Bool { storage == .scenes }
        /// The adapter mode matching this generation.
        public var adapterMode: AppDelegateAdapter.Mode { storage == .legacy ? .legacy : .userNotifications }

        public var description: String {
            switch storage {
            case .legacy: return "iOS 9 (legacy app delegate)"
            case .notificationCenter: return "iOS 10-12 (notification-center delegate)"
            case .scenes: return "iOS 13+ (notification-center delegate, scenes)"
            }
        }
    }

    /// What the user allowed in Settings (`UNAuthorizationStatus`).
    public enum Authorization: String, Sendable, Hashable, CaseIterable, Codable {
        /// Never asked: nothing is shown (silent pushes still reach the app).
        case notDetermined
        /// Refused: nothing is shown (silent pushes still reach the app).
        case denied
        /// Allowed: banners, sounds, badges, Notification Center.
        case authorized
        /// Provisional (iOS 12+): delivered quietly to Notification Center, no banner or sound.
        case provisional
        /// Ephemeral (iOS 14+, App Clips): time-limited authorization without a prompt; shown like authorized.
        case ephemeral

        /// A Boolean value indicating whether a notification with an alert reaches Notification Center.
        public var allowsDelivery: Bool { self == .authorized || self == .provisional || self == .ephemeral }
    }

    /// What the app declared in its Info.plist and entitlements.
    public struct Capabilities: OptionSet, Sendable, Hashable {
        public let rawValue: UInt

        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The *Remote notifications* background mode (`UIBackgroundModes` = `remote-notification`): silent
        /// pushes wake or launch the app in the background.
        public static let remoteNotificationsBackgroundMode = Capabilities(rawValue: 1 << 0)
    }

    /// How the simulated device and app are set up.
    public struct Configuration: Sendable {
        /// The iOS generation to imitate. Default ``Generation/scenes``.
        public var generation: Generation
        /// What the user allowed. Default `Authorization/authorized`.
        public var authorization: Authorization
        /// The app's background modes. Default: the remote-notifications background mode.
        public var capabilities: Capabilities
        /// The categories the app registered (action buttons, text input, custom dismiss).
        public var categories: CategoryRegistry
        /// The directory of the app's durable `DeliveryLedger` (on a phone, the app-group container): every
        /// process opens it again, so what one process recorded (an open, a route) is known to the next.
        /// `nil` (default): each process has an in-memory ledger, forgotten when it ends.
        public var ledgerDirectory: URL?

        /// Creates a setup; by default an iOS 13+ app with scenes, authorized, with the remote-notifications background
        /// mode, no categories and an in-memory ledger.
        public init(
            generation: Generation = .scenes, authorization: Authorization = .authorized,
            capabilities: Capabilities = [.remoteNotificationsBackgroundMode], categories: CategoryRegistry = .empty,
            ledgerDirectory: URL? = nil
        ) {
            self.generation = generation
            self.authorization = authorization
            self.capabilities = capabilities
            self.categories = categories
            self.ledgerDirectory = ledgerDirectory
        }
    }
}
