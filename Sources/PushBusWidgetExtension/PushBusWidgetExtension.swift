// The umbrella of a widget extension: `import PushBusWidgetExtension` brings the token registry in the app group
// (`PushTokenRegistry(appGroup:)`) with the glue that records the control (iOS 18) and widget (iOS 26) push tokens
// WidgetKit hands the extension's push handlers, and the app group's ledger. Extension-safe; no hub, no delivery, no
// adapters, no validator (Docs/Architecture.md).
@_exported public import PushBusAppleExtension
@_exported public import PushBusCore
@_exported public import PushBusStorage
