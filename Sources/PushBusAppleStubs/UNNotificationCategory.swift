// Linux-only stand-ins for UserNotifications' categories and actions (none on tvOS) [R §5: A, H]. Not isolated,
// and declared non-`Sendable` (the stricter model; see UNNotification.swift).
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of `UNNotificationCategoryOptions`: not tvOS [H: UNNotificationCategory.h:31]. Imported `NS_OPTIONS`:
/// `@unchecked Sendable`, not `Hashable`.
@available(tvOS, unavailable)
public struct UNNotificationCategoryOptions: OptionSet, @unchecked Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    /// Not macOS [H: UNNotificationCategory.h, iOS 15-era SDK].
    @available(macOS, unavailable)
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
    /// iOS 11, macOS 10.14; not watchOS or tvOS [H: UNNotificationCategory.h, iOS 15-era SDK].
    @available(iOS 11.0, macOS 10.14, *)
    @available(watchOS, unavailable)
    public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)
    /// iOS 11, macOS 10.14; not watchOS or tvOS [H: UNNotificationCategory.h, iOS 15-era SDK].
    @available(iOS 11.0, macOS 10.14, *)
    @available(watchOS, unavailable)
    public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)
}

/// Stub of `UNNotificationActionOptions`: not tvOS [H: UNNotificationAction.h:24]. Imported `NS_OPTIONS`:
/// `@unchecked Sendable`, not `Hashable`.
@available(tvOS, unavailable)
public struct UNNotificationActionOptions: OptionSet, @unchecked Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

/// Stub of `UNNotificationActionIcon` (iOS 15, macOS 12, tvOS 15, watchOS 8) [H: UNNotificationActionIcon.h:12];
/// Apple's `init` is unavailable and both public initializers are `convenience`.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
open class UNNotificationActionIcon: NSObject {
    /// Stub-only: `"system:<name>"` or `"template:<name>"`.
    public let stubbedDescription: String

    /// Stub-only: the designated initializer.
    init(stubbedDescription: String) {
        self.stubbedDescription = stubbedDescription
        super.init()
    }

    public convenience init(systemImageName: String) { self.init(stubbedDescription: "system:" + systemImageName) }

    public convenience init(templateImageName: String) {
        self.init(stubbedDescription: "template:" + templateImageName)
    }
}

/// Stub of `UNNotificationAction` (iOS 10; not tvOS) [R §5].
@available(tvOS, unavailable)
open class UNNotificationAction: NSObject {
    open var identifier: String { _identifier }
    open var title: String { _title }
    open var options: UNNotificationActionOptions { _options }
    /// iOS 15 [R §5].
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
    open var icon: UNNotificationActionIcon? { _icon as? UNNotificationActionIcon }
    private let _identifier: String
    private let _title: String
    private let _options: UNNotificationActionOptions
    private let _icon: NSObject?

    /// `convenience`, as Apple's (subclasses cannot call it through `super`).
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.init(stubIdentifier: identifier, title: title, options: options, icon: nil)
    }

    /// iOS 15 [R §5]. `convenience`, as Apple's.
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?
    ) {
        self.init(stubIdentifier: identifier, title: title, options: options, icon: icon)
    }

    /// Stub-only: the designated initializer the convenience ones share (Apple's is not public).
    init(stubIdentifier identifier: String, title: String, options: UNNotificationActionOptions, icon: NSObject?) {
        _identifier = identifier
        _title = title
        _options = options
        _icon = icon
        super.init()
    }
}

/// Stub of `UNTextInputNotificationAction` (iOS 10; not tvOS) [R §5].
@available(tvOS, unavailable)
open class UNTextInputNotificationAction: UNNotificationAction {
    open var textInputButtonTitle: String { _buttonTitle }
    open var textInputPlaceholder: String { _placeholder }
    private let _buttonTitle: String
    private let _placeholder: String

    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], textInputButtonTitle: String,
        textInputPlaceholder: String
    ) {
        self.init(
            stubIdentifier: identifier, title: title, options: options, icon: nil,
            textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder)
    }

    /// iOS 15 [R §5]. `convenience`, as Apple's.
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?,
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        self.init(
            stubIdentifier: identifier, title: title, options: options, icon: icon,
            textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder)
    }

    /// Stub-only: the designated initializer the convenience ones share.
    init(
        stubIdentifier identifier: String, title: String, options: UNNotificationActionOptions, icon: NSObject?,
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        _buttonTitle = textInputButtonTitle
        _placeholder = textInputPlaceholder
        super.init(stubIdentifier: identifier, title: title, options: options, icon: icon)
    }
}

/// Stub of `UNNotificationCategory` (iOS 10, macOS 10.14, watchOS 3; not tvOS) [R §5] [H: UNNotificationCategory.h, iOS 15-era SDK]. Not `Sendable` in that
/// header (no `NS_SWIFT_SENDABLE`). Hashable by identity, as `NSObject`s are.
@available(tvOS, unavailable)
open class UNNotificationCategory: NSObject {
    open var identifier: String { _identifier }
    open var actions: [UNNotificationAction] { _actions }
    open var intentIdentifiers: [String] { _intentIdentifiers }
    open var options: UNNotificationCategoryOptions { _options }
    /// iOS 11; not watchOS [H: UNNotificationCategory.h, iOS 15-era SDK].
    @available(iOS 11.0, *)
    @available(watchOS, unavailable)
    open var hiddenPreviewsBodyPlaceholder: String { _placeholder ?? "" }
    /// iOS 12; not watchOS; not deprecated [H: UNNotificationCategory.h, iOS 15-era SDK].
    @available(iOS 12.0, *)
    @available(watchOS, unavailable)
    open var categorySummaryFormat: String { _summaryFormat ?? "" }
    private let _identifier: String
    private let _actions: [UNNotificationAction]
    private let _intentIdentifiers: [String]
    private let _options: UNNotificationCategoryOptions
    private let _placeholder: String?
    private let _summaryFormat: String?

    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            stubIdentifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: nil, categorySummaryFormat: nil, options: options)
    }

    /// iOS 11; not watchOS [H: UNNotificationCategory.h, iOS 15-era SDK].
    @available(iOS 11.0, *)
    @available(watchOS, unavailable)
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            stubIdentifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder, categorySummaryFormat: nil, options: options)
    }

    /// iOS 12; not watchOS [H: UNNotificationCategory.h, iOS 15-era SDK]. All three initializers are `convenience`, as Apple's.
    @available(iOS 12.0, *)
    @available(watchOS, unavailable)
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?,
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            stubIdentifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder,
            categorySummaryFormat: categorySummaryFormat, options: options)
    }

    /// Stub-only: the designated initializer the convenience ones share.
    init(
        stubIdentifier identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?, options: UNNotificationCategoryOptions
    ) {
        _identifier = identifier
        _actions = actions
        _intentIdentifiers = intentIdentifiers
        _options = options
        _placeholder = hiddenPreviewsBodyPlaceholder
        _summaryFormat = categorySummaryFormat
        super.init()
    }
}
#endif
