internal import Foundation
package import PushBusCore

/// Carries out one push's `PushRetraction` against Notification Center: what the app's handler
/// (`PushDelivery.handleRetractions(in:)`) and the service extension's step (`ServiceExtensionStep.retract`) share.
package struct RetractionRun: Sendable {
    /// The retracting (or replacing) push.
    package let message: PushMessage
    package let retraction: PushRetraction

    package init?(_ message: PushMessage) {
        guard message.kind == .remote, let retraction = message.content.retraction else { return nil }
        self.message = message
        self.retraction = retraction
    }

    /// Removes from `notificationCenter` the delivered remote notifications the push names (never the push itself)
    /// and returns them as messages, each with the `removed` event to record. Removes nothing (and makes no call)
    /// when nothing matched.
    package func removeDelivered(
        from notificationCenter: some DeliveredNotificationList
    ) async -> [(PushMessage, DeliveryEvent)] {
        var removed: [(PushMessage, DeliveryEvent)] = []
        for notification in await notificationCenter.deliveredSnapshots() where notification.trigger.isRemote {
            let earlier = PushMessage(
                kind: .remote, content: notification.content, appState: .background, path: .notificationCenter,
                requestIdentifier: notification.requestIdentifier, date: notification.date,
                notificationDate: notification.date)
            guard earlier.id != message.id, retraction.names(earlier.id) else { continue }
            removed.append((earlier, event(for: earlier.id)))
        }
        if !removed.isEmpty {
            await notificationCenter.removeDeliveredNotifications(
                withIdentifiers: removed.compactMap(\.0.requestIdentifier))
        }
        return removed
    }

    /// The `removed` event of `id`: why (`retracted` or `replaced`) and by which push.
    package func event(for id: PushMessage.ID) -> DeliveryEvent {
        DeliveryEvent(kind: .removed, values: ["reason": retraction.reason(for: id), "by": message.id.rawValue])
    }
}
