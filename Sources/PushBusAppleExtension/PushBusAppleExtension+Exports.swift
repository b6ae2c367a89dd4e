// Code that imports PushBusAppleExtension (a service extension that keeps a ledger, a content extension, the app's
// glue) also sees the service extension's glue it builds on (`PushBusNotificationService`, the content conversions),
// without a second import. A service extension that keeps no ledger imports PushBusAppleServiceExtension alone.
@_exported import PushBusAppleServiceExtension
