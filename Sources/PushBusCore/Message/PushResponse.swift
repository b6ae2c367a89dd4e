/// What the user did with a notification: opened it, dismissed it, or chose an action (maybe typing text).
public struct PushResponse: Sendable, Hashable {
    /// The user's choice.
    public enum Action: Sendable, Hashable, CustomStringConvertible {
        /// Opened the app from the notification (`UNNotificationDefaultActionIdentifier`, or a nil legacy identifier).
        case open
        /// Dismissed it explicitly (`UNNotificationDismissActionIdentifier`; sent only for categories with
        /// `customDismissAction`).
        case dismiss
        /// Chose the action with this identifier.
        case custom(String)

        /// Apple's default action identifier.
        public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
        /// Apple's dismiss action identifier.
        public static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

        /// Maps an action identifier as iOS reports it; `nil` (legacy callbacks) means the default action.
        public init(identifier: String?) {
            switch identifier {
            case nil, Action.defaultActionIdentifier?: self = .open
            case Action.dismissActionIdentifier?: self = .dismiss
            case let identifier?: self = .custom(identifier)
            }
        }

        /// The identifier iOS uses for this action.
        public var identifier: String {
            switch self {
            case .open: return Action.defaultActionIdentifier
            case .dismiss: return Action.dismissActionIdentifier
            case .custom(let identifier): return identifier
            }
        }

        public var description: String {
            switch self {
            case .open: return "open"
            case .dismiss: return "dismiss"
            case .custom(let identifier): return identifier
            }
        }
    }

    /// The user's choice.
    public var action: Action
    /// The text typed into a text-input action; `nil` for other actions.
    public var userText: String?
    /// The registered action the user chose, when the adapters know the app's `CategoryRegistry`: tells
    /// whether it was destructive, a text input, a foreground action, …
    public var pushAction: PushAction?
    /// The values a Notification Content Extension attached to its answer (a reminder's `["seconds": "120"]`);
    /// empty for responses iOS reports.
    public var values: [String: String] = [:]
    /// What the Notification Content Extension told iOS, when the response was answered there
    /// (`ContentExtensionAnswer`); `nil` for responses iOS reports to the app.
    public var contentExtensionDisposition: ContentExtensionDisposition?

    /// Creates a response; by default the user opened the notification, typed nothing and chose no registered action.
    public init(action: Action = .open, userText: String? = nil, pushAction: PushAction? = nil) {
        self.action = action
        self.userText = userText
        self.pushAction = pushAction
    }
}
