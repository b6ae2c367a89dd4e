import Foundation
import PushBusCore
import PushBusHub

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
    private let directory: URL
    /// Serializes saves; holds the version of the newest state written.
    private let writes = LockedState<UInt64>(0)

    /// Opens the store in `directory` (the `DeliveryLedger`'s directory, or an App Group container).
    ///
    /// - Throws: ``LiveActivityStoreError`` (`.directoryMissing`) when `directory` is not an existing folder.
    public init(directory: URL) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw LiveActivityStoreError(.directoryMissing, path: directory.path, "not an existing directory")
        }
        self.directory = directory
        fileURL = directory.appendingPathComponent(Self.fileName)
    }

    /// The saved tokens; `nil` when nothing was saved yet.
    ///
    /// - Throws: ``LiveActivityStoreError``: `.unreadable`, `.corrupt` (not this format), or
    ///   `.unsupportedVersion` (written by a newer build).
    public func load() throws -> LiveActivityTokenState? {
        let stored: Data?
        do {
            stored = try SharedFile.read(fileURL.path, limit: Self.maximumFileSize)
        } catch {
            throw LiveActivityStoreError(.unreadable, path: fileURL.path, error.reason)
        }
        guard let data = stored else { return nil }
        let file: StoredFile
        do {
            file = try JSONDecoder().decode(StoredFile.self, from: data)
        } catch {
            throw LiveActivityStoreError(.corrupt, path: fileURL.path, "\(error)")
        }
        guard file.format == StoredFile.formatName else {
            throw LiveActivityStoreError(.corrupt, path: fileURL.path, "not a \(StoredFile.formatName) file")
        }
        guard file.version <= Self.formatVersion else {
            throw LiveActivityStoreError(
                .unsupportedVersion, path: fileURL.path,
                "format version \(file.version); this build reads up to \(Self.formatVersion)")
        }
        return file.state
    }

    /// Replaces the saved tokens with `state`, atomically and durably.
    ///
    /// - Throws: ``LiveActivityStoreError`` (`.writeFailed`); the previous file is then left as it was.
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
        let bytes: Data
        do {
            bytes = try encoder.encode(StoredFile(state: state))
        } catch {
            throw LiveActivityStoreError(.writeFailed, path: fileURL.path, "\(error)")
        }
        do {
            try SharedFile.replace(fileURL.path, with: bytes)
        } catch {
            throw LiveActivityStoreError(.writeFailed, path: fileURL.path, error.reason)
        }
    }

    /// The file's shape: a format name and version around the state.
    private struct StoredFile: Codable {
        static let formatName = "pushbus.live-activity-tokens"
        var format = formatName
        var version = LiveActivityTokenStore.formatVersion
        var state: LiveActivityTokenState

        init(state: LiveActivityTokenState) { self.state = state }
    }
}

/// Why ``LiveActivityTokenStore`` could not read or write its file.
public struct LiveActivityStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable {
        /// The directory does not exist or is not a folder.
        case directoryMissing
        /// The file exists but cannot be read.
        case unreadable
        /// The file is not valid (damaged, or not written by PushBus).
        case corrupt
        /// The file was written by a newer format version.
        case unsupportedVersion
        /// Writing or replacing the file failed (read-only or full disk); the old file is unchanged.
        case writeFailed
    }

    public var kind: Kind
    /// The file or directory concerned.
    public var path: String
    public var message: String

    package init(_ kind: Kind, path: String, _ message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    public var description: String { "\(kind.rawValue): \(path): \(message)" }
}
