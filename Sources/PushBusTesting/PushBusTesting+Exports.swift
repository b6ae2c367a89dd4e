// An app's tests import PushBusTesting alone: it re-exports every module the PushBus umbrella does (not the umbrella
// itself: no module depends on it). The validator stays the PushBusValidation product's.
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
