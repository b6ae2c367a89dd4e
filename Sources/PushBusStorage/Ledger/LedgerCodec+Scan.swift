internal import PushBusCore

extension LedgerCodec {
    /// One valid frame found by ``scan(_:from:after:)``.
    package struct Frame {
        /// Where the frame starts in the scanned bytes.
        package var offset: Int
        package var length: Int
        /// The sequence of the decoded record (in ``Scan/records``); `nil` when the checksum is right but the
        /// payload cannot be decoded.
        package var sequence: UInt64?
    }

    /// What a scan found.
    package struct Scan {
        /// The frames whose records are returned, in file order (so in increasing sequence order), and the
        /// undecodable frames (without a sequence).
        package var frames: [Frame] = []
        /// The records of the frames, in the same order. Kept apart from ``frames`` so that each record is held
        /// once, and message ids and request identifiers repeated in many records share one string.
        package var records: [DeliveryRecord] = []
        package var issues: [DeliveryLedgerIssue] = []
        /// The end of the last valid frame (or the start, when there is none): where the next frame belongs.
        package var validEnd: Int
        /// The highest sequence returned (or the floor the scan started from).
        package var lastSequence: UInt64
        /// How many bytes the scan ran through the checksum: a small multiple of the bytes scanned, whatever they
        /// hold (the measure of ``LedgerResyncCostTests``).
        package var bytesExamined = 0
    }

    /// Reads every frame in `bytes` from `start`, resynchronizing after damage (Docs/LedgerFormat.md, "Damage").
    ///
    /// A record is returned only when its sequence is above `floor` and above every record returned before it; a
    /// repeated or out-of-order one is an ``DeliveryLedgerIssue/Kind/outOfOrderRecord``. A damaged frame whose
    /// header is whole is skipped as a unit when a valid frame starts where it claims to end (nothing inside it is
    /// read as a frame). Otherwise the scan moves to the next frame magic, and a frame found there counts only when
    /// it is anchored: its sequence is above the last returned one, and the file ends right after
    /// it or a valid frame with a higher sequence follows it (directly, or after one whole damaged frame). Damage followed by a valid frame is a
    /// ``DeliveryLedgerIssue/Kind/damagedFrame``; damage that runs to the end is a
    /// ``DeliveryLedgerIssue/Kind/tornTail`` and is left out of ``Scan/validEnd``.
    package static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int, after floor: UInt64 = 0) -> Scan {
        var scanner = FrameScanner(bytes: bytes, scan: Scan(validEnd: start, lastSequence: floor))
        scanner.run(from: start)
        return scanner.scan
    }
}

/// The state of one scan: the bytes, what was found, and the checksum window of the resynchronization.
private struct FrameScanner {
    let bytes: UnsafeRawBufferPointer
    var scan: LedgerCodec.Scan
    var window: CRC32Window?
    /// A Boolean value indicating whether damage was met: from then on every checksum goes through `window`.
    var hasDamage = false
    /// The valid frames inside `window` (start and sequence), in order.
    var validStarts: [(position: Int, sequence: UInt64)] = []
    /// The message ids and request identifiers met so far (``interned(_:)``).
    var strings: [String: String] = [:]

    /// The largest extent of one frame: header and the largest payload.
    static let largestFrame = LedgerCodec.frameHeaderSize + LedgerCodec.maximumPayload

    mutating func run(from start: Int) {
        var position = start
        var damageStart: Int?
        while position < bytes.count {
            if let damage = damageStart {
                if isAnchored(at: position) {
                    scan.issues.append(
                        DeliveryLedgerIssue(kind: .damagedFrame, offset: damage, length: position - damage))
                    damageStart = nil
                } else {
                    position = nextMagic(after: position)
                }
            } else if let length = payloadLength(at: position), checksumMatches(at: position, length: length) {
                accept(at: position, length: length)
                position += LedgerCodec.frameHeaderSize + length
                scan.validEnd = position
            } else if let end = damagedFrameEnd(at: position) {
                // The length is intact: the damage is this one frame, and nothing inside it is looked at.
                if end < bytes.count {
                    scan.issues.append(
                        DeliveryLedgerIssue(kind: .damagedFrame, offset: position, length: end - position))
                } else {
                    damageStart = position
                }
                position = end
            } else {
                damageStart = position
                position = nextMagic(after: position)
            }
        }
        if let damage = damageStart {
            scan.issues.append(DeliveryLedgerIssue(kind: .tornTail, offset: damage, length: bytes.count - damage))
        }
    }

    /// Where the damaged frame at `position` ends, when its header and its sequence are whole and its length
    /// credible: the frame it claims ends exactly at the end of the bytes, or where the valid frame numbered right
    /// after it starts (a damaged length that happens to land on a later frame is not taken).
    private mutating func damagedFrameEnd(at position: Int) -> Int? {
        hasDamage = true
        guard let length = payloadLength(at: position), let sequence = leadingSequence(at: position, length: length),
            sequence > scan.lastSequence
        else { return nil }
        let end = position + LedgerCodec.frameHeaderSize + length
        if end == bytes.count { return end }
        guard let nextLength = payloadLength(at: end),
            leadingSequence(at: end, length: nextLength) == sequence + 1,
            windowChecksumMatches(at: end, length: nextLength, candidate: position)
        else { return nil }
        return end
    }

    /// Decodes the valid frame at `position` and returns its record when its sequence is in order.
    private mutating func accept(at position: Int, length: Int) {
        let frameLength = LedgerCodec.frameHeaderSize + length
        let payload = UnsafeRawBufferPointer(
            rebasing: bytes[(position + LedgerCodec.frameHeaderSize)..<(position + frameLength)])
        guard var record = LedgerCodec.decodeRecord(payload) else {
            scan.issues.append(DeliveryLedgerIssue(kind: .undecodableRecord, offset: position, length: frameLength))
            scan.frames.append(LedgerCodec.Frame(offset: position, length: frameLength, sequence: nil))
            return
        }
        guard record.sequence > scan.lastSequence else {
            scan.issues.append(DeliveryLedgerIssue(kind: .outOfOrderRecord, offset: position, length: frameLength))
            return
        }
        record.messageID = PushMessage.ID(rawValue: interned(record.messageID.rawValue))
        if let request = record.requestIdentifier { record.requestIdentifier = interned(request) }
        scan.frames.append(LedgerCodec.Frame(offset: position, length: frameLength, sequence: record.sequence))
        scan.records.append(record)
        scan.lastSequence = record.sequence
    }

    /// `text`, sharing the storage of an equal string met before in this scan.
    private mutating func interned(_ text: String) -> String {
        if let known = strings[text] { return known }
        strings[text] = text
        return text
    }

    /// A Boolean value indicating whether a frame found after damage at `position` may be taken: valid; numbered
    /// at least two above the last returned record (the damage before it held at least one record); and followed
    /// by the end of the bytes, by a valid frame numbered higher (at least two higher when damage lies between
    /// them), or by nothing valid up to the end (a damaged last frame). Bytes inside a record (a reply text that
    /// spells frames) reach this only when that record's own header is damaged, since a record whose length is
    /// intact is skipped whole. Constant time per candidate, plus the window's index.
    private mutating func isAnchored(at position: Int) -> Bool {
        guard let length = payloadLength(at: position), let sequence = leadingSequence(at: position, length: length),
            sequence > scan.lastSequence + 1
        else { return false }
        let end = position + LedgerCodec.frameHeaderSize + length
        ensureWindow(from: position, through: end)
        let starts = validStarts
        guard starts.indices.contains(firstValidStart(atOrAfter: position)),
            starts[firstValidStart(atOrAfter: position)].position == position
        else { return false }
        if end == bytes.count { return true }
        let low = firstValidStart(atOrAfter: end)
        guard low < starts.count else { return window?.end == bytes.count }
        let next = starts[low]
        return next.position == end ? next.sequence > sequence : next.sequence > sequence + 1
    }

    /// The index in ``validStarts`` of the first valid frame starting at or after `position`.
    private mutating func firstValidStart(atOrAfter position: Int) -> Int {
        var low = 0
        var high = validStarts.count
        while low < high {
            let middle = (low + high) / 2
            if validStarts[middle].position < position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Indexes the valid frames that start and end inside the window (each checked in constant time), for
    /// ``isAnchored(at:)``: one pass over the window.
    private mutating func indexValidStarts() {
        guard let window else { return }
        validStarts = []
        var position = window.start
        while position < window.end {
            if hasMagic(at: position), let length = payloadLength(at: position),
                position + LedgerCodec.frameHeaderSize + length <= window.end,
                let sequence = leadingSequence(at: position, length: length),
                window.checksum(
                    bytes, prefix: UnsafeRawBufferPointer(rebasing: bytes[(position + 4)..<(position + 8)]),
                    from: position + LedgerCodec.frameHeaderSize,
                    to: position + LedgerCodec.frameHeaderSize + length)
                    == LedgerCodec.readLE(bytes, at: position + 8, as: UInt32.self)
            {
                validStarts.append((position, sequence))
                scan.bytesExamined += 2 * CRC32Window.stride
            }
            position += 1
        }
        scan.bytesExamined += window.end - window.start
    }

    /// The payload length a frame header at `position` claims, when the magic is there and the claimed payload is
    /// at most ``LedgerCodec/maximumPayload`` and inside the bytes (compared before any conversion).
    private func payloadLength(at position: Int) -> Int? {
        guard bytes.count - position >= LedgerCodec.frameHeaderSize, hasMagic(at: position) else { return nil }
        let claimed = LedgerCodec.readLE(bytes, at: position + 4, as: UInt32.self)
        guard claimed <= UInt32(LedgerCodec.maximumPayload) else { return nil }
        let length = Int(claimed)
        return length <= bytes.count - position - LedgerCodec.frameHeaderSize ? length : nil
    }

    /// The sequence a payload starts with (every writer puts it first); `nil` when it is not there or out of range.
    private func leadingSequence(at position: Int, length: Int) -> UInt64? {
        let payload = position + LedgerCodec.frameHeaderSize
        guard length >= 10, bytes[payload] == LedgerCodec.Tag.sequence.rawValue, bytes[payload + 1] == 8 else {
            return nil
        }
        let sequence = LedgerCodec.readLE(bytes, at: payload + 2, as: UInt64.self)
        return (1...LedgerCodec.maximumSequence).contains(sequence) ? sequence : nil
    }

    /// Checks the frame at `position`: by reading it while the bytes are undamaged (frames in sequence: each byte
    /// once), through the window after damage (where frames found may overlap bytes already read).
    private mutating func checksumMatches(at position: Int, length: Int) -> Bool {
        if hasDamage { return windowChecksumMatches(at: position, length: length, candidate: position) }
        scan.bytesExamined += 4 + length
        var crc = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[(position + 4)..<(position + 8)]))
        crc = CRC32.checksum(
            UnsafeRawBufferPointer(
                rebasing: bytes[
                    (position + LedgerCodec.frameHeaderSize)..<(position + LedgerCodec.frameHeaderSize
                        + length)]),
            continuing: crc)
        return crc == LedgerCodec.readLE(bytes, at: position + 8, as: UInt32.self)
    }

    /// Checks the frame at `position` through the window, in constant time; the window is rebuilt from `candidate`
    /// (the resynchronization's current position) when it does not reach the frame's end. Candidates only move
    /// forward and a window spans three largest frames, so it is rebuilt at most once per largest frame scanned.
    private mutating func windowChecksumMatches(at position: Int, length: Int, candidate: Int) -> Bool {
        let end = position + LedgerCodec.frameHeaderSize + length
        ensureWindow(from: candidate, through: end)
        scan.bytesExamined += 2 * CRC32Window.stride
        let crc = window!.checksum(
            bytes, prefix: UnsafeRawBufferPointer(rebasing: bytes[(position + 4)..<(position + 8)]),
            from: position + LedgerCodec.frameHeaderSize, to: end)
        return crc == LedgerCodec.readLE(bytes, at: position + 8, as: UInt32.self)
    }

    /// Rebuilds the window (and its index) from `candidate` when it does not cover `candidate..<end`.
    private mutating func ensureWindow(from candidate: Int, through end: Int) {
        guard window.map({ candidate < $0.start || end > $0.end }) ?? true else { return }
        let windowEnd = min(bytes.count, candidate + 3 * Self.largestFrame)
        window = CRC32Window(bytes, start: candidate, end: windowEnd)
        scan.bytesExamined += windowEnd - candidate
        indexValidStarts()
    }

    private func hasMagic(at position: Int) -> Bool {
        bytes.count - position >= 4 && bytes[position] == LedgerCodec.frameMagic[0]
            && bytes[position + 1] == LedgerCodec.frameMagic[1] && bytes[position + 2] == LedgerCodec.frameMagic[2]
            && bytes[position + 3] == LedgerCodec.frameMagic[3]
    }

    /// The next position after `position` where the frame magic starts, or the end.
    private func nextMagic(after position: Int) -> Int {
        var next = position + 1
        while next < bytes.count, !hasMagic(at: next) { next += 1 }
        return next
    }
}
