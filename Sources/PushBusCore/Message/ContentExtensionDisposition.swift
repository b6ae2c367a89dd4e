/// What a Notification Content Extension told iOS when it answered a response (`ContentExtensionAnswer`); read
/// from ``PushResponse/contentExtensionDisposition``. Extensible: compare with the static members.
public struct ContentExtensionDisposition: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    /// Creates a disposition from its stored name.
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// `UNNotificationContentExtensionResponseOption.doNotDismiss`: the extension handled the action and
    /// stays on screen.
    public static let doNotDismiss = Self(rawValue: "doNotDismiss")
    /// `UNNotificationContentExtensionResponseOption.dismiss`: the extension handled the action; iOS closes it.
    public static let dismiss = Self(rawValue: "dismiss")
    /// `UNNotificationContentExtensionResponseOption.dismissAndForwardAction`: iOS closes the extension and
    /// also calls the app's `didReceive` with the same response.
    public static let dismissAndForwardAction = Self(rawValue: "dismissAndForwardAction")
    /// `NSExtensionContext.performNotificationDefaultAction()` from the extension's own controls: iOS opens
    /// the app with the default action.
    public static let performDefaultAction = Self(rawValue: "performDefaultAction")
    /// `NSExtensionContext.dismissNotificationContentExtension()` from the extension's own controls (a
    /// confirm button in the extension).
    public static let dismissExtension = Self(rawValue: "dismissExtension")

    /// A Boolean value indicating whether iOS also reports the response to the app's `didReceive`.
    public var isForwardedToApp: Bool { self == .dismissAndForwardAction || self == .performDefaultAction }
}
