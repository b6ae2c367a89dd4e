import Foundation
import PushBusCore
import PushBusHub

/// An ActivityKit push token: a push-to-start token (`Activity<A>.pushToStartToken`, iOS 17.2+) or a Live
/// Activity's update token (`activity.pushToken`). Variable length, like `DeviceToken`.
///
/// Encoded (`Codable`) and described as lowercase hexadecimal, two digits per byte: what APNs providers expect.
public struct LiveActivityToken: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The token's bytes, as ActivityKit handed them over.
    public let data: Data

    public init(_ data: Data) { self.data = data }

    /// Parses a hexadecimal token (either case); `nil` if it is empty or not an even number of hex digits.
    public init?(hexString: String) {
        guard let token = DeviceToken(hexString: hexString) else { return nil }
        data = token.data
    }

    /// The token as lowercase hexadecimal.
    public var hexString: String { DeviceToken(data).hexString }

    public var description: String { hexString }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let token = LiveActivityToken(hexString: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a hexadecimal token, found \"\(text.prefix(40))\"")
        }
        self = token
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hexString)
    }
}
