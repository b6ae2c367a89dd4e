// The app icon's badge: setBadgeCount on iOS 16+, applicationIconBadgeNumber below.
#if canImport(UIKit) && os(iOS)
public import UIKit
public import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
internal import Foundation
public import PushBusCore

/// Sets and clears the app icon's badge, keeping Notification Center's list unless asked to empty it.
///
/// - iOS 16+: `UNUserNotificationCenter.setBadgeCount(_:)`, which never touches the list.
/// - Below: `UIApplication.applicationIconBadgeNumber`. Setting it to `0` also empties Notification Center, so
///   "clear, keeping the list" sets `-1` (hides the badge without clearing the list, iOS 11+; O2SPushKit's note).
///
/// `BadgeChange.clearWithNotifications` also removes every delivered notification.
public final class UserNotificationBadge: BadgeController {
    private let box: CenterBox
    private let usesBadgeCountAPI: Bool

    /// - Parameters:
    ///   - notificationCenter: The center (default: `.current()`).
    ///   - prefersLegacy: Use `applicationIconBadgeNumber` even on iOS 16+ (tests of the legacy path).
    public init(notificationCenter: UNUserNotificationCenter = .current(), prefersLegacy: Bool = false) {
        box = CenterBox(center: notificationCenter)
        if #available(iOS 16.0, *) { usesBadgeCountAPI = !prefersLegacy } else { usesBadgeCountAPI = false }
    }

    public func apply(_ change: BadgeChange) async throws {
        try change.validate()
        if usesBadgeCountAPI, #available(iOS 16.0, *) {
            try await setBadgeCount(change.count)
        } else {
            let number = change == .clear ? -1 : change.count
            await MainActor.run { (UIApplication.shared as any LegacyBadgeNumber).applicationIconBadgeNumber = number }
        }
        if change.removesDeliveredNotifications { box.center.removeAllDeliveredNotifications() }
    }

    @available(iOS 16.0, *)
    private func setBadgeCount(_ count: Int) async throws {
        let center = box.center
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            center.setBadgeCount(count) { error in
                if let error {
                    continuation.resume(throwing: BadgeError.system(String(describing: error)))
                } else {
                    continuation.resume()
                }
            }
        }
    }
}

/// `applicationIconBadgeNumber`, reached through a protocol so the iOS 17 deprecation is acknowledged once,
/// here, instead of warning in the `#available` fallback.
@MainActor
protocol LegacyBadgeNumber: AnyObject {
    var applicationIconBadgeNumber: Int { get set }
}

extension UIApplication: LegacyBadgeNumber {}
#endif
