public import Foundation

/// An APNs device token, or an ActivityKit push token (a push-to-start or a Live Activity's update token).
/// Variable length: never assume 32 bytes. Encoded (`Codable`) and described as lowercase hexadecimal, two digits
/// per byte.
public struct PushToken: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The token's bytes, as `didRegisterForRemoteNotificationsWithDeviceToken` handed them over.
    public let data: Data

    /// Wraps the token's bytes as the system handed them over; any length is accepted.
    public init(_ data: Data) { self.data = data }

    /// Parses a hexadecimal token (either case); `nil` if it is not an even number of hex digits.
    public init?(hexString: String) {
        let digits = Array(hexString.utf8)
        guard !digits.isEmpty, digits.count % 2 == 0 else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = PushToken.nibble(digits[index]), let low = PushToken.nibble(digits[index + 1])
            else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        data = Data(bytes)
    }

    /// The token as lowercase hexadecimal, two digits per byte: what providers expect.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(data.count * 2)
        for byte in data {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    public var description: String { hexString }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let token = PushToken(hexString: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a hexadecimal token, found \"\(text.prefix(40))\"")
        }
        self = token
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hexString)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
