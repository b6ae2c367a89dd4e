/// How a route would like its screen shown, carried as data for the app's navigation layer.
///
/// The router knows no UIKit: it hands ``RouteRequest/presentation`` to the handler, which pushes,
/// presents or does its own thing. Action routes (``PushRouter/registerAction(_:access:_:)``) have
/// ``none``.
public struct RoutePresentation: Sendable, Hashable, CustomStringConvertible {
    enum Storage: Sendable, Hashable {
        case automatic, push, present, none
        case custom(String)
    }

    let storage: Storage

    /// Let the navigation layer decide (the default).
    public static let automatic = RoutePresentation(storage: .automatic)
    /// Push onto the current navigation stack.
    public static let push = RoutePresentation(storage: .push)
    /// Present modally.
    public static let present = RoutePresentation(storage: .present)
    /// No screen: an action route.
    public static let none = RoutePresentation(storage: .none)
    /// An app-defined style (a sheet, a tab switch, a custom transition).
    public static func custom(_ name: String) -> RoutePresentation { RoutePresentation(storage: .custom(name)) }

    public var description: String {
        switch storage {
        case .automatic: return "automatic"
        case .push: return "push"
        case .present: return "present"
        case .none: return "none"
        case .custom(let name): return "custom(\(name))"
        }
    }
}
