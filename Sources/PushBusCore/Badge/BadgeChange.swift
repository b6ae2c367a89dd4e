/// A change to the app icon's badge: set a number, clear it and keep Notification Center's list, or clear it
/// together with the list (the three cases O2SPushKit's `setBadge`, `clearBadge`, `clearNoticeBar` distinguish).
///
/// On iOS, setting `applicationIconBadgeNumber = 0` also empties Notification Center; the Apple glue uses
/// `setBadgeCount(_:)` (iOS 16+), or the `-1` trick (iOS 11+), to clear the badge alone where it can.
public struct BadgeChange: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: Sendable, Hashable {
        case set(Int)
        case clear
        case clearWithNotifications
    }

    private let storage: Storage

    /// Shows `count` on the icon (`0` clears the badge but keeps the notification list).
    public static func set(_ count: Int) -> BadgeChange { count == 0 ? .clear : BadgeChange(storage: .set(count)) }
    /// Clears the badge; delivered notifications stay in Notification Center.
    public static let clear = BadgeChange(storage: .clear)
    /// Clears the badge and removes every delivered notification from Notification Center.
    public static let clearWithNotifications = BadgeChange(storage: .clearWithNotifications)

    /// The number the icon shows afterwards (`0`: no badge).
    public var count: Int {
        if case .set(let count) = storage { return count }
        return 0
    }

    /// A Boolean value indicating whether the change also empties Notification Center.
    public var removesDeliveredNotifications: Bool { storage == .clearWithNotifications }

    /// Checks the count.
    ///
    /// - Throws: ``BadgeError/negativeCount(_:)``.
    public func validate() throws {
        if count < 0 { throw BadgeError.negativeCount(count) }
    }

    public var description: String {
        switch storage {
        case .set(let count): return "set(\(count))"
        case .clear: return "clear"
        case .clearWithNotifications: return "clearWithNotifications"
        }
    }
}

/// Why a badge change failed.
public enum BadgeError: Error, Sendable, Hashable {
    /// A badge count cannot be negative.
    case negativeCount(Int)
    /// The system refused (for example, badge authorization was not granted); the message says why.
    case system(String)
}
