@_spi(PushBusInternals) public import PushBusCore

/// Records values from handlers and observers on any thread, in order (tests only); a test can wait for the
/// values it expects instead of polling for them.
public final class Recorder<Value: Sendable>: Sendable {
    private struct Waiter {
        let id: Int
        let condition: @Sendable ([Value]) -> Bool
        let continuation: CheckedContinuation<[Value], any Error>
    }

    private struct State {
        var values: [Value] = []
        var waiters: [Waiter] = []
        var nextWaiter = 0
        var cancelled: Set<Int> = []
    }

    private let storage = LockedState(State())

    public init() {}

    /// Appends `value`; wakes whoever waits for the values now recorded.
    public func record(_ value: Value) {
        let (woken, values) = storage.withLock { state -> ([Waiter], [Value]) in
            state.values.append(value)
            let woken = state.waiters.filter { $0.condition(state.values) }
            state.waiters.removeAll { waiter in woken.contains { $0.id == waiter.id } }
            return (woken, state.values)
        }
        for waiter in woken { waiter.continuation.resume(returning: values) }
    }

    /// Everything recorded so far, in order.
    public var values: [Value] { storage.withLock { $0.values } }

    /// How many values were recorded.
    public var count: Int { storage.withLock { $0.values.count } }

    /// The latest value.
    public var last: Value? { storage.withLock { $0.values.last } }

    /// Waits until the recorded values satisfy `condition` (checked now and after each `record`, under the
    /// recorder's lock: keep it a plain check of the values), at most ``TestDeadline``; returns them.
    ///
    /// - Throws: ``TestDeadline/Expired`` naming `what`, with the values recorded by then.
    @discardableResult
    public func wait(
        for what: String, until condition: @escaping @Sendable ([Value]) -> Bool
    ) async throws -> [Value] {
        do {
            return try await TestDeadline.race(what) { try await self.suspend(until: condition) }
        } catch let expired as TestDeadline.Expired {
            throw TestDeadline.Expired("\(expired.what) (recorded: \(values))")
        }
    }

    private func suspend(until condition: @escaping @Sendable ([Value]) -> Bool) async throws -> [Value] {
        let id = storage.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = storage.withLock { state -> Result<[Value], any Error>? in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if condition(state.values) { return .success(state.values) }
                    state.waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let waiter = storage.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}

extension Recorder where Value == Void {
    /// Records one call.
    public func record() { record(()) }
}

extension Recorder where Value == PushMessage {
    /// The recorded messages' identities.
    public var ids: [String] { values.map(\.id.rawValue) }
}
