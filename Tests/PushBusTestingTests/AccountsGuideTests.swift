import Foundation
import PushBus
import PushBusRouting
import PushBusTestSupport
import PushBusTesting
import Testing

// Docs/Accounts.md's worked app, compiled and run: the guide's code blocks appear here as they are in the page.

/// The app's accounts: which are signed in, which one is on screen. The app's own type; any store works.
final class AccountSession: @unchecked Sendable {
    private let lock = NSLock()
    private var signedIn: [PushScope]
    private var shown: PushScope?

    init(signedIn: [PushScope]) {
        self.signedIn = signedIn
        shown = signedIn.first
    }

    var current: PushScope? { lock.withLock { shown } }

    /// Shows `account` if it is signed in; `false` if it is not (a push of an account signed out since).
    func switchTo(_ account: PushScope) -> Bool {
        lock.withLock {
            guard signedIn.contains(account) else { return false }
            shown = account
            return true
        }
    }

    func remove(_ account: PushScope) { lock.withLock { signedIn.removeAll { $0 == account } } }
}

/// What the guide's app starts with.
struct AccountsApp {
    let delivery: PushDelivery
    let inbox: PushInbox
    let tokens: PushTokenRegistry
    let router: PushRouter
    let session: AccountSession
    var subscriptions: [PushCancellable] = []

    init(ledger: DeliveryLedger, tokenDirectory: URL?, accounts: [PushScope]) throws {
        session = AccountSession(signedIn: accounts)
        delivery = PushDelivery(center: PushCenter(), ledger: ledger)
        router = PushRouter(schemes: ["social"])
        tokens = try PushTokenRegistry(directory: tokenDirectory, reportsToAppServer: false)
        let session = session
        // Each push names its account: {"aps": {…}, "account": "alice@social.example", "route": "social://…"}
        delivery.scopeReader = .key("account")
        var configuration = PushInbox.Configuration()
        configuration.scopeReader = .key("account")  // the service extension's entries have their account too
        configuration.badgePolicy = .unreadCount(in: Set(accounts))  // the accounts with notifications on
        inbox = PushInbox(ledger: ledger, configuration: configuration)
        // A tap switches to its account before its screen opens; an account signed out since opens nothing.
        router.setScopeSwitch { account in session.switchTo(account) }
        for account in accounts { try tokens.addScope(account) }
        subscriptions = [inbox.attach(to: delivery.center), router.attach(to: delivery)]
    }
}

/// The guide's app, run: two accounts, a push for each, a tap, a token, a sign-out.
@Suite(.timeLimit(.minutes(1))) struct AccountsGuideTests {
    @Test func theGuidesAppKeepsEachAccountApart() async throws {
        let sent = Recorder<String>()
        let opened = Recorder<String>()
        var app = try AccountsApp(ledger: DeliveryLedger(), tokenDirectory: nil, accounts: ["alice", "bob"])
        let tokens = app.tokens
        try app.router.register("social://chat/:id") { request in
            opened.record("\(request.context.scope?.rawValue ?? "") \(request.url)")
        }
        app.subscriptions.append(
            tokens.attach(to: app.delivery.center) { changes in
                for change in changes {
                    sent.record("\(change.scope?.rawValue ?? "app"): \(change.key) \(change.value ?? "removed")")
                    try? tokens.markReported(change)
                }
            })
        let adapter = AppDelegateAdapter(delivery: app.delivery, mode: .legacy)  // an inactive receive is a tap
        adapter.didRegisterForRemoteNotifications(deviceToken: Data([0xAB, 0x01]))
        let (inbox, session) = (app.inbox, app.session)

        // Arrival in each account
        let alicePush: [AnyHashable: Any] = [
            "aps": ["alert": "Carol mentioned you"], "account": "alice", "route": "social://chat/1",
        ]
        let bobPush: [AnyHashable: Any] = [
            "aps": ["alert": "Dave: see you at 6"], "account": "bob", "route": "social://chat/7",
        ]
        adapter.didReceiveRemoteNotification(alicePush, appState: .active)
        adapter.didReceiveRemoteNotification(bobPush, appState: .active)
        let badge = inbox.badge
        let unread = inbox.unreadCount(in: "bob")  // O(1): the account switcher's bubble
        #expect(badge == 2 && unread == 1)

        // A tap on bob's push switches to bob, then opens the chat
        adapter.didReceiveRemoteNotification(bobPush, appState: .inactive)
        #expect(session.current == "bob")
        #expect(opened.values == ["bob social://chat/7"])
        try inbox.markAllRead(in: "alice")  // alice's notifications tab is shown
        #expect(inbox.unreadCounts.total == 0)

        // Signing alice out
        session.remove("alice")
        let removal = await app.delivery.removeScope("alice", inbox: inbox, tokens: tokens)
        #expect(removal.removedEntries == 1 && inbox.count == 1)
        #expect(sent.values == ["alice: device ab01", "bob: device ab01", "alice: device removed"])
    }
}
