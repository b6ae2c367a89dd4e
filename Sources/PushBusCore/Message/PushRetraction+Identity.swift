/// Matching a retraction's targets against message identities: here, beside `PushMessage.ID`, so that the payload
/// model does not name the message model.
extension PushRetraction {
    /// A Boolean value indicating whether `id` is one of the targets (by PushBus id, or by the provider's message
    /// id after the `provider:` prefix).
    ///
    /// - Parameter id: A message's identity.
    package func names(_ id: PushMessage.ID) -> Bool {
        let raw = id.rawValue
        var providerMessageID: Substring?
        if let colon = raw.firstIndex(of: ":"), raw[..<colon] != "digest" {
            providerMessageID = raw[raw.index(after: colon)...]
        }
        return targets.contains { target in target == raw || providerMessageID == Substring(target) }
    }

    /// The reason a removal of `id` records (`retracted` or `replaced`).
    package func reason(for id: PushMessage.ID) -> String {
        guard let replaced else { return "retracted" }
        return PushRetraction(replaced: replaced).names(id) ? "replaced" : "retracted"
    }
}
