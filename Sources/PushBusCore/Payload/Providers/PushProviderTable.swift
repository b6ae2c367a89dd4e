/// Every push service PushBus recognizes, in one table: adding a provider is one entry here (plus its
/// ``PushProvider/Name`` and its tests). Docs/Payloads.md lists the same table for users.
///
/// Order matters: when markers of several providers appear, the first one in table order that carries a
/// message id wins, else the first one recognized. FCM comes last, so a service relayed through FCM is
/// reported as that service when it carries its own id.
package enum PushProviderTable {
    package typealias Rule = PushProviderRule

    package static let rules: [Rule] = [
        // JPush / Aurora: `_j_msgid` is a JSON number, often above 2^53.
        Rule(name: .jpush, markers: [.prefix("_j_")], messageID: { $0["_j_msgid"] }),
        // RongCloud IM (融云): an `rc` object with the conversation (`cType`, `tId`), the sender (`fId`), the message
        // type (`oName`) and, in current servers, the message UID (`id`); the sender's pushData arrives as `appData`.
        Rule(
            name: .rongCloud, markers: [.key("rc")],
            confirms: { rongCloud($0) != nil },
            messageID: { rongCloud($0)?["id"] }),
        // Tencent Push Notification Service (TPNS, formerly XG): everything under `xg` (`msgtype` 1 a notification,
        // 2 silent); `msgid` the message id. Links are the app's own custom keys.
        Rule(
            name: .tencentPush, markers: [.key("xg")],
            confirms: { $0["xg"]?.objectOrJSONText != nil },
            messageID: { $0["xg"]?.objectOrJSONText?["msgid"] }),
        // Getui (个推): `_ge_`, `_gurl_` and `_gmid_`, which is `taskId:messageId` and identifies the message.
        Rule(
            name: .getui, markers: [.key("_ge_"), .key("_gmid_"), .key("_gurl_")],
            messageID: { $0["_gmid_"] }),
        // Umeng Push (友盟): `d` is the message id (`uu…`, `us…`) and `p` comes with it; `d` or `p` alone is plain data.
        Rule(
            name: .umeng, markers: [.key("d")],
            confirms: { $0["d"]?.stringValue?.isEmpty == false && $0["p"].map { $0.intValue != nil } == true },
            messageID: { $0["d"] }),
        // Alibaba Cloud Mobile Push (阿里云推送): `_ALIYUN_NOTIFICATION_*` keys; `_ALIYUN_NOTIFICATION_MSG_ID_` the
        // message id (`_ALIYUN_NOTIFICATION_ID_` numbers the notification on the device, not the message).
        Rule(
            name: .aliyunPush, markers: [.prefix("_ALIYUN_NOTIFICATION_")],
            messageID: { $0["_ALIYUN_NOTIFICATION_MSG_ID_"] }),
        // Easemob / Hyphenate IM (环信): `f` the sender, `t` the receiver, `g` the group, `m` the message id; the
        // app's extension in `e` or `em_apns_ext`. Single letters are everyday keys: all of `f`, `t`, `m` are needed.
        Rule(
            name: .easemob, markers: [.key("m"), .key("em_apns_ext")],
            confirms: { easemob($0) },
            messageID: { $0["m"] }),
        // NetEase IM (网易云信, also its Qiyu customer service): `nim` is 1. No message id in the payload: the digest
        // identifies the message.
        Rule(
            name: .netEaseIM, markers: [.key("nim")],
            confirms: { $0["nim"].map { $0.intValue == 1 || $0.stringValue == "1" } == true }),
        // OneSignal: `custom` (an object, or JSON text from some SDKs and relays), or the newer `os_data`.
        Rule(
            name: .oneSignal, markers: [.key("custom"), .key("os_data")],
            confirms: { oneSignalCustom($0) != nil || $0["os_data"]?.objectValue != nil },
            messageID: { root in
                if let custom = oneSignalCustom(root) { return custom["i"] }
                return root["os_data"]?["i"]
            },
            deepLinks: { [oneSignalCustom($0)?["u"], $0["os_data"]?["u"]] },
            images: [["att", "*"]], imagesNeedNoMarker: true,
            buttons: { root in
                // Newer SDKs: `os_data.buttons` or top-level `buttons` (`i`, `n`); older: `custom.a.actionButtons`.
                let short = root["os_data"]?["buttons"]?.arrayOrJSONText ?? root["buttons"]?.arrayOrJSONText ?? []
                let long = oneSignalCustom(root)?["a"]?.objectOrJSONText?["actionButtons"]?.arrayOrJSONText ?? []
                return short.map { Rule.Button(identifier: $0["i"], title: $0["n"], link: $0["u"]) }
                    + long.map { Rule.Button(identifier: $0["id"], title: $0["text"], link: $0["url"]) }
            }),
        // Airship (Urban Airship): `_` is the send id, `^d` the deep-link action.
        Rule(
            name: .airship, markers: [.key("_"), .key("^d"), .key("com.urbanairship.metadata")],
            messageID: { $0["_"] },
            deepLinks: { [$0["^d"]] },
            images: [["com.urbanairship.media_attachment", "url"], ["media_attachment", "url"]],
            imagesNeedNoMarker: true),
        // Braze (Appboy): `ab.c` is a tracking token, not a per-message id, so the digest identifies the message.
        Rule(
            name: .braze, markers: [.key("ab"), .key("ab_uri")],
            confirms: { $0["ab"]?.objectValue != nil || $0["ab_uri"] != nil },
            deepLinks: { [$0["ab_uri"]] },
            images: [["ab", "att", "url"]], imagesNeedNoMarker: true),
        // Iterable: everything under `itbl`; `defaultAction` of type `openUrl` carries the link in `data`.
        Rule(
            name: .iterable, markers: [.key("itbl")],
            confirms: { $0["itbl"]?.objectOrJSONText != nil },
            messageID: { $0["itbl"]?.objectOrJSONText?["messageId"] },
            deepLinks: { [iterableLink($0["itbl"]?.objectOrJSONText?["defaultAction"])] },
            images: [["itbl", "attachment-url"]],
            buttons: { root in
                (root["itbl"]?.objectOrJSONText?["actionButtons"]?.arrayValue ?? []).map {
                    Rule.Button(identifier: $0["identifier"], title: $0["title"], link: iterableLink($0["action"]))
                }
            }),
        // Adobe: Campaign Standard/Classic (`_mId`, `_dId`, `uri`, `media-attachment-url`) and Journey
        // Optimizer (`adb_*`, `_xdm`).
        Rule(
            name: .adobe, markers: [.key("_mId"), .key("_dId"), .key("_xdm"), .prefix("adb_")],
            messageID: {
                $0["_mId"]
                    ?? $0["_xdm"]?.at(
                        "cjm", "_experience", "customerJourneyManagement", "messageExecution", "messageExecutionID")
            },
            deepLinks: { [$0["adb_uri"], $0["uri"]] },
            images: [["adb_media"], ["media-attachment-url"]],
            buttons: { root in
                (root["adb_act"]?.arrayOrJSONText ?? []).map {
                    Rule.Button(identifier: $0["label"], title: $0["label"], link: $0["uri"])
                }
            }),
        // MoEngage: `moengage.cid` is the campaign send id; links in `app_extra` or `moengage`.
        Rule(
            name: .moEngage, markers: [.key("moengage")],
            confirms: { $0["moengage"]?.objectOrJSONText != nil },
            messageID: { $0["moengage"]?.objectOrJSONText?["cid"] },
            deepLinks: { root in
                let moengage = root["moengage"]?.objectOrJSONText
                let extra = root["app_extra"]?.objectOrJSONText
                return [extra?["moe_deeplink"], moengage?["moe_deeplink"], moengage?["webUrl"], extra?["webUrl"]]
            },
            images: [["moengage", "media-attachment"]]),
        // Leanplum: `_lpm` is the message id; `_lpx` the open action (`{"__name__": "Open URL", "URL": …}`).
        Rule(
            name: .leanplum, markers: [.key("_lpm"), .key("_lpx")],
            messageID: { $0["_lpm"] },
            deepLinks: { [$0["_lpx"]?.objectOrJSONText?["URL"]] }),
        // CleverTap: every key is `wzrk_*`; `wzrk_acts` (often JSON text) lists the buttons.
        Rule(
            name: .cleverTap, markers: [.prefix("wzrk_")],
            messageID: { $0["wzrk_id"] },
            deepLinks: { [$0["wzrk_dl"]] },
            images: [["ct_mediaUrl"]],
            buttons: { root in
                (root["wzrk_acts"]?.arrayOrJSONText ?? []).map {
                    Rule.Button(identifier: $0["id"], title: $0["l"], link: $0["dl"])
                }
            }),
        // Klaviyo: a `body` object holding `_k` (its tracking token); a plain `body` key is not Klaviyo's.
        Rule(
            name: .klaviyo, markers: [.key("body")],
            confirms: { $0["body"]?.objectOrJSONText?["_k"] != nil },
            messageID: { $0["body"]?.objectOrJSONText?["_k"] },
            deepLinks: { [$0["body"]?.objectOrJSONText?["url"]] },
            images: [["body", "rich-media"]],
            buttons: { root in
                (root["body"]?.objectOrJSONText?["action_buttons"]?.arrayOrJSONText ?? []).map {
                    Rule.Button(identifier: $0["id"], title: $0["label"], link: $0["url"])
                }
            }),
        // Salesforce Marketing Cloud MobilePush: `_sid` is `"SFMC"`; `_m` the message id, `_od` the open URL.
        Rule(
            name: .salesforceMarketingCloud, markers: [.key("_sid")],
            confirms: { $0["_sid"]?.stringValue?.uppercased() == "SFMC" },
            messageID: { $0["_m"] },
            deepLinks: { [$0["_od"]] },
            images: [["_mediaUrl"]]),
        // Customer.io: `CIO-Delivery-ID` identifies the delivery; rich push under `CIO.push`.
        Rule(
            name: .customerIO, markers: [.key("CIO"), .key("CIO-Delivery-ID")],
            confirms: { $0["CIO"]?.objectOrJSONText != nil || $0["CIO-Delivery-ID"]?.stringValue != nil },
            messageID: { $0["CIO-Delivery-ID"] },
            deepLinks: { [$0["CIO"]?.objectOrJSONText?["push"]?["link"]] },
            images: [["CIO", "push", "image"]]),
        // Pushwoosh: `pw_msg` marks its pushes; only then are `p` (message code) and `l` (link) its own.
        Rule(
            name: .pushwoosh, markers: [.key("pw_msg")],
            messageID: { $0["p"] },
            deepLinks: { [$0["l"]] },
            images: [["attachment"]]),
        // Batch: everything under `com.batch`: `i` the send id, `l` the deep link, `at.u` the attachment.
        Rule(
            name: .batch, markers: [.key("com.batch")],
            confirms: { $0["com.batch"]?.objectOrJSONText != nil },
            messageID: { $0["com.batch"]?.objectOrJSONText?["i"] },
            deepLinks: { [$0["com.batch"]?.objectOrJSONText?["l"]] },
            images: [["com.batch", "at", "u"]]),
        // Expo: `experienceId` / `scopeKey` name the project; the sender's `data` arrives as `body`.
        Rule(
            name: .expo, markers: [.key("experienceId"), .key("scopeKey")],
            confirms: { $0["experienceId"]?.stringValue != nil || $0["scopeKey"]?.stringValue != nil },
            deepLinks: { [$0["body"]?.objectOrJSONText?["url"]] }),
        // Firebase Cloud Messaging relaying to APNs. Last: it is the transport when another service sends through
        // it (Customer.io's FCM SDK), and that service's own id is what its receipts are keyed by.
        Rule(
            name: .fcm,
            markers: [.key("gcm.message_id"), .key("gcm.app_link"), .key("fcm_options"), .prefix("google.c.")],
            messageID: { $0["gcm.message_id"] },
            deepLinks: { [$0["gcm.app_link"]] },
            images: [["fcm_options", "image"]], imagesNeedNoMarker: true),
    ]

    /// The rule for a provider name; `nil` for `.apns` and names PushBus does not know.
    static func rule(named name: PushProvider.Name) -> Rule? { rulesByName[name] }

    private static let rulesByName: [PushProvider.Name: Rule] = Dictionary(
        rules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// Marker → bit mask of the rules it suggests (bit `i` is `rules[i]`), so recognition is one pass over the
    /// top-level keys with one hash lookup each.
    static let exactMarkers: [String: UInt64] = {
        var index: [String: UInt64] = [:]
        for (offset, rule) in rules.enumerated() {
            for case .key(let key) in rule.markers { index[key, default: 0] |= 1 << UInt64(offset) }
        }
        return index
    }()

    /// Prefix markers with their first byte (checked first) and rule bit.
    static let prefixMarkers: [(first: UInt8, prefix: String, mask: UInt64)] = rules.enumerated().flatMap {
        offset, rule in
        rule.markers.compactMap { marker -> (UInt8, String, UInt64)? in
            guard case .prefix(let prefix) = marker, let first = prefix.utf8.first else { return nil }
            return (first, prefix, 1 << UInt64(offset))
        }
    }

    /// The rules whose markers appear at the top level and which confirm the payload, in table order.
    ///
    /// One pass over the top-level keys, one hash lookup each: every message takes this path.
    package static func recognizedRules(in root: [String: PushValue]) -> [Rule] {
        var suggested: UInt64 = 0
        for key in root.keys {
            if let mask = exactMarkers[key] { suggested |= mask }
            guard let first = key.utf8.first else { continue }
            for marker in prefixMarkers where marker.first == first && key.utf8.starts(with: marker.prefix.utf8) {
                suggested |= marker.mask
            }
        }
        guard suggested != 0 else { return [] }
        return rules.indices.compactMap { offset in
            guard suggested & (1 << UInt64(offset)) != 0, rules[offset].confirms(root) else { return nil }
            return rules[offset]
        }
    }

    /// The image addresses a rule's keys hold, each with the key path it was found under
    /// (`com.urbanairship.media_attachment.url[0]`); objects sent as JSON text are read too.
    package static func images(of rule: Rule, in root: [String: PushValue]) -> [(key: String, address: String)] {
        var found: [(key: String, address: String)] = []
        func walk(_ value: PushValue?, _ path: ArraySlice<String>, _ key: String) {
            guard let value else { return }
            guard let component = path.first else {
                switch value {
                case .string(let address) where !address.isEmpty: found.append((key, address))
                case .array(let elements):
                    for (index, element) in elements.enumerated() { walk(element, [], "\(key)[\(index)]") }
                default: break
                }
                return
            }
            guard let members = value.objectOrJSONText else { return }
            let prefix = key.isEmpty ? "" : key + "."
            if component == "*" {
                for member in members.keys.sorted() { walk(members[member], path.dropFirst(), prefix + member) }
            } else {
                walk(members[component], path.dropFirst(), prefix + component)
            }
        }
        for path in rule.images { walk(.object(root), path[...], "") }
        return found
    }

    /// OneSignal's `custom` dictionary when it carries OneSignal's own keys (`i`, `a` or `u`).
    static func oneSignalCustom(_ root: [String: PushValue]) -> [String: PushValue]? {
        guard let custom = root["custom"]?.objectOrJSONText,
            custom["i"] != nil || custom["a"] != nil || custom["u"] != nil
        else { return nil }
        return custom
    }

    /// RongCloud's `rc` object when it carries RongCloud's own keys (`cType`, `fId`, `oName`, `tId` or `id`).
    static func rongCloud(_ root: [String: PushValue]) -> [String: PushValue]? {
        guard let rc = root["rc"]?.objectOrJSONText,
            ["cType", "fId", "oName", "tId", "id"].contains(where: { rc[$0]?.stringValue != nil })
        else { return nil }
        return rc
    }

    /// Whether the payload carries Easemob's `f`, `t` and `m` as text (or numbers), or its `em_apns_ext` object.
    static func easemob(_ root: [String: PushValue]) -> Bool {
        if root["em_apns_ext"]?.objectOrJSONText != nil { return true }
        return ["f", "t", "m"].allSatisfy { key in
            guard let value = root[key] else { return false }
            return value.stringValue?.isEmpty == false || value.intValue != nil
        }
    }

    /// Iterable's action `{"type": "openUrl", "data": "https://…"}`: the data is a link only for `openUrl`.
    private static func iterableLink(_ action: PushValue?) -> PushValue? {
        guard let action, action["type"]?.stringValue == "openUrl" else { return nil }
        return action["data"]
    }
}
