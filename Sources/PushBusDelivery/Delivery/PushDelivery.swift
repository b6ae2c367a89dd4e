internal import Foundation
@_spi(PushBusInternals) internal import PushBusCore
public import PushBusHub
public import PushBusStorage

/// What the adapters share, and the only owner of delivery state: the launch-options messages waiting for their
/// `didReceive`, the memory of answered responses and background runs, the app's async handlers, completion
/// deadlines and clock, presentation policy, categories, deep-link extractor and diagnostics.
///
/// Data flows one way: Apple glue → adapters → `PushDelivery` → `PushCenter` → subscribers. The center
/// knows nothing of adapters or deliveries.
///
/// ```swift
/// let delivery = PushDelivery.shared(for: .shared)  // what UserNotificationAdapter(center:) uses
/// delivery.presentationPolicy = .always([.banner, .sound])
/// let sync = delivery.onBackgroundMessage { _ in
///     try await feed.refresh()
///     return .newData
/// }
/// ```
///
/// Adapters made with `init(center:)` share the center's delivery, ``shared(for:)``; adapters given one
/// delivery explicitly (`UserNotificationAdapter(delivery:)`, `AppDelegateAdapter(delivery:mode:)`) share that.
public final class PushDelivery: Sendable {
    /// The center messages are posted to.
    public let center: PushCenter

    let store: DeliveryStore

    /// Creates a delivery posting to `center`, backed by `ledger`.
    ///
    /// This delivery is its own: adapters made with `init(center:)` use ``shared(for:)`` instead, so pass this
    /// one to the adapters you create (`UserNotificationAdapter(delivery:)`).
    ///
    /// - Parameters:
    ///   - center: The hub messages are posted to. Its configuration's de-duplication window and capacity also
    ///     bound this delivery's memory of answered responses and background runs.
    ///   - ledger: The delivery record (in memory by default).
    public convenience init(center: PushCenter, ledger: DeliveryLedger = DeliveryLedger()) {
        self.init(center: center, store: DeliveryStore(ledger: ledger, configuration: center.configuration))
    }

    private init(center: PushCenter, store: DeliveryStore) {
        self.center = center
        self.store = store
    }

    /// The ledger this delivery is backed by.
    public var ledger: DeliveryLedger { store.ledger }

    /// The delivery every adapter made with `init(center:)` on `center` uses.
    ///
    /// Its state lives as long as the center (settings made before any adapter exists are kept); the same
    /// instance is returned while anyone holds it.
    public static func shared(for center: PushCenter) -> PushDelivery {
        let store = DeliveryStore.shared.value(for: center) {
            DeliveryStore(ledger: DeliveryLedger(), configuration: center.configuration)
        }
        if let existing = store.state.withLock({ $0.sharedDelivery }) { return existing }
        let made = PushDelivery(center: center, store: store)
        return store.state.withLock { state in
            if let existing = state.sharedDelivery { return existing }
            state.sharedDelivery = made
            return made
        }
    }
}
