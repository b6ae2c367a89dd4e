/// Recognizes which push service sent a payload, from the top-level keys each one adds.
///
/// What each provider looks like is in one place, ``PushProviderTable``. A marker key only suggests a
/// provider; the rule then confirms it (a `body` key alone is not Klaviyo's, nor `p`/`l` Pushwoosh's).
///
/// When markers of several providers appear, the first one in table order that carries a message id wins,
/// else the first one recognized; a payload with none is plain APNs.
package enum PushProviderRecognizer {
    package static func recognize(_ payload: PushValue) -> PushProvider {
        guard case .object(let root) = payload else { return PushProvider(name: .apns) }
        var firstWithoutID: PushProvider?
        for rule in PushProviderTable.recognizedRules(in: root) {
            let candidate = PushProvider(name: rule.name, messageID: rule.messageID(root).flatMap(text))
            if candidate.messageID != nil { return candidate }
            if firstWithoutID == nil { firstWithoutID = candidate }
        }
        return firstWithoutID ?? PushProvider(name: .apns)
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
