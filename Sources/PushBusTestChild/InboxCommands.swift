import Foundation
import PushBusCore
import PushBusStorage

/// `inbox-extension DIR --count N`: plays a Notification Service Extension adding `N` pushes to the inbox in
/// `DIR` (request identifiers `nse-0` …), printing `added SEQ` after each, then `interval FIRST LAST` (see
/// ``WriteInterval``) and `done N`. With `--start-on-input yes` it waits for a line before the first.
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
        arguments.waitForStartIfAsked()
        var interval = WriteInterval()
        for index in 0..<count {
            let payload: [AnyHashable: Any] = [
                "aps": ["alert": ["title": "From the extension \(index)", "body": "b"], "mutable-content": 1],
                "n": index,
            ]
            let message = PushMessage(
                content: PushContent(userInfo: payload), requestIdentifier: "nse-\(index)",
                date: Date().addingTimeInterval(Double(index)))
            let entry = try inbox.add(message, role: .serviceExtension)
            ledger.waitForWrites()  // as the extension's inbox step does before its content handler
            interval.wrote()
            if let entry { ChildOutput.line("added \(entry.id)") }
        }
        interval.print()
        ChildOutput.line("done \(count)")
    }
}
