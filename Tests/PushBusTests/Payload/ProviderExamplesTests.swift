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

/// Each provider's documented payload (Examples/payloads) is recognized with its message id, deep link, image
/// and buttons.
@Suite(.timeLimit(.minutes(1))) struct ProviderExamplesTests {
    private static let directory = BuiltBinary.packageRoot.appendingPathComponent("Examples/payloads")

    private func message(_ name: String) throws -> PushMessage {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(name))
        return PushMessage(content: PushContent(json: data))
    }

    struct Expected: Sendable, CustomTestStringConvertible {
        var file: String
        var provider: PushProvider.Name
        var messageID: String?
        var deepLink: String?
        var image: String? = nil
        var buttons: [String] = []
        var testDescription: String { file }
    }

    static let examples: [Expected] = [
        Expected(
            file: "iterable.json", provider: .iterable, messageID: "4f8e2a1c9b7d4e6f8a0b1c2d3e4f5a6b",
            deepLink: "https://shop.example.com/sale/summer",
            image: "https://library.iterable.com/29/2918471/summer-banner.jpg", buttons: ["Shop now", "Remind me"]),
        Expected(
            file: "adobe-campaign.json", provider: .adobe, messageID: "h138a", deepLink: "https://mydeeplinkurl.com",
            image: "https://images.example.com/campaign/creative-cloud.jpeg"),
        Expected(
            file: "adobe-journey-optimizer.json", provider: .adobe,
            messageID: "UMA-c1f1a6d2-5e3b-4c1d-9e7f-0a2b4c6d8e0f", deepLink: "chessapp://games/invite/8812",
            image: "https://images.example.com/ajo/chess.png"),
        Expected(
            file: "moengage.json", provider: .moEngage, messageID: "000000000000000022087563_F_T_IN_AB_0_P_0_L_0",
            deepLink: "shopapp://cart", image: "https://image.moengage.com/shopapp/cart-sneakers.png"),
        Expected(
            file: "leanplum.json", provider: .leanplum, messageID: "5754248118747136",
            deepLink: "fitapp://summary/weekly"),
        Expected(
            file: "clevertap.json", provider: .cleverTap, messageID: "1612345678_20210203",
            deepLink: "audioapp://sale/headphones", image: "https://cdn.example.com/push/headphones.jpg",
            buttons: ["Shop now", "Not now"]),
        Expected(
            file: "klaviyo.json", provider: .klaviyo, messageID: "01HQ7Z4K9R2M5V8X3C6B1N4P7T",
            deepLink: "myshop://sale/flash",
            image: "https://d3k81ch9hvuctc.cloudfront.net/company/X7Y8Z9/images/flash-sale.png",
            buttons: ["Shop Now", "Remind Later"]),
        Expected(
            file: "salesforce-marketing-cloud.json", provider: .salesforceMarketingCloud, messageID: "NDIyOjExNDow",
            deepLink: "bankapp://statements/2026-03",
            image: "https://image.s10.sfmc-content.com/lib/fe3c11/m/1/statement.png"),
        Expected(
            file: "customerio.json", provider: .customerIO, messageID: "RPILAgUBcRhIBqSfeiIwdIYJKxTY",
            deepLink: "remote-habits://orders/1042",
            image: "https://userimg-assets.customeriomail.com/images/client-env-1/orders.png"),
        Expected(
            file: "pushwoosh.json", provider: .pushwoosh, messageID: "3p",
            deepLink: "https://promo.example.com/weekend",
            image: "https://cdn.example.com/pushwoosh/weekend.jpg"),
        Expected(
            file: "batch.json", provider: .batch, messageID: "6y4g8guj-u1586248410u0",
            deepLink: "newsapp://article/93214", image: "https://images.example.com/news/tram.jpg"),
        Expected(file: "expo.json", provider: .expo, messageID: nil, deepLink: "acmeshop://orders/1042"),
        Expected(file: "rongcloud.json", provider: .rongCloud, messageID: "C7QK-3V2N-8L0D-5T4P", deepLink: nil),
        Expected(file: "tencent-push.json", provider: .tencentPush, messageID: "4293011875", deepLink: nil),
        Expected(
            file: "getui.json", provider: .getui,
            messageID:
                "GTA-0101_Qm7xR2pL9kA3bC5dE8fG1h:5c2e9a41-b3-1942f7d0c3a-2718281828:9f8e7d6c5b4a39281706f5e4d3c2b1a0",
            deepLink: nil),
        Expected(file: "umeng.json", provider: .umeng, messageID: "uu84603171767225600011", deepLink: nil),
        Expected(file: "aliyun-push.json", provider: .aliyunPush, messageID: "8004229324234496", deepLink: nil),
        Expected(file: "easemob.json", provider: .easemob, messageID: "373360335316321408", deepLink: nil),
        Expected(file: "netease-im.json", provider: .netEaseIM, messageID: nil, deepLink: nil),
    ]

    @Test(arguments: examples)
    func providerIsRecognizedWithItsIDLinkImageAndButtons(_ expected: Expected) throws {
        let message = try message(expected.file)
        #expect(message.provider == PushProvider(name: expected.provider, messageID: expected.messageID))
        if let messageID = expected.messageID {
            #expect(message.id.rawValue == "\(expected.provider.rawValue):\(messageID)")
        } else {
            #expect(message.id.rawValue.hasPrefix("digest:"))
        }
        #expect(message.deepLink == expected.deepLink.flatMap { URL(string: $0) })
        #expect(message.imageURL == expected.image.flatMap { URL(string: $0) })
        #expect(message.actionButtons.map(\.title) == expected.buttons)
    }

    @Test func buttonsCarryTheirIdentifierAndLink() throws {
        let iterable = try message("iterable.json").actionButtons
        #expect(
            iterable.first
                == PushProvider.Button(
                    identifier: "shop_now", title: "Shop now",
                    link: URL(string: "https://shop.example.com/sale/summer?src=button")))
        #expect(iterable.last?.link == nil)  // a custom action, not a link
        let cleverTap = try message("clevertap.json").actionButtons
        #expect(cleverTap.first?.link == URL(string: "audioapp://sale/headphones?src=button"))
        #expect(cleverTap.last?.link == nil)  // an empty link is no link
    }

    @Test func theValidatorsReportShowsTheImageAndButtons() throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("clevertap.json"))
        let report = PayloadReport(source: "clevertap.json", data: data)
        let text = report.text
        #expect(text.contains("image: https://cdn.example.com/push/headphones.jpg"))
        #expect(text.contains("button: Shop now → audioapp://sale/headphones?src=button"))
        let json = report.json["message"]
        #expect(json?["imageURL"] == "https://cdn.example.com/push/headphones.jpg")
        #expect(json?["actionButtons"]?[0]?["identifier"] == "shop")
    }

    @Test func existingProvidersKeepTheirImages() {
        let fcm = PushMessage(
            content: PushContent(payload: ["gcm.message_id": "1", "fcm_options": ["image": "https://x.example/y.png"]]))
        #expect(fcm.imageURL == URL(string: "https://x.example/y.png"))
        let braze = PushMessage(
            content: PushContent(payload: ["ab": ["c": "t", "att": ["url": "https://b.example/i.jpg", "type": "jpg"]]]))
        #expect(braze.imageURL == URL(string: "https://b.example/i.jpg"))
    }

    @Test func anImageMustBeAnHTTPURL() {
        let message = PushMessage(
            content: PushContent(payload: ["wzrk_id": "1", "ct_mediaUrl": "javascript:alert(1)"]))
        #expect(message.imageURL == nil)
        let local = PushMessage(kind: .local, content: PushContent(payload: ["ct_mediaUrl": "https://x.example/a.png"]))
        #expect(local.imageURL == nil)
    }
}
