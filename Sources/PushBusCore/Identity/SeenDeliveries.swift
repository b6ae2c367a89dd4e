import Foundation

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
/// seen.record(message.deduplicationKey, at: clock.now)   // true: new; false: already seen
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

    /// Remembered reports in a ring indexed by sequence number, grown as reports arrive up to `capacity` (a
    /// capacity of 50 million allocated at once would be 2.7 GB at the first post). Each entry links to the
    /// previous report of its id, kind and action, so a bucket needs no collection of its own.
    private var ring: [Remembered] = []
    /// The newest sequence number per id, kind and action; swept in one pass once it holds
    /// ``sweepThreshold`` keys, so forgetting costs nothing on the common path.
    private var newest: [Bucket: Int] = [:]
    private var nextSequence = 0

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
    }

    /// A Boolean value indicating whether the memory is on (a positive window and capacity).
    package var isEnabled: Bool { correlationWindow > 0 && capacity > 0 }

    /// How many report slots are allocated: grows with the reports recorded, never past `capacity`.
    package var allocatedCount: Int { ring.count }

    /// Records `report`, made at `now`.
    ///
    /// - Returns: `true` if it is a new delivery (now remembered), `false` if it is one already seen.
    @discardableResult
    package mutating func record(_ report: PushMessage.DeduplicationKey, at now: Date) -> Bool {
        guard isEnabled else { return true }
        let bucket = Bucket(report)
        let evidence = Evidence(report)
        let sequence = nextSequence
        // One hash on the common path (a new delivery); a duplicate puts the newest sequence back.
        let previous = newest.updateValue(sequence, forKey: bucket)
        if let previous, let match = firstMatch(from: previous, evidence, at: now) {
            newest[bucket] = previous
            ring[match % capacity].evidence.learn(from: evidence)
            return false
        }
        remember(sequence, previous: previous, evidence, at: now)
        return true
    }

    /// A Boolean value indicating whether `report` would be a duplicate at `now`; records nothing.
    package func contains(_ report: PushMessage.DeduplicationKey, at now: Date) -> Bool {
        guard isEnabled, let start = newest[Bucket(report)] else { return false }
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
        switch evidence.compare(with: earlier.evidence) {
        case .apart: return false
        case .provenSame: return true
        case .unproven: return now.timeIntervalSince(earlier.at) <= correlationWindow
        }
    }

    // MARK: Storage

    private func remembered(_ sequence: Int, at now: Date) -> Remembered? {
        guard sequence >= 0, sequence >= nextSequence - capacity else { return nil }
        let entry = ring[sequence % capacity]
        guard entry.sequence == sequence, now.timeIntervalSince(entry.at) <= retention else { return nil }
        return entry
    }

    private mutating func remember(_ sequence: Int, previous: Int?, _ evidence: Evidence, at now: Date) {
        nextSequence += 1
        let entry = Remembered(sequence: sequence, previous: previous ?? -1, at: now, evidence: evidence)
        if ring.count < capacity {
            ring.append(entry)  // sequences start at 0, so `sequence == ring.count` until the ring is full
        } else {
            ring[sequence % capacity] = entry
        }
        if newest.count >= sweepThreshold { sweep(at: now) }
    }

    /// How many keys ``newest`` holds before forgotten ones are swept: at most `capacity` are remembered, so a
    /// sweep runs at most once per `capacity` reports.
    private var sweepThreshold: Int { 2 * capacity + 16 }

    /// Drops the keys whose newest report is forgotten (so are all their older ones).
    private mutating func sweep(at now: Date) {
        newest = newest.filter { remembered($0.value, at: now) != nil }
    }
}

extension SeenDeliveries {
    /// What can prove two reports of one push apart: the request identifier (case-folded), the
    /// notification's own date and, for a silent push, the callbacks that reported it.
    struct Evidence: Sendable, Equatable {
        var identifier: String?
        var date: Date?
        /// The callbacks that reported this silent push (empty for any other message).
        var silentPaths: [DeliveryPath] = []

        init(identifier: String? = nil, date: Date? = nil) {
            self.identifier = identifier
            self.date = date
        }

        init(_ report: PushMessage.DeduplicationKey) {
            identifier = report.requestIdentifier
            date = report.notificationDate
            if let path = report.silentPath { silentPaths = [path] }
        }

        enum Comparison: Equatable {
            /// The evidence proves two deliveries.
            case apart
            /// Both know some evidence and all of it agrees.
            case provenSame
            /// They share no evidence: only time can tell.
            case unproven
        }

        func compare(with other: Evidence) -> Comparison {
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
    }

    /// Id, kind and action with their hash computed once per report, so lookups and sweeps rehash an `Int`.
    struct Bucket: Hashable, Sendable {
        let id: PushMessage.ID
        let kind: PushMessage.Kind
        let action: PushResponse.Action?
        let hash: Int

        init(_ report: PushMessage.DeduplicationKey) {
            id = report.id
            kind = report.kind
            action = report.action
            var hasher = Hasher()
            hasher.combine(report.id.rawValue)
            hasher.combine(report.kind)
            hasher.combine(report.action)
            hash = hasher.finalize()
        }

        static func == (lhs: Bucket, rhs: Bucket) -> Bool {
            lhs.hash == rhs.hash && lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.action == rhs.action
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }
}
