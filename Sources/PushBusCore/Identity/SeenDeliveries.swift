package import Foundation

/// The one answer to "is this report a delivery already seen?", for every layer: the hub's gate
/// (`DeduplicationWindow`), the delivery's memory of answered responses and background runs, and the router's
/// memory of routed taps. Pure value type: no lock, no clock of its own; the owner locks and passes the time.
///
/// Two reports are one delivery when their ``PushMessage/ID``, kind and response action are equal **and**
/// nothing proves them apart (DESIGN, "Identity and de-duplication"):
/// - both know the request identifier and the identifiers differ, compared case-insensitively → apart;
/// - both know the notification's own date and the dates differ by more than ``dateTolerance`` → apart;
/// - when the two share no such evidence (a legacy, launch-options or forwarded report knows neither), they
///   are one delivery only if the earlier one was recorded at most `correlationWindow` seconds before, and,
///   for a silent push, only if they came through different callbacks: iOS reports a silent push once per
///   callback (the launch options and the fetch callback of a background launch, say), so content alone never
///   makes a later report on the same callback a duplicate.
///
/// A report proven the same by its evidence matches for as long as the earlier one is remembered: at most
/// ``retention`` seconds and `capacity` reports. A duplicate does not refresh the remembered report, but
/// teaches it the evidence it lacked (a launch-options report followed by its `didReceive` learns the request
/// identifier and date, so a different delivery of the same payload is told apart later).
///
/// ```swift
/// var seen = SeenDeliveries(correlationWindow: 30)
/// let isNew = seen.record(message.deduplicationKey, at: clock.now)  // false: already seen
/// ```
package struct SeenDeliveries: Sendable {
    /// How far apart two notification dates may be and still be one delivery, in seconds.
    package static let dateTolerance: TimeInterval = 1

    /// How long a report that shares no evidence with an earlier one still matches it, in seconds.
    package let correlationWindow: TimeInterval
    /// How long a report is remembered at all, in seconds (never shorter than the correlation window).
    package let retention: TimeInterval
    /// How many reports are remembered at most; the oldest is forgotten first.
    package let capacity: Int

    /// Remembered reports in a ring indexed by sequence number, grown as reports arrive up to `capacity` rounded
    /// up to a power of two (so a sequence's place is a mask, not a division; only the last `capacity` count as
    /// remembered). A capacity of 50 million allocated at once would be 2.7 GB at the first post. Each entry links to the
    /// previous report of its id, kind and action, so a bucket needs no collection of its own.
    private var ring: [Remembered] = []
    /// An open-addressing table of the newest sequence number (+ 1; 0 is an empty slot) per id, kind and action,
    /// probed linearly from the key's hash. A slot whose sequence the ring has overwritten is stale: lookups pass
    /// it, inserts reuse it. Rebuilt from the ring (in place, no allocation unless it grows) once half its slots are
    /// used, so it never holds more than twice the reports remembered and costs no `Dictionary` hashing, resizing
    /// or sweeping on the way of a post.
    private var slots: [Int] = []
    /// Slots not empty (live or stale).
    private var usedSlots = 0
    private var nextSequence = 0
    /// The ring's size − 1: `capacity` rounded up to a power of two, − 1.
    private let ringMask: Int

    /// Creates an empty memory.
    ///
    /// - Parameters:
    ///   - correlationWindow: How long reports without common evidence match (default 30 s). `0` or less turns
    ///     the memory off: every report is new.
    ///   - retention: How long anything is remembered (default 600 s).
    ///   - capacity: How many reports are remembered (default 256). `0` turns the memory off.
    package init(correlationWindow: TimeInterval = 30, retention: TimeInterval = 600, capacity: Int = 256) {
        self.correlationWindow = correlationWindow
        self.retention = max(retention, correlationWindow)
        self.capacity = max(0, capacity)
        var size = 1
        while size < self.capacity, size < Int.max >> 2 { size <<= 1 }
        ringMask = size - 1
    }

    /// A Boolean value indicating whether the memory is on (a positive window and capacity).
    package var isEnabled: Bool { correlationWindow > 0 && capacity > 0 }

    /// How many report slots are allocated: grows with the reports recorded, never past `capacity` rounded up to
    /// a power of two.
    package var allocatedCount: Int { ring.count }

    /// Records `report`, made at `now`.
    ///
    /// - Returns: `true` if it is a new delivery (now remembered), `false` if it is one already seen.
    @discardableResult
    package mutating func record(_ report: PushMessage.DeduplicationKey, at now: Date) -> Bool {
        guard isEnabled else { return true }
        return record(Key(report), Evidence(report), at: now)
    }

    /// Records the report `message` makes (its ``PushMessage/deduplicationKey``, read without building one).
    ///
    /// - Returns: `true` if it is a new delivery (now remembered), `false` if it is one already seen.
    @discardableResult
    package mutating func record(_ message: PushMessage, at now: Date) -> Bool {
        guard isEnabled else { return true }
        return record(Key(message), Evidence(message), at: now)
    }

    private mutating func record(_ key: Key, _ evidence: Evidence, at now: Date) -> Bool {
        let sequence = nextSequence
        if usedSlots >= slots.count / 2 { rebuild(adding: 1) }
        let (previous, slot) = find(key)
        if let previous, let match = firstMatch(from: previous, evidence, at: now) {
            ring[match & ringMask].evidence.learn(from: evidence)
            return false
        }
        if slots[slot] == 0 { usedSlots += 1 }
        slots[slot] = sequence + 1
        remember(Remembered(sequence: sequence, previous: previous ?? -1, at: now, evidence: evidence, key: key))
        return true
    }

    /// A Boolean value indicating whether `report` would be a duplicate at `now`; records nothing.
    package func contains(_ report: PushMessage.DeduplicationKey, at now: Date) -> Bool {
        guard isEnabled, !slots.isEmpty, let start = find(Key(report)).newest else { return false }
        return firstMatch(from: start, Evidence(report), at: now) != nil
    }

    // MARK: Rules

    /// The newest remembered report of a bucket, from `start` back, that a new report with `evidence` is the
    /// same delivery as. Older reports of a chain are forgotten before newer ones, so the walk stops at the
    /// first forgotten one.
    private func firstMatch(from start: Int, _ evidence: Evidence, at now: Date) -> Int? {
        var candidate = start
        while let earlier = remembered(candidate, at: now) {
            if matches(evidence, earlier, at: now) { return candidate }
            candidate = earlier.previous
        }
        return nil
    }

    /// Whether a new report with `evidence` is the delivery `earlier` remembers.
    private func matches(_ evidence: Evidence, _ earlier: Remembered, at now: Date) -> Bool {
        Self.isSameDelivery(evidence, at: now, earlier.evidence, at: earlier.at, correlationWindow: correlationWindow)
    }

    // MARK: The rule, for stored reports

    /// Whether two reports of one message (same ``PushMessage/ID``; the caller compares kind and action where
    /// they matter) are one delivery: the rule every layer applies, here and nowhere else. The hub, the delivery and
    /// the router ask it through a ``SeenDeliveries`` memory; the ledger, the inbox and the router's inbox side ask
    /// it directly about reports they stored.
    ///
    /// - Parameters:
    ///   - evidence: What the first report knows of the notification (request identifier, the notification's own
    ///     date, never a callback's date).
    ///   - time: When the first report was made (a callback's date, or a monotonic instant).
    ///   - otherEvidence: What the second report knows.
    ///   - otherTime: When the second report was made, on the same clock as `time`.
    ///   - correlationWindow: How far apart two reports that share no evidence may be.
    package static func isSameDelivery(
        _ evidence: Evidence, at time: Date, _ otherEvidence: Evidence, at otherTime: Date,
        correlationWindow: TimeInterval
    ) -> Bool {
        switch evidence.compare(with: otherEvidence) {
        case .apart: return false
        case .provenSame: return true
        case .unproven: return abs(time.timeIntervalSince(otherTime)) <= correlationWindow
        }
    }

    /// ``isSameDelivery(_:at:_:at:correlationWindow:)`` for reports kept in a ledger or an inbox, each known by its
    /// evidence and the date it was reported (a callback's date). Two such reports that share no evidence are
    /// compared by when each was delivered as best known: the notification's own date when one knows it, else
    /// the date it was reported.
    package static func isSameDelivery(
        _ evidence: Evidence, reportedAt: Date, _ otherEvidence: Evidence, reportedAt otherReportedAt: Date,
        correlationWindow: TimeInterval
    ) -> Bool {
        isSameDelivery(
            evidence, at: evidence.date ?? reportedAt, otherEvidence, at: otherEvidence.date ?? otherReportedAt,
            correlationWindow: correlationWindow)
    }

    /// Whether two reports are not proven apart by their evidence: a question asked with partial evidence ("is
    /// this record about that request?"), where what either side does not know matches anything.
    package static func mayBeSameDelivery(_ evidence: Evidence, _ otherEvidence: Evidence) -> Bool {
        evidence.compare(with: otherEvidence) != .apart
    }

    /// `identifier` in the form two request identifiers that are the same delivery share (case folded as the rule
    /// folds it): for keys of sets and dictionaries that group reports.
    package static func identifierKey(_ identifier: String) -> String {
        identifier.utf8.allSatisfy { $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
            ? identifier : identifier.lowercased()
    }

    // MARK: Storage

    private func remembered(_ sequence: Int, at now: Date) -> Remembered? {
        guard let index = index(of: sequence), now.timeIntervalSince(ring[index].at) <= retention else { return nil }
        return ring[index]
    }

    /// Where the ring holds `sequence`, if it still does (however old). Callers read the entry in place: a copy
    /// would retain its strings.
    private func index(of sequence: Int) -> Int? {
        guard sequence >= 0, sequence >= nextSequence - capacity else { return nil }
        let index = sequence & ringMask
        guard index < ring.count, ring[index].sequence == sequence else { return nil }
        return index
    }

    /// The newest sequence remembered for `key`, and the slot that holds it (or the slot to put it in).
    private func find(_ key: Key) -> (newest: Int?, slot: Int) {
        let mask = slots.count - 1
        var slot = key.hash & mask
        var reusable: Int?
        while true {
            let value = slots[slot]
            if value == 0 { return (nil, reusable ?? slot) }
            if let index = index(of: value - 1) {
                if ring[index].key == key { return (value - 1, slot) }
            } else if reusable == nil {
                reusable = slot  // stale: its report was overwritten
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func remember(_ entry: Remembered) {
        nextSequence += 1
        if ring.count <= ringMask {
            ring.append(entry)  // sequences start at 0, so `sequence == ring.count` until the ring is full
        } else {
            ring[entry.sequence & ringMask] = entry
        }
    }

    /// Rebuilds the slots from the ring for `extra` more reports: at least eight slots per report the ring can
    /// hold then (short probes: at most a quarter of the slots are used), so the next rebuild is at least three
    /// times that many reports away.
    private mutating func rebuild(adding extra: Int) {
        let reports = min(capacity, ring.count + extra)
        var size = 16
        while size < 8 * reports { size <<= 1 }
        if size == slots.count {
            for index in slots.indices { slots[index] = 0 }
        } else {
            slots = Array(repeating: 0, count: size)
        }
        usedSlots = 0
        // Oldest first, so the newest report of each key ends in its slot.
        for sequence in max(0, nextSequence - capacity)..<nextSequence {
            guard let index = index(of: sequence) else { continue }
            let (_, slot) = find(ring[index].key)
            if slots[slot] == 0 { usedSlots += 1 }
            slots[slot] = sequence + 1
        }
    }
}

extension SeenDeliveries {
    /// What can prove two reports of one push apart: the request identifier (case-folded), the
    /// notification's own date and, for a silent push, the callbacks that reported it.
    package struct Evidence: Sendable, Hashable {
        /// `UNNotificationRequest.identifier`, when the report knew it.
        package var identifier: String?
        /// The notification's own date (`UNNotification.date`), when the report knew it: never a callback's date.
        package var date: Date?
        /// The callbacks that reported this silent push (empty for any other message).
        var silentPaths: [DeliveryPath] = []

        package init(identifier: String? = nil, date: Date? = nil) {
            self.identifier = identifier
            self.date = date
        }

        /// What a stored report of `message` keeps (a ledger record, an inbox entry): the request identifier and the
        /// notification's own date, never the callback's date in ``PushMessage/date``.
        package static func stored(_ message: PushMessage) -> Evidence {
            Evidence(identifier: message.requestIdentifier, date: message.notificationDate)
        }

        init(_ message: PushMessage) {
            identifier = message.requestIdentifier
            date = message.notificationDate
            if message.isSilent { silentPaths = [message.path] }
        }

        init(_ report: PushMessage.DeduplicationKey) {
            identifier = report.requestIdentifier
            date = report.notificationDate
            if let path = report.silentPath { silentPaths = [path] }
        }

        package enum Comparison: Equatable {
            /// The evidence proves two deliveries.
            case apart
            /// Both know some evidence and all of it agrees.
            case provenSame
            /// They share no evidence: only time can tell.
            case unproven
        }

        package func compare(with other: Evidence) -> Comparison {
            var compared = false
            if let identifier, let otherIdentifier = other.identifier {
                guard Self.isSameIdentifier(identifier, otherIdentifier) else { return .apart }
                compared = true
            }
            if let date, let otherDate = other.date {
                guard abs(date.timeIntervalSince(otherDate)) <= SeenDeliveries.dateTolerance else { return .apart }
                compared = true
            }
            if compared { return .provenSame }
            // A silent push reported again on a callback that already reported it is a new push.
            return silentPaths.contains(where: other.silentPaths.contains) ? .apart : .unproven
        }

        /// Whether two request identifiers are equal ignoring case: byte by byte for ASCII (UUIDs, the common
        /// case, without allocating), by lowercasing otherwise.
        static func isSameIdentifier(_ lhs: String, _ rhs: String) -> Bool {
            if lhs == rhs { return true }
            var left = lhs.utf8.makeIterator()
            var right = rhs.utf8.makeIterator()
            while true {
                switch (left.next(), right.next()) {
                case (nil, nil): return true
                case (let a?, let b?) where a < 0x80 && b < 0x80:
                    guard Self.folded(a) == Self.folded(b) else { return false }
                case (let a?, let b?) where a >= 0x80 || b >= 0x80:
                    return lhs.lowercased() == rhs.lowercased()
                default: return false  // different lengths, both ASCII so far
                }
            }
        }

        private static func folded(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        }

        /// Fills in what this evidence lacks from a report of the same delivery.
        mutating func learn(from other: Evidence) {
            if identifier == nil { identifier = other.identifier }
            if date == nil { date = other.date }
            for path in other.silentPaths where !silentPaths.contains(path) { silentPaths.append(path) }
        }
    }

    struct Remembered: Sendable {
        var sequence: Int
        /// The previous report of the same id, kind and action, or -1.
        var previous: Int
        var at: Date
        var evidence: Evidence
        var key: Key
    }

    /// Id, kind and action with their hash computed once per report.
    struct Key: Equatable, Sendable {
        let id: PushMessage.ID
        let kind: PushMessage.Kind
        let action: PushResponse.Action?
        let hash: Int

        init(_ report: PushMessage.DeduplicationKey) {
            self.init(id: report.id, kind: report.kind, action: report.action)
        }

        init(_ message: PushMessage) {
            self.init(id: message.id, kind: message.kind, action: message.responseAction)
        }

        private init(id: PushMessage.ID, kind: PushMessage.Kind, action: PushResponse.Action?) {
            self.id = id
            self.kind = kind
            self.action = action
            var hasher = Hasher()
            hasher.combine(id.rawValue)
            hasher.combine(kind)
            hasher.combine(action)
            hash = hasher.finalize()
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.action == rhs.action
        }
    }
}
