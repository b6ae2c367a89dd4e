import Foundation
import PushBusTestSupport
import Testing

@testable import PushBus
@testable import PushBusCategories
@testable import PushBusContentExtensionKit
@testable import PushBusCore
@testable import PushBusDelivery
@testable import PushBusHub
@testable import PushBusLiveActivity
@testable import PushBusServiceExtension
@testable import PushBusServiceExtensionStorage
@testable import PushBusStorage
@testable import PushBusValidation

/// A clock whose scheduled actions run only when `fire()` is called (any thread).
final class ManualTestClock: PushClock {
    private let pending = LockedState([(ScheduledAction, @Sendable () -> Void)]())
    let now = Date(timeIntervalSince1970: 1_767_225_600)

    @discardableResult
    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        let token = ScheduledAction()
        pending.withLock { $0.append((token, action)) }
        return token
    }

    /// Runs every scheduled action that was not cancelled.
    func fire() {
        let actions = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        for (token, action) in actions where !token.isCancelled { action() }
    }
}

/// Collects what the content handler got; `next()` waits for it.
final class ResultBox: Sendable {
    private let stream: AsyncStream<ServiceExtensionResult>
    private let continuation: AsyncStream<ServiceExtensionResult>.Continuation
    private let calls = LockedState(0)

    init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    var handler: @Sendable (ServiceExtensionResult) -> Void {
        { [self] result in
            calls.withLock { $0 += 1 }
            continuation.yield(result)
        }
    }

    var callCount: Int { calls.withLock { $0 } }

    /// The next result, or `nil` (and an issue) when none comes by ``TestDeadline``.
    func next() async -> ServiceExtensionResult? {
        await TestDeadline.bounded("the content handler's result") { [stream] in
            var iterator = stream.makeAsyncIterator()
            return await iterator.next()
        } ?? nil
    }
}
