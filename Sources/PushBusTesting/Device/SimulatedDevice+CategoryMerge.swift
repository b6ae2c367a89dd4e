internal import Foundation
public import PushBusCategories
@_spi(PushBusInternals) import PushBusCore
import PushBusDelivery

/// Categories merged, never replaced: iOS keeps one set and `setNotificationCategories` replaces it, so an SDK
/// registering its own set would remove PushBus's buttons (and the other way round). PushBus reads the set at
/// every callback into the app (launch, foreground, notification callbacks) and puts the union back.
extension SimulatedDevice {
    /// Which categories iOS has registered now, and who registered each (`CategoryOwnership.pushBus` for the app's
    /// own, made through PushBus; an SDK's name for a ``SimulatedSDK``'s).
    public var categoryOwnership: CategoryOwnership {
        let registered = Set(storage.withLock { $0.categories.categories.map(\.identifier) })
        let owners = categoryMerge.withLock { $0.ownership.owners }
        return CategoryOwnership(owners: owners.filter { registered.contains($0.key) })
    }

    /// PushBus registers the app's categories: added to what is registered, never replacing it.
    func registerPushBusCategories(_ registry: CategoryRegistry) {
        let union = categoryMerge.withLock { merge in
            merge.record(registry.categories.map { ($0.identifier, $0) }, owner: CategoryOwnership.pushBus)
            return merge.union
        }
        setRegisteredCategories(union)
    }

    /// Another SDK calls `setNotificationCategories` with its own categories, replacing the whole set.
    func otherSDKRegisters(_ sdk: SimulatedSDK) {
        guard !sdk.categories.isEmpty else { return }
        categoryMerge.withLock { merge in
            merge.record(sdk.categories.map { ($0.identifier, $0) }, owner: sdk.name)
        }
        note("\(sdk.name): setNotificationCategories(\(sdk.categories.count)) replaces the registered set")
        setRegisteredCategories(sdk.categories)
    }

    /// PushBus reads the registered set (`getNotificationCategories`) and puts the union back if some category
    /// it knows is missing.
    func reconcileCategories() {
        let registered = storage.withLock { $0.categories.categories }
        let union = categoryMerge.withLock { merge in
            merge.reconcile(registered: registered.map { ($0.identifier, $0) }, newOwner: CategoryOwnership.unknown)
        }
        guard let union else { return }
        note("PushBus: categories missing from the registered set; it registers the union (\(union.count))")
        setRegisteredCategories(union)
    }

    private func setRegisteredCategories(_ categories: [PushCategory]) {
        guard let registry = try? CategoryRegistry(categories) else {
            note("the merged categories are invalid; the registered set is left as it is")
            return
        }
        storage.withLock { $0.categories = registry }
        delivery.categories = registry
    }
}
