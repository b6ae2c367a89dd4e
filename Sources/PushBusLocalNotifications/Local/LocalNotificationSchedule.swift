public import Foundation
@_spi(PushBusInternals) public import PushBusCore

/// More local notifications than iOS keeps pending: a durable schedule that hands the system only the soonest
/// ones and refills that window as they fire.
///
/// iOS keeps at most 64 pending requests per app and, past that, silently keeps the **last 64 added**, so a
/// reminder app that adds 200 alerts loses the soonest ones. Add them here instead: the schedule stores every
/// request (in a file of its own in `directory`), keeps the soonest of them pending in the system (64 minus the
/// ``Configuration/reserve`` slots left for the app's own requests: 60 by default), and refills the window when
/// ``refill()`` runs: at launch, on return to the foreground, in background refresh, and (with
/// ``attach(to:)``) whenever one of its notifications is delivered to or answered in the app.
///
/// ```swift
/// let schedule = try LocalNotificationSchedule(scheduler: scheduler, directory: appGroupURL)
/// for (index, date) in doses.enumerated() {
///     try await schedule.add(
///         LocalNotificationRequest(
///             identifier: "dose-\(index)", content: PushContent(title: "Take your pill"),
///             trigger: .once(at: date, in: .current)))
/// }
/// let subscription = schedule.attach(to: PushCenter.shared)  // refills when one is shown or tapped
/// ```
///
/// A repeating trigger counts as one pending request, as iOS counts it; location triggers have no date and
/// are always kept pending. Remove requests through ``remove(identifiers:)``: one removed from the system
/// directly is put back by the next refill while the schedule still holds it.
///
/// > Warning: iOS runs no app code when a local notification fires in the background. If the app is not
/// > opened (and gets no background refresh) before the window's last notification fires, the later ones do not
/// > fire on time: the next refill reports them in ``RefillReport/missed`` and drops them (repeating requests
/// > are kept and fire at their next date).
public final class LocalNotificationSchedule: Sendable {
    /// How many requests iOS keeps pending per app.
    static let systemLimit = 64

    /// The schedule's settings.
    public struct Configuration: Sendable {
        /// Pending slots left to the app's own requests (added to the system directly): 4 by default. When the
        /// app has more requests of its own pending, the window shrinks to leave them room.
        public var reserve: Int
        /// Evaluates calendar triggers.
        public var calendar: Calendar
        /// The time refills are computed at (`ManualClock` in tests).
        public var clock: any PushClock

        /// Creates settings; `reserve` is clamped to 0…63.
        public init(reserve: Int = 4, calendar: Calendar = .current, clock: any PushClock = SystemPushClock()) {
            self.reserve = min(max(reserve, 0), LocalNotificationSchedule.systemLimit - 1)
            self.calendar = calendar
            self.clock = clock
        }
    }

    /// What one ``refill()`` changed.
    public struct RefillReport: Sendable, Hashable {
        /// The identifiers handed to the system, soonest last (the order they were added in).
        public var added: [String] = []
        /// The identifiers taken back from the system because sooner ones need their slots.
        public var withdrawn: [String] = []
        /// Requests whose fire date passed while they were stored but not pending: they did not fire.
        public var missed: [LocalNotificationRequest] = []
        /// How many of the schedule's requests are pending in the system now.
        package var pendingCount = 0
        /// How many requests the schedule holds now, pending or stored.
        package var storedCount = 0
    }

    let scheduler: any NotificationScheduler
    let configuration: Configuration
    let file: LocalScheduleFile?
    let state: LockedState<LocalScheduleState>
    /// The last refill started: each refill waits for the one before it, so they never interleave.
    let lastRefill = LockedState<Task<RefillReport, any Error>?>(nil)
    /// Records the category and interruption level of each request for the preflight, once set
    /// (`recordContentUse(in:)`, beside the delivery).
    package let contentUse = LockedState<(@Sendable (PushContent) -> Void)?>(nil)

    /// Opens the schedule.
    ///
    /// - Parameters:
    ///   - scheduler: The system's scheduler (`UserNotificationScheduler` in PushBusApple, or a
    ///     `SimulatedScheduler`).
    ///   - directory: Where the schedule keeps its file (`local-notification-schedule.json`): the ledger's
    ///     directory or an App Group container. `nil` keeps it in memory (lost at termination).
    ///   - configuration: The reserve, calendar and clock.
    /// - Throws: `StoreFileError` when the directory is missing or the file is unreadable or damaged.
    public init(
        scheduler: any NotificationScheduler, directory: URL?, configuration: Configuration = Configuration()
    ) throws {
        self.scheduler = scheduler
        self.configuration = configuration
        let file = try directory.map { try LocalScheduleFile(directory: $0) }
        self.file = file
        self.state = LockedState(try file?.load() ?? LocalScheduleState())
    }

    /// Adds `request` to the schedule (replacing one with the same identifier) and refills the window.
    ///
    /// A request without a trigger is handed to the system at once and not stored.
    ///
    /// - Throws: ``LocalNotificationError`` for an invalid request; `StoreFileError` when the file
    ///   cannot be written (nothing is stored then); the system's error from the refill.
    public func add(_ request: LocalNotificationRequest) async throws {
        try await add(contentsOf: [request])
    }

    /// Adds several requests with one write of the file and one refill (what an app adding 200 reminders
    /// wants); each replaces a request with its identifier.
    ///
    /// - Throws: ``LocalNotificationError`` for the first invalid request (nothing is added then), or what
    ///   ``add(_:)`` throws.
    public func add(contentsOf requests: [LocalNotificationRequest]) async throws {
        for request in requests { try request.validate() }
        if let note = contentUse.withLock({ $0 }) {
            for request in requests { note(request.content) }
        }
        for request in requests where request.trigger == nil { try await scheduler.add(request) }
        let timed = requests.filter { $0.trigger != nil }
        guard !timed.isEmpty else { return }
        let now = configuration.clock.now
        let calendar = configuration.calendar
        try update { state in for request in timed { state.insert(request, now: now, calendar: calendar) } }
        try await refill()
    }

    /// Removes requests from the schedule and from the system's pending list, then refills the window.
    public func remove(identifiers: [String]) async throws {
        try update { $0.remove(Set(identifiers)) }
        await scheduler.removePendingRequests(withIdentifiers: identifiers)
        try await refill()
    }

    /// Every request the schedule holds, pending or stored, soonest first.
    public func requests() -> [LocalNotificationRequest] {
        state.withLock { $0.sortedEntries().map(\.request) }
    }

    /// Brings the system's pending list in line with the schedule: drops what fired, reports what was missed,
    /// withdraws requests that sooner ones displace, and adds the soonest ones that are not pending.
    ///
    /// Call it at launch, on return to the foreground and in background refresh (PushBusApple's
    /// `LocalScheduleRefresher` does the first two).
    ///
    /// - Throws: `StoreFileError` when the file cannot be written; the system's error from `add`.
    @discardableResult
    public func refill() async throws -> RefillReport {
        try await startRefill().value
    }

    /// Queues a refill after the ones started before (synchronously, so ``waitForRefills()`` sees it).
    private func startRefill() -> Task<RefillReport, any Error> {
        lastRefill.withLock { last -> Task<RefillReport, any Error> in
            let previous = last
            let task = Task { [self] in
                _ = try? await previous?.value
                return try await performRefill()
            }
            last = task
            return task
        }
    }

    /// Refills the window whenever one of the schedule's notifications reaches the app (shown in the
    /// foreground or answered). Keep the subscription as long as the app runs.
    ///
    /// - Parameter center: The app's hub (`PushCenter`), or any other `PushMessageSource`; only local messages
    ///   (`.local`, `.localTapped`) of the schedule's requests refill.
    public func attach(to center: some PushMessageSource) -> PushCancellable {
        center.watchMessages { [weak self] message in
            guard message.kind == .local || message.kind == .localTapped, let self,
                let identifier = message.requestIdentifier, self.state.withLock({ $0.contains(identifier) })
            else { return }
            _ = self.startRefill()
        }
    }

    /// Waits for the refills started so far (tests).
    package func waitForRefills() async {
        let task = lastRefill.withLock { $0 }
        _ = try? await task?.value
    }

    private func performRefill() async throws -> RefillReport {
        let pending = await scheduler.pendingRequests()
        let now = configuration.clock.now
        let configuration = self.configuration
        let plan = state.withLock {
            $0.plan(pending: pending.map(\.identifier), now: now, configuration: configuration)
        }
        if !plan.withdraw.isEmpty { await scheduler.removePendingRequests(withIdentifiers: plan.withdraw) }
        var added: [String] = []
        var failure: (any Error)?
        for request in plan.add {
            do {
                try await scheduler.add(request)
                added.append(request.identifier)
            } catch {
                failure = failure ?? error
            }
        }
        let saved = try update { $0.apply(plan, added: Set(added)) }
        if let failure { throw failure }
        return RefillReport(
            added: added, withdrawn: plan.withdraw, missed: plan.missed,
            pendingCount: saved.pendingCount, storedCount: saved.entries.count)
    }

    /// Changes the state and saves it; on a write failure the state is left as it was.
    @discardableResult
    private func update(_ change: (inout LocalScheduleState) -> Void) throws -> LocalScheduleState {
        try state.withLock { state in
            var next = state
            change(&next)
            try file?.save(next)
            state = next
            return next
        }
    }
}
