public import Foundation
@_spi(PushBusInternals) public import PushBusCore
public import PushBusLocalNotifications

/// A `NotificationScheduler` that behaves like iOS's `UNUserNotificationCenter`, driven by a `PushClock`
/// (a ``ManualClock`` in tests): nothing fires until the clock reaches a fire date.
///
/// - Adding a request whose identifier is pending replaces it.
/// - At most ``pendingLimit`` (64) requests stay pending (a repeating one counts once). Past that, iOS keeps the
///   **last 64 added**, whenever they fire, and drops the earlier ones without a word: so does the simulator,
///   listing them in ``droppedIdentifiers``. `LocalNotificationSchedule` keeps more than 64 without that loss.
/// - When the clock reaches fire dates, due requests fire in fire-date order (then in the order they were
///   added); repeating triggers re-arm from their fire date, others leave the pending list. A request without a
///   trigger fires at the clock's next step (`clock.runDueActions()` or any `advance`).
/// - Each fired notification goes to the delivery hook (see ``DeliveryHook``); by default it joins the
///   delivered list, as when the app is in the background. A delivered notification with the identifier of an
///   earlier one replaces it.
/// - A repeating request is not delivered once per repetition when more than 100 repetitions fall within one
///   `advance`: the ones between the first 100 and the last are counted in ``collapsedRepetitions()`` (on a
///   phone, while nobody looks, each repetition replaces the last in Notification Center; in the foreground the
///   app would be called each time, which the simulator bounds), so advancing a day or a century past a
///   60-second trigger costs the same.
///
/// ```swift
/// let clock = ManualClock()
/// let scheduler = SimulatedScheduler(clock: clock)
/// try scheduler.add(
///     LocalNotificationRequest(
///         identifier: "tea", content: PushContent(title: "Tea"), trigger: .timeInterval(180, repeats: false)))
/// clock.advance(by: 180)
/// let delivered = scheduler.deliveredNotifications().map(\.identifier)  // ["tea"]
/// ```
public final class SimulatedScheduler: NotificationScheduler {
    /// What the delivery hook did with a fired notification.
    public enum DeliveryDisposition: Sendable, Hashable {
        /// Put it in the delivered list (Notification Center): iOS's behaviour when the app is not in the
        /// foreground, or when `willPresent` answered with `.list`.
        case listed
        /// Keep it out of the delivered list: the app presented it itself (`willPresent` without `.list`), or the
        /// hook will call ``SimulatedScheduler/recordDelivered(_:)`` later (after an asynchronous completion).
        case notListed
    }

    /// Receives each fired notification (the request and its fire date) and says whether it is listed.
    ///
    /// This is where a simulated device plugs in the adapters, as iOS would:
    ///
    /// ```swift
    /// scheduler.setDeliveryHook { notification in
    ///     guard device.state == .active else { return .listed }  // background: Notification Center
    ///     adapter.willPresent(snapshot(of: notification)) { options in  // foreground: ask the app
    ///         if options.contains(.list) { scheduler.recordDelivered(notification) }
    ///     }
    ///     return .notListed
    /// }
    /// ```
    ///
    /// The hook runs outside the scheduler's lock, on the thread that advanced the clock; it may call back
    /// into the scheduler (add the next reminder, remove requests, …).
    public typealias DeliveryHook = @Sendable (DeliveredNotification) -> DeliveryDisposition

    /// How a location trigger's region was crossed, for ``simulateRegionEvent(_:regionIdentifier:)``.
    public enum RegionEvent: Sendable, Hashable {
        /// The device entered the region.
        case entry
        /// The device left the region.
        case exit
    }

    /// iOS keeps at most this many pending requests.
    public static let pendingLimit = 64

    struct Entry {
        var request: LocalNotificationRequest
        var fireDate: Date?
        var sequence: UInt64
    }

    struct State {
        var pending: [Entry] = []
        var delivered: [DeliveredNotification] = []
        var fired: [DeliveredNotification] = []
        /// The latest entry of `fired` per identifier, so looking one up does not scan the whole history.
        var latestFired: [String: DeliveredNotification] = [:]
        /// Repetitions counted instead of delivered one by one, per identifier (see ``collapsedRepetitions()``).
        var collapsed: [String: Int] = [:]
        var dropped: [String] = []
        var sequence: UInt64 = 0
        var hook: DeliveryHook?
        var wake: ScheduledAction?
        var wakeDate: Date?
        var wakeGeneration: UInt64 = 0
    }

    let clock: any PushClock
    /// The calendar calendar triggers are evaluated in.
    public let calendar: Calendar
    let state: LockedState<State>

    /// Creates a scheduler.
    ///
    /// - Parameters:
    ///   - clock: Drives firing; tests pass a ``ManualClock``.
    ///   - calendar: Evaluates calendar triggers (its time zone matters across DST changes).
    ///   - deliveryHook: Receives each fired notification; `nil` lists every one.
    public init(clock: any PushClock, calendar: Calendar = .current, deliveryHook: DeliveryHook? = nil) {
        self.clock = clock
        self.calendar = calendar
        self.state = LockedState(State(hook: deliveryHook))
    }

    deinit {
        state.withLock { $0.wake }?.cancel()
    }

    /// Replaces the delivery hook (`nil`: list every fired notification).
    public func setDeliveryHook(_ hook: DeliveryHook?) {
        state.withLock { $0.hook = hook }
    }

    // MARK: NotificationScheduler

    /// Schedules `request`, replacing a pending one with the same identifier.
    ///
    /// - Throws: `LocalNotificationError` when the request is invalid (nothing changes then).
    public func add(_ request: LocalNotificationRequest) throws {
        try request.validate()
        let now = clock.now
        let fireDate: Date? = request.trigger.map { $0.nextFireDate(after: now, calendar: calendar) } ?? now
        state.withLock { state in
            state.sequence += 1
            state.pending.removeAll { $0.request.identifier == request.identifier }
            state.pending.append(Entry(request: request, fireDate: fireDate, sequence: state.sequence))
            // iOS (UNUserNotificationCenter) keeps the last 64 added, whenever they fire: `pending` is in add
            // order, so the first ones go.
            if state.pending.count > SimulatedScheduler.pendingLimit {
                let dropped = state.pending.count - SimulatedScheduler.pendingLimit
                state.dropped += state.pending.prefix(dropped).map(\.request.identifier)
                state.pending.removeFirst(dropped)
            }
        }
        rescheduleWake()
    }

    /// The pending requests, soonest first (requests that never fire by time, such as location ones, last).
    public func pendingRequests() -> [LocalNotificationRequest] {
        state.withLock { $0.pending }.sorted(by: SimulatedScheduler.firesBefore).map(\.request)
    }

    /// The delivered list (Notification Center), oldest first.
    public func deliveredNotifications() -> [DeliveredNotification] {
        state.withLock { $0.delivered }
    }

    public func removePendingRequests(withIdentifiers identifiers: [String]) {
        let removed = Set(identifiers)
        state.withLock { $0.pending.removeAll { removed.contains($0.request.identifier) } }
        rescheduleWake()
    }

    public func removeAllPendingRequests() {
        state.withLock { $0.pending.removeAll() }
        rescheduleWake()
    }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        let removed = Set(identifiers)
        state.withLock { $0.delivered.removeAll { removed.contains($0.identifier) } }
    }

    public func removeAllDeliveredNotifications() {
        state.withLock { $0.delivered.removeAll() }
    }

    static func firesBefore(_ lhs: Entry, _ rhs: Entry) -> Bool {
        switch (lhs.fireDate, rhs.fireDate) {
        case (let left?, let right?): return (left, lhs.sequence) < (right, rhs.sequence)
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return lhs.sequence < rhs.sequence
        }
    }
}
