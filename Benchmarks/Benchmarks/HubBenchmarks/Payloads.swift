import Foundation

/// Realistic APNs payloads of about 1 KB and 4 KB: an FCM-style message with an alert, a deep link and a list
/// of items in the custom data, as a shop or news app sends them.
enum Payloads {
    static func json(approximateBytes: Int) -> Data {
        var items: [[String: Any]] = []
        var payload: [String: Any] = [:]
        repeat {
            let index = items.count
            items.append([
                "id": 100_000 + index, "name": "Product number \(index)", "price": 19.99 + Double(index),
                "url": "myapp://product/\(100_000 + index)?ref=push", "inStock": index % 2 == 0,
            ])
            payload = [
                "aps": [
                    "alert": [
                        "title": "Your order has shipped", "subtitle": "Order #48213",
                        "body": "Tap to follow the parcel and see what else you might like.",
                    ],
                    "badge": 3, "sound": "default", "category": "ORDER_UPDATE", "thread-id": "orders",
                    "mutable-content": 1,
                ],
                "gcm.message_id": "0:1700000000000000%31bd1c9631bd1c96",
                "google.c.a.e": "1",
                "deeplink": "myapp://orders/48213",
                "campaign": ["id": "spring-sale", "variant": "b"],
                "items": items,
            ]
        } while try! JSONSerialization.data(withJSONObject: payload).count < approximateBytes
        return try! JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
    }

    static func userInfo(_ data: Data) -> [AnyHashable: Any] {
        try! JSONSerialization.jsonObject(with: data) as! [AnyHashable: Any]
    }
}

/// What an app declares to decode that payload with `JSONDecoder`.
struct ShopPayload: Codable {
    struct Aps: Codable {
        struct Alert: Codable {
            var title: String
            var subtitle: String?
            var body: String
        }

        var alert: Alert
        var badge: Int?
        var sound: String?
        var category: String?
        var threadID: String?
        var mutableContent: Int?

        enum CodingKeys: String, CodingKey {
            case alert, badge, sound, category
            case threadID = "thread-id"
            case mutableContent = "mutable-content"
        }
    }

    struct Campaign: Codable {
        var id: String
        var variant: String
    }

    struct Item: Codable {
        var id: Int
        var name: String
        var price: Double
        var url: String
        var inStock: Bool
    }

    var aps: Aps
    var messageID: String
    var deeplink: String
    var campaign: Campaign
    var items: [Item]

    enum CodingKeys: String, CodingKey {
        case aps, deeplink, campaign, items
        case messageID = "gcm.message_id"
    }
}
