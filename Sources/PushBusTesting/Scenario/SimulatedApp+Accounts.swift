internal import Foundation
import PushBusCore
import PushBusStorage

extension SimulationScenario {
    /// The accounts of an app signed in to several (`"app": {"accounts": {…}}`, Docs/Accounts.md): where a push
    /// names its account, which accounts are signed in, and what the badge counts.
    public struct AccountsSetup: Sendable, Decodable {
        /// The top-level payload key that names the account (default `"account"`).
        public var key: String?
        /// A field nested in the payload instead of `key` (`["custom", "a", "account"]`).
        public var path: [String]?
        /// The accounts signed in at the start, in order; the first is shown.
        public var signedIn: [String]
        /// The accounts whose unread entries the badge counts (default: every entry).
        public var badge: [String]?

        /// Creates an accounts setup.
        public init(key: String? = nil, path: [String]? = nil, signedIn: [String], badge: [String]? = nil) {
            self.key = key
            self.path = path
            self.signedIn = signedIn
            self.badge = badge
        }
    }
}

/// The account steps and expectations of a scenario.
extension SimulatedApp {
    /// The setup's accounts as scopes.
    static func scopes(_ names: [String]) throws -> [PushScope] {
        try names.map { name in
            guard let scope = PushScope(rawValue: name) else {
                throw ScenarioError("'\(name.prefix(40))' is not an account identifier (1 to 256 bytes, no control)")
            }
            return scope
        }
    }

    /// The reader the setup describes.
    static func scopeReader(_ setup: SimulationScenario.AccountsSetup) throws -> PushScopeReader {
        if let path = setup.path {
            guard !path.isEmpty, !path.contains("") else { throw ScenarioError("accounts.path needs non-empty keys") }
            return .path(path)
        }
        return .key(setup.key ?? "account")
    }

    /// Signs the device's app in to the setup's accounts (before its inbox and token registry are set up).
    static func installAccounts(_ setup: SimulationScenario.AccountsSetup, on device: SimulatedDevice) throws {
        device.useScopes(try scopes(setup.signedIn), reader: try scopeReader(setup))
    }

    /// The inbox configuration's scope reader and badge policy for `setup`.
    static func configureInbox(
        _ configuration: inout PushInbox.Configuration, for setup: SimulationScenario.AccountsSetup?
    )
        throws
    {
        guard let setup else { return }
        configuration.scopeReader = try scopeReader(setup)
        if let badge = setup.badge { configuration.badgePolicy = .unreadCount(in: Set(try scopes(badge))) }
    }

    /// Runs `step` if it is an account step: `markAllRead` (the account's entries, or every entry),
    /// `rotateDeviceToken` (APNs hands a new token at the next `register`), `signIn`, `signOut`.
    ///
    /// - Returns: `false` when `step.do` is not one.
    func performAccountStep(_ step: SimulationScenario.Step) async throws -> Bool {
        switch step.do {
        case "markAllRead":
            guard let inbox = Self.currentInbox(of: device) else {
                throw ScenarioError("markAllRead needs an inbox: add \"inbox\": {} to \"app\"")
            }
            if let name = step.scope {
                let scope = try Self.scopes([name])[0]
                device.note("app marks every entry of \(scope) read")
                try inbox.markAllRead(in: scope)
            } else {
                device.note("app marks every entry read")
                try inbox.markAllRead()
            }
        case "rotateDeviceToken":
            device.rotateDeviceToken()
        case "signIn":
            device.signIn(try Self.scopes([try required(step.scope, "scope", step)])[0])
        case "signOut":
            await device.settle()
            await device.signOut(try Self.scopes([try required(step.scope, "scope", step)])[0])
        default:
            return false
        }
        return true
    }
}

extension SimulationScenario {
    /// The unmet account expectations.
    func checkAccounts(_ device: SimulatedDevice) -> [String] {
        var failures: [String] = []
        if let expected = expect?.scopeUnread {
            let inbox = SimulatedApp.currentInbox(of: device)
            var actual: [String: Int] = [:]
            for name in expected.keys {
                actual[name] = PushScope(rawValue: name).map { inbox?.unreadCount(in: $0) ?? 0 } ?? 0
            }
            if actual != expected {
                failures.append(
                    "expected unread per account \(expected.sorted { $0.key < $1.key }), got "
                        + "\(actual.sorted { $0.key < $1.key })")
            }
        }
        if let expected = expect?.currentScope, device.currentScope?.rawValue != expected {
            failures.append("expected the app to show \(expected), got \(device.currentScope?.rawValue ?? "none")")
        }
        if let expected = expect?.signedIn, device.signedInScopes.map(\.rawValue) != expected {
            failures.append("expected signed in \(expected), got \(device.signedInScopes.map(\.rawValue))")
        }
        return failures
    }
}
