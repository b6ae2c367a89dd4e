/// Which requests the readiness gate keeps while the app is not ready.
///
/// The default, ``newest``, is the usual advice for a pending launch route: after a cold start only the last link the
/// user asked for matters. A request pushed out of the queue is reported as ``RouteError/superseded(_:)``.
public struct DeferralPolicy: Sendable, Hashable {
    /// How many requests are kept; `nil` keeps all.
    let limit: Int?

    /// Keep only the newest request.
    public static let newest = DeferralPolicy(limit: 1)
    /// Keep every request, opened in order when the app is ready.
    public static let all = DeferralPolicy(limit: nil)
    /// Keep the newest `count` requests (at least one), opened in order.
    public static func bufferingNewest(_ count: Int) -> DeferralPolicy { DeferralPolicy(limit: max(1, count)) }
}
