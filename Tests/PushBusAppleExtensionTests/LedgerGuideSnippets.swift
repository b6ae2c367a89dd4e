#if PUSHBUS_APPLE_STUBS
// Docs/Ledger.md: the service extension's half of the shared ledger, with the extension's one PushBus import
// (DocsCodeBlockTests checks that the block appears here, its import among this file's). Compiled, not run: the
// ledger's suites run the same calls; the app's half is in PushBusAppleTests/GuideSnippets.swift.
import PushBusNotificationServiceExtension

enum LedgerGuideSnippets {
    static func serviceExtensionRecords(_ message: PushMessage) throws {
        // In the service extension (extension-safe; the app opens the same App Group directory):
        let ledger = try DeliveryLedger(appGroup: "group.com.example.app")
        try ledger.record(.received, for: message, role: .serviceExtension)
    }
}
#endif
