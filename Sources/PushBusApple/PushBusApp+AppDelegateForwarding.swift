// Opt-in Objective-C runtime forwarding of the device-token callbacks. Apple platforms with UIKit only: it
// cannot be type-checked on Linux (no Objective-C runtime), so it is kept deliberately small.
#if canImport(ObjectiveC) && canImport(UIKit) && !os(watchOS)
internal import Foundation
import ObjectiveC
public import UIKit

extension PushBusApp {
    /// Makes the app delegate forward the device-token callbacks to ``appDelegate`` without code in the app
    /// delegate: adds (or wraps) `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)` and
    /// `application(_:didFailToRegisterForRemoteNotificationsWithError:)` on the delegate's class, calling the
    /// app's own implementation afterwards. Idempotent.
    ///
    /// > Warning: This changes the app delegate's class at runtime (method swizzling). Trade-offs: it touches
    /// > only these two callbacks (the ones apps forget most, and whose presence changes nothing else in iOS's
    /// > behaviour); it must run after the app delegate is set (for example in `didFinishLaunching`); another
    /// > SDK swizzling the same methods later may or may not call through; and the notification callbacks
    /// > (`didReceiveRemoteNotification…`, whose mere presence changes what iOS calls) are **not** swizzled —
    /// > forward them explicitly. Prefer explicit forwarding when you control the app delegate.
    public static func installAppDelegateForwarding(_ application: UIApplication = .shared) {
        guard !isForwardingInstalled, let delegate = application.delegate,
            let delegateClass = object_getClass(delegate)
        else { return }
        isForwardingInstalled = true

        typealias TokenIMP = @convention(c) (AnyObject, Selector, UIApplication, NSData) -> Void
        let tokenSelector = NSSelectorFromString("application:didRegisterForRemoteNotificationsWithDeviceToken:")
        _ = replace(tokenSelector, in: delegateClass) { original in
            let block: @convention(block) (AnyObject, UIApplication, NSData) -> Void = { object, app, token in
                MainActor.assumeIsolated {
                    PushBusApp.appDelegate.didRegisterForRemoteNotifications(deviceToken: token as Data)
                }
                if let original { unsafeBitCast(original, to: TokenIMP.self)(object, tokenSelector, app, token) }
            }
            return imp_implementationWithBlock(block)
        }

        typealias ErrorIMP = @convention(c) (AnyObject, Selector, UIApplication, NSError) -> Void
        let errorSelector = NSSelectorFromString("application:didFailToRegisterForRemoteNotificationsWithError:")
        _ = replace(errorSelector, in: delegateClass) { original in
            let block: @convention(block) (AnyObject, UIApplication, NSError) -> Void = { object, app, error in
                MainActor.assumeIsolated {
                    PushBusApp.appDelegate.didFailToRegisterForRemoteNotifications(error: error)
                }
                if let original { unsafeBitCast(original, to: ErrorIMP.self)(object, errorSelector, app, error) }
            }
            return imp_implementationWithBlock(block)
        }
    }

    private static var isForwardingInstalled = false

    /// Installs the IMP `make` builds (given the previous IMP, if any) for `selector` on `cls` itself.
    private static func replace(_ selector: Selector, in cls: AnyClass, _ make: (IMP?) -> IMP) -> IMP? {
        let existing = class_getInstanceMethod(cls, selector)
        let original = existing.map(method_getImplementation)
        let replacement = make(original)
        // "v@:@@": returns void; self, _cmd, two object arguments.
        if !class_addMethod(cls, selector, replacement, "v@:@@"), let existing {
            method_setImplementation(existing, replacement)
        }
        return original
    }
}
#endif
