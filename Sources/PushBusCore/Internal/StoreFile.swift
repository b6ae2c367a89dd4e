package import Foundation

/// The small JSON files PushBus keeps beside the ledger (the local-notification schedule, the token registry, the
/// Live Activity tokens), read and replaced through ``SharedFile``: never through a link, only a regular file, up to
/// a size, replaced atomically through an exclusively created temporary file. Every failure is a ``StoreFileError``.
package enum StoreFile {
    /// A store file with a format name and version around its content: `{"format": …, "version": …, …}`.
    package protocol Versioned: Codable {
        /// The format name this store writes and reads.
        static var formatName: String { get }
        /// The newest format version this build reads (and the one it writes).
        static var formatVersion: Int { get }
        var format: String { get }
        var version: Int { get }
    }

    /// The URL of the file `name` in `directory`.
    ///
    /// - Throws: `.directoryMissing` when `directory` is not an existing directory.
    package static func url(of name: String, in directory: URL) throws(StoreFileError) -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw StoreFileError(.directoryMissing, path: directory.path, "not an existing directory") }
        return directory.appendingPathComponent(name)
    }

    /// The file's bytes; `nil` when there is no file.
    ///
    /// - Throws: `.unreadable`.
    package static func read(_ url: URL, limit: Int) throws(StoreFileError) -> Data? {
        do {
            return try SharedFile.read(url.path, limit: limit)
        } catch {
            throw StoreFileError(.unreadable, path: url.path, error.reason)
        }
    }

    /// The versioned file at `url`, its format and version checked; `nil` when there is no file.
    ///
    /// - Throws: `.unreadable`, `.corrupt` (not JSON of this shape, or another format), `.unsupportedVersion`.
    package static func load<File: Versioned>(_: File.Type, from url: URL, limit: Int) throws(StoreFileError) -> File? {
        guard let data = try read(url, limit: limit) else { return nil }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw StoreFileError(.corrupt, path: url.path, "\(error)")
        }
        guard file.format == File.formatName else {
            throw StoreFileError(.corrupt, path: url.path, "not a \(File.formatName) file")
        }
        guard file.version <= File.formatVersion else {
            throw StoreFileError(
                .unsupportedVersion, path: url.path,
                "format version \(file.version); this build reads up to \(File.formatVersion)")
        }
        return file
    }

    /// Encodes `value` as JSON and replaces the file with it atomically; the old file stays on failure.
    ///
    /// - Throws: `.writeFailed`.
    package static func save(
        _ value: some Encodable, to url: URL, encoder: JSONEncoder = JSONEncoder()
    ) throws(StoreFileError) {
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw StoreFileError(.writeFailed, path: url.path, "\(error)")
        }
        do {
            try SharedFile.replace(url.path, with: data)
        } catch {
            throw StoreFileError(.writeFailed, path: url.path, error.reason)
        }
    }
}

/// Why one of PushBus's small store files (a `LocalNotificationSchedule`'s, a `PushTokenRegistry`'s, a
/// `LiveActivityTokenStore`'s) could not be read or written.
public struct StoreFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable {
        /// The directory does not exist or is not a folder.
        case directoryMissing
        /// The file exists but cannot be read (not a regular file, a link, too large, locked, …).
        case unreadable
        /// The file is not valid (damaged, or not written by PushBus).
        case corrupt
        /// The file was written by a newer build.
        case unsupportedVersion
        /// The file could not be replaced (read-only or full disk); the previous one is left as it was.
        case writeFailed
    }

    /// What went wrong.
    public var kind: Kind
    /// The file or directory.
    public var path: String
    /// What the system or the check said.
    public var reason: String

    package init(_ kind: Kind, path: String, _ reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(kind.rawValue) at \(path): \(reason)" }
}
