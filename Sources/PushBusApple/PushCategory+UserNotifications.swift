// PushCategory / PushAction → UNNotificationCategory / UNNotificationAction (iOS 10+), and registration.
#if canImport(UserNotifications)
public import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UserNotifications) || PUSHBUS_APPLE_STUBS) && !os(tvOS)
internal import Foundation
public import PushBusCategories
public import PushBusCore
import PushBusDelivery
public import PushBusHub

extension PushAction {
    /// The `UNNotificationAction` (a `UNTextInputNotificationAction` for text input) for this action; the icon is
    /// set on iOS 15+ and ignored below.
    public func makeNotificationAction() -> UNNotificationAction {
        let descriptor = modernDescriptor
        let options = UNNotificationActionOptions(rawValue: descriptor.optionsRawValue)
        if #available(iOS 15.0, macOS 12.0, watchOS 8.0, *) {
            let icon =
                descriptor.iconSystemImageName.map { UNNotificationActionIcon(systemImageName: $0) }
                ?? descriptor.iconTemplateImageName.map { UNNotificationActionIcon(templateImageName: $0) }
            if let buttonTitle = descriptor.textInputButtonTitle {
                return UNTextInputNotificationAction(
                    identifier: descriptor.identifier, title: descriptor.title, options: options, icon: icon,
                    textInputButtonTitle: buttonTitle, textInputPlaceholder: descriptor.textInputPlaceholder ?? "")
            }
            return UNNotificationAction(
                identifier: descriptor.identifier, title: descriptor.title, options: options, icon: icon)
        }
        if let buttonTitle = descriptor.textInputButtonTitle {
            return UNTextInputNotificationAction(
                identifier: descriptor.identifier, title: descriptor.title, options: options,
                textInputButtonTitle: buttonTitle, textInputPlaceholder: descriptor.textInputPlaceholder ?? "")
        }
        return UNNotificationAction(identifier: descriptor.identifier, title: descriptor.title, options: options)
    }
}

extension PushCategory {
    /// The `UNNotificationCategory` for this category (options by Apple's raw values). On watchOS, which has no
    /// hidden-preview placeholder or summary format (`API_UNAVAILABLE(watchos)`), those two are left out.
    public func makeNotificationCategory() -> UNNotificationCategory {
        let descriptor = modernDescriptor
        let options = UNNotificationCategoryOptions(rawValue: descriptor.optionsRawValue)
        #if os(watchOS)
        return UNNotificationCategory(
            identifier: descriptor.identifier, actions: actions.map { $0.makeNotificationAction() },
            intentIdentifiers: descriptor.intentIdentifiers, options: options)
        #else
        return UNNotificationCategory(
            identifier: descriptor.identifier, actions: actions.map { $0.makeNotificationAction() },
            intentIdentifiers: descriptor.intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: descriptor.hiddenPreviewsBodyPlaceholder,
            categorySummaryFormat: descriptor.categorySummaryFormat, options: options)
        #endif
    }
}

extension CategoryRegistry {
    /// The registry's categories as `UNNotificationCategory`s, ready for `setNotificationCategories(_:)`.
    public func makeNotificationCategories() -> Set<UNNotificationCategory> {
        Set(categories.map { $0.makeNotificationCategory() })
    }
}

extension PushBusApp {
    /// Registers `registry` with the system and with `center`, so tapped messages carry their `PushAction`.
    ///
    /// Merged, never replaced (Docs/Coexistence.md): PushBus reads what is registered (`getNotificationCategories`),
    /// replaces only its own earlier categories and registers the union, so other SDKs' buttons stay. When
    /// another SDK later replaces the set, PushBus registers the union again at the next launch (`install`) or
    /// notification callback, or when you call ``reconcileCategories(notificationCenter:)``.
    public static func register(
        categories registry: CategoryRegistry, center: PushCenter? = nil,
        notificationCenter: UNUserNotificationCenter = .current()
    ) {
        let delivery = delivery(for: center)
        registeredCategories.register(
            registry.makeNotificationCategories(), owner: CategoryOwnership.pushBus, on: notificationCenter)
        delivery.categories = registry
        delivery.recordDiagnostics { $0.areCategoriesRegistered = true }
    }
}
extension PushBusApp {
    /// What PushBus has seen registered, and by whom.
    nonisolated static let registeredCategories = RegisteredCategories()

    /// Which categories PushBus has seen registered on `notificationCenter`, and who registered each: `CategoryOwnership.pushBus` for
    /// those of ``register(categories:center:notificationCenter:)``, `CategoryOwnership.unknown` for those it
    /// found registered by someone else.
    public static func categoryOwnership(
        notificationCenter: UNUserNotificationCenter = .current()
    ) -> CategoryOwnership {
        registeredCategories.ownership(of: notificationCenter)
    }

    /// Reads the registered categories and registers the union again if another SDK's
    /// `setNotificationCategories` removed some PushBus knows. PushBus does this itself at `install` and at each
    /// notification callback; call it after setting up an SDK that registers categories.
    public static func reconcileCategories(notificationCenter: UNUserNotificationCenter = .current()) {
        registeredCategories.reconcile(notificationCenter)
    }
}
#endif
