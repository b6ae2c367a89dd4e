import PushBusNotificationServiceExtension
import UserNotifications

/// The principal class Docs/ServiceExtension.md shows (encrypted pushes, a claim for another SDK's pushes), compiled
/// here with what it takes from its surroundings. Info.plist names `NotificationService` (NotificationService.swift);
/// this one is never run.
enum ServiceExtensionGuide {
    static let ledger =
        (try? DeliveryLedger(appGroup: AppGroup.identifier, role: .serviceExtension)) ?? DeliveryLedger()
    static let inbox = PushInbox(ledger: ledger)

    /// The app's own decryption (CryptoKit, say, with a key both processes read); here the text as it was sent.
    enum Crypto {
        struct Unreadable: Error {}

        static func open(_ ciphertext: PushValue?) throws -> String {
            guard let text = ciphertext?.stringValue else { throw Unreadable() }
            return text
        }
    }

    final class NotificationService: PushBusNotificationService {
        override func makePipeline(for request: UNNotificationRequest) -> ServiceExtensionPipeline {
            ServiceExtensionPipeline(steps: [
                .claim { $0.customData["pushbus"] != nil },
                .rewrite { content in content.body = try Crypto.open(content.customData["ciphertext"]) },
                .attachments(),
                .communication { content in
                    guard let sender = content.customData["sender"]?.stringValue else { return nil }
                    return CommunicationMessage(sender: .init(identifier: sender, displayName: content.title ?? sender))
                },
                .inbox(inbox),  // a PushInbox on the app-group ledger; sets the badge to its unread count
                .ledgerReceipt(ledger),  // "received by the service extension", written before the handler
            ])
        }
        // The running app refreshes its ledger at once (DeliveryLedgerRefresher observes the same name).
        override var ledgerChangeNotificationName: String? { "group.com.example.app.pushbus-ledger" }
    }
}

/// The service extension Docs/Inbox.md shows: the inbox entry written after the rewrite, with the decrypted text.
enum InboxGuide {
    static let inbox = PushInbox(ledger: ServiceExtensionGuide.ledger)

    /// The app's own decryption; here the text as it was sent.
    static func decrypt(_ body: String?) -> String? { body }

    final class NotificationService: PushBusNotificationService {
        override func makePipeline(for request: UNNotificationRequest) -> ServiceExtensionPipeline {
            ServiceExtensionPipeline(steps: [.rewrite { $0.body = decrypt($0.body) }, .attachments(), .inbox(inbox)])
        }
    }
}

/// The pipeline Docs/Retraction.md shows: the retract step before the inbox step, so the badge counts what is left.
enum RetractionGuide {
    static func pipeline() -> ServiceExtensionPipeline {
        let ledger = ServiceExtensionGuide.ledger
        let inbox = InboxGuide.inbox
        return ServiceExtensionPipeline(steps: [.retract(ledger: ledger, inbox: inbox), .inbox(inbox)])
    }
}
