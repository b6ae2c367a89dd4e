/// An action button shown with a notification: a plain button or a text input, with options and an icon.
///
/// One value serves both iOS worlds: the Apple glue turns it into a `UNNotificationAction` /
/// `UNTextInputNotificationAction` (see `modernDescriptor`) or a legacy `UIMutableUserNotificationAction`
/// (see `legacyDescriptor`).
///
/// ```swift
/// let reply = PushAction.textInput("reply", title: "Reply", buttonTitle: "Send", placeholder: "Message…")
/// let delete = PushAction.button("delete", title: "Delete", options: [.destructive, .authenticationRequired])
///     .icon(.system("trash"))
/// ```
public struct PushAction: Sendable, Hashable {
    /// How the system treats the action. The raw values are `UNNotificationActionOptions`'.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt

        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Runs only on an unlocked device (`.authenticationRequired`).
        public static let authenticationRequired = Options(rawValue: 1 << 0)
        /// Shown in red as a destructive choice (`.destructive`).
        public static let destructive = Options(rawValue: 1 << 1)
        /// Brings the app to the foreground (`.foreground`); otherwise the app handles it in the background.
        public static let foreground = Options(rawValue: 1 << 2)
    }

    /// The image shown beside the title (iOS 15+; ignored on earlier systems and by the legacy API).
    public struct Icon: Sendable, Hashable {
        private enum Storage: Sendable, Hashable {
            case system(String)
            case template(String)
        }

        private let storage: Storage

        /// An SF Symbol (`UNNotificationActionIcon(systemImageName:)`).
        public static func system(_ name: String) -> Icon { Icon(storage: .system(name)) }
        /// An image from the app's bundle or asset catalog (`UNNotificationActionIcon(templateImageName:)`).
        public static func template(_ name: String) -> Icon { Icon(storage: .template(name)) }

        /// The SF Symbol name, for a system icon.
        package var systemImageName: String? {
            if case .system(let name) = storage { return name }
            return nil
        }

        /// The bundle image name, for a template icon.
        package var templateImageName: String? {
            if case .template(let name) = storage { return name }
            return nil
        }
    }

    /// The text field a text-input action shows.
    public struct TextInput: Sendable, Hashable {
        /// The title of the send button next to the field (`textInputButtonTitle`).
        public var buttonTitle: String
        /// The placeholder shown in the empty field (`textInputPlaceholder`).
        public var placeholder: String

        /// Creates a text field with a send button titled `buttonTitle`; an empty `placeholder` shows none.
        public init(buttonTitle: String, placeholder: String = "") {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
        }
    }

    /// The identifier iOS reports when the user chooses the action (``PushResponse/Action/custom(_:)``).
    public var identifier: String
    /// The localized button title.
    public var title: String
    /// How the system treats the action: authentication, destructive, foreground.
    public var options: Options
    /// The icon (iOS 15+); `nil` shows none.
    public var icon: Icon?
    /// The text field, for a text-input action; `nil` for a plain button.
    public var textInput: TextInput?

    /// Creates an action from all its parts; prefer ``button(_:title:options:)`` and
    /// ``textInput(_:title:options:buttonTitle:placeholder:)``.
    public init(
        identifier: String, title: String, options: Options = [], icon: Icon? = nil, textInput: TextInput? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.icon = icon
        self.textInput = textInput
    }

    /// A plain button.
    public static func button(_ identifier: String, title: String, options: Options = []) -> PushAction {
        PushAction(identifier: identifier, title: title, options: options)
    }

    /// A plain button with an icon (iOS 15+).
    public static func button(_ identifier: String, title: String, options: Options = [], icon: Icon) -> PushAction {
        PushAction(identifier: identifier, title: title, options: options, icon: icon)
    }

    /// A button that opens a text field; the typed text arrives as ``PushResponse/userText``.
    ///
    /// - Parameters:
    ///   - identifier: The action's identifier, unique in the app.
    ///   - title: The action's title.
    ///   - options: Authentication, destructive, foreground.
    ///   - buttonTitle: The send button's title. Must not be empty (`CategoryValidationError`).
    ///   - placeholder: The empty field's placeholder.
    public static func textInput(
        _ identifier: String, title: String, options: Options = [], buttonTitle: String, placeholder: String = ""
    ) -> PushAction {
        PushAction(
            identifier: identifier, title: title, options: options,
            textInput: TextInput(buttonTitle: buttonTitle, placeholder: placeholder))
    }

    /// This action with `icon` (iOS 15+).
    public func icon(_ icon: Icon?) -> PushAction {
        var copy = self
        copy.icon = icon
        return copy
    }

    /// A Boolean value indicating whether the action shows a text field.
    public var isTextInput: Bool { textInput != nil }
    /// A Boolean value indicating whether the action is shown as destructive.
    public var isDestructive: Bool { options.contains(.destructive) }
    /// A Boolean value indicating whether choosing the action brings the app to the foreground.
    public var isForeground: Bool { options.contains(.foreground) }
    /// A Boolean value indicating whether the action runs only on an unlocked device.
    public var isAuthenticationRequired: Bool { options.contains(.authenticationRequired) }
}
