/// Why the simulated device refused an operation: the user could not have done that on a real device.
public enum SimulationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No notification with this identifier is in Notification Center (never delivered, not authorized,
    /// shown only as a foreground banner, or already tapped or dismissed).
    case notificationNotDelivered(String)
    /// The notification's category has no action with this identifier (or the notification has no category).
    case unknownAction(action: String, category: String?)
    /// Text was given for an action that has no text input.
    case actionHasNoTextInput(String)
    /// The payload is not a JSON object.
    case invalidPayload(String)
    /// The content extension could not do that: none declares the notification's category, none is on screen, or
    /// it has no app group (the device has no ledger directory).
    case contentExtensionRefused(String)

    public var description: String {
        switch self {
        case .notificationNotDelivered(let identifier):
            return "no notification '\(identifier)' in Notification Center to act on"
        case .unknownAction(let action, let category):
            return "category '\(category ?? "(none)")' has no action '\(action)'"
        case .actionHasNoTextInput(let action): return "action '\(action)' has no text input"
        case .invalidPayload(let reason): return "invalid payload: \(reason)"
        case .contentExtensionRefused(let reason): return reason
        }
    }
}
