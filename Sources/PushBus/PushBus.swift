// The umbrella: `import PushBus` brings every platform-neutral module, so apps, examples and tests written
// against the single module keep compiling. Pick the modules themselves to link less (Docs/Architecture.md).
@_exported import PushBusCategories
@_exported import PushBusContentExtensionKit
@_exported import PushBusCore
@_exported import PushBusDelivery
@_exported import PushBusHub
@_exported import PushBusLiveActivity
@_exported import PushBusServiceExtension
@_exported import PushBusServiceExtensionStorage
@_exported import PushBusStorage
@_exported import PushBusValidation
