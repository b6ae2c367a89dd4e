/// Where an ``PushRouter/open(_:source:context:)`` request comes from: the input to every access check.
///
/// The app's own navigation is ``app``; anything handed to the app from outside (a notification, a URL
/// scheme, a universal link, a widget) names its origin so that ``RouteAccess/internal`` routes stay
/// out of reach of external input.
public enum RouteSource: Sendable, Hashable, CustomStringConvertible {
    /// The app itself (in-app navigation). The only source that may open ``RouteAccess/internal`` routes.
    case app
    /// A tapped notification (``PushRouter/attach(to:options:)`` uses this source).
    case push
    /// A custom URL scheme opened by another app or the system (`application(_:open:options:)`).
    case urlScheme
    /// A universal link (`NSUserActivityTypeBrowsingWeb`).
    case universalLink
    /// A widget or Live Activity link (`widgetURL`, `Link`).
    case widget
    /// A home-screen quick action (`UIApplicationShortcutItem`).
    case shortcut
    /// The system's Settings app asking for the app's own notification settings screen
    /// (`userNotificationCenter(_:openSettingsFor:)`).
    case settings
    /// The app's notification inbox (an entry the user opened from the history list).
    case inbox
    /// Any other origin, named by the app (for example `"spotlight"` or `"handoff"`).
    case custom(String)

    public var description: String {
        switch self {
        case .app: return "app"
        case .push: return "push"
        case .urlScheme: return "urlScheme"
        case .universalLink: return "universalLink"
        case .widget: return "widget"
        case .shortcut: return "shortcut"
        case .settings: return "settings"
        case .inbox: return "inbox"
        case .custom(let name): return "custom(\(name))"
        }
    }
}
