internal import Foundation
internal import PushBusCore

/// The ledger file format, version 1 (Docs/LedgerFormat.md): a 32-byte header, then frames.
///
/// ```text
/// header  "PBLEDGER" | version u32 | generation u64 | base sequence u64 | crc32(previous 28 bytes) u32
/// frame   "PBR1" | payload length u32 | crc32(length bytes + payload) u32 | payload (tag, varint length, bytes)…
/// ```
/// All integers little-endian. Unknown payload tags are skipped, so fields can be added without a new version.
package enum LedgerCodec {
    package static let version: UInt32 = 1
    package static let headerMagic: [UInt8] = Array("PBLEDGER".utf8)
    package static let frameMagic: [UInt8] = Array("PBR1".utf8)
    package static let headerSize = 32
    package static let frameHeaderSize = 12
    /// The largest payload a frame may claim; anything larger is damage.
    package static let maximumPayload = 1 << 20
    /// The highest sequence a record or a header may carry (2⁶³ − 1): a larger one is damage (a hostile or damaged
    /// file), so `sequence + 1` never overflows and every sequence fits an `Int` on a 64-bit platform.
    package static let maximumSequence = UInt64(Int64.max)

    /// The header's fields.
    package struct Header: Sendable, Hashable {
        package var version: UInt32
        package var generation: UInt64
        package var baseSequence: UInt64
        package init(version: UInt32 = LedgerCodec.version, generation: UInt64, baseSequence: UInt64) {
            self.version = version
            self.generation = generation
            self.baseSequence = baseSequence
        }
    }

    enum Tag: UInt8 {
        case sequence = 1, messageID, requestIdentifier, notificationDate, messageKind, eventKind, action, userText
        case url, role, writtenAt, value
        /// The callback's date; records before it have only `notificationDate`, which then served as both.
        case reportedAt
        /// Present when the report did not know the notification's date: `notificationDate` then holds
        /// `reportedAt`, as records before this tag did, so an older reader still finds its required field.
        case notificationDateUnknown
        case summary = 20, title, body, category, thread, deepLink, provider, customData, truncated
        /// The account the delivery belongs to (`PushScope`); an older reader skips it.
        case scope = 40
    }

    /// Milliseconds since 1970, clamped to what the format holds (±292 million years; NaN reads as 0): a date
    /// from a hostile payload or a clock advanced by 1e300 s is recorded at the edge, never a trap.
    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite else { return value.isNaN ? 0 : (value > 0 ? Int64.max : Int64.min) }
        if value >= Double(Int64.max) { return Int64.max }
        if value <= Double(Int64.min) { return Int64.min }
        return Int64(value)
    }
    static func date(milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
    /// `date` at the precision the file keeps.
    static func rounded(_ date: Date) -> Date { self.date(milliseconds: milliseconds(date)) }

    // MARK: Header

    package static func encode(_ header: Header) -> [UInt8] {
        var bytes = headerMagic
        appendLE(header.version, to: &bytes)
        appendLE(header.generation, to: &bytes)
        appendLE(header.baseSequence, to: &bytes)
        appendLE(CRC32.checksum(bytes), to: &bytes)
        return bytes
    }

    /// The header at the start of `bytes`, or `nil` when it is missing or damaged (a base sequence above
    /// ``maximumSequence`` is damage).
    package static func decodeHeader(_ bytes: UnsafeRawBufferPointer) -> Header? {
        guard bytes.count >= headerSize, bytes.starts(with: headerMagic) else { return nil }
        guard CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<28])) == readLE(bytes, at: 28, as: UInt32.self)
        else { return nil }
        let header = Header(
            version: readLE(bytes, at: 8, as: UInt32.self), generation: readLE(bytes, at: 12, as: UInt64.self),
            baseSequence: readLE(bytes, at: 20, as: UInt64.self))
        return header.baseSequence <= maximumSequence ? header : nil
    }

    // MARK: Frames

    /// `record` as one frame, ready to append.
    package static func frame(_ record: DeliveryRecord) -> [UInt8] {
        var payload: [UInt8] = []
        payload.reserveCapacity(256)
        encode(record, into: &payload)
        var bytes = frameMagic
        bytes.reserveCapacity(frameHeaderSize + payload.count)
        appendLE(UInt32(payload.count), to: &bytes)
        var crc = CRC32.checksum(bytes[4..<8])
        crc = payload.withUnsafeBytes { CRC32.checksum($0, continuing: crc) }
        appendLE(crc, to: &bytes)
        bytes += payload
        return bytes
    }

    private static func encode(_ record: DeliveryRecord, into bytes: inout [UInt8]) {
        put(.sequence, record.sequence, &bytes)
        put(.messageID, record.messageID.rawValue, &bytes)
        if let identifier = record.requestIdentifier { put(.requestIdentifier, identifier, &bytes) }
        put(.notificationDate, UInt64(bitPattern: milliseconds(record.notificationDate ?? record.reportedAt)), &bytes)
        if record.notificationDate == nil { put(.notificationDateUnknown, "", &bytes) }
        if let date = record.notificationDate, date != record.reportedAt {
            put(.reportedAt, UInt64(bitPattern: milliseconds(record.reportedAt)), &bytes)
        }
        put(.messageKind, record.messageKind.rawValue, &bytes)
        put(.eventKind, record.event.kind.rawValue, &bytes)
        if let action = record.event.action { put(.action, action, &bytes) }
        if let text = record.event.userText { put(.userText, text, &bytes) }
        if let url = record.event.url { put(.url, url.absoluteString, &bytes) }
        for key in record.event.values.keys.sorted() { put(.value, key + "\u{0}" + record.event.values[key]!, &bytes) }
        put(.role, record.role.rawValue, &bytes)
        put(.writtenAt, UInt64(bitPattern: milliseconds(record.writtenAt)), &bytes)
        if let scope = record.scope { put(.scope, scope.rawValue, &bytes) }
        guard let summary = record.summary else { return }
        put(.summary, "", &bytes)
        if let title = summary.title { put(.title, title, &bytes) }
        if let body = summary.body { put(.body, body, &bytes) }
        if let category = summary.categoryIdentifier { put(.category, category, &bytes) }
        if let thread = summary.threadIdentifier { put(.thread, thread, &bytes) }
        if let link = summary.deepLinkText { put(.deepLink, link, &bytes) }
        if let provider = summary.provider { put(.provider, provider, &bytes) }
        if !summary.customData.isEmpty { put(.customData, PushValue.object(summary.customData).jsonString(), &bytes) }
        if summary.isTruncated { put(.truncated, "", &bytes) }
    }

    /// Decodes a frame's payload; `nil` when a required field is missing or malformed.
    package static func decodeRecord(_ payload: UnsafeRawBufferPointer) -> DeliveryRecord? {
        var sequence: UInt64?
        var messageID: String?
        var notificationDate: Int64?
        var reportedAt: Int64?
        var isNotificationDateUnknown = false
        var writtenAt: Int64?
        var eventKind: String?
        var record = DeliveryRecord(
            messageID: PushMessage.ID(rawValue: ""), notificationDate: Date(timeIntervalSince1970: 0),
            event: DeliveryEvent(kind: ""), role: "")
        var summary: DeliverySummary?
        var position = 0
        while position < payload.count {
            let rawTag = payload[position]
            position += 1
            guard let length = readVarint(payload, &position), length <= payload.count - position else { return nil }
            let field = UnsafeRawBufferPointer(rebasing: payload[position..<(position + length)])
            position += length
            func text() -> String { String(decoding: field, as: UTF8.self) }
            func integer() -> UInt64? { field.count == 8 ? readLE(field, at: 0, as: UInt64.self) : nil }
            guard let tag = Tag(rawValue: rawTag) else { continue }  // a newer writer's field: skipped
            switch tag {
            case .sequence: sequence = integer()
            case .messageID: messageID = text()
            case .requestIdentifier: record.requestIdentifier = text()
            case .notificationDate: notificationDate = integer().map { Int64(bitPattern: $0) }
            case .messageKind: record.messageKind = PushMessage.Kind(rawValue: text()) ?? .remote
            case .eventKind: eventKind = text()
            case .action: record.event.action = text()
            case .userText: record.event.userText = text()
            case .url: record.event.url = URL(string: text())
            case .value:
                let parts = text().split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2 { record.event.values[String(parts[0])] = String(parts[1]) }
            case .role: record.role = DeliveryProcessRole(rawValue: text())
            case .writtenAt: writtenAt = integer().map { Int64(bitPattern: $0) }
            case .reportedAt: reportedAt = integer().map { Int64(bitPattern: $0) }
            case .notificationDateUnknown: isNotificationDateUnknown = true
            case .summary: summary = summary ?? DeliverySummary()
            case .title: summary?.title = text()
            case .body: summary?.body = text()
            case .category: summary?.categoryIdentifier = text()
            case .thread: summary?.threadIdentifier = text()
            case .deepLink: summary?.deepLinkText = text()
            case .provider: summary?.provider = text()
            case .customData:
                if case .object(let members)? = try? PushValue(json: Data(field)) { summary?.customData = members }
            case .truncated: summary?.isTruncated = true
            case .scope: record.scope = PushScope(rawValue: text())  // an invalid one reads as none
            }
        }
        guard let sequence, let messageID, let notificationDate, let writtenAt, let eventKind,
            (1...maximumSequence).contains(sequence)
        else { return nil }
        record.sequence = sequence
        record.messageID = PushMessage.ID(rawValue: messageID)
        record.notificationDate = isNotificationDateUnknown ? nil : date(milliseconds: notificationDate)
        record.reportedAt = date(milliseconds: reportedAt ?? notificationDate)
        record.writtenAt = date(milliseconds: writtenAt)
        record.event.kind = DeliveryEvent.Kind(rawValue: eventKind)
        record.summary = summary
        return record
    }

    // MARK: Primitives

    private static func put(_ tag: Tag, _ value: UInt64, _ bytes: inout [UInt8]) {
        bytes.append(tag.rawValue)
        bytes.append(8)
        appendLE(value, to: &bytes)
    }

    private static func put(_ tag: Tag, _ value: String, _ bytes: inout [UInt8]) {
        bytes.append(tag.rawValue)
        var length = UInt64(value.utf8.count)
        while length >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        bytes.append(UInt8(length))
        bytes += value.utf8
    }

    private static func readVarint(_ bytes: UnsafeRawBufferPointer, _ position: inout Int) -> Int? {
        var value = 0
        var shift = 0
        while position < bytes.count, shift < 35 {
            let byte = bytes[position]
            position += 1
            value |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }

    static func appendLE<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    static func readLE<T: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, at offset: Int, as type: T.Type) -> T {
        var value = T.zero
        withUnsafeMutableBytes(of: &value) {
            $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + MemoryLayout<T>.size)]))
        }
        return T(littleEndian: value)
    }
}
