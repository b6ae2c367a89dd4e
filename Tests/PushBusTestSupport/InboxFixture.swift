public import Foundation
public import PushBusCore
public import PushBusStorage

/// Messages and ledgers for the inbox suites.
public enum InboxFixture {
    public static func alert(
        _ title: String, requestIdentifier: String? = nil, kind: PushMessage.Kind = .remote, date: Date,
        extra: [String: Any] = [:], mutable: Bool = false
    ) -> PushMessage {
        var aps: [String: Any] = ["alert": ["title": title, "subtitle": "sub " + title, "body": "body " + title]]
        if mutable { aps["mutable-content"] = 1 }
        var payload: [AnyHashable: Any] = ["aps": aps, "route": "app://inbox/\(title)"]
        for (key, value) in extra { payload[key] = value }
        return PushMessage(
            kind: kind, content: PushContent(userInfo: payload),
            response: kind == .remoteTapped || kind == .localTapped ? PushResponse(action: .open) : nil,
            requestIdentifier: requestIdentifier, date: date)
    }

    public static func silent(date: Date) -> PushMessage {
        PushMessage(content: PushContent(userInfo: ["aps": ["content-available": 1], "sync": "mail"]), date: date)
    }

    public static func ledger(clock: any PushClock, role: DeliveryProcessRole = .app) -> DeliveryLedger {
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        configuration.role = role
        return DeliveryLedger(configuration: configuration)
    }

    public static func durableLedger(
        in directory: URL, clock: any PushClock, role: DeliveryProcessRole = .app
    ) throws -> DeliveryLedger {
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        configuration.role = role
        return try DeliveryLedger(directory: directory, configuration: configuration)
    }

    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("inbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
