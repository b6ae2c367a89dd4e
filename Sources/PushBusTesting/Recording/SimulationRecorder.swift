internal import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusRouting

/// Everything a ``SimulatedDevice`` saw, behind one lock: the timeline and the indexes tests query.
///
/// Callbacks into user code (timeline streams, settle waiters) run after the lock is released.
final class SimulationRecorder: Sendable {
    typealias Entry = SimulatedDevice.TimelineEntry

    struct State {
        var timeline: [Entry] = []
        var callbacks: [SimulatedDevice.CallbackRecord] = []
        var completions: [SimulatedDevice.CompletionRecord] = []
        var deliveries: [SimulatedDevice.Delivery] = []
        var routes: [SimulatedDevice.RouteRecord] = []
        var streams: [UInt64: AsyncStream<Entry>.Continuation] = [:]
        var settleWaiters: [CheckedContinuation<Void, Never>] = []
        var nextID: UInt64 = 0
        /// Completion handlers handed out and not called yet: kept as a count so that recording stays O(1)
        /// however many handlers a long scenario hands out.
        var uncalledCompletions = 0
        /// Uncalled handlers that only the clock can finish now: PushBus answered, and what is left is another
        /// SDK answering late or never (the deadline). ``settle()`` does not wait for them.
        var waitingOnClock: Set<Int> = []
        var isSettled: Bool { uncalledCompletions == waitingOnClock.count }
        /// Routes a push opened, held back until the hub reports the message that caused them: the router opens
        /// a tapped link while the hub delivers the message, but the hub reports the message (with its receipt)
        /// only once delivery is over, and the timeline must tell cause before effect.
        var heldRoutes: [Entry] = []
    }

    let state = LockedState(State())
    let clock: any PushClock

    init(clock: any PushClock) {
        self.clock = clock
    }

    // MARK: Recording

    func record(_ event: SimulatedDevice.Event) {
        let entry = Entry(date: clock.now, event: event)
        let (streams, waiters, appended) = state.withLock {
            state -> ([AsyncStream<Entry>.Continuation], [CheckedContinuation<Void, Never>], [Entry]) in
            var appended: [Entry] = []
            switch event {
            case .callback(let record): state.callbacks.append(record)
            case .message(let message, let receipt):
                state.deliveries.append(SimulatedDevice.Delivery(message: message, receipt: receipt))
            case .route(let record): state.routes.append(record)
            default: break
            }
            switch event {
            case .route(let record) where record.source == .push:
                state.heldRoutes.append(entry)
            case .message:
                appended = [entry] + state.heldRoutes
                state.heldRoutes = []
            default:
                appended = state.heldRoutes + [entry]
                state.heldRoutes = []
            }
            state.timeline += appended
            var waiters: [CheckedContinuation<Void, Never>] = []
            if state.isSettled && !state.settleWaiters.isEmpty {
                waiters = state.settleWaiters
                state.settleWaiters = []
            }
            return (Array(state.streams.values), waiters, appended)
        }
        for stream in streams {
            for entry in appended { stream.yield(entry) }
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Registers a completion handler about to be handed to the app; returns its index.
    func expectCompletion(_ callback: SimulatedDevice.Callback, notification: String?) -> Int {
        state.withLock { state in
            state.completions.append(
                SimulatedDevice.CompletionRecord(callback: callback, notification: notification, values: []))
            state.uncalledCompletions += 1
            return state.completions.count - 1
        }
    }

    /// Records a call of the completion handler registered at `index`.
    func complete(_ index: Int, value: String) {
        let (callback, notification, count) = state.withLock { state in
            state.completions[index].values.append(value)
            if state.completions[index].values.count == 1 {
                state.uncalledCompletions -= 1
                state.waitingOnClock.remove(index)
            }
            let record = state.completions[index]
            return (record.callback, record.notification, record.callCount)
        }
        record(.completion(callback: callback, notification: notification, value: value, callCount: count))
    }

    /// Marks the uncalled handler at `index` as finished only by the clock from now on (another SDK answers late
    /// or never, PushBus has answered): ``settle()`` stops waiting for it.
    func waitOnClock(_ index: Int) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.completions[index].values.isEmpty else { return [] }
            state.waitingOnClock.insert(index)
            guard state.isSettled else { return [] }
            defer { state.settleWaiters = [] }
            return state.settleWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    // MARK: Reading

    var timeline: [Entry] { state.withLock { $0.timeline + $0.heldRoutes } }
    var callbacks: [SimulatedDevice.CallbackRecord] { state.withLock { $0.callbacks } }
    var completions: [SimulatedDevice.CompletionRecord] { state.withLock { $0.completions } }
    var deliveries: [SimulatedDevice.Delivery] { state.withLock { $0.deliveries } }
    var routes: [SimulatedDevice.RouteRecord] { state.withLock { $0.routes } }

    /// Returns when every completion handler handed out so far has been called, or waits only for the clock.
    func settle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isSettled = state.withLock { state -> Bool in
                if state.isSettled { return true }
                state.settleWaiters.append(continuation)
                return false
            }
            if isSettled { continuation.resume() }
        }
    }

    /// A stream of the timeline: the entries so far, then live ones.
    func stream() -> AsyncStream<Entry> {
        let (stream, continuation) = AsyncStream<Entry>.makeStream()
        let id = state.withLock { state -> UInt64 in
            // Held routes follow when they are placed in the timeline.
            for entry in state.timeline { continuation.yield(entry) }
            state.nextID += 1
            state.streams[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in _ = state.streams.removeValue(forKey: id) }
        }
        return stream
    }
}
