internal import Foundation
import PushBusCategories
import PushBusContentExtensionKit
public import PushBusCore
import PushBusHub
public import PushBusLocalNotifications
import PushBusServiceExtension
public import PushBusStorage

/// What removing a scope (signing an account out) did: ``PushDelivery/removeScope(_:inbox:tokens:scheduler:)``
/// returns it and records it in the ledger (a `scope.removed` record).
public struct PushScopeRemoval: Sendable, Hashable {
    /// The scope removed.
    public var scope: PushScope
    /// How many inbox entries of the scope were removed.
    public var removedEntries: Int
    /// The identifiers of the scope's pending local notification requests that were cancelled.
    public var removedPendingRequests: [String]
    /// The identifiers of the scope's notifications (local and remote) removed from Notification Center.
    public var removedDeliveredNotifications: [String]
    /// The tokens the scope's server must forget: send each, then `PushTokenRegistry.markReported(_:)` (they
    /// stay pending, across launches, until then).
    public var tokenRetractions: [PushTokenRegistry.Change]
    /// What could not be done (an inbox or token write that failed), one line each; the rest was done.
    public var failures: [String]

    /// A report as given.
    public init(
        scope: PushScope, removedEntries: Int = 0, removedPendingRequests: [String] = [],
        removedDeliveredNotifications: [String] = [], tokenRetractions: [PushTokenRegistry.Change] = [],
        failures: [String] = []
    ) {
        self.scope = scope
        self.removedEntries = removedEntries
        self.removedPendingRequests = removedPendingRequests
        self.removedDeliveredNotifications = removedDeliveredNotifications
        self.tokenRetractions = tokenRetractions
        self.failures = failures
    }
}

extension DeliveryEvent.Kind {
    /// A scope (an account) was removed: the values say how many entries, pending requests, delivered
    /// notifications and tokens went with it (`PushDelivery.removeScope(_:inbox:tokens:scheduler:)`).
    public static let scopeRemoved: DeliveryEvent.Kind = "scope.removed"
}

extension PushDelivery {
    /// Removes everything of `scope` (an account the user signed out of): its inbox entries, its pending local
    /// notification requests and its delivered notifications (local and remote) in Notification Center, and its
    /// tokens (the registry lists the retractions to send), then records what it did in the ledger.
    ///
    /// ```swift
    /// let removal = await delivery.removeScope("alice", inbox: inbox, tokens: tokens, scheduler: scheduler)
    /// for change in removal.tokenRetractions where await server(for: "alice").unregister(change) {
    ///     try tokens.markReported(change)
    /// }
    /// ```
    ///
    /// A notification belongs to the scope when ``scopeReader`` reads it from its content (a local request's
    /// `userInfo` needs the same key as a push's payload). Never throws: a part that fails is in
    /// ``PushScopeRemoval/failures`` and the others are done. Inbox and ledger writes are handed to the ledger's
    /// writer without waiting for the file.
    ///
    /// - Parameters:
    ///   - scope: The scope to remove.
    ///   - inbox: The app's inbox, if it keeps one.
    ///   - tokens: The app's token registry, if it reports tokens per scope.
    ///   - scheduler: Notification Center (`UserNotificationScheduler` in PushBusApple, `SimulatedScheduler` in
    ///     tests), if notifications should go too.
    /// - Returns: What was removed.
    @discardableResult
    public func removeScope(
        _ scope: PushScope, inbox: PushInbox? = nil, tokens: PushTokenRegistry? = nil,
        scheduler: (any NotificationScheduler)? = nil
    ) async -> PushScopeRemoval {
        var removal = PushScopeRemoval(scope: scope)
        if let inbox {
            do throws(DeliveryLedgerError) {
                removal.removedEntries = try inbox.removeAll(in: scope)
            } catch {
                removal.failures.append("inbox: \(error)")
            }
        }
        if let scheduler {
            let reader = scopeReader
            let pending = await scheduler.pendingRequests().filter { reader?.scope(in: $0.content) == scope }
            removal.removedPendingRequests = pending.map(\.identifier)
            if !pending.isEmpty {
                await scheduler.removePendingRequests(withIdentifiers: removal.removedPendingRequests)
            }
            let delivered = await scheduler.deliveredNotifications().filter {
                reader?.scope(in: $0.request.content) == scope
            }
            removal.removedDeliveredNotifications = delivered.map(\.identifier)
            if !delivered.isEmpty {
                await scheduler.removeDeliveredNotifications(withIdentifiers: removal.removedDeliveredNotifications)
            }
        }
        if let tokens {
            do {
                removal.tokenRetractions = try tokens.removeScope(scope)
            } catch {
                removal.failures.append("tokens: \(error)")
            }
        }
        var values = [
            "entries": String(removal.removedEntries), "pending": String(removal.removedPendingRequests.count),
            "delivered": String(removal.removedDeliveredNotifications.count),
            "tokens": String(removal.tokenRetractions.count),
        ]
        if !removal.failures.isEmpty { values["failures"] = String(removal.failures.count) }
        ledger.enqueue(
            DeliveryRecord(
                messageID: PushMessage.ID(rawValue: "scope:" + scope.rawValue), notificationDate: nil,
                reportedAt: completionClock.now, messageKind: .local,
                event: DeliveryEvent(kind: .scopeRemoved, values: values), scope: scope))
        return removal
    }
}
