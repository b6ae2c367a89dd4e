// The neutral sound and interruption level in UserNotifications' types. Extension-safe, and shared with the app
// glue: PushBusApple depends on this module for them.
#if canImport(UserNotifications)
package import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
package import PushBusAppleStubs
#endif
#if (canImport(UserNotifications) || PUSHBUS_APPLE_STUBS) && !os(tvOS)
package import PushBusCore

extension UNNotificationSound {
    /// The system sound for `sound`. A named critical sound exists only on iOS (and Catalyst, visionOS); macOS
    /// plays it as a named sound. watchOS has no named sounds at all: `.named` plays the default sound and
    /// `.critical` the default critical sound at the given volume.
    package static func make(_ sound: PushSound) -> UNNotificationSound {
        switch sound {
        case .default: return .default
        case .named(let name):
            #if os(watchOS)
            _ = name
            return .default
            #else
            return UNNotificationSound(named: UNNotificationSoundName(rawValue: name))
            #endif
        case .critical(let name, let volume):
            #if os(watchOS)
            _ = name
            return .defaultCriticalSound(withAudioVolume: Float(volume))
            #elseif os(iOS) || os(visionOS) || PUSHBUS_APPLE_STUBS
            return name == "default"
                ? .defaultCriticalSound(withAudioVolume: Float(volume))
                : .criticalSoundNamed(UNNotificationSoundName(rawValue: name), withAudioVolume: Float(volume))
            #else
            return UNNotificationSound(named: UNNotificationSoundName(rawValue: name))
            #endif
        }
    }
}

@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
extension UNNotificationInterruptionLevel {
    /// The system level for `level`.
    package init(_ level: InterruptionLevel) {
        switch level {
        case .passive: self = .passive
        case .active: self = .active
        case .timeSensitive: self = .timeSensitive
        case .critical: self = .critical
        }
    }
}
#endif
