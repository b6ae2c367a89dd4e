public import Foundation
public import PushBusCore

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
        /// The correlation window, in seconds: how long a report that shares no evidence (request identifier,
        /// notification date) with an earlier report of the same push still counts as the same delivery
        /// (see `PushMessage.DeduplicationKey`). Default 30. `0` turns the de-duplication gate off.
        public var deduplicationWindow: TimeInterval
        /// How many deliveries are remembered at most; the oldest is forgotten first. `0` turns the gate off.
        /// Memory grows with the deliveries remembered (about 180–240 bytes each), not with this bound.
        public var deduplicationCapacity: Int
        /// The clock for ages and windows. Tests pass a manual one.
        public var clock: any PushClock

        /// Creates limits: up to 32 parked messages for 10 minutes, a 30-second de-duplication window over 256
        /// deliveries, and the system clock.
        public init(
            parkingCapacity: Int = 32, parkingMaximumAge: TimeInterval = 600,
            deduplicationWindow: TimeInterval = 30, deduplicationCapacity: Int = 256,
            clock: any PushClock = SystemPushClock()
        ) {
            self.parkingCapacity = parkingCapacity
            self.parkingMaximumAge = parkingMaximumAge
            self.deduplicationWindow = deduplicationWindow
            self.deduplicationCapacity = deduplicationCapacity
            self.clock = clock
        }
    }
}
