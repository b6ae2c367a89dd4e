// The umbrella of the app's platform-neutral product: `import PushBus` brings every platform-neutral module an app
// uses (everything but the sender's validator, which is the PushBusValidation product). No module depends on this
// one (.ci/steps/41-module-graph.sh); each depends on the modules it uses (Docs/Architecture.md).
@_exported public import PushBusAuthorization
@_exported public import PushBusCategories
@_exported public import PushBusContentExtensionKit
@_exported public import PushBusCore
@_exported public import PushBusDelivery
@_exported public import PushBusHub
@_exported public import PushBusLiveActivity
@_exported public import PushBusLocalNotifications
@_exported public import PushBusRouting
@_exported public import PushBusServiceExtension
@_exported public import PushBusStorage
