#if PUSHBUS_APPLE_STUBS
// PushBusNotificationService's doc-comment block, compiled against the stubs (DocCommentCodeBlockTests checks that it
// appears here line for line). Compiled, not run: PushBusNotificationServiceTests run the same overrides.
import Foundation
import PushBus
import PushBusAppleServiceExtension
import PushBusAppleStubs  // UserNotifications on a device

enum DocCommentServiceSnippets {
    final class NotificationService: PushBusNotificationService {
        override func makePipeline(for request: UNNotificationRequest) -> ServiceExtensionPipeline {
            ServiceExtensionPipeline(steps: [
                .claim { $0.customData["pushbus"] != nil }, .attachments(), .receipt(record),
            ])
        }
        // Chaining with another SDK's extension: it gets the pushes the pipeline answered "not mine".
        override func forward(
            _ request: UNNotificationRequest, contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
        ) -> Bool {
            other.didReceive(request, withContentHandler: contentHandler)
            return true
        }
        override func forwardTimeWillExpire() { other.serviceExtensionTimeWillExpire() }
    }
}

extension DocCommentServiceSnippets.NotificationService {
    /// The receipt step's writer (a ledger append in a real extension).
    var record: @Sendable (ServiceExtensionResult) throws -> Void { { _ in } }
    /// Another SDK's extension.
    var other: UNNotificationServiceExtension { UNNotificationServiceExtension() }
}
// Inbox.md: the service extension's inbox step, in an extension of its own.
enum InboxGuideServiceSnippets {
    final class NotificationService: PushBusNotificationService {
        override func makePipeline(for request: UNNotificationRequest) -> ServiceExtensionPipeline {
            ServiceExtensionPipeline(steps: [.rewrite { $0.body = decrypt($0.body) }, .attachments(), .inbox(inbox)])
        }
    }
}

extension InboxGuideServiceSnippets.NotificationService {
    /// The extension's inbox on the shared ledger (opened with the service extension's role in a real extension).
    var inbox: PushInbox { PushInbox(ledger: DeliveryLedger()) }
}

/// The app's own decryption.
private func decrypt(_ body: String?) -> String? { body }
#endif
