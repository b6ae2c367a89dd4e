public import Foundation
@_spi(PushBusInternals) public import PushBusCore

/// Every push token the app has, kept across launches, so its server learns each one exactly once.
///
/// iOS hands the app many tokens, each by its own API and at its own time: the device token (at every launch,
/// usually unchanged), a PushKit VoIP token, ActivityKit's push-to-start tokens (one per attributes type) and
/// per-activity update tokens, broadcast channel ids an activity subscribes to (iOS 18), control push tokens (iOS 18)
/// and the WidgetKit push token (iOS 26). Record each with ``update(_:to:)``; ``pendingChanges()`` lists what the server has not
/// acknowledged yet, and ``markReported(_:)`` records that it has. An unchanged token handed over again (the same
/// device token at the next launch) is no change, so nothing is sent twice.
///
/// ```swift
/// let tokens = try PushTokenRegistry(directory: appGroupURL)
/// try tokens.update(.device, to: deviceToken.hexString)      // or tokens.attach(to: center), below
/// for change in tokens.pendingChanges() {
///     try await server.send(change)                          // value nil: the token is gone
///     try tokens.markReported(change)
/// }
/// ```
public final class PushTokenRegistry: Sendable {
    /// Which token: a kind, and for the kinds that come in several, what it belongs to.
    public struct Key: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The kind of token.
        public var kind: String
        /// What the token belongs to: the attributes type (push-to-start), the activity id (update token, channel),
        /// the control kind (controls) or `nil`. (Not an account: a ``Change/scope`` says which account's server
        /// learns a change.)
        public var qualifier: String?

        /// A key of `kind` for `qualifier`.
        public init(kind: String, qualifier: String? = nil) {
            self.kind = kind
            self.qualifier = qualifier
        }

        private enum CodingKeys: String, CodingKey {
            case kind
            case qualifier = "scope"
        }

        /// The APNs device token (`didRegisterForRemoteNotificationsWithDeviceToken`).
        public static let device = Key(kind: "device")
        /// The PushKit VoIP token (`PKPushRegistry`), if the app uses VoIP.
        public static let voip = Key(kind: "voip")
        /// The WidgetKit push token (iOS 26: `WidgetCenter.currentPushInfo`, `WidgetPushHandler`); pushes use
        /// `apns-push-type: widgets` and topic `<bundle id>.push-type.widgets`.
        public static let widgets = Key(kind: "widgets")

        /// A control's push token (iOS 18), per control kind: WidgetKit hands it to the control's
        /// `ControlPushHandler` in `pushTokensDidChange(controls:)` (`ControlInfo.kind`, `ControlInfo.pushInfo?.token`;
        /// Apple, "Updating controls locally and remotely"). Pushes use `apns-push-type: controls` and topic
        /// `<bundle id>.push-type.controls`.
        public static func controls(kind: String) -> Key {
            Key(kind: controlsKind, qualifier: kind)
        }

        /// The kind of ``controls(kind:)`` keys.
        package static let controlsKind = "controls"

        /// ActivityKit's push-to-start token for an attributes type (iOS 17.2).
        public static func pushToStart(attributesType: String) -> Key {
            Key(kind: "pushToStart", qualifier: attributesType)
        }

        /// A running activity's update token.
        public static func activityUpdate(activityID: String) -> Key {
            Key(kind: "activityUpdate", qualifier: activityID)
        }

        /// The broadcast channel an activity listens to (iOS 18: `pushType: .channel(id)`); the value is the channel id.
        public static func broadcastChannel(activityID: String) -> Key {
            Key(kind: "broadcastChannel", qualifier: activityID)
        }

        public var description: String { qualifier.map { "\(kind) \($0)" } ?? kind }
    }

    /// A token a server has not learned yet: a new or changed value, or `nil` when the token is gone.
    public struct Change: Sendable, Hashable {
        /// Which token changed: the device token, a VoIP or widgets token, or an activity's token or channel.
        public var key: Key
        /// The token (lowercase hex) or channel id; `nil`: removed (an activity ended, VoIP no longer used, or the
        /// scope was removed and its server must forget the token).
        public var value: String?
        /// Whose server learns it: a scope's (an account's, ``addScope(_:)``), or `nil` for the app's own server.
        public var scope: PushScope?

        package init(key: Key, value: String?, scope: PushScope? = nil) {
            self.key = key
            self.value = value
            self.scope = scope
        }
    }

    /// The file's name inside the directory.
    package static let fileName = "push-tokens.json"

    fileprivate struct Entry: Codable, Equatable {
        var key: Key
        var current: String? = nil
        var reported: String? = nil
        /// The value each scope's server learned (absent: none).
        var reportedTo: [String: String]? = nil
    }

    /// What the file holds: every token, and the scopes whose servers learn them.
    fileprivate struct Contents: Equatable {
        var tokens: [Key: Entry] = [:]
        /// The scopes added, and `false` for a removed one whose server still has tokens to forget.
        var scopes: [PushScope: Bool] = [:]

        struct File: Codable {
            var tokens: [Entry]
            var scopes: [String: Bool]?
        }
    }

    private let url: URL?
    private let contents: LockedState<Contents>
    /// Whether the app's own server (changes with no scope) learns the tokens.
    private let reportsToAppServer: Bool
    /// The latest failed write of `attach(to:onChange:)`.
    package let writeFailures = LockedState<StoreFileError?>(nil)
    /// The `onChange` handlers of the attachments, by attachment.
    package let changeHandlers = LockedState<(next: UInt64, handlers: [UInt64: @Sendable ([Change]) -> Void])>((0, [:]))

    /// Opens the registry.
    ///
    /// - Parameters:
    ///   - directory: Where its file lives (the ledger's directory or an App Group); `nil` keeps it in memory.
    ///   - reportsToAppServer: Whether the app's own server learns the tokens (changes with no
    ///     ``Change/scope``; default `true`). `false` for an app whose only servers are its accounts' (a Mastodon
    ///     client registers with each account's instance): then only the scopes' changes are listed.
    /// - Throws: `StoreFileError` when the directory is missing or the file is unreadable or damaged.
    public init(directory: URL?, reportsToAppServer: Bool = true) throws {
        self.reportsToAppServer = reportsToAppServer
        guard let directory else {
            url = nil
            contents = LockedState(Contents())
            return
        }
        let url = try StoreFile.url(of: Self.fileName, in: directory)
        self.url = url
        contents = LockedState(try Self.read(url))
    }

    /// What the file holds now (nothing when there is no file yet).
    private static func read(_ url: URL) throws -> Contents {
        var loaded = Contents()
        if let data = try StoreFile.read(url, limit: 1 << 20) {
            do {
                let file: Contents.File
                if let entries = try? JSONDecoder().decode([Entry].self, from: data) {
                    file = Contents.File(tokens: entries, scopes: nil)  // written before scopes: the tokens alone
                } else {
                    file = try JSONDecoder().decode(Contents.File.self, from: data)
                }
                for entry in file.tokens { loaded.tokens[entry.key] = entry }
                for (name, isActive) in file.scopes ?? [:] {
                    guard let scope = PushScope(rawValue: name) else {
                        throw StoreFileError(.corrupt, path: url.path, "not a scope: \(name.debugDescription)")
                    }
                    loaded.scopes[scope] = isActive
                }
            } catch let error as StoreFileError {
                throw error
            } catch {
                throw StoreFileError(.corrupt, path: url.path, "not a token file: \(error)")
            }
        }
        return loaded
    }

    /// Reads what another process (the widget extension's push handlers, in the same App Group) recorded in the
    /// file since this registry last read or wrote it, and calls the `attach(to:onChange:)` handlers when a server
    /// has something new to learn. Call it when the app comes to the foreground; a registry opened afterwards, and
    /// every change this one records, read the file first anyway.
    ///
    /// - Throws: `StoreFileError` when the file is unreadable or damaged (the registry keeps what it had).
    public func reload() throws {
        guard let url else { return }
        let before = pendingChanges()
        let current = try Self.read(url)
        contents.withLock { $0 = current }
        if pendingChanges() != before { notifyChange() }
    }

    /// Records the current value of a token (`nil`: it is gone).
    ///
    /// - Returns: The change the app's server must learn (or, without one, the first scope's), or `nil` when every
    ///   server already has the value.
    /// - Throws: `StoreFileError` when the file cannot be written (nothing changes then).
    @discardableResult
    public func update(_ key: Key, to value: String?) throws -> Change? {
        if try record(key, value) { notifyChange() }
        return pendingChanges().first { $0.key == key }
    }

    /// Records a value without calling the change handlers.
    ///
    /// - Returns: Whether a server has something new to learn (the pending changes for `key` are new).
    package func record(_ key: Key, _ value: String?) throws -> Bool {
        try record([(key, value)])
    }

    /// Records several values in one change of the file (one read, one write under the file's lock), without
    /// calling the change handlers.
    ///
    /// - Returns: Whether a server has something new to learn about any of the keys.
    package func record(_ updates: [(key: Key, value: String?)]) throws -> Bool {
        let keys = Set(updates.map(\.key))
        let before = pendingChanges().filter { keys.contains($0.key) }
        try change { contents in
            for (key, value) in updates {
                var entry = contents.tokens[key] ?? Entry(key: key)
                entry.current = value
                contents.tokens[key] = entry.isEmpty ? nil : entry
            }
        }
        let after = pendingChanges().filter { keys.contains($0.key) }
        return !after.isEmpty && after != before
    }

    /// The tokens the app has now.
    public func tokens() -> [Key: String] {
        contents.withLock { $0.tokens.compactMapValues(\.current) }
    }

    // MARK: Scopes

    /// The scopes (accounts) whose servers learn the tokens, in order.
    public var scopes: [PushScope] {
        contents.withLock { $0.scopes.filter(\.value).keys.sorted() }
    }

    /// Adds a scope (an account signed in): its server learns every current token, listed once in
    /// ``pendingChanges()`` with that scope, and every later change. Adding a scope that is there already changes
    /// nothing; adding back a removed scope before its retractions were reported keeps what its server had.
    ///
    /// - Throws: `StoreFileError` when the file cannot be written.
    public func addScope(_ scope: PushScope) throws {
        if try change({ $0.scopes[scope] = true }) { notifyChange() }
    }

    /// Removes a scope (an account signed out): every token its server was told about is listed once in
    /// ``pendingChanges()`` with value `nil`, to retract, and the scope is forgotten when each is reported.
    ///
    /// - Returns: The retractions to send.
    /// - Throws: `StoreFileError` when the file cannot be written.
    @discardableResult
    public func removeScope(_ scope: PushScope) throws -> [Change] {
        let changed = try change { contents in
            guard contents.scopes[scope] != nil else { return }
            let told = contents.tokens.values.contains { $0.reportedTo?[scope.rawValue] != nil }
            contents.scopes[scope] = told ? false : nil
        }
        let retractions = pendingChanges().filter { $0.scope == scope }
        if changed { notifyChange() }  // an attached handler may report them at once: listed before
        return retractions
    }

    // MARK: Reporting

    /// What the servers have not learned yet, in a stable order (the app's server first, then by scope; each by
    /// kind, then qualifier).
    public func pendingChanges() -> [Change] {
        let reportsToAppServer = reportsToAppServer
        return contents.withLock { contents in
            var changes: [Change] = []
            for entry in contents.tokens.values {
                if reportsToAppServer, entry.current != entry.reported {
                    changes.append(Change(key: entry.key, value: entry.current))
                }
                for (scope, isActive) in contents.scopes {
                    let told = entry.reportedTo?[scope.rawValue]
                    let wanted = isActive ? entry.current : nil
                    if told != wanted { changes.append(Change(key: entry.key, value: wanted, scope: scope)) }
                }
            }
            return changes
        }.sorted { Self.order($0) < Self.order($1) }
    }

    /// The sort key of a change: the app's server first, then by scope, kind and qualifier.
    private static func order(_ change: Change) -> (String, String, String) {
        (change.scope.map { "+" + $0.rawValue } ?? "", change.key.kind, change.key.qualifier ?? "")
    }

    /// Records that a server learned `change`; a change superseded since (the token changed again, the scope was
    /// removed or added back) stays pending with its new value.
    ///
    /// - Throws: `StoreFileError` when the file cannot be written.
    public func markReported(_ change: Change) throws {
        let reportsToAppServer = reportsToAppServer
        try self.change { contents in
            guard var entry = contents.tokens[change.key] else { return }
            if let scope = change.scope {
                guard let isActive = contents.scopes[scope], (isActive ? entry.current : nil) == change.value else {
                    return
                }
                var told = entry.reportedTo ?? [:]
                told[scope.rawValue] = change.value
                entry.reportedTo = told.isEmpty ? nil : told
                contents.tokens[change.key] = entry.isEmpty ? nil : entry
                if !isActive, !contents.tokens.values.contains(where: { $0.reportedTo?[scope.rawValue] != nil }) {
                    contents.scopes[scope] = nil  // every retraction is reported: the scope is forgotten
                }
            } else {
                guard reportsToAppServer, entry.current == change.value else { return }
                entry.reported = change.value
                contents.tokens[change.key] = entry.isEmpty ? nil : entry
            }
        }
    }

    /// Applies `body` and saves the result; `false` when it changed nothing.
    @discardableResult
    private func change(_ body: (inout Contents) -> Void) throws -> Bool {
        let url = self.url
        return try contents.withLock { contents in
            // Another process (a widget extension's push handler) may change the file too: one change at a time,
            // each starting from the file as the last one left it.
            try TokenFileLock.withLock(beside: url) {
                if let url { contents = try Self.read(url) }
                var next = contents
                body(&next)
                guard next != contents else { return false }
                if let url { try Self.save(next, to: url) }
                contents = next
                return true
            }
        }
    }

    private static func save(_ contents: Contents, to url: URL) throws {
        let tokens = contents.tokens.values.sorted { $0.key.description < $1.key.description }
        if contents.scopes.isEmpty {
            try StoreFile.save(tokens, to: url)  // an app without scopes keeps the file it always had
        } else {
            let scopes = Dictionary(uniqueKeysWithValues: contents.scopes.map { ($0.key.rawValue, $0.value) })
            try StoreFile.save(Contents.File(tokens: tokens, scopes: scopes), to: url)
        }
    }
}

extension PushTokenRegistry.Entry {
    /// Nothing left to remember: no current value, and no server that has one.
    fileprivate var isEmpty: Bool { current == nil && reported == nil && (reportedTo ?? [:]).isEmpty }
}
