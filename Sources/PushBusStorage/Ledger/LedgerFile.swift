package import Foundation
@_spi(PushBusInternals) internal import PushBusCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `errno` values the ledger names.
enum LedgerErrno {
    static let noSpace = ENOSPC
    static let fileTooBig = EFBIG
    static let notPermitted = EPERM
    static let accessDenied = EACCES
}

/// Directories whose protected data a test declares unavailable, as on a device locked since boot: every open
/// and every write of a ledger there fails with `EPERM`. Tests run as root on Linux, where permissions cannot
/// make a directory unreadable.
package enum ProtectedDataSimulation {
    private static let locked = LockedState<Set<String>>([])

    /// Makes the ledger files in `directory` unreadable (`true`) or readable again (`false`).
    package static func setUnavailable(_ isUnavailable: Bool, in directory: URL) {
        locked.withLock { paths in
            if isUnavailable { paths.insert(directory.path) } else { paths.remove(directory.path) }
        }
    }

    static func check(_ directory: String) throws(DeliveryLedgerError) {
        guard locked.withLock({ !$0.isEmpty && $0.contains(directory) }) else { return }
        throw .io(operation: "open", path: directory + "/" + LedgerFile.dataName, errno: LedgerErrno.notPermitted)
    }
}

/// The open files of a durable ledger: the data file `ledger.pbl` and the lock file `ledger.lock` beside it.
///
/// The lock file is never replaced, so `flock` on it excludes every process even while compaction renames a new
/// data file into place. Not thread-safe: ``DeliveryLedger`` uses it under its file lock only.
struct LedgerFile {
    static let dataName = "ledger.pbl"
    static let lockName = "ledger.lock"
    static let compactingName = "ledger.pbl.compacting"

    let directory: String
    var dataPath: String { directory + "/" + Self.dataName }
    var compactingPath: String { directory + "/" + Self.compactingName }
    private(set) var descriptor: Int32 = -1
    private var lockDescriptor: Int32 = -1
    /// How long `withLock` waits for another process's lock (`nil`: until it gets it).
    let maximumLockWait: TimeInterval?
    /// `(device, inode)` of the open data file: a different one at the path means another process compacted.
    private var identity: (UInt64, UInt64) = (0, 0)
    /// The header of the open data file.
    var header = LedgerCodec.Header(generation: 0, baseSequence: 0)
    /// Where the next unread frame starts (the end of the last valid frame read).
    var offset = LedgerCodec.headerSize
    /// The highest sequence read from or written to the open file: an incremental read returns only records above
    /// it, as a full read does (``LedgerCodec/scan(_:from:after:)``).
    private(set) var lastSequence: UInt64 = 0
    /// A Boolean value indicating whether the open file's header was read and is valid (or was just written).
    private var hasValidHeader = true
    /// A Boolean value indicating whether the file was read once (the first read reads all of it).
    private var hasRead = false
    let isReadOnly: Bool

    /// Opens (creating when missing, unless `readOnly`) the ledger files in `directory`.
    ///
    /// Neither file is followed when it is a symbolic link, and anything but a regular file is refused
    /// (`SharedFile`). A read-only ledger without a usable lock file reads without the lock.
    init(directory: String, readOnly: Bool, maximumLockWait: TimeInterval? = nil) throws(DeliveryLedgerError) {
        self.maximumLockWait = maximumLockWait
        var info = stat()
        guard stat(directory, &info) == 0 else {
            if errno == ENOENT { throw .directoryMissing(path: directory) }
            throw .io(operation: "stat", path: directory, errno: errno)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(path: directory) }
        try ProtectedDataSimulation.check(directory)
        self.directory = directory
        isReadOnly = readOnly
        let lockPath = directory + "/" + Self.lockName
        if readOnly {
            lockDescriptor = (try? SharedFile.open(lockPath, O_RDONLY)) ?? -1
        } else {
            lockDescriptor = try Self.open(lockPath, O_RDWR | O_CREAT)
        }
        do throws(DeliveryLedgerError) {
            try withLock(exclusive: !readOnly) { (file: inout LedgerFile) throws(DeliveryLedgerError) in
                try file.openData()
            }
        } catch {
            close()
            throw error
        }
    }

    /// `SharedFile.open(_:_:mode:)`, its failures as ``DeliveryLedgerError``s.
    private static func open(_ path: String, _ flags: Int32) throws(DeliveryLedgerError) -> Int32 {
        do {
            return try SharedFile.open(path, flags)
        } catch {
            throw ledgerError(error, path: path)
        }
    }

    private static func ledgerError(_ failure: SharedFile.Failure, path: String) -> DeliveryLedgerError {
        switch failure {
        case .system(let operation, let code): return .io(operation: operation, path: path, errno: code)
        case .notRegular: return .notARegularFile(path: path)
        case .tooLarge: return .io(operation: "read", path: path, errno: LedgerErrno.fileTooBig)
        }
    }

    /// Opens the data file at the path, writing a fresh header when it is new (exclusive lock held).
    private mutating func openData() throws(DeliveryLedgerError) {
        if descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
        descriptor = try Self.open(dataPath, isReadOnly ? O_RDONLY : O_RDWR | O_CREAT)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .io(operation: "fstat", path: dataPath, errno: errno) }
        identity = (UInt64(info.st_dev), UInt64(info.st_ino))
        offset = LedgerCodec.headerSize
        lastSequence = 0
        hasValidHeader = true
        if info.st_size == 0 && !isReadOnly {
            try writeHeader(LedgerCodec.Header(generation: UInt64.random(in: 1...UInt64.max), baseSequence: 0))
        }
    }

    /// Writes `header` over a file that holds no record (new, or only a damaged header): cut to nothing, then the
    /// header, `fsync`ed.
    private mutating func writeHeader(_ header: LedgerCodec.Header) throws(DeliveryLedgerError) {
        try truncate(to: 0)
        try write(LedgerCodec.encode(header), at: 0)
        try sync(descriptor, dataPath)
        self.header = header
        hasValidHeader = true
        offset = LedgerCodec.headerSize
    }

    /// Makes sure the file may be written (exclusive lock held, file caught up): a file that holds nothing but a
    /// short or damaged header (a crash while it was created) gets a new header continuing after `lastSequence`;
    /// a file with a damaged header and anything after it is never written, since its version is unknown.
    /// - Throws: ``DeliveryLedgerError/damagedHeader(path:)``.
    mutating func prepareForWriting(after lastSequence: UInt64) throws(DeliveryLedgerError) {
        guard !hasValidHeader else { return }
        guard try fileSize() <= LedgerCodec.headerSize else { throw .damagedHeader(path: dataPath) }
        try writeHeader(
            LedgerCodec.Header(generation: UInt64.random(in: 1...UInt64.max), baseSequence: lastSequence))
    }

    func close() {
        if descriptor >= 0 { _ = systemClose(descriptor) }
        if lockDescriptor >= 0 { _ = systemClose(lockDescriptor) }
    }

    // MARK: Locking

    /// Runs `body` holding `flock` on the lock file (shared or exclusive). Never across an `await`: `body` is
    /// synchronous. A read-only ledger takes the shared lock only when it is free, and reads unlocked otherwise
    /// (or without a lock file): it never waits. With `waiting` `false` the lock is tried once, and
    /// ``DeliveryLedgerError/lockBusy(path:)`` thrown when another process holds it.
    mutating func withLock<T>(
        exclusive: Bool, waiting: Bool = true, _ body: (inout LedgerFile) throws(DeliveryLedgerError) -> T
    ) throws(DeliveryLedgerError) -> T {
        var isLocked = lockDescriptor >= 0
        if isLocked && isReadOnly {
            // Read-only inspection never waits: without the lock it reads what is there (a torn tail at worst).
            isLocked = flock(lockDescriptor, LOCK_SH | LOCK_NB) == 0
        } else if isLocked && !waiting {
            try lock(exclusive: exclusive, waitingAtMost: 0)
        } else if isLocked {
            if let maximumLockWait {
                try lock(exclusive: exclusive, waitingAtMost: maximumLockWait)
            } else {
                while flock(lockDescriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
                    guard errno == EINTR else {
                        throw .io(operation: "flock", path: directory + "/" + Self.lockName, errno: errno)
                    }
                }
            }
        }
        defer { if isLocked { _ = flock(lockDescriptor, LOCK_UN) } }
        return try body(&self)
    }

    /// Takes the lock without blocking, retrying every millisecond for at most `seconds` (monotonic time).
    private func lock(exclusive: Bool, waitingAtMost seconds: TimeInterval) throws(DeliveryLedgerError) {
        let path = directory + "/" + Self.lockName
        let isHeld: Bool
        do throws(SharedFile.Failure) {
            isHeld = try SharedFile.lock(lockDescriptor, exclusive: exclusive, waitingAtMost: seconds)
        } catch {
            guard case .system(_, let code) = error else { throw .io(operation: "flock", path: path, errno: EIO) }
            throw .io(operation: "flock", path: path, errno: code)
        }
        guard isHeld else { throw .lockBusy(path: path) }
    }

    // MARK: Reading

    /// What changed since the last read.
    enum Change {
        /// Frames appended after `offset`: the scan's offsets are relative to `base`.
        case appended(LedgerCodec.Scan, base: Int)
        /// The file was replaced (compacted) or is read for the first time: a scan of all of it.
        case replaced(LedgerCodec.Scan, headerIssue: DeliveryLedgerIssue?)
    }

    /// Reads what was appended since the last call, or the whole file when another process replaced it.
    mutating func readChanges() throws(DeliveryLedgerError) -> Change {
        var pathInfo = stat()
        var full = !hasRead
        hasRead = true
        if lstat(dataPath, &pathInfo) == 0, (UInt64(pathInfo.st_dev), UInt64(pathInfo.st_ino)) != identity {
            try openData()
            full = true
        }
        let size = try fileSize()
        var headerBytes = [UInt8](repeating: 0, count: LedgerCodec.headerSize)
        let headerRead = try read(into: &headerBytes, at: 0)
        let onDisk = headerBytes.withUnsafeBytes {
            LedgerCodec.decodeHeader(UnsafeRawBufferPointer(rebasing: $0[0..<headerRead]))
        }
        if let onDisk, onDisk.version > LedgerCodec.version {
            throw .unsupportedVersion(found: onDisk.version, supported: LedgerCodec.version)
        }
        if let onDisk, onDisk.generation != header.generation { full = true }
        if size < offset { full = true }
        if full {
            header = onDisk ?? LedgerCodec.Header(generation: 0, baseSequence: 0)
            hasValidHeader = onDisk != nil
            let bytes = try readAll(from: 0, size: size)
            // Records start after the header's 32 bytes even when it is short or damaged.
            let scan = bytes.withUnsafeBytes { LedgerCodec.scan($0, from: min(LedgerCodec.headerSize, bytes.count)) }
            offset = max(scan.validEnd, LedgerCodec.headerSize)
            lastSequence = scan.lastSequence
            let issue =
                onDisk == nil && size > 0
                ? DeliveryLedgerIssue(kind: .damagedHeader, offset: 0, length: LedgerCodec.headerSize) : nil
            return .replaced(scan, headerIssue: issue)
        }
        let base = offset
        let bytes = try readAll(from: base, size: size)
        let scan = bytes.withUnsafeBytes { LedgerCodec.scan($0, from: 0, after: lastSequence) }
        offset = base + scan.validEnd
        lastSequence = scan.lastSequence
        return .appended(scan, base: base)
    }

    /// The whole data file.
    func readWholeFile() throws(DeliveryLedgerError) -> [UInt8] { try readAll(from: 0, size: try fileSize()) }

    private func fileSize() throws(DeliveryLedgerError) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .io(operation: "fstat", path: dataPath, errno: errno) }
        return Int(info.st_size)
    }

    private func readAll(from start: Int, size: Int) throws(DeliveryLedgerError) -> [UInt8] {
        guard size > start else { return [] }
        var bytes = [UInt8](repeating: 0, count: size - start)
        let count = try read(into: &bytes, at: start)
        if count < bytes.count { bytes.removeSubrange(count...) }
        return bytes
    }

    private func read(into bytes: inout [UInt8], at start: Int) throws(DeliveryLedgerError) -> Int {
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, $0.count - done, off_t(start + done))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .io(operation: "read", path: dataPath, errno: errno)
            }
            if result == 0 { break }
            done += result
        }
        return done
    }

    // MARK: Writing

    /// Appends `frames` (records `firstSequence` through `lastSequence`) at `offset` in one write, cutting off a
    /// torn tail first. It does not flush: once it returns the bytes are in the kernel, so they survive `kill -9` of
    /// any process; ``flush(_:)`` (outside the lock) makes them survive a power loss. On failure the file is cut
    /// back to where it was, so no partial frame stays behind.
    mutating func append(_ frames: [UInt8], firstSequence: UInt64, lastSequence: UInt64) throws(DeliveryLedgerError) {
        try ProtectedDataSimulation.check(directory)
        try prepareForWriting(after: firstSequence - 1)
        if try fileSize() > offset { try truncate(to: offset) }
        do throws(DeliveryLedgerError) {
            try write(frames, at: offset)
        } catch {
            try? truncate(to: offset)
            throw error
        }
        offset += frames.count
        self.lastSequence = lastSequence
    }

    /// A descriptor of the data file for ``flush(_:)``, its own (`dup`): taken under the lock, flushed and closed
    /// after it, so no lock is held across a flush. `-1` when it cannot be had.
    func flushableDescriptor() -> Int32 { descriptor >= 0 ? dup(descriptor) : -1 }

    /// Flushes what was written through `descriptor` to stable storage and closes it: `F_FULLFSYNC` on Apple
    /// platforms (their `fsync` does not reach the disk), `fsync` elsewhere.
    static func flush(_ descriptor: Int32, path: String) throws(DeliveryLedgerError) {
        guard descriptor >= 0 else { return }
        defer { _ = systemClose(descriptor) }
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return }  // else the file system does not support it: fsync
        #endif
        guard fsync(descriptor) == 0 else { throw .io(operation: "fsync", path: path, errno: errno) }
    }

    /// A Boolean value indicating whether the data file may hold bytes this handle has not read: another file
    /// (compacted and renamed), or a size other than `offset`. Reads metadata only, without the lock, so a
    /// refresh with nothing to read costs one `lstat`: when the path still names the file this handle holds, its
    /// size is that file's size.
    func mayHaveChanges() -> Bool {
        guard hasRead, descriptor >= 0 else { return true }
        var info = stat()
        guard lstat(dataPath, &info) == 0, (UInt64(info.st_dev), UInt64(info.st_ino)) == identity else {
            return true
        }
        return Int(info.st_size) != offset
    }

    private func truncate(to size: Int) throws(DeliveryLedgerError) {
        guard ftruncate(descriptor, off_t(size)) == 0 else {
            throw .io(operation: "ftruncate", path: dataPath, errno: errno)
        }
    }

    private func write(_ bytes: [UInt8], at start: Int, to target: Int32? = nil, path: String? = nil)
        throws(DeliveryLedgerError)
    {
        let fd = target ?? descriptor
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeBytes {
                pwrite(fd, $0.baseAddress! + done, $0.count - done, off_t(start + done))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .io(operation: "write", path: path ?? dataPath, errno: errno)
            }
            done += result
        }
    }

    private func sync(_ fd: Int32, _ path: String) throws(DeliveryLedgerError) {
        guard fsync(fd) == 0 else { throw .io(operation: "fsync", path: path, errno: errno) }
    }

    /// Replaces the data file by `header` + `frames`: written to a new file, `fsync`ed, renamed over the old one,
    /// then the directory `fsync`ed. A crash at any point leaves either the old file or the new one, whole.
    ///
    /// The compacting file is created exclusively after removing whatever has its name (a crash's leftover, or a
    /// planted link: `unlink` removes the link, never its target), so nothing outside the directory is written.
    ///
    /// With `flushing` false (the ``DeliveryLedger/Durability/processCrash`` level) nothing is flushed: the rename of
    /// a written file survives `kill -9` of any process, and no flush is made under the lock.
    mutating func replace(header: LedgerCodec.Header, frames: [UInt8], lastSequence: UInt64, flushing: Bool)
        throws(DeliveryLedgerError)
    {
        try prepareForWriting(after: header.baseSequence)
        unlink(compactingPath)
        let temporary: Int32
        do {
            temporary = try SharedFile.createExclusively(compactingPath)
        } catch {
            throw Self.ledgerError(error, path: compactingPath)
        }
        do throws(DeliveryLedgerError) {
            try write(LedgerCodec.encode(header) + frames, at: 0, to: temporary, path: compactingPath)
            if flushing { try sync(temporary, compactingPath) }
        } catch {
            _ = systemClose(temporary)
            unlink(compactingPath)
            throw error
        }
        _ = systemClose(temporary)
        guard rename(compactingPath, dataPath) == 0 else {
            throw .io(operation: "rename", path: dataPath, errno: errno)
        }
        if flushing { SharedFile.syncDirectory(directory) }
        try openData()
        self.header = header
        offset = LedgerCodec.headerSize + frames.count
        self.lastSequence = lastSequence
    }
}
