// Categories merged, never replaced: what PushBus has seen registered with the notification center, and by whom.
#if canImport(UserNotifications)
import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if (canImport(UserNotifications) || PUSHBUS_APPLE_STUBS) && !os(tvOS)
internal import Foundation
import PushBusCategories
@_spi(PushBusInternals) import PushBusCore

/// Every category PushBus has seen registered with a notification center, and who brought it; registers the
/// union whenever someone's `setNotificationCategories` left a known category out (Docs/Coexistence.md). One
/// record per notification center (an app has one; tests make many).
final class RegisteredCategories: Sendable {
    private struct Record: @unchecked Sendable {
        // Safe: the center is only compared by identity, under `records`' lock; it is never called through here.
        weak var center: UNUserNotificationCenter?
        var merge = CategoryMerge<CategoryBox>()
    }

    private let records = LockedState<[Record]>([])

    private func withMerge<T>(
        of notificationCenter: UNUserNotificationCenter, _ body: (inout CategoryMerge<CategoryBox>) -> T
    ) -> T {
        records.withLock { records in
            records.removeAll { $0.center == nil }
            if let index = records.firstIndex(where: { $0.center === notificationCenter }) {
                return body(&records[index].merge)
            }
            records.append(Record(center: notificationCenter))
            return body(&records[records.count - 1].merge)
        }
    }

    /// Who registered each category PushBus knows of on `notificationCenter`.
    func ownership(of notificationCenter: UNUserNotificationCenter) -> CategoryOwnership {
        withMerge(of: notificationCenter) { $0.ownership }
    }

    /// Reads what is registered (recording categories it has not seen as `CategoryOwnership.unknown`'s), records
    /// `categories` as `owner`'s whole set, and registers the union.
    func register(
        _ categories: Set<UNNotificationCategory>, owner: String, on notificationCenter: UNUserNotificationCenter
    ) {
        let own = categories.map { ($0.identifier, CategoryBox(category: $0)) }
        update(notificationCenter) { merge, registered in
            _ = merge.reconcile(registered: registered, newOwner: CategoryOwnership.unknown)
            merge.record(own, owner: owner)
            return merge.union
        }
    }

    /// Reads what is registered (`getNotificationCategories`) and registers the union again when a category
    /// PushBus knows is missing. Categories it has not seen are recorded as `CategoryOwnership.unknown`'s.
    func reconcile(_ notificationCenter: UNUserNotificationCenter) {
        update(notificationCenter) { merge, registered in
            merge.reconcile(registered: registered, newOwner: CategoryOwnership.unknown)
        }
    }

    /// Reads the registered categories, lets `change` update the record, and registers what it returns, if any.
    private func update(
        _ notificationCenter: UNUserNotificationCenter,
        _ change: @escaping @Sendable (inout CategoryMerge<CategoryBox>, [(String, CategoryBox)]) -> [CategoryBox]?
    ) {
        let box = CenterBox(center: notificationCenter)
        notificationCenter.getNotificationCategories { [self] registered in
            let boxes = registered.map { ($0.identifier, CategoryBox(category: $0)) }
            guard let union = withMerge(of: box.center, { change(&$0, boxes) }) else { return }
            box.center.setNotificationCategories(Set(union.map(\.category)))
        }
    }
}

/// A category in a `Sendable` container.
struct CategoryBox: @unchecked Sendable {
    // Safe: `UNNotificationCategory` is immutable (read-only properties, no mutable subclass); the box is only
    // read after it is made.
    let category: UNNotificationCategory
}
#endif
