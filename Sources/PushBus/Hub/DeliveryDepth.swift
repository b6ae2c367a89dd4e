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
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The current thread's depth; 0 outside every handler.
    static var current: Int { Int(bitPattern: pthread_getspecific(key)) }

    @inline(__always)
    static func enter() -> Int {
        let depth = current
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: depth + 1))
        return depth
    }

    @inline(__always)
    static func leave(restoring depth: Int) {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: depth))
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
