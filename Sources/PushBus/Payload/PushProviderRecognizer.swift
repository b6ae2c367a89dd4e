/// Recognizes which push service sent a payload, from the keys each one adds.
enum PushProviderRecognizer {
    static func recognize(_ payload: PushValue) -> PushProvider {
        guard case .object(let root) = payload else { return PushProvider(name: .apns) }
        if let id = root["gcm.message_id"] { return PushProvider(name: .fcm, messageID: text(id)) }
        if let id = root["_j_msgid"] { return PushProvider(name: .jpush, messageID: text(id)) }
        return PushProvider(name: .apns)
    }

    /// A message id as text: strings as they are, numbers in decimal.
    static func text(_ value: PushValue) -> String? {
        switch value {
        case .string(let string): return string
        case .int(let int): return String(int)
        case .double: return value.intValue.map { String($0) }
        default: return nil
        }
    }
}
