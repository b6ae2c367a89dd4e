// The app's one import on Apple platforms: `import PushBusApple` brings the glue and every module the PushBus umbrella
// re-exports (not the umbrella itself: no module depends on it), and the extension-safe glue an app shares with its
// extensions (`DeliveryLedger(appGroup:)`, `PushBusNotificationService`'s conversions).
@_exported public import PushBusAppleExtension
@_exported public import PushBusAppleServiceExtension
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
