public import Foundation
public import PushBusCore

extension SimulatedDevice {
    /// A callback iOS makes into the app, named by its Swift signature.
    ///
    /// ```swift
    /// #expect(
    ///     device.callbacks.names == [
    ///         .didFinishLaunching, .sceneWillConnect, .didReceiveResponse, .sceneDidBecomeActive,
    ///     ])
    /// ```
    public struct Callback: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        public var rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// The static member's name (`didFinishLaunching`), or the signature for other callbacks.
        public var shortName: String {
            SimulatedDevice.knownCallbacks.first { $0.callback == self }?.shortName ?? rawValue
        }

        /// The callback with this short name (`"didReceiveResponse"`) or signature.
        public init?(shortName: String) {
            if let known = SimulatedDevice.knownCallbacks.first(where: { $0.shortName == shortName }) {
                self = known.callback
            } else if let known = SimulatedDevice.knownCallbacks.first(where: { $0.callback.rawValue == shortName }) {
                self = known.callback
            } else {
                return nil
            }
        }

        // MARK: Launch and lifecycle

        /// `application(_:didFinishLaunchingWithOptions:)`.
        public static let didFinishLaunching = Callback(rawValue: "application(_:didFinishLaunchingWithOptions:)")
        /// `scene(_:willConnectTo:options:)` (iOS 13+).
        public static let sceneWillConnect = Callback(rawValue: "scene(_:willConnectTo:options:)")
        /// `applicationDidBecomeActive(_:)`.
        public static let didBecomeActive = Callback(rawValue: "applicationDidBecomeActive(_:)")
        /// `sceneDidBecomeActive(_:)` (iOS 13+).
        public static let sceneDidBecomeActive = Callback(rawValue: "sceneDidBecomeActive(_:)")
        /// `applicationWillResignActive(_:)`.
        public static let willResignActive = Callback(rawValue: "applicationWillResignActive(_:)")
        /// `sceneWillResignActive(_:)` (iOS 13+).
        public static let sceneWillResignActive = Callback(rawValue: "sceneWillResignActive(_:)")
        /// `applicationDidEnterBackground(_:)`.
        public static let didEnterBackground = Callback(rawValue: "applicationDidEnterBackground(_:)")
        /// `sceneDidEnterBackground(_:)` (iOS 13+).
        public static let sceneDidEnterBackground = Callback(rawValue: "sceneDidEnterBackground(_:)")
        /// `applicationWillEnterForeground(_:)`.
        public static let willEnterForeground = Callback(rawValue: "applicationWillEnterForeground(_:)")
        /// `sceneWillEnterForeground(_:)` (iOS 13+).
        public static let sceneWillEnterForeground = Callback(rawValue: "sceneWillEnterForeground(_:)")

        // MARK: Notifications

        /// `userNotificationCenter(_:willPresent:withCompletionHandler:)` (iOS 10+).
        public static let willPresent = Callback(
            rawValue: "userNotificationCenter(_:willPresent:withCompletionHandler:)")
        /// `userNotificationCenter(_:didReceive:withCompletionHandler:)` (iOS 10+).
        public static let didReceiveResponse = Callback(
            rawValue: "userNotificationCenter(_:didReceive:withCompletionHandler:)")
        /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` (iOS 7+).
        public static let didReceiveRemoteNotification = Callback(
            rawValue: "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)")
        /// `application(_:didReceive:)` with a `UILocalNotification` (iOS 4–10).
        public static let didReceiveLocalNotification = Callback(rawValue: "application(_:didReceive:)")
        /// `application(_:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:completionHandler:)`
        /// (iOS 9–10).
        public static let handleActionForRemoteNotification = Callback(
            rawValue:
                "application(_:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:completionHandler:)")
        /// `application(_:handleActionWithIdentifier:for:withResponseInfo:completionHandler:)` (iOS 9–10).
        public static let handleActionForLocalNotification = Callback(
            rawValue: "application(_:handleActionWithIdentifier:for:withResponseInfo:completionHandler:)")

        /// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
        public static let didRegisterForRemoteNotifications = Callback(
            rawValue: "application(_:didRegisterForRemoteNotificationsWithDeviceToken:)")
        /// Not an iOS callback: another push SDK handing a notification over again
        /// (`AppDelegateAdapter.didReceiveForwardedNotification`).
        public static let forwardedByOtherSDK = Callback(rawValue: "didReceiveForwardedNotification (another push SDK)")
    }

    /// Every callback the simulator makes, with its short name (the static member's name).
    public static let knownCallbacks: [(shortName: String, callback: Callback)] =
        [
            ("didFinishLaunching", .didFinishLaunching), ("sceneWillConnect", .sceneWillConnect),
            ("didBecomeActive", .didBecomeActive), ("sceneDidBecomeActive", .sceneDidBecomeActive),
            ("willResignActive", .willResignActive), ("sceneWillResignActive", .sceneWillResignActive),
            ("didEnterBackground", .didEnterBackground), ("sceneDidEnterBackground", .sceneDidEnterBackground),
            ("willEnterForeground", .willEnterForeground), ("sceneWillEnterForeground", .sceneWillEnterForeground),
            ("willPresent", .willPresent), ("didReceiveResponse", .didReceiveResponse),
            ("didReceiveRemoteNotification", .didReceiveRemoteNotification),
            ("didReceiveLocalNotification", .didReceiveLocalNotification),
            ("handleActionForRemoteNotification", .handleActionForRemoteNotification),
            ("handleActionForLocalNotification", .handleActionForLocalNotification),
            ("didRegisterForRemoteNotifications", .didRegisterForRemoteNotifications),
            ("forwardedByOtherSDK", .forwardedByOtherSDK),
        ] + settingsAndLinkCallbacks

    /// One callback the device made: which, in what state, for which notification.
    public struct CallbackRecord: Sendable, Hashable, CustomStringConvertible {
        /// The callback.
        public var callback: Callback
        /// The app's state when iOS made the call (what `applicationState` reads inside it).
        public var state: LifecycleState
        /// The identifier of the notification it concerns (``SimulatedNotification/identifier``), if any.
        public var notification: String?
        /// The identity PushBus gives that notification's payload (`PushMessage.id`): the provider's message
        /// id or a digest, the same for every path that reports it.
        public var payloadID: PushMessage.ID?
        /// When it happened, on the device's clock.
        public var date: Date

        public var description: String {
            let about = notification.map { " [\($0)]" } ?? ""
            return "\(callback) (app \(state))\(about)"
        }
    }

    /// One completion handler the device handed to the app, and what the app did with it.
    public struct CompletionRecord: Sendable, Hashable, CustomStringConvertible {
        /// The callback the handler came with.
        public var callback: Callback
        /// The notification it concerns, if any.
        public var notification: String?
        /// The value of each call, in order (`"()"` for handlers without a value).
        public var values: [String]

        /// How many times the app called it.
        public var callCount: Int { values.count }
        /// A Boolean value indicating whether it was called exactly once, as iOS requires.
        public var isCalledOnce: Bool { values.count == 1 }
        /// The value of the first call.
        public var value: String? { values.first }

        public var description: String {
            let about = notification.map { " [\($0)]" } ?? ""
            let calls =
                values.isEmpty ? "never called" : "called \(values.count)× with \(values.joined(separator: ", "))"
            return "completion of \(callback)\(about): \(calls)"
        }
    }
}
