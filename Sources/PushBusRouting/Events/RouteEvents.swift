import PushBusCore

/// The router's events as an `AsyncSequence`, from the moment iteration starts until the task is cancelled.
///
/// ```swift
/// for await event in router.events() {
///     if case .didFail(let failure) = event { log(failure.error) }
/// }
/// ```
public struct RouteEvents: AsyncSequence, Sendable {
    public typealias Element = RouteEvent

    let router: PushRouter
    let bufferingPolicy: AsyncStream<RouteEvent>.Continuation.BufferingPolicy

    public func makeAsyncIterator() -> AsyncStream<RouteEvent>.Iterator {
        let (stream, continuation) = AsyncStream<RouteEvent>.makeStream(bufferingPolicy: bufferingPolicy)
        let observation = router.observe { continuation.yield($0) }
        continuation.onTermination = { _ in observation.cancel() }
        return stream.makeAsyncIterator()
    }
}
