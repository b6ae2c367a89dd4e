/// The sound a notification plays.
public enum PushSound: Sendable, Hashable {
    /// The system's default sound (`"sound": "default"`).
    case `default`
    /// A sound file in the app bundle or `Library/Sounds`.
    case named(String)
    /// A critical alert sound (`"sound": {"critical": 1, "name": …, "volume": 0…1}`); needs Apple's entitlement.
    case critical(name: String, volume: Double)

    /// The sound's file name, `"default"` for the default sound.
    public var name: String {
        switch self {
        case .default: return "default"
        case .named(let name): return name
        case .critical(let name, _): return name
        }
    }
}

/// How urgently a notification asks for attention (iOS 15+ `interruption-level`).
public enum InterruptionLevel: String, Sendable, Hashable, CaseIterable, Codable {
    /// Added to the notification list without a sound and without lighting the screen.
    case passive
    /// Shown at once, lighting the screen, with its sound if it has one (the system's default).
    case active
    /// Like `active`, and also through a Focus and the scheduled summary (needs the Time Sensitive capability).
    case timeSensitive = "time-sensitive"
    /// Like `timeSensitive`, and its sound plays even when muted (needs Apple's critical-alerts entitlement).
    case critical
}
