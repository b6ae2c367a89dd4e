// Linux-only stand-ins for UIKit's iOS 8–10 notification settings, actions and categories. Every one is deprecated
// since iOS 10 [R §6] (marked `@available(*, deprecated, …)`, see UIApplication.swift for why); the classes are
// `@MainActor` (`NS_SWIFT_UI_ACTOR`) [R §6: H, A]; the option sets and enums are imported `@unchecked Sendable`
// values, and the option set is not `Hashable` (imported `NS_OPTIONS` are not). All of it is unavailable on tvOS and
// visionOS, and available (deprecated) on Mac Catalyst [H: UIKit/UIUserNotificationSettings.h:22-58, iOS 17.4 SDK].
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of `UIUserNotificationType` (iOS 8–10).
@available(*, deprecated, message: "Deprecated in iOS 10.0: use UserNotifications")
@available(tvOS, unavailable)
@available(visionOS, unavailable)
public struct UIUserNotificationType: OptionSet, @unchecked Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UIUserNotificationType(rawValue: 1 << 0)
    public static let sound = UIUserNotificationType(rawValue: 1 << 1)
    public static let alert = UIUserNotificationType(rawValue: 1 << 2)
}

/// Stub of `UIUserNotificationActionContext` (iOS 8–10).
@available(*, deprecated, message: "Deprecated in iOS 10.0: use UserNotifications")
@available(tvOS, unavailable)
@available(visionOS, unavailable)
public enum UIUserNotificationActionContext: UInt, @unchecked Sendable {
    case `default` = 0
    case minimal = 1
}

/// Stub of `UIUserNotificationActivationMode` (iOS 8–10).
@available(*, deprecated, message: "Deprecated in iOS 10.0: use UserNotifications")
@available(tvOS, unavailable)
@available(visionOS, unavailable)
public enum UIUserNotificationActivationMode: UInt, @unchecked Sendable {
    case foreground = 0
    case background = 1
}

/// Stub of `UIUserNotificationActionBehavior` (iOS 9–10).
@available(*, deprecated, message: "Deprecated in iOS 10.0: use UserNotifications")
@available(tvOS, unavailable)
@available(visionOS, unavailable)
public enum UIUserNotificationActionBehavior: UInt, @unchecked Sendable {
    case `default` = 0
    case textInput = 1
}

/// Stub of `UIUserNotificationAction` (iOS 8–10, `@MainActor`).
@available(*, deprecated, message: "Deprecated in iOS 10.0: use UserNotifications")
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@MainActor open class UIUserNotificationAction: NSObject {
    open var identifier: String? { _identifier }
    open var title: String? { _title }
    open var activationMode: UIUserNotificationActivationMode { _activationMode }
    open var isAuthenticationRequired: Bool { _isAuthenticationRequired }
    open var isDestructive: Bool { _isDestructive }
    open var behavior: UIUserNotificationActionBehavior { _behavior }
    open var parameters: [AnyHashable: Any] { _parameters }
    var _identifier: String?
    var _title: String?
    var _activationMode: UIUserNotificationActivationMode = .background
    var _isAuthenticationRequired = false
    var _isDestructive = false
    var _behavior: UIUserNotificationActionBehavior = .default
    var _parameters: [AnyHashable: Any] = [:]

    public override init() { super.init() }
}

/// Stub of `UIMutableUserNotificationAction` (iOS 8–10).
@available(*, deprecated, message: "Deprecated in iOS 10.0: use UserNotifications")
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@MainActor open class UIMutableUserNotificationAction: UIUserNotificationAction {
    open override var identifier: String? {
        get { _identifier }
        set { _identifier = newValue }
    }
    open override var title: String? {
        get { _title }
        set { _title = newValue }
    }
    open override var activationMode: UIUserNotificationActivationMode {
        get { _activationMode }
        set { _activationMode = newValue }
    }
    open override var isAuthenticationRequired: Bool {
        get { _isAuthenticationRequired }
        set { _isAuthenticationRequired = newValue }
    }
    open override var isDestructive: Bool {
        get { _isDestructive }
        set { _isDestructive = newValue }
    }
    open override var behavior: UIUserNotificationActionBehavior {
        get { _behavior }
        set { _behavior = newValue }
    }
    open override var parameters: [AnyHashable: Any] {
        get { _parameters }
        set { _parameters = newValue }
    }
}

/// Stub of `UIUserNotificationCategory` (iOS 8–10, `@MainActor`).
@available(*, deprecated, message: "Deprecated in iOS 10.0: use UserNotifications")
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@MainActor open class UIUserNotificationCategory: NSObject {
    open var identifier: String? { _identifier }
    var _identifier: String?
    var _actions: [UIUserNotificationActionContext: [UIUserNotificationAction]] = [:]

    public override init() { super.init() }

    open func actions(for context: UIUserNotificationActionContext) -> [UIUserNotificationAction]? {
        _actions[context]
    }
}

/// Stub of `UIMutableUserNotificationCategory` (iOS 8–10).
@available(*, deprecated, message: "Deprecated in iOS 10.0: use UserNotifications")
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@MainActor open class UIMutableUserNotificationCategory: UIUserNotificationCategory {
    open override var identifier: String? {
        get { _identifier }
        set { _identifier = newValue }
    }

    open func setActions(_ actions: [UIUserNotificationAction]?, for context: UIUserNotificationActionContext) {
        _actions[context] = actions
    }
}

/// Stub of `UIUserNotificationSettings` (iOS 8–10, `@MainActor`).
@available(*, deprecated, message: "Deprecated in iOS 10.0: use UserNotifications")
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@MainActor open class UIUserNotificationSettings: NSObject {
    open var types: UIUserNotificationType { _types }
    open var categories: Set<UIUserNotificationCategory>? { _categories }
    private let _types: UIUserNotificationType
    private let _categories: Set<UIUserNotificationCategory>?

    /// `convenience`, as Apple's.
    public convenience init(types: UIUserNotificationType, categories: Set<UIUserNotificationCategory>?) {
        self.init(stubbedTypes: types, categories: categories)
    }

    /// Stub-only: the designated initializer.
    init(stubbedTypes types: UIUserNotificationType, categories: Set<UIUserNotificationCategory>?) {
        _types = types
        _categories = categories
        super.init()
    }
}
#endif
