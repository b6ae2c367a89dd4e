// PushCategory / PushAction → UIMutableUserNotificationCategory / UIMutableUserNotificationAction (iOS 8–10).
// Mac Catalyst included: the UIUserNotification* API is unavailable on tvOS and visionOS only
// (UIKit/UIUserNotificationSettings.h:22-58, iOS 17.4 SDK), and UserNotificationAuthorizer's legacy path calls it.
#if canImport(UIKit) && os(iOS)
public import UIKit
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
internal import Foundation
public import PushBusCategories
public import PushBusCore
import PushBusDelivery
public import PushBusHub

// These APIs are deprecated since iOS 10; the declarations below are marked deprecated too (`*`: the file is
// iOS-only and the iOS 13 floor is past 10, so this warns exactly where Apple's would, and the Linux stubs mark the
// UIKit types the same way), so using them inside produces no warning, and apps still supporting iOS < 10 call them
// from their own legacy path.

extension PushAction {
    /// The legacy `UIMutableUserNotificationAction` (iOS 8–10): activation mode from `.foreground`, text-input
    /// behaviour and button title (iOS 9) for text-input actions. Icons and placeholders have no legacy
    /// equivalent.
    @available(*, deprecated, message: "iOS 8–10 API; use makeNotificationAction()")
    @MainActor
    public func makeUserNotificationAction() -> UIMutableUserNotificationAction {
        let descriptor = legacyDescriptor
        let action = UIMutableUserNotificationAction()
        action.identifier = descriptor.identifier
        action.title = descriptor.title
        action.activationMode = descriptor.activationMode == .foreground ? .foreground : .background
        action.isAuthenticationRequired = descriptor.isAuthenticationRequired
        action.isDestructive = descriptor.isDestructive
        if descriptor.behavior == .textInput {
            action.behavior = .textInput
            if let buttonTitle = descriptor.textInputButtonTitle {
                action.parameters = [UIUserNotificationTextInputActionButtonTitleKey: buttonTitle]
            }
        }
        return action
    }
}

extension PushCategory {
    /// The legacy `UIMutableUserNotificationCategory` (iOS 8–10), with default- and minimal-context actions.
    @available(*, deprecated, message: "iOS 8–10 API; use makeNotificationCategory()")
    @MainActor
    public func makeUserNotificationCategory() -> UIMutableUserNotificationCategory {
        let descriptor = legacyDescriptor
        let category = UIMutableUserNotificationCategory()
        category.identifier = descriptor.identifier
        category.setActions(actions.map { $0.makeUserNotificationAction() }, for: .default)
        category.setActions(effectiveMinimalActions.map { $0.makeUserNotificationAction() }, for: .minimal)
        return category
    }
}

extension PushBusApp {
    /// Registers `registry` the iOS 8–10 way (`registerUserNotificationSettings`), and with `center`.
    @available(*, deprecated, message: "iOS 8–10 API; use register(categories:center:notificationCenter:)")
    public static func registerLegacy(
        categories registry: CategoryRegistry, types: UIUserNotificationType = [.alert, .sound, .badge],
        application: UIApplication = .shared, center: PushCenter? = nil
    ) {
        let delivery = delivery(for: center)
        let categories = Set(registry.categories.map { $0.makeUserNotificationCategory() })
        application.registerUserNotificationSettings(UIUserNotificationSettings(types: types, categories: categories))
        delivery.categories = registry
        delivery.recordDiagnostics { $0.areCategoriesRegistered = true }
    }
}
#endif
