public import Foundation

/// Keeps the last notification-settings reading across launches, in `UserDefaults`, so a change the user made
/// in Settings while the app was not running is noticed at the next launch.
///
/// ```swift
/// let settings = NotificationSettingsChannel(store: NotificationSettingsStore())
/// // the first reading of this launch is compared with the one the previous launch saved
/// ```
///
/// Why `UserDefaults`: the value is small (one JSON-encoded ``NotificationSettingsSnapshot``), written only when the
/// settings change, read once per launch, and belongs to the app alone (an extension never needs it); a file would
/// add a location and an atomic-write path for nothing. Pass an app-group suite to share it anyway.
public final class NotificationSettingsStore: Sendable {
    private let defaults: DefaultsBox
    /// The key the reading is stored under.
    public let key: String

    /// Creates a store in `defaults` under `key`.
    public init(defaults: UserDefaults = .standard, key: String = "PushBus.notificationSettings") {
        self.defaults = DefaultsBox(defaults: defaults)
        self.key = key
    }

    /// The reading saved last, or `nil` (never saved, or unreadable: a format from a future version).
    public func load() -> NotificationSettingsSnapshot? {
        guard let data = defaults.defaults.data(forKey: key) else { return nil }
        return try? JSONDecoder().decode(NotificationSettingsSnapshot.self, from: data)
    }

    /// Saves `snapshot` as the last reading.
    package func save(_ snapshot: NotificationSettingsSnapshot) {
        guard let data = try? JSONEncoder().encode(snapshot) else { return }
        defaults.defaults.set(data, forKey: key)
    }

    /// Forgets the saved reading.
    public func clear() {
        defaults.defaults.removeObject(forKey: key)
    }
}

/// Holds the defaults.
struct DefaultsBox: @unchecked Sendable {
    // Safe: `UserDefaults` is documented thread-safe ("you can use it from multiple threads"); the box only holds
    // the constant reference.
    let defaults: UserDefaults
}
