import Foundation

extension PushCenter {
    /// Limits for parking and de-duplication, and the clock that measures them.
    ///
    /// ```swift
    /// let center = PushCenter(configuration: .init(parkingCapacity: 8, clock: ManualClock()))
    /// ```
    public struct Configuration: Sendable {
        /// How many unmatched messages wait for a subscriber; the oldest is dropped (and counted) beyond this.
        /// `0` parks nothing.
        public var parkingCapacity: Int
        /// How long an unmatched message waits, in seconds; older ones expire (and are counted).
        public var parkingMaximumAge: TimeInterval
        /// How long a delivery's key is remembered, in seconds. `0` turns the de-duplication gate off.
        public var deduplicationWindow: TimeInterval
        /// How many keys are remembered at most; the oldest is forgotten first. `0` turns the gate off.
        public var deduplicationCapacity: Int
        /// The clock for ages and windows. Tests pass a manual one.
        public var clock: any PushClock

        public init(
            parkingCapacity: Int = 32, parkingMaximumAge: TimeInterval = 600,
            deduplicationWindow: TimeInterval = 120, deduplicationCapacity: Int = 256,
            clock: any PushClock = SystemClock()
        ) {
            self.parkingCapacity = parkingCapacity
            self.parkingMaximumAge = parkingMaximumAge
            self.deduplicationWindow = deduplicationWindow
            self.deduplicationCapacity = deduplicationCapacity
            self.clock = clock
        }
    }
}
