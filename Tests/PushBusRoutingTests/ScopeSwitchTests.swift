import Foundation
import PushBus
@_spi(PushBusInternals) import PushBusCore
import PushBusRouting
import PushBusTestSupport
import PushBusTesting
import Testing

/// The router runs the app's scope switch (switch account) before a route from a push of a scope opens, with the
/// scope in the route's context; a push for a scope the app no longer has is reported, not opened.
@Suite(.timeLimit(.minutes(1))) struct ScopeSwitchTests {
    final class App: Sendable {
        let router = PushRouter(schemes: ["social"], isReady: false)
        let center = PushCenter()
        let steps = Recorder<String>()
        let failures = Recorder<RouteError>()
        let accounts = LockedState<Set<PushScope>>(["alice", "bob"])
        let subscriptions: [PushCancellable]

        init() throws {
            let steps = steps
            let failures = failures
            let accounts = accounts
            try router.register("social://chat/:id") { request in
                steps.record("open \(request.url) in \(request.context.scope?.rawValue ?? "none")")
            }
            router.setScopeSwitch { scope in
                guard accounts.withLock({ $0.contains(scope) }) else { return false }
                steps.record("switch to \(scope)")
                return true
            }
            subscriptions = [
                router.attach(to: center),
                router.observe { event in
                    if case .didFail(let failure) = event { failures.record(failure.error) }
                },
            ]
        }

        func tap(_ id: String, account: String?) {
            var payload: [AnyHashable: Any] = ["aps": ["alert": "Hi"], "route": "social://chat/\(id)"]
            if let account { payload["account"] = account }
            let content = PushContent(userInfo: payload)
            center.post(
                PushMessage(
                    kind: .remoteTapped, content: content, response: PushResponse(action: .open), requestIdentifier: id,
                    scope: PushScopeReader.key("account").scope(in: content)))
        }
    }

    @Test func theSwitchRunsBeforeTheRouteAndOnlyOnceTheFirstScreenIsUp() throws {
        let app = try App()
        app.tap("7", account: "bob")
        #expect(app.steps.values.isEmpty)  // a cold-start tap waits for the first screen, switch included
        app.router.setReady(true)
        #expect(app.steps.values == ["switch to bob", "open social://chat/7 in bob"])
    }

    @Test func aPushForAScopeTheAppNoLongerHasIsReportedNotOpened() throws {
        let app = try App()
        app.router.setReady(true)
        app.accounts.withLock { _ = $0.remove("alice") }
        app.tap("8", account: "alice")
        #expect(app.steps.values.isEmpty)
        #expect(app.failures.values == [.unknownScope("alice")])
    }

    @Test func aPushWithoutAScopeNeverRunsTheSwitch() throws {
        let app = try App()
        app.router.setReady(true)
        app.tap("9", account: nil)
        #expect(app.steps.values == ["open social://chat/9 in none"])
    }

    @Test func anInboxEntryOpensInItsScope() throws {
        let app = try App()
        app.router.setReady(true)
        var configuration = PushInbox.Configuration()
        configuration.scopeReader = .key("account")
        let inbox = PushInbox(ledger: DeliveryLedger(), configuration: configuration)
        let entry = try #require(
            try inbox.add(
                PushMessage(
                    content: PushContent(userInfo: [
                        "aps": ["alert": "Hi"], "route": "social://chat/3", "account": "bob",
                    ]),
                    requestIdentifier: "r-3")))
        #expect(entry.scope == "bob")
        app.router.notifications.route(entry, in: inbox)
        #expect(app.steps.values == ["switch to bob", "open social://chat/3 in bob"])
    }
}
