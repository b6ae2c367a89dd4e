import Foundation

/// Finds the media addresses a payload carries, under the keys each provider uses.
///
/// | provider | payload key |
/// | --- | --- |
/// | Firebase Cloud Messaging | `fcm_options.image` |
/// | OneSignal | `att` (an object: `{"id": "https://…"}`, one entry per attachment) |
/// | Airship | `com.urbanairship.media_attachment.url` (a string or an array), also `media_attachment.url` |
/// | Braze | `ab.att.url` |
/// | generic | `image`, `media-url` |
///
/// The same address found under two keys is downloaded once.
public struct AttachmentLocator: Sendable {
    /// One address found in a payload.
    public struct Found: Sendable, Hashable {
        /// The key path it was found under, e.g. `fcm_options.image`.
        public var key: String
        /// The address as written.
        public var address: String

        public init(key: String, address: String) {
            self.key = key
            self.address = address
        }
    }

    public init() {}

    /// Every attachment address in the payload, in the order of the table above, without repeats.
    ///
    /// - Parameter userInfo: The whole payload (``ServiceExtensionContent/userInfo``).
    public func addresses(in userInfo: [String: PushValue]) -> [Found] {
        var found: [Found] = []
        func add(_ key: String, _ value: PushValue?) {
            switch value {
            case .string(let address)? where !address.isEmpty:
                found.append(Found(key: key, address: address))
            case .array(let values)?:
                for (index, value) in values.enumerated() { add("\(key)[\(index)]", value) }
            default: break
            }
        }
        add("fcm_options.image", userInfo["fcm_options"]?.objectValue?["image"])
        if let att = userInfo["att"]?.objectValue {
            for key in att.keys.sorted() { add("att.\(key)", att[key]) }
        }
        for root in ["com.urbanairship.media_attachment", "media_attachment"] {
            add("\(root).url", userInfo[root]?.objectValue?["url"])
        }
        add("ab.att.url", userInfo["ab"]?.objectValue?["att"]?.objectValue?["url"])
        add("image", userInfo["image"])
        add("media-url", userInfo["media-url"])
        var seen = Set<String>()
        return found.filter { seen.insert($0.address).inserted }
    }
}
