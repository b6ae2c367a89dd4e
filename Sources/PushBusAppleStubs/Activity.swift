// Linux-only stand-in for ActivityKit's `Activity`, with Apple's Swift signatures. Sources (Apple developer
// documentation, ActivityKit symbol pages and their availability metadata): Activity
// (`class Activity<Attributes> where Attributes : ActivityAttributes`, 16.1), Activity.id (`final let id:
// String`), attributes (`final let attributes: Attributes`), pushToken (`var pushToken: Data? { get }`),
// activityState, pushTokenUpdates (`var pushTokenUpdates: Activity<Attributes>.PushTokenUpdates { get }`),
// activityStateUpdates, activities, activityUpdates (`static var activityUpdates:
// Activity<Attributes>.ActivityUpdates { get }`, Element `Activity<Attributes>`), pushToStartToken (`static var
// pushToStartToken: Data? { get }`, 17.2), pushToStartTokenUpdates (`static var pushToStartTokenUpdates:
// Activity<Attributes>.PushTokenUpdates { get }`, 17.2). In the iOS 17.4 SDK's ActivityKit.swiftinterface every
// iterator conforms to AsyncIteratorProtocol only (none is `Sendable`; later documentation shows
// ActivityStateUpdates.Iterator as `Sendable`, which glue must not rely on), and every iterator's `next()` is
// non-`mutating` (`public func next() async -> Element?`).
//
// The documented declaration shows no `Sendable` conformance for `Activity`, so the stub has none and the glue
// must not rely on one (it also compiles where the real class is `Sendable`). Not actor-isolated. ActivityKit's
// types are iOS-only: the 17.4 interface marks each unavailable on macOS, Mac Catalyst, tvOS and watchOS, and
// `Activity` is a plain (not `final`) class with `final` members.
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of ActivityKit's `Activity`. Stub-only `stub…` members drive it from tests, as ActivityKit would.
@available(iOS 16.1, *)
@available(macOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public class Activity<Attributes>: Identifiable where Attributes: ActivityAttributes {
    /// `typealias ContentState = Attributes.ContentState`.
    public typealias ContentState = Attributes.ContentState

    public final let id: String
    public final let attributes: Attributes

    private let lock = NSLock()
    private var _pushToken: Data?
    private var _state: ActivityState = .active
    private var tokenObservers: [StubBuffer<Data>] = []
    private var stateObservers: [StubBuffer<ActivityState>] = []

    private init(id: String, attributes: Attributes, pushToken: Data?, state: ActivityState) {
        self.id = id
        self.attributes = attributes
        _pushToken = pushToken
        _state = state
    }

    /// `var pushToken: Data? { get }` (16.1).
    public var pushToken: Data? { lock.withLock { _pushToken } }

    /// `var activityState: ActivityState { get }` (16.1).
    public var activityState: ActivityState { lock.withLock { _state } }

    /// `var pushTokenUpdates: Activity<Attributes>.PushTokenUpdates { get }` (16.1). Stub: the current token
    /// first, if any, then each new one.
    public var pushTokenUpdates: Activity<Attributes>.PushTokenUpdates {
        let buffer = StubBuffer<Data>()
        lock.withLock {
            if let token = _pushToken { buffer.yield(token) }
            if _state == .dismissed { buffer.finish() } else { tokenObservers.append(buffer) }
        }
        return PushTokenUpdates(buffer: buffer)
    }

    /// `var activityStateUpdates: Activity<Attributes>.ActivityStateUpdates { get }` (16.1). Stub: each change.
    public var activityStateUpdates: Activity<Attributes>.ActivityStateUpdates {
        let buffer = StubBuffer<ActivityState>()
        lock.withLock {
            if _state == .dismissed {
                buffer.yield(.dismissed)
                buffer.finish()
            } else {
                stateObservers.append(buffer)
            }
        }
        return ActivityStateUpdates(buffer: buffer)
    }

    /// `static var activities: [Activity<Attributes>] { get }` (16.1): the app's Live Activities of this type.
    public static var activities: [Activity<Attributes>] {
        ActivityKitStubRegistry.shared.withType(Self.self) { $0.activities.compactMap { $0 as? Activity<Attributes> } }
    }

    /// `static var activityUpdates: Activity<Attributes>.ActivityUpdates { get }` (16.1). Stub: each activity
    /// started after the call.
    public static var activityUpdates: Activity<Attributes>.ActivityUpdates {
        let (stream, continuation) = AsyncStream.makeStream(of: StubActivityBox<Activity<Attributes>>.self)
        ActivityKitStubRegistry.shared.withType(Self.self) { $0.activityObservers.append(continuation) }
        return ActivityUpdates(stream: stream)
    }

    /// `static var pushToStartToken: Data? { get }` (17.2).
    @available(iOS 17.2, *)
    @available(macOS, unavailable)
    @available(macCatalyst, unavailable)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public static var pushToStartToken: Data? {
        ActivityKitStubRegistry.shared.withType(Self.self) { $0.pushToStartToken }
    }

    /// `static var pushToStartTokenUpdates: Activity<Attributes>.PushTokenUpdates { get }` (17.2). Stub: the
    /// current token first, if any, then each new one.
    @available(iOS 17.2, *)
    @available(macOS, unavailable)
    @available(macCatalyst, unavailable)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public static var pushToStartTokenUpdates: Activity<Attributes>.PushTokenUpdates {
        let buffer = StubBuffer<Data>()
        ActivityKitStubRegistry.shared.withType(Self.self) { type in
            if let token = type.pushToStartToken { buffer.yield(token) }
            type.tokenObservers.append(buffer)
        }
        return PushTokenUpdates(buffer: buffer)
    }

    /// Stub of `Activity.PushTokenUpdates` (16.1): `struct PushTokenUpdates`, an `AsyncSequence` of `Data`.
    public struct PushTokenUpdates: AsyncSequence {
        public typealias Element = Data
        let buffer: StubBuffer<Data>

        /// `struct Iterator`: `AsyncIteratorProtocol` (not `Sendable`).
        public struct Iterator: AsyncIteratorProtocol {
            let buffer: StubBuffer<Data>
            public func next() async -> Data? { await buffer.next() }
        }

        public func makeAsyncIterator() -> Iterator { Iterator(buffer: buffer) }
    }

    /// Stub of `Activity.ActivityStateUpdates` (16.1), an `AsyncSequence` of `ActivityState`.
    public struct ActivityStateUpdates: AsyncSequence {
        public typealias Element = ActivityState
        let buffer: StubBuffer<ActivityState>

        /// `struct Iterator`: `AsyncIteratorProtocol` (not `Sendable` in the iOS 17.4 SDK).
        public struct Iterator: AsyncIteratorProtocol {
            let buffer: StubBuffer<ActivityState>
            public func next() async -> ActivityState? { await buffer.next() }
        }

        public func makeAsyncIterator() -> Iterator { Iterator(buffer: buffer) }
    }

    /// Stub of `Activity.ActivityUpdates` (16.1), an `AsyncSequence` of `Activity<Attributes>`.
    public struct ActivityUpdates: AsyncSequence {
        public typealias Element = Activity<Attributes>
        let stream: AsyncStream<StubActivityBox<Activity<Attributes>>>

        /// `struct Iterator`: `AsyncIteratorProtocol`.
        /// Apple's `next()` is not `mutating` (ActivityKit's iterators are reference-backed), so the stub's reads its
        /// stream through a class box.
        public struct Iterator: AsyncIteratorProtocol {
            let base: StubIteratorBox<AsyncStream<StubActivityBox<Activity<Attributes>>>.Iterator>
            public func next() async -> Activity<Attributes>? { await base.next()?.activity }
        }

        public func makeAsyncIterator() -> Iterator { Iterator(base: StubIteratorBox(stream.makeAsyncIterator())) }
    }

    // MARK: Stub-only drivers (what ActivityKit does on a device)

    /// Stub-only: a Live Activity starts (by `request` or by a push-to-start push); observers of
    /// ``activityUpdates`` get it.
    @discardableResult
    public static func stubStart(id: String, attributes: Attributes, pushToken: Data? = nil) -> Activity<Attributes> {
        stubStart(id: id, attributes: attributes, pushToken: pushToken, state: .active)
    }

    /// Stub-only: a Live Activity appears in `state` (`.pending` for a scheduled one).
    static func stubStart(id: String, attributes: Attributes, pushToken: Data?, state: ActivityState) -> Activity<
        Attributes
    > {
        let activity = Activity(id: id, attributes: attributes, pushToken: pushToken, state: state)
        let observers = ActivityKitStubRegistry.shared.withType(Self.self) { type in
            type.activities.append(activity)
            return type.activityObservers.compactMap {
                $0 as? AsyncStream<StubActivityBox<Activity<Attributes>>>.Continuation
            }
        }
        for observer in observers { observer.yield(StubActivityBox(activity)) }
        return activity
    }

    /// Stub-only: ActivityKit issues or rotates this activity's update token.
    public func stubIssuePushToken(_ token: Data) {
        let observers = lock.withLock { () -> [StubBuffer<Data>] in
            _pushToken = token
            return tokenObservers
        }
        for observer in observers { observer.yield(token) }
    }

    /// Stub-only: the activity's state changes; `.dismissed` removes it from ``activities`` and ends its
    /// sequences.
    public func stubSetState(_ state: ActivityState) {
        let (tokens, states) = lock.withLock { () -> ([StubBuffer<Data>], [StubBuffer<ActivityState>]) in
            _state = state
            return (tokenObservers, stateObservers)
        }
        for observer in states { observer.yield(state) }
        guard state == .dismissed else { return }
        ActivityKitStubRegistry.shared.withType(Self.self) { type in type.activities.removeAll { $0 === self } }
        for observer in states { observer.finish() }
        for observer in tokens { observer.finish() }
    }

    /// Stub-only: ActivityKit rotates this activity's token without yielding it to `pushTokenUpdates` (the stream
    /// stays silent); only ``pushToken`` shows it.
    public func stubSetPushTokenSilently(_ token: Data) {
        lock.withLock { _pushToken = token }
    }

    /// Stub-only: ActivityKit rotates the push-to-start token without yielding it to `pushToStartTokenUpdates` (the
    /// stream stays silent, as reported on devices); only ``pushToStartToken`` shows it.
    public static func stubSetPushToStartTokenSilently(_ token: Data) {
        ActivityKitStubRegistry.shared.withType(Self.self) { $0.pushToStartToken = token }
    }

    /// Stub-only: ActivityKit issues or rotates the push-to-start token of this attributes type (17.2).
    public static func stubIssuePushToStartToken(_ token: Data) {
        let observers = ActivityKitStubRegistry.shared.withType(Self.self) { type -> [StubBuffer<Data>] in
            type.pushToStartToken = token
            return type.tokenObservers
        }
        for observer in observers { observer.yield(token) }
    }
}

/// Stub-only: carries a stub `Activity` through the stub's `AsyncStream`.
struct StubActivityBox<Value: AnyObject>: @unchecked Sendable {
    // Safe: the only values boxed are stub `Activity` objects, whose state is guarded by their own lock; the stub
    // declares no `Sendable` conformance only to mirror Apple's declaration.
    let activity: Value

    init(_ activity: Value) { self.activity = activity }
}

/// Stub-only: a single-consumer buffer behind the stub sequences; `next()` returns `nil` when finished or when
/// the waiting task is cancelled.
final class StubBuffer<Element: Sendable>: @unchecked Sendable {
    // Safe: `pending`, `finished` and `waiter` are only touched under `lock`; the waiter resumes after unlocking.
    private let lock = NSLock()
    private var pending: [Element] = []
    private var finished = false
    private var waiter: CheckedContinuation<Element?, Never>?

    func yield(_ element: Element) {
        let waiting = lock.withLock { () -> CheckedContinuation<Element?, Never>? in
            guard !finished else { return nil }
            if let waiting = waiter {
                waiter = nil
                return waiting
            }
            pending.append(element)
            return nil
        }
        waiting?.resume(returning: element)
    }

    func finish() {
        let waiting = lock.withLock { () -> CheckedContinuation<Element?, Never>? in
            finished = true
            defer { waiter = nil }
            return waiter
        }
        waiting?.resume(returning: nil)
    }

    func next() async -> Element? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
                let ready = lock.withLock { () -> Element?? in
                    if !pending.isEmpty { return .some(pending.removeFirst()) }
                    if finished || Task.isCancelled { return .some(nil) }
                    waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiting = lock.withLock { () -> CheckedContinuation<Element?, Never>? in
                defer { waiter = nil }
                return waiter
            }
            waiting?.resume(returning: nil)
        }
    }
}

/// Stub-only: what ActivityKit keeps per attributes type, shared by every `Activity<A>` of that type.
final class ActivityKitStubRegistry: @unchecked Sendable {
    // Safe: every field is read and written under `lock`; the per-type state is only touched inside `withType`.
    static let shared = ActivityKitStubRegistry()

    final class TypeState {
        var activities: [AnyObject] = []
        var activityObservers: [Any] = []
        var pushToStartToken: Data?
        var tokenObservers: [StubBuffer<Data>] = []
    }

    private let lock = NSLock()
    private var types: [ObjectIdentifier: TypeState] = [:]
    private var enabled = true
    private var requests = 0

    /// Numbers the activities `Activity.request` starts.
    func nextRequestNumber() -> Int {
        lock.withLock {
            requests += 1
            return requests
        }
    }

    var activitiesEnabled: Bool {
        get { lock.withLock { enabled } }
        set { lock.withLock { enabled = newValue } }
    }

    func withType<T>(_ type: Any.Type, _ body: (TypeState) -> T) -> T {
        lock.withLock {
            let key = ObjectIdentifier(type)
            let state = types[key] ?? TypeState()
            types[key] = state
            return body(state)
        }
    }
}
/// Stub-only: a mutable async iterator behind a reference, so that a stub iterator's `next()` need not be
/// `mutating` (as ActivityKit's is not). Not `Sendable`, like the iterators it stands in for.
public final class StubIteratorBox<Base: AsyncIteratorProtocol> {
    var base: Base
    init(_ base: Base) { self.base = base }
    func next() async -> Base.Element? { try? await base.next() }
}
#endif
