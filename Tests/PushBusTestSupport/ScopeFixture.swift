public import Foundation
public import PushBusCore
public import PushBusStorage

/// Messages of two accounts for the scope suites.
public enum ScopeFixture {
    public static let alice: PushScope = "alice"
    public static let bob: PushScope = "bob"

    /// An alert for `account` (the `account` key), or an unscoped one when `account` is `nil`.
    public static func alert(
        _ title: String, account: String?, requestIdentifier: String? = nil, date: Date,
        kind: PushMessage.Kind = .remote
    ) -> PushMessage {
        var payload: [AnyHashable: Any] = [
            "aps": ["alert": ["title": title, "body": "body " + title]], "route": "app://status/\(title)",
        ]
        if let account { payload["account"] = account }
        let content = PushContent(userInfo: payload)
        return PushMessage(
            kind: kind, content: content, response: kind.isTapped ? PushResponse(action: .open) : nil,
            requestIdentifier: requestIdentifier ?? title, date: date,
            scope: PushScopeReader.key("account").scope(in: content))
    }

    public static func scopedConfiguration() -> PushInbox.Configuration {
        var configuration = PushInbox.Configuration()
        configuration.scopeReader = .key("account")
        configuration.maximumCount = 10_000
        return configuration
    }
}
