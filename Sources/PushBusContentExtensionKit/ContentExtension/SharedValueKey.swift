/// The name and type of a value an app shares with its extensions through a ``SharedValueStore``.
///
/// ```swift
/// extension SharedValueKey where Value == Int {
///     static let nextReminderSeconds = SharedValueKey("nextReminderSeconds")
/// }
/// ```
public struct SharedValueKey<Value: Codable & Sendable>: Sendable, Hashable {
    /// The key's name: letters, digits, `.`, `-` and `_`, at most 128 characters, not starting with `.`.
    public let name: String

    /// Creates a key named `name`; the name is checked when a ``SharedValueStore`` uses it
    /// (``SharedValueStore/Error/invalidKey(_:)``).
    public init(_ name: String) {
        self.name = name
    }
}
