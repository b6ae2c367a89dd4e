import PushBusApple

// Docs/App.md's shop ("One call, in every lifecycle"): its configuration, and its app delegate in
// ShopAppDelegate.swift. LifecycleTests runs the same code through a simulated UIKit of each generation.

/// The shop's App Group and router.
enum Shop {
    static let appGroup = "group.com.example.shop"
    static let router = PushRouter(schemes: ["shop"])
}

extension PushBusApp.Configuration {
    static var shop: Self {
        var configuration = PushBusApp.Configuration(appGroup: Shop.appGroup)
        configuration.router = Shop.router  // taps open their deep links
        configuration.keepsInbox = true  // alerts enter the inbox, taps mark them read
        configuration.badge = .unreadCount  // the app icon shows the unread count
        configuration.ledgerConfiguration.keptCustomKeys = ["order"]  // the ledger and the inbox keep "order"
        configuration.onRegistration = { event in
            if case .registered(let token) = event { print("upload \(token.hexString)") }
        }
        return configuration
    }
}
