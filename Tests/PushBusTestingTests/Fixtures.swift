import Foundation
import PushBus
import PushBusRouting
import PushBusTesting

/// Payloads and app setups the simulator suites share.
enum Fixtures {
    static var productPush: [String: Any] {
        [
            "aps": ["alert": ["title": "New arrival", "body": "iPhone 16 Pro"], "sound": "default"],
            "route": "app://product/12345",
            "parameters": ["name": "iPhone 16 Pro", "price": "7999"],
        ]
    }

    static var silentPush: [String: Any] { ["aps": ["content-available": 1], "sync": "inbox"] }

    static var alertWithContent: [String: Any] {
        [
            "aps": ["alert": "Order shipped", "content-available": 1], "orderID": "A-1",
        ]
    }

    static let chatCategory = try! CategoryRegistry([
        PushCategory("CHAT", options: [.customDismissAction]) {
            PushAction.textInput("REPLY", title: "Reply", buttonTitle: "Send", placeholder: "Message")
            PushAction.button("LIKE", title: "Like")
            PushAction.button("OPEN", title: "Open", options: [.foreground])
        }
    ])

    /// Seed 003's reminder category: the user types when to be reminded next.
    static let timerReminderCategory = try! CategoryRegistry([
        PushCategory("TIMER_REMINDER") {
            PushAction.textInput("NEXT", title: "Remind me again", buttonTitle: "Set", placeholder: "seconds")
        }
    ])

    static var chatPush: [String: Any] {
        [
            "aps": ["alert": ["title": "Ann", "body": "Lunch?"], "category": "CHAT"], "thread": "42",
        ]
    }
}

extension Fixtures {
    /// An app handler that never finishes on its own (it ends only when its task is cancelled at the deadline).
    static func hang() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        for await _ in stream {}
        withExtendedLifetime(continuation) {}
    }

    /// The seed-000 router: product, user and settings pages, waiting for the first screen.
    static func shopRouter() throws -> PushRouter {
        let router = PushRouter(schemes: ["app"], isReady: false)
        try router.register("app://product/:productId") { _ in }
        try router.register("app://user/:userId") { _ in }
        try router.register("app://settings", access: .internal) { _ in }
        return router
    }
}
