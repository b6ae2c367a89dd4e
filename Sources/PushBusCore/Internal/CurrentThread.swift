#if canImport(Darwin)
public import Darwin
#elseif canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#endif

/// The calling thread, as an identifier unique among the threads running now: how an observer registry and a
/// closure token tell a call on their own thread (a handler cancelling itself) from calls on others. The hub keeps
/// its own per-thread context (`DeliveryContext` in PushBusHub); these primitives live below it in PushBusCore.
/// SPI-public for the reason `Lock` gives: `ObserverRegistry`'s calls, compiled in the modules that make them, read it.
@_spi(PushBusInternals) public enum CurrentThread {
    /// The calling thread's identifier. A running call keeps its thread alive, so an identifier stored for a call
    /// is never reused while the call is recorded.
    @inlinable @inline(__always)
    public static var owner: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }
}
