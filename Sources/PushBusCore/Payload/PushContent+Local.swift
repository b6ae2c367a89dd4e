internal import Foundation

extension PushContent {
    /// Content of a local notification, built from explicit fields.
    ///
    /// The fields are also written into ``payload`` as an `aps` dictionary beside `userInfo`, so local and
    /// remote messages have the same shape and the same identity rules. If `userInfo` itself holds an `aps`
    /// dictionary it is read as a remote payload would be, and the explicit fields given here override it;
    /// with no explicit field at all the result equals ``init(payload:)`` on `userInfo`, so
    /// `PushContent(userInfo: ["aps": ["alert": "Hi"]])` reads the same whichever initializer the literal picks.
    public init(
        title: String? = nil, subtitle: String? = nil, body: String? = nil, badge: Int? = nil,
        sound: PushSound? = nil, categoryIdentifier: String? = nil, threadIdentifier: String? = nil,
        targetContentIdentifier: String? = nil, interruptionLevel: InterruptionLevel? = nil,
        relevanceScore: Double? = nil, userInfo: [String: PushValue] = [:]
    ) {
        self.init(payload: .object(userInfo))
        let hasExplicitField =
            title != nil || subtitle != nil || body != nil || badge != nil || sound != nil
            || categoryIdentifier != nil || threadIdentifier != nil || targetContentIdentifier != nil
            || interruptionLevel != nil || relevanceScore != nil
        guard hasExplicitField || userInfo.isEmpty else { return }
        if userInfo.isEmpty { issues = [] }  // an empty local content is not a malformed payload
        if let title { self.title = title }
        if let subtitle { self.subtitle = subtitle }
        if let body { self.body = body }
        if let badge { self.badge = badge }
        if let sound { self.sound = sound }
        if let categoryIdentifier { self.categoryIdentifier = categoryIdentifier }
        if let threadIdentifier { self.threadIdentifier = threadIdentifier }
        if let targetContentIdentifier { self.targetContentIdentifier = targetContentIdentifier }
        if let interruptionLevel { self.interruptionLevel = interruptionLevel }
        if let relevanceScore {
            if relevanceScore.isFinite {
                self.relevanceScore = relevanceScore
            } else {
                issues.append(
                    PayloadIssue(
                        keyPath: "aps.relevance-score",
                        message: "the score \(relevanceScore) is not a finite number; no score", resolution: .ignored))
            }
        }
        payload = makePayload()
    }

    /// The content written back as an APNs-shaped payload (`aps` plus ``customData``).
    public func makePayload() -> PushValue {
        var alert: [String: PushValue] = [:]
        func put(_ key: String, _ value: String?) { if let value { alert[key] = .string(value) } }
        func put(_ key: String, _ value: [String]?) {
            if let value { alert[key] = .array(value.map(PushValue.string)) }
        }
        put("title", title)
        put("subtitle", subtitle)
        put("body", body)
        put("launch-image", launchImageName)
        put("title-loc-key", titleLocalizationKey)
        put("title-loc-args", titleLocalizationArguments)
        put("subtitle-loc-key", subtitleLocalizationKey)
        put("subtitle-loc-args", subtitleLocalizationArguments)
        put("loc-key", bodyLocalizationKey)
        put("loc-args", bodyLocalizationArguments)
        put("action-loc-key", actionLocalizationKey)
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
        if let filterCriteria { aps["filter-criteria"] = .string(filterCriteria) }
        if isContentAvailable { aps["content-available"] = 1 }
        if isMutableContent { aps["mutable-content"] = 1 }
        if let liveActivity { liveActivity.write(into: &aps) }
        var root = customData
        root["aps"] = .object(aps)
        return .object(root)
    }
}

extension LiveActivityContent {
    fileprivate func write(into aps: inout [String: PushValue]) {
        func seconds(_ date: Date) -> PushValue {
            let value = date.timeIntervalSince1970
            return Int(exactly: value).map(PushValue.int) ?? .double(value)
        }
        if let event { aps["event"] = .string(event) }
        if let timestamp { aps["timestamp"] = seconds(timestamp) }
        if let staleDate { aps["stale-date"] = seconds(staleDate) }
        if let dismissalDate { aps["dismissal-date"] = seconds(dismissalDate) }
        if let contentState { aps["content-state"] = contentState }
        if let attributesType { aps["attributes-type"] = .string(attributesType) }
        if let attributes { aps["attributes"] = attributes }
    }
}
