public import Foundation
import PushBusCore

/// Small typed values shared by an app and its extensions in the app-group directory (the recurring
/// reminder's `nextReminderSeconds`), safe across processes.
///
/// ```swift
/// let store = try SharedValueStore(directory: appGroupURL)
/// try store.set(120, for: .nextReminderSeconds)          // in the content extension
/// let seconds = try store.value(for: .nextReminderSeconds) // in the app: 120
/// ```
///
/// Each key is one small JSON file, replaced atomically (written to an exclusively created temporary file with a
/// random name, `fsync`ed, renamed over the old one; a symbolic link or FIFO under a key's name is never followed,
/// read or waited on): a reader in another process sees the old value or the new one, never a torn one, and a writer
/// killed half-way leaves the old value. No lock is taken, so nothing is held while a process is suspended
/// (iOS kills a suspended app holding a file lock in a shared container). Two writers of one key: the last
/// rename wins.
///
/// Why not `UserDefaults(suiteName:)`, the usual choice: its cross-process writes are flushed by a daemon at
/// times the app does not control, a value written by an extension that is killed right after may never reach
/// the app, and it is not available on Linux for tests.
public struct SharedValueStore: Sendable {
    /// Why a value could not be read or written.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The key's name is empty, too long, starts with `.` or has characters outside `A-Z a-z 0-9 . - _`.
        case invalidKey(String)
        /// The directory is missing or not a directory.
        case directoryUnavailable(String)
        /// The file system refused (read-only, full, …).
        case writeFailed(key: String, reason: String)
        /// The stored bytes are not a value of the key's type (written by another version of the app).
        case unreadable(key: String, reason: String)

        public var description: String {
            switch self {
            case .invalidKey(let name): return "invalid shared value key \"\(name)\""
            case .directoryUnavailable(let path): return "no directory at \(path)"
            case .writeFailed(let key, let reason): return "cannot write \"\(key)\": \(reason)"
            case .unreadable(let key, let reason): return "cannot read \"\(key)\": \(reason)"
            }
        }
    }

    /// The most a value's file may hold: values are small; a larger file was not written by the store.
    static let maximumFileSize = 1 << 20

    /// The folder holding one file per key.
    package let directory: URL

    /// Opens the store in `directory/SharedValues` (created when missing).
    ///
    /// - Throws: ``Error/directoryUnavailable(_:)`` when `directory` does not exist or is not a directory.
    public init(directory: URL) throws(Error) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw .directoryUnavailable(directory.path) }
        self.directory = directory.appendingPathComponent("SharedValues", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(key: "", reason: String(describing: error))
        }
    }

    /// The value stored for `key`, or `nil` when none was stored.
    ///
    /// - Throws: ``Error/unreadable(key:reason:)`` when the stored bytes are not a `Value`.
    public func value<Value>(for key: SharedValueKey<Value>) throws(Error) -> Value? {
        let url = try fileURL(key.name)
        let stored: Data?
        do {
            stored = try SharedFile.read(url.path, limit: Self.maximumFileSize)
        } catch {
            throw .unreadable(key: key.name, reason: error.reason)
        }
        guard let data = stored else { return nil }
        do {
            return try JSONDecoder().decode(Box<Value>.self, from: data).value
        } catch {
            throw .unreadable(key: key.name, reason: String(describing: error))
        }
    }

    /// Stores `value` for `key`, replacing the old value atomically.
    ///
    /// - Throws: ``Error/writeFailed(key:reason:)`` when the file system refuses.
    public func set<Value>(_ value: Value, for key: SharedValueKey<Value>) throws(Error) {
        let url = try fileURL(key.name)
        let data: Data
        do {
            data = try JSONEncoder().encode(Box(value: value))
        } catch {
            throw .writeFailed(key: key.name, reason: String(describing: error))
        }
        do {
            try SharedFile.replace(url.path, with: data)
        } catch {
            throw .writeFailed(key: key.name, reason: error.reason)
        }
    }

    /// Removes the value for `key` (nothing when there is none).
    public func removeValue<Value>(for key: SharedValueKey<Value>) throws(Error) {
        let url = try fileURL(key.name)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw .writeFailed(key: key.name, reason: String(describing: error))
        }
    }

    private func fileURL(_ name: String) throws(Error) -> URL {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        guard !name.isEmpty, name.count <= 128, !name.hasPrefix("."), name.allSatisfy(allowed.contains) else {
            throw .invalidKey(name)
        }
        return directory.appendingPathComponent(name + ".json")
    }

    /// The file's JSON: an object, so every `Codable` value (a bare number too) round-trips on every platform.
    private struct Box<Value: Codable>: Codable {
        var value: Value
    }
}
