internal import Foundation
public import PushBusCore

// The app's state, read from UIKit where there is one.
#if canImport(UIKit)
public import UIKit
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif

extension PushAppState {
    /// The app's state, for callbacks that do not carry it: `UIApplication.shared.applicationState` when called on
    /// the main thread; `.inactive` otherwise (or where there is no `UIApplication`), the state a notification
    /// response usually arrives in.
    @Sendable public static func current() -> PushAppState {
        #if (canImport(UIKit) && !os(watchOS)) || PUSHBUS_APPLE_STUBS
        guard Thread.isMainThread else { return .inactive }
        return MainActor.assumeIsolated { PushAppState(UIApplication.shared.applicationState) }
        #else
        return .inactive
        #endif
    }
}

#if (canImport(UIKit) && !os(watchOS)) || PUSHBUS_APPLE_STUBS
extension PushAppState {
    /// The neutral state of a `UIApplication.State`.
    public init(_ state: UIApplication.State) {
        switch state {
        case .active: self = .active
        case .inactive: self = .inactive
        case .background: self = .background
        @unknown default: self = .inactive
        }
    }
}
#endif
