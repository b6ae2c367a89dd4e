@_spi(PushBusInternals) package import PushBusCore

extension DeliveryLedger {
    /// The recorded events, in sequence order, each once: those written after `sequence` (when given) and every one
    /// written or read by ``refresh()`` from then on, including other processes' records.
    ///
    /// ```swift
    /// for await record in ledger.events(after: savedSequence) {
    ///     analytics.track(record)
    ///     savedSequence = record.sequence
    /// }
    /// ```
    /// - Parameters:
    ///   - sequence: Start after this record; `nil` starts with the next record written.
    ///   - bufferingPolicy: What the stream keeps when the consumer is slow.
    /// > Warning: A record that compaction drops before a slow consumer gets to it is not delivered.
    public func events(
        after sequence: UInt64? = nil,
        bufferingPolicy: AsyncStream<DeliveryRecord>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<DeliveryRecord> {
        let (stream, continuation) = AsyncStream.makeStream(of: DeliveryRecord.self, bufferingPolicy: bufferingPolicy)
        let id = store.withLock { store in
            let id = store.nextSubscriberID
            store.nextSubscriberID += 1
            store.subscribers[id] = LedgerStore.Subscriber(
                continuation: continuation, delivered: sequence ?? store.lastSequence)
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.store.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        drain()
        return stream
    }

    /// Gives every subscriber the records it has not had, in order. One thread drains at a time; the others
    /// leave their records to it, so two appends never yield out of order. Yields outside the lock.
    func drain() {
        let isDrainer = store.withLock { store -> Bool in
            guard !store.isDraining, !store.subscribers.isEmpty else { return false }
            store.isDraining = true
            return true
        }
        guard isDrainer else { return }
        while true {
            let batches = store.withLock { store in
                let batches = store.takeUndelivered()
                if batches.isEmpty { store.isDraining = false }
                return batches
            }
            if batches.isEmpty { return }
            for (continuation, records) in batches {
                for record in records { continuation.yield(record) }
            }
        }
    }

    /// Calls `observer` (outside every lock, on the thread that appended or refreshed) each time this process
    /// wrote a record or read new ones from the file. ``PushInbox`` uses it to follow refreshes it did not make.
    ///
    /// - Returns: The subscription; the calls stop when it is cancelled or released.
    package func addChangeObserver(_ observer: @escaping @Sendable () -> Void) -> PushCancellable {
        changeObservers.add(observer).subscription
    }

    /// Calls the change observers when the records grew past `sequence` (outside every lock).
    func notifyChange(since sequence: UInt64) {
        guard store.withLock({ $0.lastSequence > sequence }) else { return }
        changeObservers.forEach { observer in observer() }
    }
}
