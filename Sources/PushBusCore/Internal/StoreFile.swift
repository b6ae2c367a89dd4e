import Foundation

/// The small JSON files PushBus keeps beside the ledger (the local-notification schedule, the token registry), read
/// and replaced through ``SharedFile``: never through a link, only a regular file, up to a size, replaced atomically
/// through an exclusively created temporary file.
package enum StoreFile {
    /// Why a store file could not be read or written.
    package struct Failure: Error {
        /// `true` when the file exists but is not readable as a regular file within the limit.
        var isUnreadable: Bool
        package var reason: String
    }

    /// The file's bytes; `nil` when there is no file.
    package static func read(_ url: URL, limit: Int) throws(Failure) -> Data? {
        do {
            return try SharedFile.read(url.path, limit: limit)
        } catch {
            throw Failure(isUnreadable: true, reason: error.reason)
        }
    }

    /// Replaces the file atomically.
    package static func write(_ data: Data, to url: URL) throws(Failure) {
        do {
            try SharedFile.replace(url.path, with: data)
        } catch {
            throw Failure(isUnreadable: false, reason: error.reason)
        }
    }

    /// A Boolean value indicating whether `url` is an existing directory.
    package static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
