import Foundation

extension PushContent {
    /// Content of a local notification, built from explicit fields.
    ///
    /// The fields are also written into ``payload`` as an `aps` dictionary beside `userInfo`, so local and
    /// remote messages have the same shape and the same identity rules.
    public init(
        title: String? = nil, subtitle: String? = nil, body: String? = nil, badge: Int? = nil,
        sound: PushSound? = nil, categoryIdentifier: String? = nil, threadIdentifier: String? = nil,
        targetContentIdentifier: String? = nil, interruptionLevel: InterruptionLevel? = nil,
        relevanceScore: Double? = nil, userInfo: [String: PushValue] = [:]
    ) {
        self.init()
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.badge = badge
        self.sound = sound
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.targetContentIdentifier = targetContentIdentifier
        self.interruptionLevel = interruptionLevel
        self.relevanceScore = relevanceScore
        var custom = userInfo
        custom.removeValue(forKey: "aps")
        customData = custom
        payload = makePayload()
    }

    /// The content written back as an APNs-shaped payload (`aps` plus ``customData``).
    public func makePayload() -> PushValue {
        var alert: [String: PushValue] = [:]
        if let title { alert["title"] = .string(title) }
        if let subtitle { alert["subtitle"] = .string(subtitle) }
        if let body { alert["body"] = .string(body) }
        var aps: [String: PushValue] = [:]
        if !alert.isEmpty { aps["alert"] = .object(alert) }
        if let badge { aps["badge"] = .int(badge) }
        switch sound {
        case .none: break
        case .default: aps["sound"] = "default"
        case .named(let name): aps["sound"] = .string(name)
        case .critical(let name, let volume):
            aps["sound"] = ["critical": 1, "name": .string(name), "volume": .double(volume)]
        }
        if let categoryIdentifier { aps["category"] = .string(categoryIdentifier) }
        if let threadIdentifier { aps["thread-id"] = .string(threadIdentifier) }
        if let targetContentIdentifier { aps["target-content-id"] = .string(targetContentIdentifier) }
        if let interruptionLevel { aps["interruption-level"] = .string(interruptionLevel.rawValue) }
        if let relevanceScore { aps["relevance-score"] = .double(relevanceScore) }
        if isContentAvailable { aps["content-available"] = 1 }
        if isMutableContent { aps["mutable-content"] = 1 }
        var root = customData
        root["aps"] = .object(aps)
        return .object(root)
    }
}
