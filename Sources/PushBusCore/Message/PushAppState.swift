/// The app's state when a callback fired, as `UIApplication.State` reports it, plus "not running".
public enum PushAppState: String, Sendable, Hashable, CaseIterable, Codable {
    /// In the foreground and receiving events.
    case active
    /// In the foreground but not receiving events: launching, or transitioning (iOS < 10 reports taps this way).
    case inactive
    /// In the background.
    case background
    /// Not running: the callback is part of a cold launch.
    case notRunning
}
