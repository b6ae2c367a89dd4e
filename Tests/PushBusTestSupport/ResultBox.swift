@_spi(PushBusInternals) import PushBusCore
public import PushBusServiceExtension
import Testing

/// Collects what the content handler got; `next()` waits for it.
public final class ResultBox: Sendable {
    private let stream: AsyncStream<ServiceExtensionResult>
    private let continuation: AsyncStream<ServiceExtensionResult>.Continuation
    private let calls = LockedState(0)

    public init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    public var handler: @Sendable (ServiceExtensionResult) -> Void {
        { [self] result in
            calls.withLock { $0 += 1 }
            continuation.yield(result)
        }
    }

    public var callCount: Int { calls.withLock { $0 } }

    /// The next result, or `nil` (and an issue) when none comes by ``TestDeadline``.
    public func next() async -> ServiceExtensionResult? {
        await TestDeadline.bounded("the content handler's result") { [stream] in
            var iterator = stream.makeAsyncIterator()
            return await iterator.next()
        } ?? nil
    }
}
