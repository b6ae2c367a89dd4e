import Foundation

/// Recognizes which push service sent a payload, from the top-level keys each one adds.
///
/// | provider | markers | message id |
/// | --- | --- | --- |
/// | FCM | `gcm.message_id`, `google.c.*`, `fcm_options`, `gcm.app_link` | `gcm.message_id` |
/// | JPush | `_j_msgid`, `_j_business`, `_j_uid`, `_j_data_` (any `_j_*`) | `_j_msgid` (a number, as decimal text) |
/// | OneSignal | `custom` with `i` (object or JSON text), `os_data` | `custom.i`, else `os_data.i` |
/// | Airship | `_`, `^d`, `com.urbanairship.metadata` | `_` |
/// | Braze | `ab` (object), `ab_uri` | none: the digest identifies the message |
///
/// When markers of several providers appear, the first one in table order that carries a message id wins,
/// else the first one recognized; a payload with none is plain APNs.
enum PushProviderRecognizer {
    static func recognize(_ payload: PushValue) -> PushProvider {
        guard case .object(let root) = payload else { return PushProvider(name: .apns) }
        // One pass over the top-level keys, dispatching on the first byte: every message takes this path.
        var markers = Markers()
        for key in root.keys {
            switch key.utf8.first {
            case UInt8(ascii: "g"):
                if key == "gcm.message_id" || key == "gcm.app_link" || key.utf8.starts(with: "google.c.".utf8) {
                    markers.fcm = true
                }
            case UInt8(ascii: "f"): if key == "fcm_options" { markers.fcm = true }
            case UInt8(ascii: "_"):
                if key == "_" {
                    markers.airship = true
                } else if key.utf8.starts(with: "_j_".utf8) {
                    markers.jpush = true
                }
            case UInt8(ascii: "c"):
                if key == "custom" { markers.oneSignal = true }
                if key == "com.urbanairship.metadata" { markers.airship = true }
            case UInt8(ascii: "o"): if key == "os_data" { markers.oneSignal = true }
            case UInt8(ascii: "^"): if key == "^d" { markers.airship = true }
            case UInt8(ascii: "a"): if key == "ab" || key == "ab_uri" { markers.braze = true }
            default: break
            }
        }
        guard markers.any else { return PushProvider(name: .apns) }
        var firstWithoutID: PushProvider?
        for check in [fcm, jpush, oneSignal, airship, braze] as [([String: PushValue], Markers) -> PushProvider?] {
            guard let candidate = check(root, markers) else { continue }
            if candidate.messageID != nil { return candidate }
            if firstWithoutID == nil { firstWithoutID = candidate }
        }
        return firstWithoutID ?? PushProvider(name: .apns)
    }

    /// Which providers' keys appear at the top level.
    private struct Markers {
        var fcm = false, jpush = false, oneSignal = false, airship = false, braze = false
        var any: Bool { fcm || jpush || oneSignal || airship || braze }
    }

    private static func fcm(_ root: [String: PushValue], _ markers: Markers) -> PushProvider? {
        guard markers.fcm else { return nil }
        return PushProvider(name: .fcm, messageID: root["gcm.message_id"].flatMap(text))
    }

    private static func jpush(_ root: [String: PushValue], _ markers: Markers) -> PushProvider? {
        guard markers.jpush else { return nil }
        return PushProvider(name: .jpush, messageID: root["_j_msgid"].flatMap(text))
    }

    private static func oneSignal(_ root: [String: PushValue], _ markers: Markers) -> PushProvider? {
        guard markers.oneSignal else { return nil }
        if let custom = oneSignalCustom(root), custom["i"] != nil || custom["a"] != nil || custom["u"] != nil {
            return PushProvider(name: .oneSignal, messageID: custom["i"].flatMap(text))
        }
        if case .object(let data)? = root["os_data"] {
            return PushProvider(name: .oneSignal, messageID: data["i"].flatMap(text))
        }
        return nil
    }

    private static func airship(_ root: [String: PushValue], _ markers: Markers) -> PushProvider? {
        guard markers.airship else { return nil }
        return PushProvider(name: .airship, messageID: root["_"].flatMap(text))
    }

    private static func braze(_ root: [String: PushValue], _ markers: Markers) -> PushProvider? {
        guard markers.braze else { return nil }
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
