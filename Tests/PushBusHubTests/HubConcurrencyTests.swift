import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusHub
import PushBusTestSupport
import Testing

/// Storms of posts, subscribes and cancels from many threads. Bounded in count and (as a hang guard) in time;
/// CI also runs this suite under the thread sanitizer (`.ci/steps/30-tsan.sh`).
@Suite(.serialized, .timeLimit(.minutes(2))) struct HubConcurrencyTests {
    static let posters = 8
    static let postsPerPoster = 10_000

    /// Where each poster is: the last sequence number it started posting and the last whose `post` returned.
    final class Progress: Sendable {
        private let state = LockedState([(started: 0, returned: 0)])

        init(posters: Int) { state.withLock { $0 = Array(repeating: (0, 0), count: posters) } }

        func started(_ poster: Int, _ sequence: Int) { state.withLock { $0[poster].started = sequence } }
        func returned(_ poster: Int, _ sequence: Int) { state.withLock { $0[poster].returned = sequence } }
        var snapshot: [(started: Int, returned: Int)] { state.withLock { $0 } }
        var totalReturned: Int { state.withLock { $0.reduce(0) { $0 + $1.returned } } }
    }

    /// What one subscription received, by poster, and whether anything arrived after `cancel()` returned.
    final class Log: Sendable {
        private let state: LockedState<(received: [[Int]], isCancelled: Bool, lateDeliveries: Int)>

        init(posters: Int) {
            state = LockedState((Array(repeating: [], count: posters), false, 0))
        }

        func record(_ message: PushMessage) {
            let (poster, sequence) = HubConcurrencyTests.decode(message)
            state.withLock { state in
                if state.isCancelled { state.lateDeliveries += 1 }
                state.received[poster].append(sequence)
            }
        }

        func markCancelled() { state.withLock { $0.isCancelled = true } }
        var received: [[Int]] { state.withLock { $0.received } }
        var lateDeliveries: Int { state.withLock { $0.lateDeliveries } }
    }

    static func message(poster: Int, sequence: Int, kind: PushMessage.Kind = .remote) -> PushMessage {
        var content = PushContent()
        content.badge = poster * 1_000_000 + sequence
        var message = PushMessage(kind: kind, content: content)
        message.id = PushMessage.ID(rawValue: "\(poster)-\(sequence)")
        return message
    }

    static func decode(_ message: PushMessage) -> (poster: Int, sequence: Int) {
        let badge = message.content.badge ?? 0
        return (badge / 1_000_000, badge % 1_000_000)
    }

    /// Runs `body(index)` on `count` new threads at once; returns whether all finished within the bound.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async -> Bool {
        let group = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for index in 0..<count {
            group.enter()
            Thread.detachNewThread {
                start.wait()
                body(index)
                group.leave()
            }
        }
        for _ in 0..<count { start.signal() }
        return await group.waitOffThePool() == .success
    }

    @Test func stormKeepsExactlyOncePerPosterOrderAndNothingAfterCancelAndWait() async {
        // Given a center with two subscriptions that live through the whole storm
        let center = PushCenter(configuration: .init(deduplicationCapacity: 1024))
        let posters = Self.posters
        let perPoster = Self.postsPerPoster
        let progress = Progress(posters: posters)
        let stable = (0..<2).map { _ in Log(posters: posters) }
        let stableSubscriptions = stable.map { log in center.subscribe { log.record($0) } }
        let churnLogs = LockedBox<[(log: Log, window: [(from: Int, through: Int)])]>([])
        let postersDone = LockedBox(0)

        // When 8 threads post 10,000 messages each while 2 threads subscribe and cancel
        let finished = await Self.onThreads(posters + 2) { index in
            if index < posters {
                for sequence in 1...perPoster {
                    progress.started(index, sequence)
                    center.post(Self.message(poster: index, sequence: sequence))
                    progress.returned(index, sequence)
                }
                postersDone.withValue { $0 += 1 }
                return
            }
            var round = 0
            while postersDone.value < posters {
                round += 1
                let log = Log(posters: posters)
                let subscription = center.subscribe(replay: round % 2 == 0 ? .parked : .none) { log.record($0) }
                let atSubscribe = progress.snapshot
                let target = progress.totalReturned + 500
                while progress.totalReturned < target, postersDone.value < posters { Thread.sleep(forTimeInterval: 0) }
                let atCancel = progress.snapshot
                subscription.cancelAndWait()
                log.markCancelled()
                let window = (0..<posters).map { (from: atSubscribe[$0].started + 1, through: atCancel[$0].returned) }
                churnLogs.withValue { $0.append((log, window)) }
            }
        }
        #expect(finished, "the storm did not finish in time")

        // Then the long-lived subscriptions got every message exactly once, in each poster's order
        for log in stable {
            for (poster, sequences) in log.received.enumerated() {
                #expect(sequences.count == perPoster, "poster \(poster): \(sequences.count) of \(perPoster)")
                #expect(sequences.elementsEqual(1...perPoster), "poster \(poster): lost, duplicated or reordered")
            }
        }
        // And each short-lived one got, per poster, a gap-free increasing run covering every post made
        // entirely while it was live, and nothing after cancelAndWait() returned
        let churned = churnLogs.value
        #expect(!churned.isEmpty)
        for (log, window) in churned {
            #expect(log.lateDeliveries == 0)
            for (poster, sequences) in log.received.enumerated() {
                if let first = sequences.first {
                    #expect(sequences.elementsEqual(first..<(first + sequences.count)), "poster \(poster) run")
                }
                let required =
                    window[poster].from <= window[poster].through
                    ? Array(window[poster].from...window[poster].through) : []
                #expect(Set(required).isSubset(of: Set(sequences)), "poster \(poster) missed a live post")
            }
        }
        #expect(center.statistics.posted == posters * perPoster)
        #expect(center.statistics.duplicates == 0)
        _ = stableSubscriptions
    }

    @Test func replayRacingLivePostsLosesAndDuplicatesNothing() async {
        for _ in 0..<20 {
            // Given a poster parking messages nobody listens to yet
            let center = PushCenter(configuration: .init(parkingCapacity: 100_000, deduplicationWindow: 0))
            let log = Log(posters: 1)
            let subscription = LockedBox<PushCancellable?>(nil)
            let count = 2_000

            // When a subscriber with replay arrives in the middle of the stream
            let finished = await Self.onThreads(2) { index in
                if index == 0 {
                    for sequence in 1...count { center.post(Self.message(poster: 0, sequence: sequence)) }
                } else {
                    Thread.sleep(forTimeInterval: 0)
                    let made = center.subscribe(replay: .parked) { log.record($0) }
                    subscription.withValue { $0 = made }
                }
            }
            #expect(finished)

            // Then it has every message exactly once, in order: replayed ones first, then live ones
            let received = log.received[0]
            #expect(received.count == count, "received \(received.count) of \(count)")
            #expect(received.elementsEqual(1...count), "lost, duplicated or reordered")
            _ = subscription
        }
    }

    @Test func cancelAndWaitFromOtherThreadsDuringDeliveryNeverLetsALateDeliveryThrough() async {
        // Given many subscriptions, each cancelled by another thread while posts run
        let center = PushCenter(configuration: .init(deduplicationWindow: 0))
        let logs = (0..<64).map { _ in Log(posters: 4) }
        let subscriptions = logs.map { log in center.subscribe(replay: .none) { log.record($0) } }
        let stop = LockedBox(false)

        // When 4 threads post while one thread cancels the subscriptions one by one
        let finished = await Self.onThreads(5) { index in
            if index < 4 {
                var sequence = 0
                while !stop.value {
                    sequence += 1
                    center.post(Self.message(poster: index, sequence: sequence))
                }
            } else {
                for (log, subscription) in zip(logs, subscriptions) {
                    for _ in 0..<20 { Thread.sleep(forTimeInterval: 0) }
                    subscription.cancelAndWait()
                    log.markCancelled()
                }
                stop.withValue { $0 = true }
            }
        }
        #expect(finished)

        // Then no handler ran after its cancelAndWait() returned
        #expect(logs.allSatisfy { $0.lateDeliveries == 0 })
    }

    @Test func handlersPostingSubscribingAndCancellingUnderLoadDoNotDeadlock() async {
        let center = PushCenter(configuration: .init(deduplicationWindow: 0))
        let nested = LockedBox(0)
        let keeper = center.subscribe(.kinds([.remote])) { message in
            let (poster, sequence) = Self.decode(message)
            if sequence % 10 == 0 {
                center.post(Self.message(poster: poster, sequence: sequence, kind: .local))
                let transient = center.subscribe(.kinds([.localTapped]), replay: .none) { _ in }
                transient.cancel()
            }
        }
        let counter = center.subscribe(.kinds([.local]), replay: .none) { _ in nested.withValue { $0 += 1 } }

        let finished = await Self.onThreads(4) { index in
            for sequence in 1...2_000 { center.post(Self.message(poster: index, sequence: sequence)) }
        }
        #expect(finished)
        #expect(nested.value == 4 * 200)
        _ = (keeper, counter)
    }
}
