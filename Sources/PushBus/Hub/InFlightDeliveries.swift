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
    /// Subscribers cancelled from inside a handler, whose handlers are released once the deliveries running
    /// then have ended.
    private var deferred: [(generation: UInt64, subscriber: SubscriberBase)] = []

    /// Registers a delivery; pass the result to ``end(_:)``.
    mutating func begin() -> UInt64 {
        counts[counts.count - 1] += 1
        return oldest + UInt64(counts.count - 1)
    }

    /// Unregisters a delivery; returns the waiters to wake and the subscribers whose handlers may now be released.
    mutating func end(_ generation: UInt64) -> (waiters: [DispatchSemaphore], drained: [SubscriberBase]) {
        counts[Int(generation - oldest)] -= 1
        guard counts[0] == 0, counts.count > 1 else { return ([], []) }
        while counts.count > 1, counts[0] == 0 {
            counts.removeFirst()
            oldest += 1
        }
        var released: [DispatchSemaphore] = []
        waiters.removeAll { waiter in
            guard waiter.generation < oldest else { return false }
            released.append(waiter.semaphore)
            return true
        }
        var drained: [SubscriberBase] = []
        deferred.removeAll { entry in
            guard entry.generation < oldest else { return false }
            drained.append(entry.subscriber)
            return true
        }
        return (released, drained)
    }

    /// Registers `subscriber` to have its handler released once every delivery running now has ended. Returns
    /// `false` if none runs (release it now).
    mutating func releaseWhenDrained(_ subscriber: SubscriberBase) -> Bool {
        guard counts.count > 1 || counts[0] > 0 else { return false }
        deferred.append((oldest + UInt64(counts.count - 1), subscriber))
        counts.append(0)
        return true
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
