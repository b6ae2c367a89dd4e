import PushBusCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the current thread is doing inside the hub, kept in thread-local storage (one implementation on every
/// supported platform: POSIX thread-specific data).
///
/// - `depth`: how many hub deliveries the thread is inside (a handler that posts nests one level deeper).
/// - `cancels`: how many subscriptions this thread has cancelled; a fan-out compares it before each handler call,
///   so a handler that cancels a later subscription stops the delivery to it without any lock on the hot path.
/// - `queued`: posts made deeper than ``HubStorage/maximumNesting`` wait here, in order, and run once the thread
///   is back at the outermost delivery, so recursive posts never overflow the stack.
package struct DeliveryContext {
    var depth = 0
    var cancels: UInt64 = 0
    var isDraining = false
    private var queue: [(storage: HubStorage, message: PushMessage)] = []
    private var head = 0

    /// A Boolean value indicating whether posts wait in the queue.
    var hasQueued: Bool { head < queue.count }

    mutating func enqueue(_ message: PushMessage, for storage: HubStorage) {
        queue.append((storage, message))
    }

    mutating func dequeue() -> (storage: HubStorage, message: PushMessage)? {
        guard head < queue.count else { return nil }
        let next = queue[head]
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return next
    }

    /// The current thread's context. The pointer stays valid for the thread's lifetime.
    @inline(__always)
    static var current: UnsafeMutablePointer<DeliveryContext> { current(key) }

    /// The current thread's context, found through `key`: a caller on a hot path keeps ``key`` in a property, as
    /// reading the static asks the runtime each time whether it is initialized.
    @inline(__always)
    static func current(_ key: pthread_key_t) -> UnsafeMutablePointer<DeliveryContext> {
        if let cell = pthread_getspecific(key) { return cell.assumingMemoryBound(to: DeliveryContext.self) }
        return makeCurrent(key)
    }

    @inline(never)
    private static func makeCurrent(_ key: pthread_key_t) -> UnsafeMutablePointer<DeliveryContext> {
        let cell = UnsafeMutablePointer<DeliveryContext>.allocate(capacity: 1)
        cell.initialize(to: DeliveryContext())
        pthread_setspecific(key, cell)
        return cell
    }

    /// An identifier of the current thread's context, to tell a delivery's owner apart from other threads.
    static var currentOwner: UInt { UInt(bitPattern: current) }

    /// Each thread's context lives in a heap cell found through this key (freed when the thread exits).
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { cell in
            let context = cell.assumingMemoryBound(to: DeliveryContext.self)
            context.deinitialize(count: 1)
            context.deallocate()
        }
        #else
        pthread_key_create(&key) { cell in
            guard let context = cell?.assumingMemoryBound(to: DeliveryContext.self) else { return }
            context.deinitialize(count: 1)
            context.deallocate()
        }
        #endif
        return key
    }()
}
