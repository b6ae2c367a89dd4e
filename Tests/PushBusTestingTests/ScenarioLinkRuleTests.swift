import Foundation
import PushBus
import PushBusTesting
import Testing

/// A scenario's link rules are payload route rules: `aps` keys and key paths, presence, the provider and an
/// explicit catch-all, and a rule that contradicts itself is refused.
@Suite(.timeLimit(.minutes(1))) struct ScenarioLinkRuleTests {
    func scenario(rules: String, payload: String) throws -> SimulationScenario {
        try SimulationScenario(
            json: Data(
                """
                {
                  "name": "link rules",
                  "routes": { "schemes": ["app"], "patterns": ["app://chat/:id", "app://chat", "app://notices"],
                              "ready": true, "linkRules": \(rules) },
                  "steps": [
                    { "do": "launch" }, { "do": "background" },
                    { "do": "receive", "id": "p", "payload": \(payload) },
                    { "do": "tap", "id": "p" }
                  ]
                }
                """.utf8))
    }

    func opened(rules: String, payload: String) async throws -> [String] {
        let run = try await scenario(rules: rules, payload: payload).run()
        #expect(run.failures == [])
        return run.device.routes.opened
    }

    let rules = """
        [ { "when": { "aps.sound": "chat.caf" }, "present": ["rc"], "url": "app://chat/{rc.fId}" },
          { "provider": "rongCloud", "url": "app://chat" },
          { "always": true, "url": "app://notices" } ]
        """

    @Test func aPathPresenceProviderAndCatchAllEachRoute() async throws {
        let chat = #"{"aps": {"alert": "Hi", "sound": "chat.caf"}, "rc": {"cType": "PR", "fId": "u7"}}"#
        let group = #"{"aps": {"alert": "Hi"}, "rc": {"cType": "GRP", "fId": "u8", "id": "x"}}"#
        let notice = #"{"aps": {"alert": "Notice"}, "_j_msgid": 1}"#
        #expect(try await opened(rules: rules, payload: chat) == ["app://chat/u7"])
        #expect(try await opened(rules: rules, payload: group) == ["app://chat"])
        #expect(try await opened(rules: rules, payload: notice) == ["app://notices"])
    }

    @Test func aRuleWithNoConditionIsACatchAllToo() async throws {
        #expect(
            try await opened(rules: #"[{"url": "app://notices"}]"#, payload: #"{"aps": {"alert": "x"}}"#) == [
                "app://notices"
            ])
    }

    @Test func alwaysBesideAConditionIsRefused() async throws {
        let contradiction = #"[{"always": true, "provider": "jpush", "url": "app://notices"}]"#
        let scenario = try scenario(rules: contradiction, payload: #"{"aps": {"alert": "x"}}"#)
        await #expect(throws: ScenarioError.self) { try await scenario.run() }
    }

    /// `rongcloud` for `rongCloud` would match no push, and the rule would never route: refused, with the near miss.
    @Test func anUnknownProviderIsRefusedWithTheNameItMeant() async throws {
        let misspelled = #"[{"provider": "rongcloud", "url": "app://chat"}]"#
        let scenario = try scenario(rules: misspelled, payload: #"{"aps": {"alert": "x"}}"#)
        let error = await #expect(throws: ScenarioError.self) { try await scenario.run() }
        #expect(error?.description.contains("unknown provider 'rongcloud' (did you mean 'rongCloud'?)") == true)
        #expect(error?.description.contains("netEaseIM") == true)  // every name is listed
    }

    @Test func anOtherSDKClaimingAnUnknownProviderIsRefused() async throws {
        let scenario = try SimulationScenario(
            json: Data(
                """
                { "name": "an SDK", "app": { "otherSDKs": [ { "name": "im", "providers": ["jpush", "getuiPush"] } ] },
                  "steps": [ { "do": "launch" } ] }
                """.utf8))
        let error = await #expect(throws: ScenarioError.self) { try await scenario.run() }
        #expect(error?.description.contains("other SDK 'im': unknown provider 'getuiPush'") == true)
    }

    @Test func everyProviderOfTheTableIsANameAScenarioMayUse() async throws {
        let names = [
            "apns", "jpush", "rongCloud", "tencentPush", "getui", "umeng", "aliyunPush", "easemob", "netEaseIM",
        ]
        for name in names {
            let rules = #"[{"provider": "\#(name)", "url": "app://chat"}, {"always": true, "url": "app://notices"}]"#
            #expect(try await opened(rules: rules, payload: #"{"aps": {"alert": "x"}}"#).count == 1, "\(name)")
        }
    }

    @Test func aMisspelledRuleKeyIsNamed() {
        #expect(throws: (any Error).self) {
            try scenario(rules: #"[{"presnt": ["rc"], "url": "app://chat"}]"#, payload: #"{"aps": {"alert": "x"}}"#)
        }
    }
}
