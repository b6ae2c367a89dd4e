import Dispatch

/// The deliveries running outside the lock (fan-outs, replays, registration fan-outs), so that a cancel waits
/// for — or defers releasing a handler until — exactly the ones that could still call that handler.
///
/// A delivery records its `reach`: the newest subscriber id its snapshot holds (a subscriber made later is not in
/// it), or one subscriber only (a replay). Deliveries end in any order; the common case (one poster, or nested
/// posts ending last-in first-out) ends the newest one.
struct InFlightDeliveries: Sendable {
    /// One running delivery.
    struct Delivery: Sendable, Equatable {
        var ticket: UInt64
        /// The newest subscriber id the delivery may call.
        var reach: UInt64
        /// The one subscriber a replay calls; `nil` for a fan-out.
        var only: UInt64?
        /// The thread that runs it (``DeliveryContext/currentOwner``).
        var owner: UInt
    }

    /// What to do when the deliveries a wait is for have all ended.
    enum Completion: Sendable {
        /// Wake a thread blocked in `cancelAndWait()`.
        case signal(DispatchSemaphore)
        /// Release a cancelled subscriber's handler.
        case release(SubscriberBase)
    }

    private struct Wait: Sendable {
        var tickets: [UInt64]
        var completion: Completion
    }

    /// The newest running delivery, kept out of the array: in the common case (one delivery at a time) a begin
    /// and an end touch no array, so a post pays no copy-on-write check for them.
    private var newest: Delivery?
    /// The older running deliveries, oldest first.
    private var older: [Delivery] = []
    private var waits: [Wait] = []
    private var nextTicket: UInt64 = 0

    /// The running deliveries, oldest first.
    var running: [Delivery] { newest.map { older + [$0] } ?? older }

    /// Registers a delivery; pass the ticket to ``end(_:)``.
    mutating func begin(reach: UInt64, only: UInt64? = nil, owner: UInt) -> UInt64 {
        nextTicket &+= 1
        if let newest { older.append(newest) }
        newest = Delivery(ticket: nextTicket, reach: reach, only: only, owner: owner)
        return nextTicket
    }

    /// Extends a running fan-out to subscribers up to `reach` (those that arrived while it ran and now receive
    /// the message it parked).
    mutating func widen(_ ticket: UInt64, to reach: UInt64) {
        if var delivery = newest, delivery.ticket == ticket {
            delivery.reach = Swift.max(delivery.reach, reach)
            newest = delivery
        } else if let index = older.lastIndex(where: { $0.ticket == ticket }) {
            older[index].reach = Swift.max(older[index].reach, reach)
        }
    }

    /// Unregisters a delivery; returns the waits it completed.
    @inline(__always)
    mutating func end(_ ticket: UInt64) -> [Completion] {
        // The common case, inlined into the post: the only running delivery ends and nobody waits.
        if older.isEmpty, waits.isEmpty, newest?.ticket == ticket {
            newest = nil
            return []
        }
        return endAny(ticket)
    }

    @inline(never)
    private mutating func endAny(_ ticket: UInt64) -> [Completion] {
        if newest?.ticket == ticket {
            newest = older.isEmpty ? nil : older.removeLast()
        } else if let index = older.firstIndex(where: { $0.ticket == ticket }) {
            older.remove(at: index)
        }
        guard !waits.isEmpty else { return [] }
        var completed: [Completion] = []
        var index = 0
        while index < waits.count {
            if let position = waits[index].tickets.firstIndex(of: ticket) {
                waits[index].tickets.remove(at: position)
                if waits[index].tickets.isEmpty {
                    completed.append(waits.remove(at: index).completion)
                    continue
                }
            }
            index += 1
        }
        return completed
    }

    /// The running deliveries that could call subscriber `id`, leaving out those run by `excludedOwner`.
    func tickets(reaching id: UInt64, excluding excludedOwner: UInt? = nil) -> [UInt64] {
        guard newest != nil else { return [] }  // the common case: nothing runs while one cancels
        return running.compactMap { delivery in
            guard delivery.reach >= id, delivery.only == nil || delivery.only == id,
                delivery.owner != excludedOwner
            else { return nil }
            return delivery.ticket
        }
    }

    /// Runs `completion` once every delivery in `tickets` has ended. Returns `false` (and registers nothing) if
    /// `tickets` is empty: complete it now.
    mutating func whenEnded(_ tickets: [UInt64], _ completion: Completion) -> Bool {
        guard !tickets.isEmpty else { return false }
        waits.append(Wait(tickets: tickets, completion: completion))
        return true
    }

    /// Ends every wait (the center is gone: nothing will be delivered).
    mutating func removeAllWaits() -> [Completion] {
        defer { waits = [] }
        return waits.map(\.completion)
    }
}
