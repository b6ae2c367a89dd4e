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

    /// Why `parameters` are refused (the first offending parameter in name order), or `nil`.
    func refusal(of parameters: [String: String]) -> (parameter: String, reason: String)? {
        guard storage == .standard else { return nil }
        for name in parameters.keys.sorted() {
            let value = parameters[name]!
            if value.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." })
                || value.split(separator: "\\", omittingEmptySubsequences: false).contains(where: { $0 == ".." })
            {
                return (name, "a \"..\" path segment")
            }
            if value.unicodeScalars.contains(where: \.isControlOrLineSeparator) {
                return (name, "a control character")
            }
        }
        return nil
    }
}
