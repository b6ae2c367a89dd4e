// The umbrella of a Notification Content Extension: `import PushBusNotificationContentExtension` brings
// `PushBusContentExtension` (answers recorded in the ledger, exactly once), its session, the shared values and the
// app group's ledger. Extension-safe; no hub, no delivery, no adapters, no validator (Docs/Architecture.md).
@_exported public import PushBusAppleExtension
@_exported public import PushBusContentExtensionKit
@_exported public import PushBusCore
@_exported public import PushBusStorage
