@_spi(PushBusInternals) import PushBusCore

/// The queue between the hub (posting threads) and one `for await` consumer.
///
/// Appends never suspend: they run inside the hub's fan-out. A consumer that finds the queue empty parks one
/// continuation, which the next append resumes directly with its message (no queueing).
final class MessageBuffer: Sendable {
    enum Take {
        case element(PushMessage)
        case empty
        case finished
    }

    private struct State: Sendable {
        var queue: [PushMessage] = []
        var head = 0
        var waiter: UnsafeContinuation<PushMessage?, Never>?
        var isFinished = false

        var count: Int { queue.count - head }

        mutating func popFirst() -> PushMessage? {
            guard head < queue.count else { return nil }
            let message = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64, head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            return message
        }
    }

    private let policy: PushMessages.BufferingPolicy.Limit
    private let state = LockedState(State())

    init(policy: PushMessages.BufferingPolicy) { self.policy = policy.limit }

    /// Queues a message (or hands it to the waiting consumer); returns how many messages the policy dropped.
    func append(_ message: PushMessage) -> Int {
        let (waiter, dropped) = state.withLock { state -> (UnsafeContinuation<PushMessage?, Never>?, Int) in
            if state.isFinished { return (nil, 0) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, 0)
            }
            switch policy {
            case .unbounded:
                state.queue.append(message)
                return (nil, 0)
            case .newest(let limit):
                guard limit > 0 else { return (nil, 1) }
                var dropped = 0
                if state.count >= limit {
                    _ = state.popFirst()
                    dropped = 1
                }
                state.queue.append(message)
                return (nil, dropped)
            case .oldest(let limit):
                guard state.count < limit else { return (nil, 1) }
                state.queue.append(message)
                return (nil, 0)
            }
        }
        waiter?.resume(returning: message)
        return dropped
    }

    /// How many messages wait for the consumer.
    var count: Int { state.withLock { $0.count } }

    /// Takes the next message without waiting.
    func take() -> Take {
        state.withLock { state in
            if let message = state.popFirst() { return .element(message) }
            return state.isFinished ? .finished : .empty
        }
    }

    /// Resumes `continuation` with the next message, now or when one arrives (`nil` once finished).
    func wait(_ continuation: UnsafeContinuation<PushMessage?, Never>) {
        let immediate: PushMessage?? = state.withLock { state in
            if let message = state.popFirst() { return .some(message) }
            if state.isFinished { return .some(nil) }
            state.waiter = continuation
            return nil
        }
        if let immediate { continuation.resume(returning: immediate) }
    }

    /// Ends the sequence: a waiting consumer gets `nil`; with `discardingBuffered`, queued messages are dropped
    /// too (the task was cancelled), otherwise they are still handed out first (the center went away).
    func finish(discardingBuffered: Bool) {
        let waiter = state.withLock { state -> UnsafeContinuation<PushMessage?, Never>? in
            state.isFinished = true
            if discardingBuffered {
                state.queue = []
                state.head = 0
            }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}
