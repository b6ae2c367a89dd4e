import Foundation
import OpenCombine
import PushBus

// The peers and the floor the hub is measured against. Every `post` sits behind `@inline(never)` so that each
// bus is called across a boundary, as a library would be (PushCenter lives in another module already).

/// The floor: a lock-guarded closure array; posting copies the array under the lock and calls every closure.
final class LockedClosureArray: @unchecked Sendable {
    // Safe: `handlers` is only touched between `lock.lock()` and `lock.unlock()`.
    private let lock = NSLock()
    private var handlers: [(id: Int, handler: (PushMessage) -> Void)] = []
    private var nextID = 0

    @inline(never)
    func subscribe(_ handler: @escaping (PushMessage) -> Void) -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        handlers.append((nextID, handler))
        return nextID
    }

    @inline(never)
    func cancel(_ id: Int) {
        lock.lock()
        defer { lock.unlock() }
        if let index = handlers.lastIndex(where: { $0.id == id }) { handlers.remove(at: index) }
    }

    @inline(never)
    func post(_ message: PushMessage) {
        lock.lock()
        let snapshot = handlers
        lock.unlock()
        for entry in snapshot { entry.handler(message) }
    }
}

/// The floor for subscribe + cancel: a lock-guarded dictionary of closures.
final class LockedClosureDictionary: @unchecked Sendable {
    // Safe: `handlers` is only touched between `lock.lock()` and `lock.unlock()`.
    private let lock = NSLock()
    private var handlers: [Int: (PushMessage) -> Void] = [:]
    private var nextID = 0

    @inline(never)
    func subscribe(_ handler: @escaping (PushMessage) -> Void) -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        handlers[nextID] = handler
        return nextID
    }

    @inline(never)
    func cancel(_ id: Int) {
        lock.lock()
        defer { lock.unlock() }
        handlers[id] = nil
    }
}

/// Foundation's `NotificationCenter` with block observers; the message travels as the notification's object.
final class NotificationCenterBus: @unchecked Sendable {
    // Safe: used from one thread at a time by the benchmark.
    static let name = Notification.Name("PushBusBenchmark")
    let center = NotificationCenter()

    @inline(never)
    func subscribe(_ handler: @escaping @Sendable (Notification) -> Void) -> NSObjectProtocol {
        center.addObserver(forName: Self.name, object: nil, queue: nil, using: handler)
    }

    @inline(never)
    func cancel(_ observer: NSObjectProtocol) { center.removeObserver(observer) }

    @inline(never)
    func post(_ message: PushMessage) {
        center.post(name: Self.name, object: nil, userInfo: ["message": message])
    }
}

/// OpenCombine's `PassthroughSubject` with `sink` subscribers.
final class CombineBus: @unchecked Sendable {
    // Safe: used from one thread at a time by the benchmark.
    let subject = PassthroughSubject<PushMessage, Never>()

    @inline(never)
    func subscribe(_ handler: @escaping (PushMessage) -> Void) -> AnyCancellable {
        subject.sink(receiveValue: handler)
    }

    @inline(never)
    func post(_ message: PushMessage) { subject.send(message) }
}

/// One `AsyncStream` per subscriber: the usual hand-rolled broadcast.
final class AsyncStreamBus: @unchecked Sendable {
    // Safe: `continuations` is only touched between `lock.lock()` and `lock.unlock()`.
    private let lock = NSLock()
    private var continuations: [Int: AsyncStream<PushMessage>.Continuation] = [:]
    private var nextID = 0

    @inline(never)
    func subscribe() -> (id: Int, stream: AsyncStream<PushMessage>) {
        let (stream, continuation) = AsyncStream<PushMessage>.makeStream()
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        continuations[nextID] = continuation
        return (nextID, stream)
    }

    @inline(never)
    func cancel(_ id: Int) {
        lock.lock()
        let continuation = continuations.removeValue(forKey: id)
        lock.unlock()
        continuation?.finish()
    }

    @inline(never)
    func post(_ message: PushMessage) {
        lock.lock()
        let targets = Array(continuations.values)
        lock.unlock()
        for continuation in targets { continuation.yield(message) }
    }
}

/// Counts deliveries without being optimised away.
final class DeliveryCounter: @unchecked Sendable {
    // Safe: the fan-out benchmarks deliver on the benchmark's own thread only.
    var count = 0
}
