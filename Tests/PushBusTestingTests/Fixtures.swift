import Foundation
import PushBus
import PushBusRouting
import PushBusTesting

/// Payloads and app setups the simulator suites share.
enum Fixtures {
    static var productPush: [String: Any] { [
        "aps": ["alert": ["title": "New arrival", "body": "iPhone 16 Pro"], "sound": "default"],
        "route": "app://product/12345",
        "parameters": ["name": "iPhone 16 Pro", "price": "7999"],
    ] }

    static var silentPush: [String: Any] { ["aps": ["content-available": 1], "sync": "inbox"] }

    static var alertWithContent: [String: Any] { [
        "aps": ["alert": "Order shipped", "content-available": 1], "orderID": "A-1",
    ] }

    static let chatCategory = try! CategoryRegistry([
        PushCategory("CHAT", options: [.customDismissAction]) {
            PushAction.textInput("REPLY", title: "Reply", buttonTitle: "Send", placeholder: "Message")
            PushAction.button("LIKE", title: "Like")
            PushAction.button("OPEN", title: "Open", options: [.foreground])
        }
    ])

    static var chatPush: [String: Any] { [
        "aps": ["alert": ["title": "Ann", "body": "Lunch?"], "category": "CHAT"], "thread": "42",
    ] }
}
