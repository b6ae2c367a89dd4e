import Dispatch
import Foundation
import PushBusTesting
import Testing

@testable import PushBusCore
@testable import PushBusHub

/// The hub's pure parts, driven directly: no threads, no locks. Each step is one transition and its action.
@Suite struct PushCenterStateMachineTests {
    let storage = HubStorage(configuration: .init())

    func machine(parkingCapacity: Int = 32) -> PushCenterStateMachine {
        PushCenterStateMachine(configuration: .init(parkingCapacity: parkingCapacity, deduplicationWindow: 0))
    }

    func subscribe(
        _ machine: inout PushCenterStateMachine, _ filter: PushFilter = .all, replay: ReplayPolicy = .parked
    ) -> PushCenterStateMachine.SubscribeAction<MessageSubscriber, ParkingLot.Entry> {
        machine.subscribe(
            filter, replay: replay, kind: .closure, at: 0, owner: { 1 }, storage: storage, onTermination: nil
        ) { _ in }
    }

    @Test func aPostWithNoSubscriberEndsInTheParkingLot() throws {
        var machine = machine()
        guard
            case .deliver(let snapshot, let ticket) = machine.post(
                HubFixtures.message("a"), at: nil, owner: 1)
        else { throw Failure("expected a fan-out") }
        #expect(snapshot.isEmpty)
        guard case .parked = machine.park(HubFixtures.message("a"), at: 0, ticket: ticket) else {
            throw Failure("expected parked")
        }
        #expect(machine.parkedMessages(at: 0).map(\.id.rawValue) == ["a"])
    }

    @Test func parkingOffKeepsNothing() throws {
        var machine = machine(parkingCapacity: 0)
        guard case .deliver(_, let ticket) = machine.post(HubFixtures.message("a"), at: nil, owner: 1) else {
            throw Failure("expected a fan-out")
        }
        guard case .notKept = machine.park(HubFixtures.message("a"), at: 0, ticket: ticket) else {
            throw Failure("expected not kept")
        }
        #expect(machine.statistics.dropped == 1)
    }

    @Test func aReplayingSubscriberClaimsAParkedMessageOnce() throws {
        var machine = machine()
        guard case .deliver(_, let ticket) = machine.post(HubFixtures.message("tap"), at: nil, owner: 1) else {
            throw Failure("expected a fan-out")
        }
        _ = machine.park(HubFixtures.message("tap"), at: 0, ticket: ticket)

        guard case .replay(let first, let offered, let replayTicket) = subscribe(&machine) else {
            throw Failure("expected a replay")
        }
        guard case .replay(let second, let offeredAgain, _) = subscribe(&machine) else {
            throw Failure("the message is still parked until claimed")
        }
        #expect(machine.claim(offered.map(\.sequence), for: first).map(\.id.rawValue) == ["tap"])
        #expect(machine.claim(offeredAgain.map(\.sequence), for: second).isEmpty)
        #expect(machine.drainPending(first) == nil)
        #expect(machine.phase(of: first) == .live)
        _ = machine.finishDelivery(replayTicket, delivered: 1)
        #expect(machine.parkedMessages(at: 0).isEmpty)
    }

    @Test func liveMessagesQueueForAReplayingSubscriberThenDrainInOrder() throws {
        var machine = machine()
        guard case .deliver(_, let ticket) = machine.post(HubFixtures.message("old"), at: nil, owner: 1) else {
            throw Failure("expected a fan-out")
        }
        _ = machine.park(HubFixtures.message("old"), at: 0, ticket: ticket)
        guard case .replay(let subscriber, _, _) = subscribe(&machine) else { throw Failure("expected a replay") }

        #expect(machine.enqueueDuringReplay(HubFixtures.message("new1"), for: subscriber) == true)
        #expect(machine.enqueueDuringReplay(HubFixtures.message("new2"), for: subscriber) == true)
        #expect(machine.drainPending(subscriber)?.map(\.id.rawValue) == ["new1", "new2"])
        #expect(machine.drainPending(subscriber) == nil)
        #expect(machine.enqueueDuringReplay(HubFixtures.message("new3"), for: subscriber) == nil)
    }

    @Test func cancellingDuringAFanOutThatHoldsTheSubscriberDefersReleasingItsHandler() throws {
        var machine = machine()
        guard case .live(let subscriber) = subscribe(&machine, replay: .none) else { throw Failure("expected live") }
        guard case .deliver(_, let ticket) = machine.post(HubFixtures.message("a"), at: nil, owner: 1) else {
            throw Failure("expected a fan-out")
        }

        let cancel = machine.cancel(subscriber, waitingOwner: nil)
        #expect(!cancel.releasesHandlerNow, "the running fan-out may still call the handler")
        #expect(cancel.waitFor == nil, "cancel() never blocks")

        let finished = machine.finishDelivery(ticket.ticket, delivered: 1)
        #expect(finished.completions.count == 1, "released once the fan-out ended")
    }

    @Test func cancelAndWaitWaitsOnlyForOtherThreadsDeliveriesThatHoldTheSubscriber() throws {
        var machine = machine()
        guard case .deliver(_, let before) = machine.post(HubFixtures.message("a"), at: nil, owner: 7) else {
            throw Failure("expected a fan-out")
        }
        guard case .live(let subscriber) = subscribe(&machine, replay: .none) else { throw Failure("expected live") }

        // A fan-out that began before the subscription cannot call it: nothing to wait for.
        let cancel = machine.cancel(subscriber, waitingOwner: 1)
        #expect(cancel.waitFor == nil)
        #expect(cancel.releasesHandlerNow)
        _ = machine.finishDelivery(before.ticket, delivered: 0)
    }

    @Test func aKnownDuplicateEndsAsADuplicateWithoutEnteringTheGate() throws {
        var machine = PushCenterStateMachine(configuration: .init(deduplicationWindow: 30))
        guard case .live = subscribe(&machine, replay: .none) else { throw Failure("expected live") }
        let now = Date(timeIntervalSince1970: 0)
        guard case .duplicate = machine.post(HubFixtures.message("a"), at: now, owner: 1, isKnownDuplicate: true)
        else { throw Failure("expected a duplicate") }
        // The gate never saw it: the same report posted normally is new.
        guard case .deliver = machine.post(HubFixtures.message("a"), at: now, owner: 1) else {
            throw Failure("expected a fan-out")
        }
        #expect(machine.statistics.posted == 2 && machine.statistics.duplicates == 1)
    }

    @Test func terminationEndsEverySubscriberAndRefusesNewOnes() throws {
        var machine = machine()
        guard case .live = subscribe(&machine) else { throw Failure("expected live") }
        let (ended, wakeups) = machine.terminate()
        #expect(ended.count == 1)
        #expect(wakeups.completions.count == 1)
        guard case .terminated = subscribe(&machine) else { throw Failure("expected terminated") }
        guard case .terminated = machine.post(HubFixtures.message("a"), at: nil, owner: 1) else {
            throw Failure("expected terminated")
        }
    }
}

/// The subscriber list's bookkeeping: cancelling the newest entry removes it at once (with the tombstones it
/// uncovers), any other becomes a tombstone until enough accumulate.
@Suite struct SubscriberListTests {
    let storage = HubStorage(configuration: .init())

    func subscriber(_ id: UInt64) -> MessageSubscriber {
        MessageSubscriber(
            id: id, filter: .all, wantsReplay: false, kind: .closure, storage: storage, onTermination: nil
        ) { _ in }
    }

    func list(_ ids: ClosedRange<UInt64>) -> SubscriberList<MessageSubscriber> {
        var list = SubscriberList<MessageSubscriber>()
        for id in ids { list.append(subscriber(id), phase: .live) }
        return list
    }

    @Test func cancellingTheNewestEntryRemovesIt() {
        var list = list(1...3)
        let first = list.cancel(3)
        let second = list.cancel(3)
        #expect(first)
        #expect(!second, "a second cancel finds nothing")
        #expect(list.entries.map(\.subscriber.id) == [1, 2])
        #expect(list.phase(of: 3) == .cancelled)
    }

    @Test func cancellingAnOlderEntryLeavesATombstoneThatTheNewestsCancelSweeps() {
        var list = list(1...4)
        let older = [list.cancel(2), list.cancel(3)]
        #expect(older == [true, true])
        #expect(list.entries.map(\.subscriber.id) == [1, 2, 3, 4])
        #expect(list.phase(of: 2) == .cancelled && list.phase(of: 4) == .live)

        let newest = list.cancel(4)
        #expect(newest)
        #expect(list.entries.map(\.subscriber.id) == [1], "the tombstones behind the newest go with it")
        #expect(list.phase(of: 1) == .live)

        list.append(subscriber(5), phase: .live)
        #expect(list.index(of: 5) == 1 && list.index(of: 1) == 0)
    }

    @Test func manyTombstonesAreCompactedInOnePass() {
        var list = list(1...40)
        for id in UInt64(1)...30 { _ = list.cancel(id) }
        #expect(list.entries.count < 40, "compacted once tombstones outnumber live entries")
        #expect(list.entries.allSatisfy { $0.phase == .live || $0.subscriber.id <= 30 })
        #expect((31...40).allSatisfy { list.phase(of: UInt64($0)) == .live })
        #expect((1...30).allSatisfy { list.phase(of: UInt64($0)) == .cancelled })
    }
}

@Suite struct InFlightDeliveriesTests {
    @Test func aWaitCompletesWhenTheLastOfItsDeliveriesEndsInAnyOrder() {
        var inFlight = InFlightDeliveries()
        let a = inFlight.begin(reach: 5, owner: 1)
        let b = inFlight.begin(reach: 5, owner: 2)
        let semaphore = DispatchSemaphore(value: 0)
        let registered = inFlight.whenEnded(inFlight.tickets(reaching: 3), .signal(semaphore))
        #expect(registered)

        #expect(inFlight.end(a).isEmpty)
        #expect(inFlight.end(b).count == 1)
        #expect(inFlight.running.isEmpty)
    }

    @Test func onlyDeliveriesThatHoldTheSubscriberReachIt() {
        var inFlight = InFlightDeliveries()
        _ = inFlight.begin(reach: 2, owner: 1)  // snapshot made before subscriber 3
        let replay = inFlight.begin(reach: 4, only: 4, owner: 1)  // subscriber 4's own replay
        let fanOut = inFlight.begin(reach: 9, owner: 2)

        #expect(inFlight.tickets(reaching: 3) == [fanOut])
        #expect(inFlight.tickets(reaching: 4) == [replay, fanOut])
        #expect(inFlight.tickets(reaching: 4, excluding: 2) == [replay])
        let registered = inFlight.whenEnded([], .signal(DispatchSemaphore(value: 0)))
        #expect(!registered)
    }

    @Test func aLateSubscriberIsReachedOnceTheFanOutIsWidened() {
        var inFlight = InFlightDeliveries()
        let ticket = inFlight.begin(reach: 2, owner: 1)
        #expect(inFlight.tickets(reaching: 3).isEmpty)
        inFlight.widen(ticket, to: 3)
        #expect(inFlight.tickets(reaching: 3) == [ticket])
    }

    /// The newest delivery is kept apart from the older ones: ending, widening and waiting on either keep the rest.
    @Test func nestedDeliveriesEndInAnyOrderAndKeepTheirReach() {
        var inFlight = InFlightDeliveries()
        let outer = inFlight.begin(reach: 2, owner: 1)
        let middle = inFlight.begin(reach: 2, owner: 1)
        let inner = inFlight.begin(reach: 2, owner: 1)
        inFlight.widen(outer, to: 7)  // an older delivery widened
        #expect(inFlight.tickets(reaching: 7) == [outer])
        let semaphore = DispatchSemaphore(value: 0)
        let registered = inFlight.whenEnded(inFlight.tickets(reaching: 2), .signal(semaphore))
        #expect(registered)

        #expect(inFlight.end(middle).isEmpty)  // out of order, from the older ones
        #expect(inFlight.running.map(\.ticket) == [outer, inner])
        #expect(inFlight.end(inner).isEmpty)  // the newest: the outer one becomes the newest
        #expect(inFlight.running.map(\.ticket) == [outer])
        #expect(inFlight.tickets(reaching: 7) == [outer])
        #expect(inFlight.end(outer).count == 1)
        #expect(inFlight.running.isEmpty)
        #expect(inFlight.tickets(reaching: 1).isEmpty)

        let next = inFlight.begin(reach: 3, owner: 2)  // and the next delivery starts from a clean slate
        #expect(inFlight.running.map(\.ticket) == [next])
    }
}

@Suite struct ParkingLotTests {
    @Test func aTakenMessageLeavesTheLotAndCannotBeTakenAgain() {
        var lot = ParkingLot(capacity: 4, maximumAge: 60)
        _ = lot.park(HubFixtures.message("a"), at: 0)
        _ = lot.park(HubFixtures.message("b"), at: 0)
        let sequences = lot.entries.map(\.sequence)

        #expect(lot.take([sequences[1]]).map(\.id.rawValue) == ["b"])
        #expect(lot.take([sequences[1]]).isEmpty)
        #expect(lot.messages.map(\.id.rawValue) == ["a"])
    }

    @Test func agesAreMeasuredOnTheGivenMonotonicTime() {
        var lot = ParkingLot(capacity: 4, maximumAge: 60)
        _ = lot.park(HubFixtures.message("a"), at: 100)
        #expect(lot.expire(at: 160) == 0)
        #expect(lot.expire(at: 160.5) == 1)
    }

    @Test func zeroCapacityKeepsNothing() {
        var lot = ParkingLot(capacity: 0, maximumAge: 60)
        #expect(!lot.isEnabled)
        #expect(lot.park(HubFixtures.message("a"), at: 0) == 0)
        #expect(lot.isEmpty)
    }

    @Test func capacityPushesOutTheOldest() {
        var lot = ParkingLot(capacity: 2, maximumAge: 60)
        for id in ["a", "b", "c"] { _ = lot.park(HubFixtures.message(id), at: 0) }
        #expect(lot.messages.map(\.id.rawValue) == ["b", "c"])
    }
}

/// A failed precondition of a test, with what was expected.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
