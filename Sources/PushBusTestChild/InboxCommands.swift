import Foundation
import PushBus

/// `inbox-extension DIR --count N`: plays a Notification Service Extension adding `N` pushes to the inbox in
/// `DIR` (request identifiers `nse-0` …), printing `added SEQ` after each and `done N` at the end.
struct InboxExtensionAdd: ChildCommand {
    static let name = "inbox-extension"

    static func run(_ arguments: ChildArguments) throws {
        var configuration = DeliveryLedger.Configuration()
        configuration.role = .serviceExtension
        configuration.maximumMessages = 100_000
        let ledger = try DeliveryLedger(
            directory: URL(fileURLWithPath: try arguments.positional(0)), configuration: configuration)
        var inboxConfiguration = PushInbox.Configuration()
        inboxConfiguration.maximumCount = 100_000
        let inbox = PushInbox(ledger: ledger, configuration: inboxConfiguration)
        let count = arguments.integer("count", default: 1)
        for index in 0..<count {
            let payload: [AnyHashable: Any] = [
                "aps": ["alert": ["title": "From the extension \(index)", "body": "b"], "mutable-content": 1],
                "n": index,
            ]
            let message = PushMessage(
                content: PushContent(userInfo: payload), requestIdentifier: "nse-\(index)",
                date: Date().addingTimeInterval(Double(index)))
            guard let entry = try inbox.add(message, role: .serviceExtension) else { continue }
            ChildOutput.line("added \(entry.id)")
        }
        ChildOutput.line("done \(count)")
    }
}
