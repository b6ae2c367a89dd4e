import Foundation
import PushBus

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
    }

    let state = LockedState(State())
    let clock: any PushClock

    init(clock: any PushClock) {
        self.clock = clock
    }

    // MARK: Recording

    func record(_ event: SimulatedDevice.Event) {
        let entry = Entry(date: clock.now, event: event)
        let (streams, waiters) = state.withLock {
            state -> ([AsyncStream<Entry>.Continuation], [CheckedContinuation<Void, Never>]) in
            state.timeline.append(entry)
            switch event {
            case .callback(let record): state.callbacks.append(record)
            case .message(let message, let receipt):
                state.deliveries.append(SimulatedDevice.Delivery(message: message, receipt: receipt))
            case .route(let record): state.routes.append(record)
            default: break
            }
            var waiters: [CheckedContinuation<Void, Never>] = []
            if state.completions.allSatisfy({ $0.callCount > 0 }) {
                waiters = state.settleWaiters
                state.settleWaiters = []
            }
            return (Array(state.streams.values), waiters)
        }
        for stream in streams { stream.yield(entry) }
        for waiter in waiters { waiter.resume() }
    }

    /// Registers a completion handler about to be handed to the app; returns its index.
    func expectCompletion(_ callback: SimulatedDevice.Callback, notification: String?) -> Int {
        state.withLock { state in
            state.completions.append(
                SimulatedDevice.CompletionRecord(callback: callback, notification: notification, values: []))
            return state.completions.count - 1
        }
    }

    /// Records a call of the completion handler registered at `index`.
    func complete(_ index: Int, value: String) {
        let (callback, notification, count) = state.withLock { state in
            state.completions[index].values.append(value)
            let record = state.completions[index]
            return (record.callback, record.notification, record.callCount)
        }
        record(.completion(callback: callback, notification: notification, value: value, callCount: count))
    }

    // MARK: Reading

    var timeline: [Entry] { state.withLock { $0.timeline } }
    var callbacks: [SimulatedDevice.CallbackRecord] { state.withLock { $0.callbacks } }
    var completions: [SimulatedDevice.CompletionRecord] { state.withLock { $0.completions } }
    var deliveries: [SimulatedDevice.Delivery] { state.withLock { $0.deliveries } }
    var routes: [SimulatedDevice.RouteRecord] { state.withLock { $0.routes } }

    /// Returns when every completion handler handed out so far has been called.
    func settle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isSettled = state.withLock { state -> Bool in
                if state.completions.allSatisfy({ $0.callCount > 0 }) { return true }
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
