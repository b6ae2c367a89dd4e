/// Where a delivery finds a notification's ``PushScope`` (its account) in the payload: a top-level key, a field
/// nested in a provider's own object, or the app's own function.
///
/// ```swift
/// delivery.scopeReader = .key("account")                          // {"account": "alice"}
/// delivery.scopeReader = .path("custom", "a", "account")          // OneSignal's additional data
/// delivery.scopeReader = .custom { content in                     // the app's own rule
///     content.customData["to"]?.stringValue.flatMap { PushScope(rawValue: $0.lowercased()) }
/// }
/// ```
///
/// A value is a scope when it is a string or an integer that makes a valid ``PushScope``; anything else (an object,
/// an empty or oversized string) reads as no scope, never an error: the message is delivered unscoped.
public struct PushScopeReader: Sendable {
    private let read: @Sendable (PushContent) -> PushScope?

    /// A reader of the app's own: `read` gets the normalized payload and returns its scope, or `nil`.
    public static func custom(_ read: @escaping @Sendable (PushContent) -> PushScope?) -> PushScopeReader {
        PushScopeReader(read: read)
    }

    /// Reads the top-level payload key `key` (`{"aps": …, "account": "alice"}`).
    public static func key(_ key: String) -> PushScopeReader {
        path(key)
    }

    /// Reads the value at `keys`, one object key after another from the payload's root: a provider's own field
    /// (`.path("custom", "a", "account")` for OneSignal's additional data, `.path("ab", "account")`, …).
    public static func path(_ keys: String...) -> PushScopeReader {
        path(keys)
    }

    /// Reads the value at `keys` (see ``path(_:)-(String...)``).
    public static func path(_ keys: [String]) -> PushScopeReader {
        PushScopeReader { content in
            var value = content.payload
            for key in keys {
                guard case .object(let members) = value, let next = members[key] else { return nil }
                value = next
            }
            return scope(of: value)
        }
    }

    /// The scope of the notification whose payload is `content`, or `nil` when it names none.
    public func scope(in content: PushContent) -> PushScope? {
        read(content)
    }

    /// A string or an integer as a scope.
    static func scope(of value: PushValue) -> PushScope? {
        switch value {
        case .string(let text): return PushScope(rawValue: text)
        case .int(let number): return PushScope(rawValue: String(number))
        default: return nil
        }
    }
}
