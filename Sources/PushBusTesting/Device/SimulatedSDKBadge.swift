public import PushBusCore

/// A `BadgeController` that shows the count on a ``SimulatedDevice``'s app icon and reports it to push SDKs whose
/// servers count badges (``SimulatedSDK/countsBadge``), as the JPush guide's `JPushBadge` tells
/// `JPUSHService.setBadge(_:)` (Docs/MigrationFromJPush.md): the SDK's next "+1" push then starts from the app's count.
///
/// ```swift
/// let jpush = SimulatedSDK(name: "jpush", providers: [.jpush], countsBadge: true)
/// device.otherSDKs.install(jpush)
/// device.installInbox()
/// device.syncInboxBadge(with: SimulatedSDKBadge(device: device, tells: [jpush]))
/// // … the inbox has 2 unread: jpush.reportedBadge == 2, and JPush's next push carries aps.badge 3
/// ```
public final class SimulatedSDKBadge: BadgeController {
    private struct DeviceReference: Sendable {
        weak var device: SimulatedDevice?
    }

    private let reference: DeviceReference
    private var device: SimulatedDevice? { reference.device }
    /// The SDKs told every count, in order.
    public let sdks: [SimulatedSDK]

    /// - Parameters:
    ///   - device: The device whose icon shows the count (held weakly: the app does not keep the phone alive).
    ///   - sdks: The SDKs told every count (`JPUSHService.setBadge(_:)`).
    public init(device: SimulatedDevice, tells sdks: [SimulatedSDK]) {
        self.reference = DeviceReference(device: device)
        self.sdks = sdks
    }

    /// Sets the icon's badge to `change.count`, then reports the count to every SDK in ``sdks``.
    ///
    /// - Throws: `BadgeError/negativeCount(_:)` for a negative count.
    public func apply(_ change: BadgeChange) throws {
        try change.validate()
        device?.setBadge(change.count, by: "app")
        for sdk in sdks {
            sdk.setBadge(change.count)
            device?.note("the app reports badge \(change.count) to \(sdk.name)")
        }
    }
}
