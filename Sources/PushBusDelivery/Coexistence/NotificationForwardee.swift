public import PushBusCore

/// Another push SDK's notification-center delegate that PushBus forwards `willPresent`, `didReceive` and
/// `openSettingsFor` to (see Docs/Coexistence.md).
///
/// A notification whose payload belongs to one of ``providers`` (`PushMessage.provider`) goes only to the
/// forwardees that claim that provider; any other notification (a plain APNs push, a local notification, a
/// provider nobody claims) goes to every forwardee, in registration order.
public struct NotificationForwardee: Sendable, Hashable, Identifiable {
    /// Unique among the forwardees of one delegate.
    public let id: Int
    /// A name for people: "braze", "onesignal", ``previousDelegateName``.
    public let name: String
    /// The providers whose pushes belong to it; empty: it claims none and gets only the unclaimed ones.
    public let providers: Set<PushProvider.Name>

    /// The name PushBus gives the delegate that was installed before it.
    public static let previousDelegateName = "previous delegate"

    package init(id: Int, name: String, providers: Set<PushProvider.Name>) {
        self.id = id
        self.name = name
        self.providers = providers
    }
}
