internal import Foundation
@_spi(PushBusInternals) public import PushBusCore
public import PushBusDelivery
import PushBusRouting
import PushBusStorage

/// What the simulated app keeps about its accounts: the ones signed in (its own data, outliving its processes,
/// as an app's keychain and defaults do), how a push names its account, and the account on screen.
struct SimulatedScopes: Sendable {
    var reader: PushScopeReader?
    var signedIn: [PushScope] = []
    /// The account the app shows; a process starts on the one the previous process showed.
    var current: PushScope?
}

/// An app signed in to several accounts on the simulated device (Docs/Accounts.md): each push's account is read
/// from its payload, the inbox counts per account, a tap switches to its account before its route opens, each
/// account's server learns the push tokens, and signing out removes what the account had.
///
/// ```swift
/// device.useScopes(["alice", "bob"], reader: .key("account"))
/// let push = device.deliver(remote: ["aps": ["alert": "Hi"], "account": "bob", "route": "app://chat/7"])
/// try device.tap(push)  // "app switches to account bob", then the route opens
/// let removal = await device.signOut("alice")  // entries, notifications, tokens of alice
/// ```
///
/// What each process does, as an app wires PushBus at launch: `delivery.scopeReader` is the reader, and the router's
/// `setScopeSwitch(_:)` switches to a signed-in account (noted in the timeline) and refuses one that is not, which
/// the router reports as a failed route. A device with a token registry (``reportTokens(in:)``) reports to each
/// signed-in account's server instead of one server of the app's own.
extension SimulatedDevice {
    /// Signs the app in to `scopes` and reads each push's scope with `reader`, in every process from now on (the
    /// running one at once). Call it before ``reportTokens(in:)`` so the token registry reports per account.
    public func useScopes(_ scopes: [PushScope], reader: PushScopeReader) {
        scopeSlot.withLock { state in
            state.reader = reader
            state.signedIn = scopes
            if state.current == nil { state.current = scopes.first }
        }
        tokenServer.withLock { $0.scopes = scopes }
        applyScopes(to: process)
        for scope in scopes { addTokenScope(scope) }
    }

    /// The accounts the app is signed in to, in the order they were added.
    public var signedInScopes: [PushScope] { scopeSlot.withLock { $0.signedIn } }

    /// The account the app shows now (the last one a tap switched to, else the first signed in).
    public var currentScope: PushScope? { scopeSlot.withLock { $0.current } }

    /// Signs the app in to one more account: its server learns the push tokens from now on.
    public func signIn(_ scope: PushScope) {
        let isNew = scopeSlot.withLock { state -> Bool in
            guard !state.signedIn.contains(scope) else { return false }
            state.signedIn.append(scope)
            if state.current == nil { state.current = scope }
            return true
        }
        guard isNew else { return }
        tokenServer.withLock { $0.scopes = ($0.scopes ?? []) + [scope] }
        note("app signs in to \(scope)")
        addTokenScope(scope)
    }

    /// Signs the app out of `scope`, as an app does with `PushDelivery.removeScope(_:inbox:tokens:scheduler:)`:
    /// its inbox entries, its pending and delivered notifications (``notificationCenter``) and its tokens go (its
    /// server learns the retractions), and the ledger records it. A later push for it is reported, not opened.
    ///
    /// - Returns: What was removed.
    @discardableResult
    public func signOut(_ scope: PushScope) async -> PushScopeRemoval {
        scopeSlot.withLock { state in
            state.signedIn.removeAll { $0 == scope }
            if state.current == scope { state.current = state.signedIn.first }
        }
        tokenServer.withLock { $0.scopes = $0.scopes?.filter { $0 != scope } }
        note("app signs out of \(scope)")
        let current = process
        let removal = await current.delivery.removeScope(
            scope, inbox: inbox, tokens: current.tokens, scheduler: notificationCenter)
        note(
            "app removed \(scope): \(removal.removedEntries) inbox entries, "
                + "\(removal.removedPendingRequests.count) pending, "
                + "\(removal.removedDeliveredNotifications.count) delivered, "
                + "\(removal.tokenRetractions.count) tokens to retract"
                + (removal.failures.isEmpty ? "" : "; failed: " + removal.failures.joined(separator: "; ")))
        return removal
    }

    // MARK: Internals

    /// What the app does at each launch about its accounts: the delivery's scope reader and the router's switch.
    func applyScopes(to process: AppProcess) {
        guard let reader = scopeSlot.withLock({ $0.reader }) else { return }
        process.delivery.scopeReader = reader
        process.router?.setScopeSwitch { [weak self] scope in
            self?.switchScope(to: scope) ?? false
        }
    }

    /// The app's scope switch: shows `scope` when it is signed in.
    private func switchScope(to scope: PushScope) -> Bool {
        let (isSignedIn, changed) = scopeSlot.withLock { state -> (Bool, Bool) in
            guard state.signedIn.contains(scope) else { return (false, false) }
            defer { state.current = scope }
            return (true, state.current != scope)
        }
        if !isSignedIn {
            note("app has no account \(scope): the push's route is not opened")
        } else if changed {
            note("app switches to account \(scope)")
        }
        return isSignedIn
    }

    private func addTokenScope(_ scope: PushScope) {
        guard let tokens = process.tokens else { return }
        do {
            try tokens.addScope(scope)
        } catch {
            note("the app cannot add \(scope) to its token registry: \(error)")
        }
    }
}
