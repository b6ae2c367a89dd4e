#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Foundation
#endif

/// How many hub deliveries the current thread is inside (a handler that posts nests one level deeper).
///
/// ``PushSubscription/cancel()`` waits for deliveries running on other threads only when the calling thread is
/// not itself inside a delivery: waiting there could deadlock (two handlers cancelling each other's
/// subscriptions, or a handler cancelling its own).
enum DeliveryDepth {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    /// Each thread's depth lives in a heap cell found through this key (freed when the thread exits), so
    /// entering and leaving cost one `pthread_getspecific` and two plain writes.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { $0.deallocate() }
        #else
        pthread_key_create(&key) { $0?.deallocate() }
        #endif
        return key
    }()

    @inline(__always)
    private static func cell() -> UnsafeMutablePointer<Int> {
        if let cell = pthread_getspecific(key) { return cell.assumingMemoryBound(to: Int.self) }
        let cell = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        cell.initialize(to: 0)
        pthread_setspecific(key, cell)
        return cell
    }

    /// The current thread's depth; 0 outside every handler.
    static var current: Int { pthread_getspecific(key)?.assumingMemoryBound(to: Int.self).pointee ?? 0 }

    @inline(__always)
    static func enter() -> Int {
        let cell = cell()
        let depth = cell.pointee
        cell.pointee = depth + 1
        return depth
    }

    @inline(__always)
    static func leave(restoring depth: Int) {
        pthread_getspecific(key)?.assumingMemoryBound(to: Int.self).pointee = depth
    }
    #else
    private static let key = "PushBus.DeliveryDepth"

    static var current: Int { Thread.current.threadDictionary[key] as? Int ?? 0 }

    static func enter() -> Int {
        let depth = current
        Thread.current.threadDictionary[key] = depth + 1
        return depth
    }

    static func leave(restoring depth: Int) { Thread.current.threadDictionary[key] = depth }
    #endif
}
