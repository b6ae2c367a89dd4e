#if canImport(os)
public import os
#elseif canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(WinSDK)
public import WinSDK
#endif

/// The package's one lock: `os_unfair_lock` on Apple platforms, `pthread_mutex_t` elsewhere.
///
/// `Synchronization.Mutex` needs iOS 18 / macOS 15; the deployment floor is iOS 15, so this class stands in.
/// The lock word lives in a stable heap allocation (`UnsafeMutablePointer`), never inside a Swift property,
/// so it is never moved while locked.
///
/// `public` under the `PushBusInternals` SPI rather than `package`, like ``LockedState`` and `ObserverRegistry`: Swift
/// 6.3 neither inlines nor specializes a `package` `@inlinable` function in another module, so every lock section
/// of the other modules ran as a call into unspecialized generic code (415 call sites in a release build). No
/// product re-exports the SPI: an app never sees these types. Other modules import it with
/// `@_spi(PushBusInternals) import PushBusCore`.
@_spi(PushBusInternals) public final class Lock: @unchecked Sendable {
    // Safe: the pointee is only touched through the platform lock functions, which are thread-safe by contract.
    // `@usableFromInline` so that the lock's calls inline into other modules of the package (the hub takes it
    // twice per post): a call across modules costs more than the uncontended lock itself.
    #if canImport(os)
    @usableFromInline let primitive: UnsafeMutablePointer<os_unfair_lock>
    #elseif canImport(WinSDK)
    @usableFromInline let primitive: UnsafeMutablePointer<SRWLOCK>
    #else
    @usableFromInline let primitive: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    public init() {
        primitive = .allocate(capacity: 1)
        #if canImport(os)
        primitive.initialize(to: os_unfair_lock())
        #elseif canImport(WinSDK)
        InitializeSRWLock(primitive)
        #else
        primitive.initialize(to: pthread_mutex_t())
        pthread_mutex_init(primitive, nil)
        #endif
    }

    deinit {
        #if !canImport(os) && !canImport(WinSDK)
        pthread_mutex_destroy(primitive)
        #endif
        primitive.deallocate()
    }

    @inlinable @inline(__always)
    public func lock() {
        #if canImport(os)
        os_unfair_lock_lock(primitive)
        #elseif canImport(WinSDK)
        AcquireSRWLockExclusive(primitive)
        #else
        pthread_mutex_lock(primitive)
        #endif
    }

    /// Takes the lock if it is free; `false` (without waiting) when another thread holds it.
    @inlinable
    public func tryLock() -> Bool {
        #if canImport(os)
        return os_unfair_lock_trylock(primitive)
        #elseif canImport(WinSDK)
        return TryAcquireSRWLockExclusive(primitive) != 0
        #else
        return pthread_mutex_trylock(primitive) == 0
        #endif
    }

    @inlinable @inline(__always)
    public func unlock() {
        #if canImport(os)
        os_unfair_lock_unlock(primitive)
        #elseif canImport(WinSDK)
        ReleaseSRWLockExclusive(primitive)
        #else
        pthread_mutex_unlock(primitive)
        #endif
    }

    /// Runs `body` with the lock held. `body` must not call back into code that takes the same lock.
    @inlinable
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A value guarded by a ``Lock``: the one way the package shares mutable state between threads.
///
/// Sendable only when `State` is: the lock serializes access, but a non-Sendable value handed out of
/// ``withLock(_:)`` could still be shared unsafely. SPI-public for the reason ``Lock`` gives.
@_spi(PushBusInternals) public final class LockedState<State> {
    @usableFromInline let lock = Lock()
    @usableFromInline var state: State

    public init(_ initial: State) { state = initial }

    /// Runs `body` with exclusive access to the state. Do not call out to user code from `body`.
    @inlinable
    public func withLock<T>(_ body: (inout State) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// Runs `body` with exclusive access to the state if no other thread holds it now; `nil` (without waiting)
    /// otherwise.
    @inlinable
    public func withLockIfAvailable<T>(_ body: (inout State) throws -> T) rethrows -> T? {
        guard lock.tryLock() else { return nil }
        defer { lock.unlock() }
        return try body(&state)
    }
}

// Safe: `state` is read and written only inside `lock.withLock`, so every access is serialized; `State` itself
// is Sendable, so what `withLock` returns may cross threads.
extension LockedState: @unchecked Sendable where State: Sendable {}
