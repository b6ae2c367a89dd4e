import Foundation
package import PushBusCore

/// Finds the media addresses a payload carries, under the keys each provider uses.
///
/// The keys are the provider table's (Docs/Payloads.md, "Providers"), in its order: OneSignal `att` (one
/// entry per attachment), Airship `com.urbanairship.media_attachment.url` (a string or an array, also
/// `media_attachment.url`) and Braze `ab.att.url` always; Iterable `itbl.attachment-url`, Adobe `adb_media` /
/// `media-attachment-url`, MoEngage `moengage.media-attachment`, CleverTap `ct_mediaUrl`, Klaviyo
/// `body.rich-media`, Salesforce `_mediaUrl`, Customer.io `CIO.push.image`, Pushwoosh `attachment` and Batch
/// `com.batch.at.u` when the payload is that provider's; FCM `fcm_options.image` always; then the generic
/// `image` and `media-url`.
///
/// The same address found under two keys is downloaded once. Keys of your own come after these:
///
/// ```swift
/// .attachments(locator: AttachmentLocator(additionalKeys: ["data.media.url", "gallery"]))
/// ```
public struct AttachmentLocator: Sendable {
    /// One address found in a payload.
    package struct Found: Sendable, Hashable {
        /// The key path it was found under, e.g. `fcm_options.image`.
        package var key: String
        /// The address as written.
        package var address: String

        package init(key: String, address: String) {
            self.key = key
            self.address = address
        }
    }

    /// Key paths of your own, read after the built-in keys, in this order.
    package let additionalKeys: [String]

    /// A locator for the built-in keys and then `additionalKeys`: dot-separated key paths into the payload
    /// (`"data.media.url"`), each naming an address or an array of addresses.
    public init(additionalKeys: [String] = []) {
        self.additionalKeys = additionalKeys
    }

    /// Every attachment address in the payload, in the order above, without repeats.
    ///
    /// - Parameter userInfo: The whole payload (``ServiceExtensionContent/payload``).
    package func addresses(in userInfo: [String: PushValue]) -> [Found] {
        let recognized = Set(PushProviderTable.recognizedRules(in: userInfo).map(\.name))
        var found: [Found] = []
        for rule in PushProviderTable.rules where rule.imagesNeedNoMarker || recognized.contains(rule.name) {
            for image in PushProviderTable.images(of: rule, in: userInfo) {
                found.append(Found(key: image.key, address: image.address))
            }
        }
        for key in ["image", "media-url"] {
            if case .string(let address)? = userInfo[key], !address.isEmpty {
                found.append(Found(key: key, address: address))
            }
        }
        for path in additionalKeys {
            let value = path.split(separator: ".").reduce(PushValue.object(userInfo) as PushValue?) { $0?[String($1)] }
            let addresses = value?.arrayValue?.compactMap(\.stringValue) ?? value?.stringValue.map { [$0] } ?? []
            for address in addresses where !address.isEmpty { found.append(Found(key: path, address: address)) }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.address).inserted }
    }
}
