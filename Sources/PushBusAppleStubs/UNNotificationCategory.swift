#if PUSHBUS_APPLE_STUBS
import Foundation

/// Stub of `UNNotificationCategoryOptions`.
public struct UNNotificationCategoryOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
    /// iOS 11.
    public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)
    /// iOS 11.
    public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)
}

/// Stub of `UNNotificationActionOptions`.
public struct UNNotificationActionOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

/// Stub of `UNNotificationActionIcon` (iOS 15).
open class UNNotificationActionIcon: NSObject {
    /// Stub-only: `"system:<name>"` or `"template:<name>"`.
    public let stubbedDescription: String

    public init(systemImageName: String) {
        stubbedDescription = "system:" + systemImageName
        super.init()
    }

    public init(templateImageName: String) {
        stubbedDescription = "template:" + templateImageName
        super.init()
    }
}

/// Stub of `UNNotificationAction` (iOS 10).
open class UNNotificationAction: NSObject {
    open var identifier: String { _identifier }
    open var title: String { _title }
    open var options: UNNotificationActionOptions { _options }
    /// iOS 15.
    open var icon: UNNotificationActionIcon? { _icon }
    private let _identifier: String
    private let _title: String
    private let _options: UNNotificationActionOptions
    private let _icon: UNNotificationActionIcon?

    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.init(identifier: identifier, title: title, options: options, icon: nil)
    }

    /// iOS 15.
    public init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?
    ) {
        _identifier = identifier
        _title = title
        _options = options
        _icon = icon
        super.init()
    }
}

/// Stub of `UNTextInputNotificationAction` (iOS 10).
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
            identifier: identifier, title: title, options: options, icon: nil,
            textInputButtonTitle: textInputButtonTitle,
            textInputPlaceholder: textInputPlaceholder)
    }

    /// iOS 15.
    public init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?,
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        _buttonTitle = textInputButtonTitle
        _placeholder = textInputPlaceholder
        super.init(identifier: identifier, title: title, options: options, icon: icon)
    }
}

/// Stub of `UNNotificationCategory` (iOS 10). Hashable by identity, as `NSObject`s are.
open class UNNotificationCategory: NSObject {
    open var identifier: String { _identifier }
    open var actions: [UNNotificationAction] { _actions }
    open var intentIdentifiers: [String] { _intentIdentifiers }
    open var options: UNNotificationCategoryOptions { _options }
    /// iOS 11.
    open var hiddenPreviewsBodyPlaceholder: String { _placeholder ?? "" }
    /// iOS 12.
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
            identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: nil, categorySummaryFormat: nil, options: options)
    }

    /// iOS 11.
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder, categorySummaryFormat: nil, options: options)
    }

    /// iOS 12.
    public init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?,
        options: UNNotificationCategoryOptions = []
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
