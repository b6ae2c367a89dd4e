import Foundation

/// Recognizes which push service sent a payload, from the top-level keys each one adds.
///
/// | provider | markers | message id |
/// | --- | --- | --- |
/// | FCM | `gcm.message_id`, `google.c.*`, `fcm_options`, `gcm.app_link` | `gcm.message_id` |
/// | JPush | `_j_msgid`, `_j_business`, `_j_uid`, `_j_data_` | `_j_msgid` (a number, as decimal text) |
/// | OneSignal | `custom` with `i` (object or JSON text), `os_data` | `custom.i`, else `os_data.i` |
/// | Airship | `_`, `^d`, `com.urbanairship.metadata` | `_` |
/// | Braze | `ab` (object), `ab_uri` | none: the digest identifies the message |
///
/// When markers of several providers appear, the first one in table order that carries a message id wins,
/// else the first one recognized; a payload with none is plain APNs.
enum PushProviderRecognizer {
    static func recognize(_ payload: PushValue) -> PushProvider {
        guard case .object(let root) = payload else { return PushProvider(name: .apns) }
        var firstWithoutID: PushProvider?
        for candidate in [fcm(root), jpush(root), oneSignal(root), airship(root), braze(root)] {
            guard let candidate else { continue }
            if candidate.messageID != nil { return candidate }
            if firstWithoutID == nil { firstWithoutID = candidate }
        }
        return firstWithoutID ?? PushProvider(name: .apns)
    }

    private static func fcm(_ root: [String: PushValue]) -> PushProvider? {
        if let id = root["gcm.message_id"] { return PushProvider(name: .fcm, messageID: text(id)) }
        let isFCM =
            root["fcm_options"] != nil || root["gcm.app_link"] != nil
            || root.keys.contains { $0.utf8.starts(with: "google.c.".utf8) }
        return isFCM ? PushProvider(name: .fcm) : nil
    }

    private static func jpush(_ root: [String: PushValue]) -> PushProvider? {
        if let id = root["_j_msgid"] { return PushProvider(name: .jpush, messageID: text(id)) }
        let isJPush = root["_j_business"] != nil || root["_j_uid"] != nil || root["_j_data_"] != nil
        return isJPush ? PushProvider(name: .jpush) : nil
    }

    private static func oneSignal(_ root: [String: PushValue]) -> PushProvider? {
        if let custom = oneSignalCustom(root), custom["i"] != nil || custom["a"] != nil || custom["u"] != nil {
            return PushProvider(name: .oneSignal, messageID: custom["i"].flatMap(text))
        }
        if case .object(let data)? = root["os_data"] {
            return PushProvider(name: .oneSignal, messageID: data["i"].flatMap(text))
        }
        return nil
    }

    private static func airship(_ root: [String: PushValue]) -> PushProvider? {
        if let id = root["_"] { return PushProvider(name: .airship, messageID: text(id)) }
        let isAirship = root["com.urbanairship.metadata"] != nil || root["^d"] != nil
        return isAirship ? PushProvider(name: .airship) : nil
    }

    private static func braze(_ root: [String: PushValue]) -> PushProvider? {
        if case .object? = root["ab"] { return PushProvider(name: .braze) }
        return root["ab_uri"] != nil ? PushProvider(name: .braze) : nil
    }

    /// OneSignal's `custom` dictionary; some SDK versions and relays send it as JSON text.
    static func oneSignalCustom(_ root: [String: PushValue]) -> [String: PushValue]? {
        switch root["custom"] {
        case .object(let members)?: return members
        case .string(let text)?:
            guard text.utf8.first == UInt8(ascii: "{"),
                let parsed = try? JSONParser.parse(Data(text.utf8)).value,
                case .object(let members) = parsed
            else { return nil }
            return members
        default: return nil
        }
    }

    /// A message id as text: strings as they are (empty means none), integers in decimal.
    static func text(_ value: PushValue) -> String? {
        switch value {
        case .string(let string): return string.isEmpty ? nil : string
        case .int(let int): return String(int)
        case .double(let double):
            if let int = value.intValue { return String(int) }
            return double.isFinite ? String(double) : nil
        default: return nil
        }
    }
}
