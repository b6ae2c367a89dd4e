internal import Foundation
import PushBusServiceExtension
import PushBusStorage

extension SimulationScenario {
    /// The app's notification inbox in a scenario (`"app": {"inbox": {…}}`): the app opens a `PushInbox` at every
    /// launch on the device's ledger (set `"device": {"ledger": true}` to share it with the extension and keep it
    /// across launches).
    public struct InboxSetup: Sendable, Decodable {
        /// Whether the app's Notification Service Extension adds `mutable-content` alerts to the inbox before they
        /// are shown, writing the unread count into their badge (the pipeline `[.inbox(inbox)]`). Default `true`.
        public var serviceExtension: Bool?
        /// `"unreadCount"` (default: the badge is the unread count; with `app.accounts`, over its `badge` accounts)
        /// or `"manual"`.
        public var badgePolicy: String?
        /// The most entries the inbox keeps (default 200).
        public var maximumCount: Int?

        /// Creates an inbox setup; every field left `nil` takes its default.
        ///
        /// - Parameters:
        ///   - serviceExtension: Whether the service extension adds to the inbox (default `true`).
        ///   - badgePolicy: `"unreadCount"` (default) or `"manual"`.
        ///   - maximumCount: The most entries the inbox keeps (default 200).
        public init(serviceExtension: Bool? = nil, badgePolicy: String? = nil, maximumCount: Int? = nil) {
            self.serviceExtension = serviceExtension
            self.badgePolicy = badgePolicy
            self.maximumCount = maximumCount
        }
    }
}

/// The inbox steps and expectations of a scenario (Docs/Inbox.md, Docs/Scenarios.md).
extension SimulatedApp {
    /// Gives the device's app an inbox and, unless the setup says not to, a service extension that adds to it.
    static func installInbox(
        _ setup: SimulationScenario.InboxSetup, accounts: SimulationScenario.AccountsSetup? = nil,
        on device: SimulatedDevice
    ) throws {
        var configuration = PushInbox.Configuration()
        try configureInbox(&configuration, for: accounts)
        switch setup.badgePolicy {
        case nil, "unreadCount": break
        case "manual": configuration.badgePolicy = .manual
        case let name?: throw ScenarioError("unknown badge policy '\(name)' (unreadCount, manual)")
        }
        if let maximumCount = setup.maximumCount { configuration.maximumCount = maximumCount }
        device.installInbox(configuration)
        if setup.serviceExtension ?? true, let inbox = device.serviceExtensionInbox {
            device.serviceExtension.install(ServiceExtensionPipeline(steps: [.inbox(inbox)]))
        }
    }

    /// Runs `step` if it is an inbox step: `checkInbox` waits for the service extension and the app, then
    /// checks that the badge equals what the badge policy counts (unless it is manual) and, when `unread` is given,
    /// the unread count (of the step's `scope`, when it names one).
    ///
    /// - Returns: `false` when `step.do` is not one.
    /// - Throws: ``ScenarioError`` when the check fails (the run stops there and reports it).
    func performInboxStep(_ step: SimulationScenario.Step) async throws -> Bool {
        guard step.do == "checkInbox" else { return false }
        await device.serviceExtension.settle()
        await device.settle()
        guard let inbox = Self.currentInbox(of: device) else {
            throw ScenarioError("checkInbox needs an inbox: add \"inbox\": {} to \"app\"")
        }
        let scope = try step.scope.map { try Self.scopes([$0])[0] }
        let unread = scope.map { inbox.unreadCount(in: $0) } ?? inbox.unreadCount
        let badge = device.badgeCount
        device.note("check: \(unread) unread\(scope.map { " in \($0)" } ?? ""), badge \(badge)")
        if let expected = step.unread, unread != expected {
            throw ScenarioError("expected \(expected) unread\(scope.map { " in \($0)" } ?? ""), got \(unread)")
        }
        if let expected = inbox.badge, badge != expected {
            throw ScenarioError("expected the badge to be \(expected) (the badge policy's count), got \(badge)")
        }
        return true
    }

    /// The inbox the user would see now: the running app's, else (the app not running) the one the extension
    /// keeps, read up to date.
    static func currentInbox(of device: SimulatedDevice) -> PushInbox? {
        guard let inbox = device.inbox ?? device.serviceExtensionInbox else { return nil }
        try? inbox.ledger.refresh()
        return inbox
    }
}

extension SimulationScenario {
    /// The unmet inbox expectations.
    func checkInbox(_ device: SimulatedDevice) -> [String] {
        var failures: [String] = []
        let inbox = SimulatedApp.currentInbox(of: device)
        if let expected = expect?.inboxTitles {
            let actual = inbox?.entries().map { $0.title ?? $0.body ?? "" } ?? []
            if actual != expected { failures.append("expected inbox titles \(expected), got \(actual)") }
        }
        if let expected = expect?.inboxUnread {
            let actual = inbox?.unreadCount ?? 0
            if actual != expected { failures.append("expected \(expected) unread inbox entries, got \(actual)") }
        }
        if let expected = expect?.badge, device.badgeCount != expected {
            failures.append("expected the badge \(expected), got \(device.badgeCount)")
        }
        return failures
    }
}
