#if PUSHBUS_APPLE_STUBS
public import Foundation

// Stubs of what the ledger glue uses from CoreFoundation's Darwin notify center, UIKit's foreground
// notification and Foundation's app-group container. Signatures as the iOS SDK's Swift interface shows them
// (CoreFoundation `CFNotificationCenter.h`, Foundation `NSFileManager.h`, UIKit `UIApplication.h`).

/// Stub of `CFString`. Apple's is a CoreFoundation type toll-free bridged to `NSString`; `"name" as CFString`
/// compiles against both.
public typealias CFString = NSString

/// Stub of `CFDictionary` (toll-free bridged to `NSDictionary`).
public typealias CFDictionary = NSDictionary

/// Stub of `CFNotificationCenter` (an opaque CoreFoundation type). Apple imports it as a `Hashable` class that is
/// not `Sendable` (`CFNotificationCenterRef` carries no `CF_SWIFT_SENDABLE` [H: CoreFoundation/CFNotificationCenter.h:21]),
/// so the stub is not `Sendable` either: glue calls `CFNotificationCenterGetDarwinNotifyCenter()` where it needs the
/// center instead of storing it in a `Sendable` value. `final` is harmless: Swift cannot subclass a CF type.
public final class CFNotificationCenter: Hashable {
    // Stub-only state, touched under `lock`.
    let lock = NSLock()
    var observers: [(observer: UnsafeRawPointer?, name: String, callBack: CFNotificationCallback)] = []
    init() {}

    public static func == (lhs: CFNotificationCenter, rhs: CFNotificationCenter) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Stub of `CFNotificationName` (`struct CFNotificationName: Hashable, Equatable, RawRepresentable`).
public struct CFNotificationName: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    // Safe: the stub's `CFString` is an `NSString`, which is immutable and safe to share; Apple's CFNotificationName
    // wraps an immutable CFString the same way.
    public var rawValue: CFString
    public init(_ rawValue: CFString) { self.rawValue = rawValue }
    public init(rawValue: CFString) { self.rawValue = rawValue }
}

/// Stub of `CFNotificationSuspensionBehavior` (`CFIndex`-backed enum; `CFIndex` is `Int`).
public enum CFNotificationSuspensionBehavior: Int, @unchecked Sendable {
    case drop = 1
    case coalesce = 2
    case hold = 3
    case deliverImmediately = 4
}

/// Stub of `CFNotificationCallback`. Apple's is `@convention(c)`, which cannot carry Swift class types on Linux;
/// the glue passes a closure that captures nothing, valid for both.
public typealias CFNotificationCallback =
    @Sendable (
        CFNotificationCenter?, UnsafeMutableRawPointer?, CFNotificationName?, UnsafeRawPointer?, CFDictionary?
    ) -> Void

// Safe: the stub center's state is guarded by its `lock`; one process-wide instance, as Apple's.
nonisolated(unsafe) private let darwinNotifyCenter = CFNotificationCenter()

/// Stub of `CFNotificationCenterGetDarwinNotifyCenter() -> CFNotificationCenter!`.
public func CFNotificationCenterGetDarwinNotifyCenter() -> CFNotificationCenter! { darwinNotifyCenter }

/// Stub of `CFNotificationCenterPostNotification(_:_:_:_:_:)`: calls matching observers synchronously (the real
/// center delivers to other processes, on their main run loop).
public func CFNotificationCenterPostNotification(
    _ center: CFNotificationCenter!, _ name: CFNotificationName!, _ object: UnsafeRawPointer!,
    _ userInfo: CFDictionary!, _ deliverImmediately: Bool
) {
    let matching = center.lock.withLock { center.observers.filter { $0.name == name.rawValue as String } }
    for entry in matching {
        entry.callBack(center, UnsafeMutableRawPointer(mutating: entry.observer), name, object, userInfo)
    }
}

/// Stub of `CFNotificationCenterAddObserver(_:_:_:_:_:_:)`.
public func CFNotificationCenterAddObserver(
    _ center: CFNotificationCenter!, _ observer: UnsafeRawPointer!, _ callBack: CFNotificationCallback!,
    _ name: CFString!, _ object: UnsafeRawPointer!, _ suspensionBehavior: CFNotificationSuspensionBehavior
) {
    center.lock.withLock { center.observers.append((observer, name as String, callBack)) }
}

/// Stub of `CFNotificationCenterRemoveEveryObserver(_:_:)`.
public func CFNotificationCenterRemoveEveryObserver(_ center: CFNotificationCenter!, _ observer: UnsafeRawPointer!) {
    center.lock.withLock { center.observers.removeAll { $0.observer == observer } }
}

extension FileManager {
    /// Stub of `containerURL(forSecurityApplicationGroupIdentifier:) -> URL?` (iOS 7.0+, macOS 10.8+).
    /// Stub-only behaviour: a directory under the temporary directory named after the group.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        guard !groupIdentifier.isEmpty else { return nil }
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("AppGroup-\(groupIdentifier)")
        try? createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension UIApplication {
    /// Stub of `UIApplication.willEnterForegroundNotification` (iOS 4.0+): an imported C constant
    /// (`UIApplicationWillEnterForegroundNotification` [H: UIApplication.h:472]), printed without isolation in the
    /// 17.4 interface, so `nonisolated` like ``openSettingsURLString``.
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name(
        "UIApplicationWillEnterForegroundNotification")
    /// Stub of `UIApplication.didBecomeActiveNotification` (iOS 2.0+): `UIApplicationDidBecomeActiveNotification`
    /// [H: UIApplication.h], nonisolated like ``willEnterForegroundNotification``. UIKit posts it when the app
    /// becomes active, in a scene-based app too, where it calls no `applicationDidBecomeActive(_:)` [A: "If you're
    /// using scenes, UIKit will not call this method. Use sceneDidBecomeActive(_:) instead." —
    /// applicationDidBecomeActive(_:)].
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name(
        "UIApplicationDidBecomeActiveNotification")
    /// Stub of `UIApplication.didEnterBackgroundNotification` (iOS 4.0+): `UIApplicationDidEnterBackgroundNotification`
    /// [H: UIApplication.h], posted with or without scenes.
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name(
        "UIApplicationDidEnterBackgroundNotification")
}
#endif
