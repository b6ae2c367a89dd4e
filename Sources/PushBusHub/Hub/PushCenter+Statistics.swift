extension PushCenter {
    /// Counters for diagnostics, since the center was created. Reading them takes the center's lock once.
    package struct Statistics: Sendable, Hashable, CustomStringConvertible {
        /// Messages posted, duplicates included.
        package var posted = 0
        /// Handler calls and `for await` hand-overs, replays of parked messages included.
        package var delivered = 0
        /// Messages parked because no subscription matched them.
        package var parked = 0
        /// Parked messages dropped because they grew older than ``Configuration/parkingMaximumAge``.
        package var expired = 0
        /// Messages lost to a limit: parked ones pushed out by ``Configuration/parkingCapacity`` and ones a
        /// `for await` buffer discarded under its ``PushMessages/BufferingPolicy``.
        package var dropped = 0
        /// Messages the de-duplication gate rejected, and responses the delivery's ledger shows were handled in an
        /// earlier launch or by another process.
        package var duplicates = 0

        package init() {}

        package var description: String {
            "posted \(posted), delivered \(delivered), parked \(parked), expired \(expired), "
                + "dropped \(dropped), duplicates \(duplicates)"
        }
    }

    /// The center's counters.
    package var statistics: Statistics { storage.state.withLock { $0.statistics } }
}
