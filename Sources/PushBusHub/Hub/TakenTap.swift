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
        var forgotten = ForgottenTaps()
        defer { withExtendedLifetime(forgotten) {} }  // released after the lock
        return storage.state.withLock { $0.takenTaps(at: now, forgotten: &forgotten) }
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

/// The bounded memory behind ``PushCenter/recentlyTakenTaps``. It lives under the hub's lock: what it lets go is
/// moved out to the caller (`forgotten`), so that releasing those messages and their payloads happens after the
/// lock is released, not while every post waits for it.
struct TakenTapMemory: Sendable {
    static let capacity = 8

    /// A remembered tap: the message, who took it, when (the hub clock's uptime).
    typealias Entry = (message: PushMessage, takers: [TapTaker], at: Double)

    let maximumAge: Double
    private var entries: [Entry] = []

    init(maximumAge: Double) { self.maximumAge = maximumAge }

    /// Remembers a tap; the oldest beyond ``capacity`` is moved to `forgotten`.
    mutating func remember(
        _ message: PushMessage, takenBy takers: [TapTaker], at now: Double, forgotten: inout ForgottenTaps
    ) {
        entries.append((message, takers, now))
        while entries.count > Self.capacity { forgotten.append(entries.removeFirst()) }
    }

    /// The taps within ``maximumAge``, oldest first; the older ones are moved to `forgotten`.
    mutating func recent(at now: Double, forgotten: inout ForgottenTaps) -> [PushCenter.TakenTap] {
        while let oldest = entries.first, now - oldest.at > maximumAge { forgotten.append(entries.removeFirst()) }
        return entries.map { PushCenter.TakenTap(message: $0.message, takenBy: $0.takers.map(\.summary)) }
    }
}

/// The taps ``TakenTapMemory`` let go, for the caller to release after the hub's lock (a tap's post lets go of one
/// at most).
typealias ForgottenTaps = OneOrMore<TakenTapMemory.Entry>
