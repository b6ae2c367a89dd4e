@_spi(PushBusInternals) public import PushBusCore

/// An `AsyncSequence` of the messages a ``PushCenter`` delivers, made by
/// ``PushCenter/messages(_:replay:bufferingPolicy:)``.
///
/// The subscription starts when the sequence is made; its first iterator receives everything from then on.
/// Each further iterator subscribes anew when it is made. Iteration ends when the consuming task is cancelled or
/// the center is released (after the messages already buffered). Leaving the loop cancels the subscription.
public struct PushMessages: AsyncSequence, Sendable {
    public typealias Element = PushMessage

    /// What a sequence keeps while its consumer is busy. Named like `AsyncStream`'s policies.
    public struct BufferingPolicy: Sendable, Hashable {
        enum Limit: Sendable, Hashable {
            case unbounded
            case newest(Int)
            case oldest(Int)
        }

        let limit: Limit

        /// Keeps every message.
        ///
        /// > Warning: A sequence that is made but never iterated then grows without bound.
        public static let unbounded = BufferingPolicy(limit: .unbounded)
        /// What ``PushCenter/messages(_:replay:bufferingPolicy:)`` uses unless told: the oldest 256 messages.
        ///
        /// Bounded, so a sequence made but not (yet) iterated cannot grow without limit; the *oldest* are kept
        /// because a hub's messages are events, not state — what came first (a cold-start tap handed over when
        /// the sequence was made) matters more than a flood that followed. Drops are counted in
        /// `PushCenter.statistics`.
        public static let `default` = bufferingOldest(256)
        /// Keeps the newest `count` messages, dropping the oldest (each drop is counted).
        public static func bufferingNewest(_ count: Int) -> BufferingPolicy {
            BufferingPolicy(limit: .newest(Swift.max(0, count)))
        }
        /// Keeps the oldest `count` messages, dropping new ones while full (each drop is counted).
        public static func bufferingOldest(_ count: Int) -> BufferingPolicy {
            BufferingPolicy(limit: .oldest(Swift.max(0, count)))
        }
    }

    private let feed: Feed

    /// How many messages wait in the buffer of the subscription made with the sequence (its first iterator's),
    /// not yet taken by the consumer.
    public var bufferedCount: Int { feed.bufferedCount }

    init(storage: HubStorage, filter: PushFilter, replay: ReplayPolicy, bufferingPolicy: BufferingPolicy) {
        feed = Feed(storage: storage, filter: filter, replay: replay, bufferingPolicy: bufferingPolicy)
    }

    public func makeAsyncIterator() -> Iterator {
        let (buffer, subscription) = feed.claimFirst() ?? feed.subscribe()
        return Iterator(buffer: buffer, subscription: subscription)
    }

    /// Hands out the sequence's messages to one consumer.
    public struct Iterator: AsyncIteratorProtocol {
        private let buffer: MessageBuffer
        /// Released with the iterator, which cancels the subscription.
        private let subscription: PushCancellable

        init(buffer: MessageBuffer, subscription: PushCancellable) {
            self.buffer = buffer
            self.subscription = subscription
        }

        /// The next message, or `nil` once the task is cancelled or the center is gone.
        public mutating func next() async -> PushMessage? {
            if Task.isCancelled {
                end()
                return nil
            }
            switch buffer.take() {
            case .element(let message): return message
            case .finished: return nil
            case .empty: break
            }
            let buffer = buffer
            let subscription = subscription
            return await withTaskCancellationHandler {
                await withUnsafeContinuation { continuation in buffer.wait(continuation) }
            } onCancel: {
                buffer.finish(discardingBuffered: true)
                subscription.cancel()
            }
        }

        private func end() {
            buffer.finish(discardingBuffered: true)
            subscription.cancel()
        }
    }

    /// The subscription made with the sequence, claimed by its first iterator.
    final class Feed: Sendable {
        let storage: HubStorage
        let filter: PushFilter
        let replay: ReplayPolicy
        let bufferingPolicy: BufferingPolicy
        private let first: LockedState<(MessageBuffer, PushCancellable)?>
        /// The first subscription's buffer, kept for ``PushMessages/bufferedCount`` after an iterator claims it.
        private let firstBuffer: MessageBuffer

        init(storage: HubStorage, filter: PushFilter, replay: ReplayPolicy, bufferingPolicy: BufferingPolicy) {
            self.storage = storage
            self.filter = filter
            self.replay = replay
            self.bufferingPolicy = bufferingPolicy
            first = LockedState(nil)
            let initial = Self.subscribe(
                storage: storage, filter: filter, replay: replay, bufferingPolicy: bufferingPolicy)
            firstBuffer = initial.0
            first.withLock { $0 = initial }
        }

        var bufferedCount: Int { firstBuffer.count }

        func claimFirst() -> (MessageBuffer, PushCancellable)? {
            first.withLock { first in
                defer { first = nil }
                return first
            }
        }

        func subscribe() -> (MessageBuffer, PushCancellable) {
            Self.subscribe(storage: storage, filter: filter, replay: replay, bufferingPolicy: bufferingPolicy)
        }

        private static func subscribe(
            storage: HubStorage, filter: PushFilter, replay: ReplayPolicy, bufferingPolicy: BufferingPolicy
        ) -> (MessageBuffer, PushCancellable) {
            let buffer = MessageBuffer(policy: bufferingPolicy)
            let subscription = storage.subscribe(
                filter, replay: replay, kind: .sequence, onTermination: { buffer.finish(discardingBuffered: false) }
            ) { [weak storage] message in
                let dropped = buffer.append(message)
                if dropped > 0 { storage?.state.withLock { $0.recordDropped(dropped) } }
            }
            return (buffer, subscription)
        }
    }
}

@available(*, unavailable)
extension PushMessages.Iterator: Sendable {}
