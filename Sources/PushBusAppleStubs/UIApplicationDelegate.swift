// Linux-only stand-ins for the UIKit delegate protocols an app forwards to PushBus, so README's "Integrate in an app"
// example compiles in a test. Sources as in UIApplication.swift.
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of `UIApplicationDelegate`: `@MainActor protocol UIApplicationDelegate: NSObjectProtocol` [R §6: C].
///
/// Apple declares every member `optional` (`@objc`); without the Objective-C runtime there are none here, so an app
/// delegate's methods are plain methods, with Apple's signatures.
@MainActor public protocol UIApplicationDelegate: NSObjectProtocol {}

extension UIApplicationDelegate {
    /// Stub of UIKit's `@MainActor public static func main()`, which lets an app delegate be `@main`. Never run.
    @MainActor public static func main() {}
}

/// Stub of `UISceneDelegate` (iOS 13): `@MainActor`, `NS_SWIFT_UI_ACTOR` [H]. Members are `optional` on Apple
/// platforms; none are declared here (see ``UIApplicationDelegate``).
@available(iOS 13.0, tvOS 13.0, *)
@MainActor public protocol UISceneDelegate: NSObjectProtocol {}

/// Stub of `UIWindowSceneDelegate` (iOS 13): `@MainActor` [H].
@available(iOS 13.0, tvOS 13.0, *)
@MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {}

/// Stub of `UISceneSession` (iOS 13): `@MainActor`, `NS_SWIFT_UI_ACTOR` [H]. Created by UIKit on Apple platforms.
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UISceneSession: NSObject {
    /// Stub-only: UIKit creates sessions; the stub has no `init()`, so an app cannot write `UISceneSession()` here
    /// either.
    public init(stubbed: Void) { super.init() }

    /// Stub of `role` [H: `@property (nonatomic, readonly) UISceneSessionRole role`]; Apple's documentation page:
    /// "role". A stubbed session is a window scene's.
    open var role: UISceneSession.Role { .windowApplication }

    /// Stub of `UISceneSession.Role` (iOS 13) [H: `typedef NSString * UISceneSessionRole NS_TYPED_ENUM`, named
    /// `UISceneSession.Role` by UIKit's API notes]: an imported string struct, `@unchecked Sendable`, not isolated.
    /// Apple's documentation page: "UISceneSession.Role".
    public struct Role: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Stub of `windowApplication` [H: `UIWindowSceneSessionRoleApplication`, Swift name from the API notes].
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }
}

/// Stub of `UISceneConfiguration` (iOS 13): `@MainActor`, `NS_SWIFT_UI_ACTOR` [H: `- (instancetype)initWithName:
/// (nullable NSString *)name sessionRole:(UISceneSessionRole)sessionRole`, `@property (nullable) Class
/// delegateClass`]; Apple's documentation page: "UISceneConfiguration". Only what an app delegate sets.
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UISceneConfiguration: NSObject {
    /// Stub of `name` [H: `nullable, readonly`].
    open private(set) var name: String?
    /// Stub of `role` [H: `readonly`].
    open private(set) var role: UISceneSession.Role
    /// Stub of `delegateClass` [H: `nullable Class`]: the class UIKit makes the scene's delegate.
    open var delegateClass: AnyClass?

    /// Stub of `init(name:sessionRole:)` [H: `NS_DESIGNATED_INITIALIZER`].
    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        role = sessionRole
        super.init()
    }
}
#endif
