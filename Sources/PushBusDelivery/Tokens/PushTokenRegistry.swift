import Foundation
import PushBusCategories
import PushBusContentExtensionKit
import PushBusCore
import PushBusHub
import PushBusServiceExtension
import PushBusServiceExtensionStorage
import PushBusStorage

/// Every push token the app has, kept across launches, so its server learns each one exactly once.
///
/// iOS hands the app many tokens, each by its own API and at its own time: the device token (at every launch,
/// usually unchanged), a PushKit VoIP token, ActivityKit's push-to-start tokens (one per attributes type) and
/// per-activity update tokens, broadcast channel ids an activity subscribes to (iOS 18), and the WidgetKit push
/// token (iOS 26). Record each with ``update(_:to:)``; ``pendingChanges()`` lists what the server has not
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
        /// The attributes type (push-to-start), the activity id (update token, channel) or `nil`.
        public var scope: String?

        /// The APNs device token (`didRegisterForRemoteNotificationsWithDeviceToken`).
        public static let device = Key(kind: "device")
        /// The PushKit VoIP token (`PKPushRegistry`), if the app uses VoIP.
        public static let voip = Key(kind: "voip")
        /// The WidgetKit push token (iOS 26: `WidgetCenter.currentPushInfo`, `WidgetPushHandler`); pushes use
        /// `apns-push-type: widgets` and topic `<bundle id>.push-type.widgets`.
        public static let widgets = Key(kind: "widgets")

        /// ActivityKit's push-to-start token for an attributes type (iOS 17.2).
        public static func pushToStart(attributesType: String) -> Key {
            Key(kind: "pushToStart", scope: attributesType)
        }

        /// A running activity's update token.
        public static func activityUpdate(activityID: String) -> Key { Key(kind: "activityUpdate", scope: activityID) }

        /// The broadcast channel an activity listens to (iOS 18: `pushType: .channel(id)`); the value is the channel id.
        public static func broadcastChannel(activityID: String) -> Key {
            Key(kind: "broadcastChannel", scope: activityID)
        }

        public var description: String { scope.map { "\(kind) \($0)" } ?? kind }
    }

    /// A token the server has not learned yet: a new or changed value, or `nil` when the token is gone.
    public struct Change: Sendable, Hashable {
        /// Which token changed: the device token, a VoIP or widgets token, or an activity's token or channel.
        public var key: Key
        /// The token (lowercase hex) or channel id; `nil`: removed (an activity ended, VoIP no longer used).
        public var value: String?

        package init(key: Key, value: String?) {
            self.key = key
            self.value = value
        }
    }

    /// The file's name inside the directory.
    package static let fileName = "push-tokens.json"

    fileprivate struct Entry: Codable, Equatable {
        var key: Key
        var current: String? = nil
        var reported: String? = nil
    }

    private let url: URL?
    private let entries: LockedState<[Key: Entry]>
    /// The latest failed write of ``attach(to:onChange:)``.
    let writeFailures = LockedState<StoreFileError?>(nil)
    /// The `onChange` handlers of the attachments, by attachment.
    let changeHandlers = LockedState<(next: UInt64, handlers: [UInt64: @Sendable ([Change]) -> Void])>((0, [:]))

    /// Opens the registry.
    ///
    /// - Parameter directory: Where its file lives (the ledger's directory or an App Group); `nil` keeps it in
    ///   memory.
    /// - Throws: `StoreFileError` when the directory is missing or the file is unreadable or damaged.
    public init(directory: URL?) throws {
        guard let directory else {
            url = nil
            entries = LockedState([:])
            return
        }
        let url = try StoreFile.url(of: Self.fileName, in: directory)
        self.url = url
        var loaded: [Key: Entry] = [:]
        if let data = try StoreFile.read(url, limit: 1 << 20) {
            do {
                for entry in try JSONDecoder().decode([Entry].self, from: data) { loaded[entry.key] = entry }
            } catch {
                throw StoreFileError(.corrupt, path: url.path, "not a token file: \(error)")
            }
        }
        entries = LockedState(loaded)
    }

    /// Records the current value of a token (`nil`: it is gone).
    ///
    /// - Returns: The change the server must learn, or `nil` when the value is the one it already has.
    /// - Throws: `StoreFileError` when the file cannot be written (nothing changes then).
    @discardableResult
    public func update(_ key: Key, to value: String?) throws -> Change? {
        if try record(key, value) { notifyChange() }
        return pendingChanges().first { $0.key == key }
    }

    /// Records a value without calling the change handlers.
    ///
    /// - Returns: Whether the server has something new to learn (the pending change for `key` is new).
    func record(_ key: Key, _ value: String?) throws -> Bool {
        let before = pendingChanges().first { $0.key == key }
        try change { entries in
            var entry = entries[key] ?? Entry(key: key)
            entry.current = value
            entries[key] = entry.current == nil && entry.reported == nil ? nil : entry
        }
        let after = pendingChanges().first { $0.key == key }
        return after != nil && after != before
    }

    /// The tokens the app has now.
    public func tokens() -> [Key: String] {
        entries.withLock { $0.compactMapValues(\.current) }
    }

    /// What the server has not learned yet, in a stable order (by kind, then scope).
    public func pendingChanges() -> [Change] {
        entries.withLock { entries in
            entries.values.filter { $0.current != $0.reported }.map { Change(key: $0.key, value: $0.current) }
        }.sorted { ($0.key.kind, $0.key.scope ?? "") < ($1.key.kind, $1.key.scope ?? "") }
    }

    /// Records that the server learned `change`; a change superseded since (the token changed again) stays
    /// pending with its new value.
    ///
    /// - Throws: `StoreFileError` when the file cannot be written.
    public func markReported(_ change: Change) throws {
        try self.change { entries in
            guard var entry = entries[change.key], entry.current == change.value else { return }
            entry.reported = change.value
            entries[change.key] = entry.current == nil ? nil : entry
        }
    }

    private func change(_ body: (inout [Key: Entry]) -> Void) throws {
        let url = self.url
        try entries.withLock { entries in
            var next = entries
            body(&next)
            guard next != entries else { return }
            if let url {
                let sorted = next.values.sorted { $0.key.description < $1.key.description }
                try StoreFile.save(sorted, to: url)
            }
            entries = next
        }
    }
}

extension PushTokenRegistry.Key {
    fileprivate init(kind: String) { self.init(kind: kind, scope: nil) }
}
