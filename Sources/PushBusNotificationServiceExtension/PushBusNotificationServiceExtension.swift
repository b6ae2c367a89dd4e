// The umbrella of a Notification Service Extension: `import PushBusNotificationServiceExtension` brings the
// principal class (`PushBusNotificationService`), the pipeline and its steps, the ledger and the inbox it writes, and
// the app group's ledger. Extension-safe; no hub, no delivery, no adapters, no validator (Docs/Architecture.md).
@_exported public import PushBusAppleExtension
@_exported public import PushBusAppleServiceExtension
@_exported public import PushBusCore
@_exported public import PushBusServiceExtension
@_exported public import PushBusStorage
