public import PushBusCore

/// Something that follows a delivery's messages once attached to it: a router that opens the deep links of taps,
/// or a type of the app's own. The one-call setup (`PushBusApp.start`, in `PushBusApple`) attaches what its
/// configuration names; attached by hand, it is `let subscription = router.attach(to: delivery)`.
public protocol PushDeliveryAttachable: AnyObject, Sendable {
    /// Starts following `delivery`'s center (and recording in its ledger, where it records anything).
    ///
    /// - Returns: The subscription; keep it for as long as it should follow.
    func attach(to delivery: PushDelivery) -> PushCancellable
}
