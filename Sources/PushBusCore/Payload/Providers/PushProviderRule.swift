internal import Foundation

/// What PushBus knows about one push service: the keys that give it away and where it keeps its message id,
/// deep link, image and buttons. The rules live in one table, ``PushProviderTable/rules``.
package struct PushProviderRule: Sendable {
    /// A top-level key that suggests the provider: the exact key, or any key with the prefix.
    enum Marker: Sendable {
        case key(String)
        case prefix(String)
    }

    /// A button the provider asks the notification to show.
    struct Button {
        var identifier: PushValue?
        var title: PushValue?
        var link: PushValue?
    }

    typealias Root = [String: PushValue]

    package let name: PushProvider.Name
    /// Keys that make the rule worth checking; ``confirms`` then decides.
    let markers: [Marker]
    /// Whether a payload carrying a marker really is this provider's (a generic key alone never is).
    var confirms: @Sendable (Root) -> Bool = { _ in true }
    /// The provider's id for the message, as the payload carries it.
    var messageID: @Sendable (Root) -> PushValue? = { _ in nil }
    /// The deep-link candidates, in the order the provider's SDK tries them.
    var deepLinks: @Sendable (Root) -> [PushValue?] = { _ in [] }
    /// Where the provider puts its image (rich media): key paths, `*` standing for every member of an object
    /// (in key order); the value is a string or an array of strings.
    var images: [[String]] = []
    /// A Boolean value indicating whether the image keys are distinctive enough to be downloaded without the
    /// provider's markers (the notification service extension has always found `fcm_options.image`, `att`,
    /// Airship's `media_attachment` and `ab.att.url` that way).
    package var imagesNeedNoMarker = false
    /// The action buttons the provider describes in the payload.
    var buttons: @Sendable (Root) -> [Button] = { _ in [] }
}

extension PushValue {
    /// The value at a path of object keys: `payload.at("itbl", "defaultAction", "data")`.
    func at(_ keys: String...) -> PushValue? {
        var value: PushValue? = self
        for key in keys { value = value?[key] }
        return value
    }

    /// An object, also when a provider or relay sent it as JSON text (`"{\"i\": …}"`).
    var objectOrJSONText: [String: PushValue]? {
        if case .object(let members) = self { return members }
        return parsedJSONText(opening: "{")?.objectValue
    }

    /// An array, also when sent as JSON text (`"[{\"l\": …}]"`).
    var arrayOrJSONText: [PushValue]? {
        if case .array(let elements) = self { return elements }
        return parsedJSONText(opening: "[")?.arrayValue
    }

    /// The value a string holds as JSON text, when the text starts with `opening`.
    private func parsedJSONText(opening: Unicode.Scalar) -> PushValue? {
        guard case .string(let text) = self, text.utf8.first == UInt8(ascii: opening) else { return nil }
        return try? JSONParser.parse(Data(text.utf8)).value
    }
}
