public import Foundation
@_spi(PushBusInternals) import PushBusCore

/// Keeps the current Live Activity tokens in one small file beside the `DeliveryLedger`, so that after a
/// relaunch the app knows which tokens its server holds (see ``LiveActivityTokens/reconcile(with:)``).
///
/// The file (`live-activity-tokens.json`) is versioned JSON, replaced atomically on every save: written to an
/// exclusively created temporary file with a random name (a planted link is never written through), flushed with `fsync`, renamed over the old one, and the directory flushed. A reader sees the
/// old tokens or the new ones, never a mix, also after `kill -9` or a power loss.
public final class LiveActivityTokenStore: Sendable {
    /// The file's name inside the directory.
    package static let fileName = "live-activity-tokens.json"
    /// The format version this build writes and reads.
    package static let formatVersion = 1

    /// The most the file may hold; a larger one was not written by this store.
    static let maximumFileSize = 16 << 20

    /// The file the tokens are kept in.
    package let fileURL: URL
    /// Serializes saves; holds the version of the newest state written.
    private let writes = LockedState<UInt64>(0)

    /// Opens the store in `directory` (the `DeliveryLedger`'s directory, or an App Group container).
    ///
    /// - Throws: `StoreFileError` (`.directoryMissing`) when `directory` is not an existing folder.
    public init(directory: URL) throws {
        fileURL = try StoreFile.url(of: Self.fileName, in: directory)
    }

    /// The saved tokens; `nil` when nothing was saved yet.
    ///
    /// - Throws: `StoreFileError`: `.unreadable`, `.corrupt` (not this format), or
    ///   `.unsupportedVersion` (written by a newer build).
    public func load() throws -> LiveActivityTokenState? {
        try StoreFile.load(StoredFile.self, from: fileURL, limit: Self.maximumFileSize)?.state
    }

    /// Replaces the saved tokens with `state`, atomically and durably.
    ///
    /// - Throws: `StoreFileError` (`.writeFailed`); the previous file is then left as it was.
    package func save(_ state: LiveActivityTokenState) throws {
        try writes.withLock { _ in try write(state) }
    }

    /// Saves `state` unless a newer version was already written (posts racing on several threads).
    func save(_ state: LiveActivityTokenState, version: UInt64) throws {
        try writes.withLock { written in
            guard version >= written else { return }
            try write(state)
            written = version
        }
    }

    private func write(_ state: LiveActivityTokenState) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try StoreFile.save(StoredFile(state: state), to: fileURL, encoder: encoder)
    }

    /// The file's shape: a format name and version around the state.
    private struct StoredFile: StoreFile.Versioned {
        static let formatName = "pushbus.live-activity-tokens"
        static let formatVersion = LiveActivityTokenStore.formatVersion
        var format = formatName
        var version = formatVersion
        var state: LiveActivityTokenState

        init(state: LiveActivityTokenState) { self.state = state }
    }
}
