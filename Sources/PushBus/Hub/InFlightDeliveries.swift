import Dispatch

/// Counts the fan-outs and replays running outside the lock, by generation, so that a cancel can wait for
/// exactly the ones that might still call its handler, and not for ones that start later.
///
/// Every delivery joins the newest generation. A cancel that must wait opens a new generation and waits until
/// every older one has drained, so a stream of new posts never starves it.
struct InFlightDeliveries: Sendable {
    /// The generation of `counts[0]`.
    private var oldest: UInt64 = 0
    private var counts: [Int] = [0]
    private var waiters: [(generation: UInt64, semaphore: DispatchSemaphore)] = []

    /// Registers a delivery; pass the result to ``end(_:)``.
    mutating func begin() -> UInt64 {
        counts[counts.count - 1] += 1
        return oldest + UInt64(counts.count - 1)
    }

    /// Unregisters a delivery; returns the waiters it released (signal them after unlocking).
    mutating func end(_ generation: UInt64) -> [DispatchSemaphore] {
        counts[Int(generation - oldest)] -= 1
        guard counts[0] == 0, counts.count > 1 else { return [] }
        while counts.count > 1, counts[0] == 0 {
            counts.removeFirst()
            oldest += 1
        }
        guard !waiters.isEmpty else { return [] }
        var released: [DispatchSemaphore] = []
        waiters.removeAll { waiter in
            guard waiter.generation < oldest else { return false }
            released.append(waiter.semaphore)
            return true
        }
        return released
    }

    /// Returns a semaphore to wait on until every delivery running now has ended, or `nil` if none runs.
    mutating func barrier() -> DispatchSemaphore? {
        guard counts.count > 1 || counts[0] > 0 else { return nil }
        let generation = oldest + UInt64(counts.count - 1)
        counts.append(0)
        let semaphore = DispatchSemaphore(value: 0)
        waiters.append((generation, semaphore))
        return semaphore
    }
}
