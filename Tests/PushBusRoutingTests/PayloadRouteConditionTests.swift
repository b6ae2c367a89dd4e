import Foundation
import PushBus
@_spi(PushBusInternals) import PushBusCore
import PushBusRouting
import Testing

private func message(_ payload: PushValue, kind: PushMessage.Kind = .remoteTapped) -> PushMessage {
    PushMessage(kind: kind, content: PushContent(payload: payload))
}

/// Rules read `aps` keys and nested keys by a dotted path, in conditions and in placeholders.
@Suite struct PayloadRoutePathTests {
    let chat: PushValue = [
        "aps": ["alert": ["title": "王老师", "body": "家长会改时间"], "sound": "chat.caf"],
        "rc": ["cType": "PR", "fId": "teacher wang", "id": "UID-1"],
    ]

    @Test func anAPSKeyAndANestedKeySelectTheRule() {
        let rules = PayloadRouteRules([
            PayloadRouteRule(matching: [.value("aps.sound", equals: "chat.caf")], open: "app://chat/{rc.fId}"),
            PayloadRouteRule(when: ["rc.cType": "GRP"], open: "app://group"),
        ])
        #expect(rules.link(for: message(chat))?.url == "app://chat/teacher%20wang")
        let group: PushValue = ["aps": ["alert": "x"], "rc": ["cType": "GRP"]]
        #expect(rules.link(for: message(group))?.url == "app://group")
        #expect(rules.link(for: message(["aps": ["alert": "x", "sound": "default"]])) == nil)
    }

    @Test func aTopLevelKeyWithDotsIsReadAsThatKeyFirst() {
        let rule = PayloadRouteRule(when: ["gcm.message_id": "1"], open: "app://fcm")
        #expect(rule.link(for: message(["gcm.message_id": "1"]))?.url == "app://fcm")
        let split = PayloadRouteRule(matching: [.value(at: ["aps", "alert", "title"], equals: "王老师")], open: "app://t")
        #expect(split.link(for: message(chat))?.url == "app://t")
        #expect(
            PayloadRouteRule(matching: [.value(at: [], equals: "")], open: "app://x").link(for: message(chat)) == nil)
    }

    @Test func theJPushSeedsTopLevelRulesStillMatchAsText() {
        let rule = PayloadRouteRule(when: ["BusinessLine": "6"], open: "app://train/order/{OrderID}")
        #expect(rule.link(for: message(["BusinessLine": 6.0, "OrderID": "G1"]))?.url == "app://train/order/G1")
        #expect(rule.link(for: message(["aps": ["BusinessLine": 6], "OrderID": "G1"])) == nil)
    }
}

/// Rules test a key's presence and the provider that sent the payload.
@Suite struct PayloadRoutePresenceAndProviderTests {
    @Test func presenceMatchesAnyValueButNull() {
        let rule = PayloadRouteRule(matching: [.present("rc")], open: "app://chat")
        #expect(rule.link(for: message(["rc": ["cType": "PR"]]))?.url == "app://chat")
        #expect(rule.link(for: message(["rc": 0]))?.url == "app://chat")
        #expect(rule.link(for: message(["rc": .null])) == nil)
        #expect(rule.link(for: message(["aps": ["alert": "x"]])) == nil)
        #expect(
            PayloadRouteRule(matching: [.present("aps.mutable-content")], open: "app://m")
                .link(for: message(["aps": ["mutable-content": 1]]))?.url == "app://m")
    }

    @Test func theProviderSelectsTheRule() {
        let rules = PayloadRouteRules([
            PayloadRouteRule(matching: [.provider(.rongCloud)], open: "app://chat"),
            PayloadRouteRule(matching: [.provider(.jpush)], open: "app://notices"),
        ])
        #expect(rules.link(for: message(["rc": ["cType": "PR", "id": "1"]]))?.url == "app://chat")
        #expect(rules.link(for: message(["_j_msgid": 20_266_199_577]))?.url == "app://notices")
        #expect(rules.link(for: message(["aps": ["alert": "plain"]])) == nil)
        #expect(rules.link(for: message(["_j_msgid": 1], kind: .local)) == nil)  // a local notification has no provider
    }

    @Test func conditionsDescribeThemselves() {
        let conditions: [PayloadRouteRule.Condition] = [
            .value("aps.sound", equals: "chat.caf"), .present(at: ["rc"]), .provider(.rongCloud),
        ]
        #expect(conditions.map(\.description) == [#"aps.sound == "chat.caf""#, "present(rc)", "provider == rongCloud"])
    }
}

/// A catch-all rule ends a list: it matches whatever the rules before it left.
@Suite struct PayloadRouteCatchAllTests {
    @Test func alwaysMatchesEveryPayloadAfterTheOtherRules() {
        let rules = PayloadRouteRules([
            PayloadRouteRule(matching: [.value("aps.sound", equals: "chat.caf")], open: "app://chat"),
            .always(open: "app://notices"),
        ])
        #expect(rules.link(for: message(["aps": ["sound": "chat.caf"]]))?.url == "app://chat")
        #expect(rules.link(for: message(["aps": ["alert": "School notice"]]))?.url == "app://notices")
        #expect(rules.link(for: message([:]))?.url == "app://notices")
        #expect(PayloadRouteRule(when: [:], open: "app://all") == PayloadRouteRule.always(open: "app://all"))
    }

    @Test func aCatchAllWithAMissingPlaceholderStillDoesNotApply() {
        #expect(PayloadRouteRule.always(open: "app://notice/{id}").link(for: message(["aps": ["alert": "x"]])) == nil)
    }
}

/// The rules Routing.md shows, attached to a router: each kind of rule opens its route.
@Suite struct PayloadRouteRulesOnARouterTests {
    @Test func theGuidesRulesOpenTheirRoutes() throws {
        let router = PushRouter(schemes: ["app"])
        let opened = LockedState<[String]>([])
        for pattern in ["app://train/order/:id", "app://chat/:userId", "app://chat", "app://notices"] {
            try router.register(pattern) { request in opened.withLock { $0.append(request.url) } }
        }
        let center = PushCenter()
        let rules = PayloadRouteRules([
            PayloadRouteRule(when: ["BusinessLine": "6"], open: "app://train/order/{OrderID}"),
            PayloadRouteRule(
                matching: [.value("aps.sound", equals: "chat.caf"), .present("rc")], open: "app://chat/{rc.fId}"),
            PayloadRouteRule(matching: [.provider(.rongCloud)], open: "app://chat"),
            .always(open: "app://notices"),
        ])
        let subscription = router.attach(
            to: center,
            options: .init(link: { message in
                rules.link(for: message) ?? PushRouteLink.default(in: message)
            }))
        center.post(message(["aps": ["alert": "Train"], "BusinessLine": 6, "OrderID": "G1"]))
        center.post(message(["aps": ["alert": "Hi", "sound": "chat.caf"], "rc": ["fId": "wang", "id": "1"]]))
        center.post(message(["aps": ["alert": "Group"], "rc": ["cType": "GRP", "id": "2"]]))
        center.post(message(["aps": ["alert": "Notice"], "_j_msgid": 3]))
        #expect(
            opened.withLock { $0 } == ["app://train/order/G1", "app://chat/wang", "app://chat", "app://notices"])
        subscription.cancel()
    }
}

/// An app's own link: `PushRouteLink(url:parameters:)` from any payload convention, rules as the fallback.
@Suite struct OwnPushRouteLinkTests {
    @Test func aLinkOfTheAppsOwnCarriesItsParametersToTheHandler() throws {
        let router = PushRouter(schemes: ["app"])
        let chats = LockedState<[String]>([])
        try router.register("app://chat") { request in chats.withLock { $0.append(request["userId"] ?? "") } }
        let center = PushCenter()
        let rules = PayloadRouteRules([.always(open: "app://notices")])
        let link: @Sendable (PushMessage) -> PushRouteLink? = { message in
            if message.provider?.name == .rongCloud,
                let sender = message.content.payload["rc"]?["fId"]?.stringValue
            {
                return PushRouteLink(url: "app://chat", parameters: ["userId": sender])
            }
            return rules.link(for: message) ?? PushRouteLink.default(in: message)
        }
        let subscription = router.attach(to: center, options: .init(link: link))
        center.post(message(["aps": ["alert": "Hi"], "rc": ["cType": "PR", "fId": "teacher_wang", "id": "9"]]))
        #expect(chats.withLock { $0 } == ["teacher_wang"])
        subscription.cancel()
    }
}
