/// A circular region for a ``LocalTrigger/location(_:repeats:)`` trigger (a `CLCircularRegion` on Apple
/// platforms).
public struct LocationRegion: Sendable, Hashable {
    /// Identifies the region (`CLRegion.identifier`); must not be empty.
    public var identifier: String
    /// Degrees, -90…90.
    public var latitude: Double
    /// Degrees, -180…180.
    public var longitude: Double
    /// Meters; must be positive.
    public var radius: Double
    /// A Boolean value indicating whether entering the region fires (`notifyOnEntry`).
    public var notifiesOnEntry: Bool
    /// A Boolean value indicating whether leaving the region fires (`notifyOnExit`).
    public var notifiesOnExit: Bool

    /// Creates a region that fires on entry only by default; ``validate()`` checks the values (the initializer does
    /// not).
    public init(
        identifier: String, latitude: Double, longitude: Double, radius: Double,
        notifiesOnEntry: Bool = true, notifiesOnExit: Bool = false
    ) {
        self.identifier = identifier
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.notifiesOnEntry = notifiesOnEntry
        self.notifiesOnExit = notifiesOnExit
    }

    /// Checks the identifier, center, radius and that at least one of entry/exit notifies.
    ///
    /// - Throws: ``LocalNotificationError``.
    public func validate() throws {
        guard !identifier.isEmpty else { throw LocalNotificationError.emptyRegionIdentifier }
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { throw LocalNotificationError.invalidRegionCenter(latitude: latitude, longitude: longitude) }
        guard radius.isFinite, radius > 0 else { throw LocalNotificationError.invalidRegionRadius(radius) }
        guard notifiesOnEntry || notifiesOnExit else { throw LocalNotificationError.regionNotifiesOnNothing }
    }
}
