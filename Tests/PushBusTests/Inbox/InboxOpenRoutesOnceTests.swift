import Foundation
import PushBus
@_spi(PushBusInternals) import PushBusCore
import PushBusRouting
import PushBusTestSupport
import PushBusTesting
import Testing

/// An open from the inbox list goes through the router like a tap, with source `.inbox`, once per delivery: the
/// router's link rules apply, a deferred route counts, and a second open (or a relaunch) routes nothing.
@Suite struct InboxOpenRoutesOnceTests {
    let clock = ManualClock()

    func makeRouter(ready: Bool = true) throws -> (PushRouter, LockedState<[String]>) {
        let router = PushRouter(schemes: ["app"], isReady: ready)
        let opened = LockedState<[String]>([])
        try router.register("app://inbox/:title") { request in
            opened.withLock { $0.append("\(request.source) \(request.url)") }
        }
        try router.register("app://orders/:id") { request in
            opened.withLock { $0.append("\(request.source) \(request.url)") }
        }
        return (router, opened)
    }

    @Test func aSecondOpenOfTheSameEntryRoutesNothing() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let entry = try #require(try inbox.add(InboxFixture.alert("Sale", requestIdentifier: "r1", date: clock.now)))
        let (router, opened) = try makeRouter()
        #expect(router.notifications.route(entry, in: inbox)?.match != nil)
        #expect(router.notifications.route(entry, in: inbox) == nil)
        #expect(opened.withLock { $0 } == ["inbox app://inbox/Sale"])
        #expect(inbox.ledger.allRecords.filter { $0.event.kind == .routed }.count == 1)
    }

    @Test func anOpenAfterARelaunchRoutesNothing() throws {
        let directory = try InboxFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let inbox = PushInbox(ledger: try InboxFixture.durableLedger(in: directory, clock: clock))
        let entry = try #require(try inbox.add(InboxFixture.alert("Sale", requestIdentifier: "r1", date: clock.now)))
        let (router, _) = try makeRouter()
        #expect(router.notifications.route(entry, in: inbox)?.match != nil)
        inbox.ledger.waitForWrites()
        // The next launch: a new ledger, inbox and router
        let relaunched = PushInbox(ledger: try InboxFixture.durableLedger(in: directory, clock: clock))
        let (nextRouter, opened) = try makeRouter()
        #expect(nextRouter.notifications.route(try #require(relaunched.entry(entry.id)), in: relaunched) == nil)
        #expect(opened.withLock { $0 }.isEmpty)
    }

    @Test func anEntryAlreadyRoutedByItsTapIsNotRoutedAgain() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let tap = InboxFixture.alert("Sale", requestIdentifier: "r1", kind: .remoteTapped, date: clock.now)
        try inbox.note(tap)
        let (router, opened) = try makeRouter()
        #expect(
            router.notifications.route(tap, options: PushRouter.AttachOptions(ledger: inbox.ledger))?.match != nil)
        #expect(router.notifications.route(try #require(inbox.entry(for: tap)), in: inbox) == nil)
        #expect(opened.withLock { $0 } == ["push app://inbox/Sale"])
    }

    @Test func theLinkRulesGivenToAttachApplyToInboxOpens() throws {
        // Given: a JPush-style payload without a link, a rule turning its keys into one, kept by the inbox
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        configuration.keptCustomKeys = ["line", "order"]
        let inbox = PushInbox(ledger: DeliveryLedger(configuration: configuration))
        let push = PushMessage(
            content: PushContent(userInfo: ["aps": ["alert": "Shipped"], "line": "orders", "order": "42"]),
            requestIdentifier: "r1", date: clock.now)
        let entry = try #require(try inbox.add(push))
        let (router, opened) = try makeRouter()
        let rules = PayloadRouteRules([PayloadRouteRule(when: ["line": "orders"], open: "app://orders/{order}")])
        let attached = router.attach(
            to: PushCenter(), options: PushRouter.AttachOptions(link: { rules.link(for: $0) ?? .default(in: $0) }))
        // When: the user opens it from the inbox
        let result = router.notifications.route(entry, in: inbox)
        // Then: the rule made the link
        #expect(result?.match != nil)
        #expect(opened.withLock { $0 } == ["inbox app://orders/42"])
        attached.cancel()
    }

    @Test func aRouteDeferredUntilReadyIsRecordedAndOpensOnce() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let entry = try #require(try inbox.add(InboxFixture.alert("Sale", requestIdentifier: "r1", date: clock.now)))
        let (router, opened) = try makeRouter(ready: false)
        #expect(router.notifications.route(entry, in: inbox) == .deferred)
        #expect(inbox.ledger.hasRecorded(.routed, messageID: entry.messageID))
        #expect(router.notifications.route(entry, in: inbox) == nil)
        router.setReady(true)
        #expect(opened.withLock { $0 } == ["inbox app://inbox/Sale"])
        #expect(inbox.unreadCount == 0)
    }
}
