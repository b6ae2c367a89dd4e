public import PushBusCore

extension PushCenter {
    /// A tapped notification that subscriptions received (live or as a replay) instead of it waiting in the
    /// parking lot: what `PushCenter.recentlyTakenTaps` reports so a router attached later can say it will
    /// never route that tap (see `PushRouter.attach(to:)`).
    public struct TakenTap: Sendable, Hashable {
        /// The tap.
        public var message: PushMessage
        /// The subscriptions that took it, described by kind and filter (`"subscribe .all"`,
        /// `"messages() kinds(remoteTapped, localTapped)"`).
        public var takenBy: [String]

        package init(message: PushMessage, takenBy: [String]) {
            self.message = message
            self.takenBy = takenBy
        }
    }

    /// The taps that subscriptions took recently, oldest first: at most 8, none older than
    /// ``Configuration/parkingMaximumAge`` (a tap that old would have expired from the parking lot anyway).
    ///
    /// A router attached after such a tap reports it rather than losing it silently. Monitors never take taps.
    package var recentlyTakenTaps: [TakenTap] {
        let now = storage.clock.uptime
        return storage.state.withLock { $0.takenTaps(at: now) }
    }
}

/// A subscription that took a tap, as ``PushCenter/TakenTap/takenBy`` names it. Kept as kind and filter and
/// formatted only when ``PushCenter/recentlyTakenTaps`` is read: a tap's post never builds a string.
struct TapTaker: Sendable {
    let kind: SubscriptionKind
    let filter: PushFilter

    /// `"subscribe .all"`, `"messages() kinds(remoteTapped, localTapped)"`.
    var summary: String { "\(kind.rawValue) \(filter)" }
}

/// The bounded memory behind ``PushCenter/recentlyTakenTaps``.
struct TakenTapMemory: Sendable {
    static let capacity = 8

    let maximumAge: Double
    private var entries: [(message: PushMessage, takers: [TapTaker], at: Double)] = []

    init(maximumAge: Double) { self.maximumAge = maximumAge }

    mutating func remember(_ message: PushMessage, takenBy takers: [TapTaker], at now: Double) {
        entries.append((message, takers, now))
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }

    mutating func recent(at now: Double) -> [PushCenter.TakenTap] {
        entries.removeAll { now - $0.at > maximumAge }
        return entries.map { PushCenter.TakenTap(message: $0.message, takenBy: $0.takers.map(\.summary)) }
    }
}
