import Foundation
import PushBus
@_spi(PushBusInternals) import PushBusCore
import PushBusRouting
import Testing

/// Links from outside open with the source their arrival names, so `.internal` routes stay out of reach.
@Suite struct IncomingLinkTests {
    final class Sources: Sendable {
        let values = LockedState<[RouteSource]>([])
        var all: [RouteSource] { values.withLock { $0 } }
    }

    func makeRouter(_ sources: Sources) throws -> PushRouter {
        let router = PushRouter(schemes: ["myapp", "https"])
        try router.register("myapp://product/:id") { request in sources.values.withLock { $0.append(request.source) } }
        try router.register("https://example.com/product/:id") { request in
            sources.values.withLock { $0.append(request.source) }
        }
        try router.register("myapp://admin", access: .internal) { _ in }
        return router
    }

    @Test func aURLSchemeOpenUsesTheURLSchemeSource() throws {
        let sources = Sources()
        let router = try makeRouter(sources)
        let incoming = IncomingURL(url: URL(string: "myapp://product/1")!, kind: .urlScheme)
        router.open(incoming)
        #expect(sources.all == [.urlScheme])
    }

    @Test func aUniversalLinkUsesTheUniversalLinkSource() throws {
        let sources = Sources()
        let router = try makeRouter(sources)
        let link = IncomingURL.universalLink(
            activityType: IncomingURL.browsingWebActivityType, webpageURL: URL(string: "https://example.com/product/2"))
        let incoming = try #require(link)
        router.open(incoming)
        #expect(sources.all == [.universalLink])
        #expect(IncomingURL.universalLink(activityType: "handoff", webpageURL: link?.url) == nil)
    }

    @Test func onOpenURLsLinksOpenWithTheSourceTheirSchemeNames() throws {
        let sources = Sources()
        let router = try makeRouter(sources)
        router.open(IncomingURL(onOpenURL: URL(string: "https://example.com/product/5")!))
        router.open(IncomingURL(onOpenURL: URL(string: "myapp://product/6")!))
        #expect(sources.all == [.universalLink, .urlScheme])
        #expect(router.open(IncomingURL(onOpenURL: URL(string: "myapp://admin")!)).match == nil)
    }

    @Test func anIncomingURLCarriesTheContextAndWaitsForReadiness() throws {
        let router = PushRouter(schemes: ["myapp"], isReady: false)
        let opened = LockedState<[String]>([])
        try router.register("myapp://product/:id") { request in
            opened.withLock { $0.append("\(request.source) \(request.parameters["ref"] ?? "")") }
        }
        let incoming = IncomingURL(url: URL(string: "myapp://product/4")!, kind: .urlScheme)
        #expect(router.open(incoming, context: RouteContext(parameters: ["ref": "mail"])) == .deferred)
        router.setReady(true)
        #expect(opened.withLock { $0 } == ["urlScheme mail"])
    }

    @Test func anIncomingURLCannotOpenAnInternalRoute() throws {
        let router = try makeRouter(Sources())
        let incoming = IncomingURL(url: URL(string: "myapp://admin")!, kind: .urlScheme)
        let result = router.open(incoming)
        #expect(result.match == nil)
    }

    @Test func anOpenSettingsRequestOpensTheChosenRouteWithTheSettingsSource() throws {
        let sources = Sources()
        let router = PushRouter(schemes: ["myapp"])
        try router.register("myapp://settings/notifications") { request in
            sources.values.withLock { $0.append(request.source) }
        }
        let channel = NotificationSettingsChannel()
        let link = router.notifications.routeSettingsRequests(from: channel, to: "myapp://settings/notifications")

        channel.requestOpenSettings(OpenSettingsRequest())

        #expect(sources.all == [.settings])
        withExtendedLifetime(link) {}
    }
}
