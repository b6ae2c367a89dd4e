import Foundation
import PushBusTestSupport
import Testing

@testable import PushBus
@testable import PushBusCategories
@testable import PushBusContentExtensionKit
@testable import PushBusCore
@testable import PushBusDelivery
@testable import PushBusHub
@testable import PushBusLiveActivity
@testable import PushBusServiceExtension
@testable import PushBusStorage
@testable import PushBusValidation

/// Where the deep link comes from: the provider's key first, then the configurable top-level keys.
@Suite struct ProviderDeepLinkTests {
    private func link(_ payload: PushValue, _ extractor: DeepLinkExtractor = DeepLinkExtractor()) -> URL? {
        PushMessage(content: PushContent(payload: payload), deepLinkExtractor: extractor).deepLink
    }

    @Test func theSeedsRouteKeyIsADeepLink() {
        let payload: PushValue = [
            "aps": ["alert": "x"], "route": "app://product/12345", "parameters": ["from": "push"],
        ]
        #expect(link(payload) == URL(string: "app://product/12345"))
    }

    @Test(arguments: ["route", "url", "deeplink", "link"])
    func everyDefaultTopLevelKeyIsTried(_ key: String) {
        #expect(link([key: "app://x/1"]) == URL(string: "app://x/1"))
    }

    @Test func keysAreTriedInOrder() {
        #expect(link(["link": "app://b", "route": "app://a"]) == URL(string: "app://a"))
    }

    @Test func theProviderKeyComesFirst() {
        #expect(
            link(["gcm.message_id": "1", "gcm.app_link": "app://fcm", "route": "app://route"])
                == URL(string: "app://fcm"))
        #expect(link(["_": "1", "^d": "app://airship", "url": "app://url"]) == URL(string: "app://airship"))
        #expect(link(["ab": ["c": "1"], "ab_uri": "app://braze", "url": "app://url"]) == URL(string: "app://braze"))
    }

    @Test func anUnusableProviderLinkFallsBackToTheTopLevelKeys() {
        #expect(link(["_": "1", "^d": 42, "route": "app://route"]) == URL(string: "app://route"))
    }

    @Test func aRelativeRouteIsASchemelessURL() throws {
        let url = try #require(link(["route": "product/12345"]))
        #expect(url.scheme == nil)
        #expect(url.absoluteString == "product/12345")
        #expect(link(["route": "product/12345"], DeepLinkExtractor(allowsRelativeLinks: false)) == nil)
    }

    @Test func whitespaceIsTrimmedAndSpacesAreEncoded() {
        #expect(link(["route": "  app://search?q=red shoes \n"])?.absoluteString == "app://search?q=red%20shoes")
    }

    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<b>x</b>", "file:///etc/passwd",
        "//evil.example.com/path", "", "   ", "app://x\u{0}y", "app://x\ny/z", "vbscript:msgbox",
    ])
    func dangerousOrEmptyLinksAreRejected(_ text: String) {
        #expect(link(["route": .string(text)]) == nil)
    }

    @Test func nonStringValuesAreNotLinks() {
        #expect(link(["route": 12345]) == nil)
        #expect(link(["route": ["url": "app://x"]]) == nil)
        #expect(link(["route": nil]) == nil)
    }

    @Test func overlongLinksAreRejected() {
        let long = "app://x/" + String(repeating: "a", count: 5000)
        #expect(link(["route": .string(long)]) == nil)
    }

    @Test func customKeysReplaceTheDefaults() {
        let extractor = DeepLinkExtractor(keys: ["target"])
        #expect(link(["target": "app://t", "route": "app://r"], extractor) == URL(string: "app://t"))
        #expect(link(["route": "app://r"], extractor) == nil)
    }

    @Test func providerKeysCanBeTurnedOff() {
        let extractor = DeepLinkExtractor(usesProviderKeys: false)
        #expect(link(["_": "1", "^d": "app://airship", "url": "app://url"], extractor) == URL(string: "app://url"))
    }

    @Test func theAdaptersUseTheExtractorOfTheirDeliveryNotAGlobal() {
        let fixture = AdapterFixture()
        let other = AdapterFixture()
        fixture.delivery.deepLinkExtractor = DeepLinkExtractor(keys: DeepLinkExtractor.defaultKeys + ["target"])
        let payload: [AnyHashable: Any] = ["aps": ["alert": "Hi"], "target": "app://configured"]

        fixture.appDelegate.didReceiveRemoteNotification(payload, appState: .active)
        other.appDelegate.didReceiveRemoteNotification(payload, appState: .active)

        #expect(fixture.messages.last?.deepLink == URL(string: "app://configured"))
        #expect(other.messages.last?.deepLink == nil, "another delivery keeps the default extractor")
        #expect(PushMessage(content: PushContent(userInfo: payload)).deepLink == nil)
    }

    @Test func localNotificationsUseTheTopLevelKeys() {
        let content = PushContent(title: "Reminder", userInfo: ["route": "app://todo/3"])
        #expect(PushMessage(kind: .localTapped, content: content).deepLink == URL(string: "app://todo/3"))
    }
}
