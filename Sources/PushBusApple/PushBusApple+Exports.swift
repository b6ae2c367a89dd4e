// An app that imports PushBusApple also sees the extension-safe glue it is built on (`DeliveryLedger(appGroup:)`,
// `DeliveryLedger.postChange(name:)`, the content conversions), without a second import.
@_exported import PushBusAppleExtension
