public import Foundation

extension PushContent {
    /// Reads a remote payload leniently. Never throws: problems end up in ``issues``.
    ///
    /// Every documented `aps` key is read (see Docs/Payloads.md for the mapping). A wrong type is coerced when
    /// its meaning is unambiguous (`"badge": "3"` reads as 3) and ignored otherwise; either way a
    /// ``PayloadIssue`` names the key path and what was done. Every top-level key except `aps` lands in
    /// ``customData``.
    ///
    /// - Parameter userInfo: The payload as iOS hands it over (`UNNotificationContent.userInfo`, the
    ///   `didReceiveRemoteNotification` dictionary, or the launch options' `.remoteNotification` value).
    public init(userInfo: [AnyHashable: Any]) {
        var converter = FoundationConverter(path: PayloadPath(), issues: [])
        let payload = converter.convert(userInfo)
        self.init(payload: payload, conversionIssues: converter.issues)
    }

    /// Reads a payload that is already a ``PushValue`` (for example parsed from JSON).
    ///
    /// A `.double` that is NaN or infinite has no JSON meaning: it reads as `.null` and is reported, so content
    /// always equals itself and ``relevanceScore`` is never NaN.
    public init(payload: PushValue) {
        guard payload.containsNonFiniteNumber else {
            self.init(payload: payload, conversionIssues: [])
            return
        }
        var converter = FoundationConverter(path: PayloadPath(), issues: [])
        let finite = converter.convert(payload)
        self.init(payload: finite, conversionIssues: converter.issues)
    }

    /// Reads JSON bytes leniently: bytes that are not JSON give empty content whose ``issues`` say why;
    /// invalid UTF-8, lone surrogates, duplicate keys and over-deep nesting are repaired and reported.
    public init(json data: Data) {
        do {
            let (payload, notes) = try JSONParser.parse(data)
            let issues = notes.map { note in
                PayloadIssue(
                    keyPath: note.keyPath, message: note.message,
                    resolution: note.kind == .tooDeep || note.kind == .numberOutOfRange ? .ignored : .coerced)
            }
            self.init(payload: payload, conversionIssues: issues)
        } catch {
            self.init()
            payload = .null
            unreadableInputDigest = PayloadDigest.hex(ofUnreadable: data)
            issues = [PayloadIssue(keyPath: "", message: "not valid JSON: \(error)", resolution: .ignored)]
        }
    }

    init(payload: PushValue, conversionIssues: [PayloadIssue]) {
        self.init()
        self.payload = payload
        var reader = APSReader(issues: conversionIssues)
        guard case .object(let root) = payload else {
            reader.report(
                "", "the payload is \(payload.typeDescription), not an object; nothing could be read", .ignored)
            issues = PayloadIssue.inDeterministicOrder(reader.issues)
            return
        }
        if root.isEmpty {
            reader.report("", "the payload is empty: no aps and no custom data", .kept)
        }
        var custom = root
        let aps = custom.removeValue(forKey: "aps")
        customData = custom
        if let namespace = custom[PushRetraction.namespaceKey] {
            retraction = PushRetraction.read(namespace, issues: &reader.issues)
        }
        switch aps {
        case nil: break
        case .object(let members)?: reader.readAPS(members, into: &self)
        case .null?: reader.report("aps", "aps is null; read as absent", .ignored)
        case let other?: reader.report("aps", "expected an object, found \(other.typeDescription)", .ignored)
        }
        issues = PayloadIssue.inDeterministicOrder(reader.issues)
    }
}

extension PushValue {
    /// A Boolean value indicating whether a `.double` anywhere in the value is NaN or infinite.
    var containsNonFiniteNumber: Bool {
        switch self {
        case .null, .bool, .int, .string: return false
        case .double(let double): return !double.isFinite
        case .array(let elements): return elements.contains { $0.containsNonFiniteNumber }
        case .object(let members): return members.values.contains { $0.containsNonFiniteNumber }
        }
    }
}
