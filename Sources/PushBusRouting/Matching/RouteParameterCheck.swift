import PushBusCore

/// What the router checks in a route's captured path parameters before the handler sees them.
///
/// A wildcard or parameter captures what the URL holds, percent-decoded: `app://files/*path` opened with
/// `app://files/..%2F..%2Fetc%2Fpasswd` captures `../../etc/passwd`. By default (``standard``) the router
/// refuses a captured value with a `..` segment or a control character, and reports
/// ``RouteError/parameterRefused(pattern:parameter:reason:)``. A route that needs such values opts out:
///
/// ```swift
/// try router.register("app://raw/*text", options: RouteOptions(parameterCheck: .none)) { request in
///     show(text: request.parameters["text"])
/// }
/// ```
public struct RouteParameterCheck: Sendable, Hashable {
    private enum Storage: Sendable, Hashable {
        case standard
        case none
    }

    private let storage: Storage

    /// Refuse `..` path segments and control characters (C0, DEL, C1, U+2028, U+2029) in captured values.
    public static let standard = RouteParameterCheck(storage: .standard)
    /// Hand captured values to the handler as they are.
    public static let none = RouteParameterCheck(storage: .none)

    /// Why `parameters` are refused (the first offending parameter in name order), or `nil`. Allocates nothing:
    /// every routed tap runs it.
    func refusal(of parameters: [String: String]) -> (parameter: String, reason: String)? {
        guard storage == .standard else { return nil }
        var first: (parameter: String, reason: String)?
        for (name, value) in parameters {
            guard first.map({ name < $0.parameter }) ?? true, let reason = Self.reason(value) else { continue }
            first = (name, reason)
        }
        return first
    }

    private static func reason(_ value: String) -> String? {
        if hasDotDotSegment(value, separator: UInt8(ascii: "/"))
            || hasDotDotSegment(value, separator: UInt8(ascii: "\\"))
        {
            return "a \"..\" path segment"
        }
        return value.unicodeScalars.contains(where: \.isControlOrLineSeparator) ? "a control character" : nil
    }

    /// Whether a segment of `value` between `separator` bytes (or its ends) is exactly `..`. Byte by byte: a
    /// separator followed by a combining mark still separates (as it does in a file path), so this refuses at
    /// least what splitting by `Character` would.
    private static func hasDotDotSegment(_ value: String, separator: UInt8) -> Bool {
        var (length, dots) = (0, 0)
        for byte in value.utf8 {
            if byte == separator {
                if length == 2, dots == 2 { return true }
                (length, dots) = (0, 0)
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length == 2 && dots == 2
    }
}
