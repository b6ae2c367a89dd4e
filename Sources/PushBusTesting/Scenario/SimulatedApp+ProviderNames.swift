import PushBusCore

extension SimulatedApp {
    /// The provider a scenario names (a link rule's `provider`, an SDK's `providers`), as `PushProvider.Name`.
    ///
    /// A name PushBus does not recognize would match no push: a rule that never routes, an SDK that claims
    /// nothing, with nothing saying why. RongCloud is `rongCloud`, not `rongcloud`; the error says so.
    ///
    /// - Throws: ``ScenarioError`` naming the unknown provider, the near miss if there is one, and every name.
    static func providerName(_ raw: String, in context: String) throws -> PushProvider.Name {
        let known = [PushProvider.Name.apns.rawValue] + PushProviderTable.rules.map(\.name.rawValue)
        if known.contains(raw) { return PushProvider.Name(rawValue: raw) }
        let nearMiss = known.first { $0.lowercased() == raw.lowercased() }.map { " (did you mean '\($0)'?)" } ?? ""
        var seen: Set<String> = []
        let names = known.filter { seen.insert($0).inserted }.joined(separator: ", ")
        throw ScenarioError("\(context): unknown provider '\(raw)'\(nearMiss); the providers are \(names)")
    }
}
