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
    case passive
    case active
    case timeSensitive = "time-sensitive"
    case critical
}
