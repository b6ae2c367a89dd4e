public import Dispatch
@_spi(PushBusInternals) import PushBusCore
public import Testing

/// The one bound on every wait for something outside a test's control: a child process, a loopback HTTP server,
/// work another thread or task finishes. Reaching it means the thing waited for is not coming; the wait ends
/// with ``Expired`` (the reason) well before the test's `.timeLimit` would stop the run without one.
public enum TestDeadline {
    /// How long a test waits for one external event: far above what any wait takes on a loaded 2-core machine
    /// under the thread sanitizer (the longest, a hub thread storm, takes 9 s there unloaded), and below the
    /// 2-minute `.timeLimit` every waiting suite carries, so the deadline speaks first, with its reason.
    public static let seconds: UInt64 = 60

    /// The deadline as a `DispatchTime`, for a semaphore or group wait that starts now:
    /// `#expect(done.wait(timeout: TestDeadline.fromNow()) == .success)`.
    public static func fromNow() -> DispatchTime { .now() + .seconds(Int(seconds)) }

    /// A wait gave up at the deadline.
    public struct Expired: Error, CustomStringConvertible {
        /// What was waited for.
        public let what: String
        private let nanoseconds: UInt64

        public init(_ what: String, after nanoseconds: UInt64 = TestDeadline.seconds * 1_000_000_000) {
            self.what = what
            self.nanoseconds = nanoseconds
        }

        public var description: String { "gave up waiting for \(what) after \(Double(nanoseconds) / 1e9) s" }
    }

    /// Returns what `operation` returns, or throws ``Expired`` at the deadline without waiting for `operation`
    /// any longer (it is cancelled and left behind: a wait that ignores cancellation cannot hold the test).
    ///
    /// - Parameters:
    ///   - what: What the operation waits for, for the failure message.
    ///   - nanoseconds: The deadline; only the helpers' own tests pass anything but the default.
    public static func race<T: Sendable>(
        _ what: String, within nanoseconds: UInt64 = seconds * 1_000_000_000,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let waiter = OneShot<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.start(continuation)
                let work = Task {
                    do { waiter.resume(.success(try await operation())) } catch { waiter.resume(.failure(error)) }
                }
                let timer = Task {
                    do { try await Task.sleep(nanoseconds: nanoseconds) } catch { return }
                    waiter.resume(.failure(Expired(what, after: nanoseconds)))
                }
                waiter.onEnd {
                    work.cancel(); timer.cancel()
                }
            }
        } onCancel: {
            waiter.resume(.failure(CancellationError()))
        }
    }
}

extension TestDeadline {
    /// Returns what `operation` returns, or records an issue naming `what` and returns `nil` at the deadline: for
    /// helpers whose callers expect a value, not an error (`try #require(await box.next())`).
    public static func bounded<T: Sendable>(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: @escaping @Sendable () async -> T
    ) async -> T? {
        do {
            return try await race(what, operation)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}

extension TestDeadline {
    /// Checks `condition` every 10 ms until it holds, at most ``TestDeadline``. Only for state that announces no
    /// event (a service-extension run's content while URLSession downloads into it); anything that can be
    /// observed is waited for with ``Recorder/wait(for:until:)`` instead.
    ///
    /// - Throws: ``Expired`` naming `what`.
    public static func poll(_ what: String, until condition: @escaping @Sendable () -> Bool) async throws {
        try await race(what) {
            while !condition() { try await Task.sleep(nanoseconds: 10_000_000) }
        }
    }
}

/// A continuation resumed once, by whichever comes first; then its clean-up runs.
private final class OneShot<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var early: Result<T, any Error>?
        var cleanUp: (@Sendable () -> Void)?
        var isEnded = false
    }

    private let state = LockedState(State())

    func start(_ continuation: CheckedContinuation<T, any Error>) {
        let early = state.withLock { state -> Result<T, any Error>? in
            if state.early == nil { state.continuation = continuation }
            return state.early
        }
        if let early { continuation.resume(with: early) }
    }

    func onEnd(_ cleanUp: @escaping @Sendable () -> Void) {
        let isEnded = state.withLock { state -> Bool in
            if !state.isEnded { state.cleanUp = cleanUp }
            return state.isEnded
        }
        if isEnded { cleanUp() }
    }

    func resume(_ result: Result<T, any Error>) {
        let (continuation, cleanUp) = state.withLock {
            state -> (CheckedContinuation<T, any Error>?, (@Sendable () -> Void)?) in
            guard !state.isEnded else { return (nil, nil) }
            state.isEnded = true
            if state.continuation == nil { state.early = result }
            defer { state.continuation = nil; state.cleanUp = nil }
            return (state.continuation, state.cleanUp)
        }
        continuation?.resume(with: result)
        cleanUp?()
    }
}
