import Benchmark
import Foundation
import OpenCombine
import PushBus

// Run from Benchmarks/:  swift package benchmark --target HubBenchmarks --scale
// (`--scale` reports each fan-out and subscribe+cancel figure per operation: the closures run 1,000 of them.)

let subscriberCounts = [1, 10, 100]

/// Sub-microsecond work: 1,000 operations per measured iteration (see DESIGN.md on clock overhead).
var kilo: Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(2), maxIterations: 2_000)
}
/// Parsing: one payload per iteration.
var single: Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 5_000)
}

/// A realistic message (parsed from the 1 KB payload) to fan out.
let sampleMessage: PushMessage = {
    PushMessage(
        kind: .remoteTapped,
        content: PushContent(userInfo: Payloads.userInfo(Payloads.json(approximateBytes: 1_024))))
}()

/// 1,024 messages with distinct identities, for measuring the hub with its de-duplication gate on.
let distinctMessages: [PushMessage] = (0..<1_024).map { index in
    var message = sampleMessage
    message.id = PushMessage.ID(rawValue: "fcm:0:1700000000000000%\(index)")
    return message
}

/// The hub as the fan-out benchmarks configure it: no de-duplication (the peers have none), no parking.
func benchmarkCenter() -> PushCenter {
    PushCenter(configuration: .init(parkingCapacity: 0, deduplicationWindow: 0, deduplicationCapacity: 0))
}

let benchmarks: @Sendable () -> Void = {
    fanOutBenchmarks()
    asyncFanOutBenchmarks()
    subscribeCancelBenchmarks()
    parsingBenchmarks()
}

// MARK: Closure fan-out

func fanOutBenchmarks() {
    for count in subscriberCounts {
        Benchmark("Fan-out S=\(count): floor (lock-guarded closure array)", configuration: kilo) { benchmark in
            let bus = LockedClosureArray()
            let counter = DeliveryCounter()
            for _ in 0..<count { _ = bus.subscribe { _ in counter.count += 1 } }
            let message = sampleMessage
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { bus.post(message) }
            benchmark.stopMeasurement()
            blackHole(counter.count)
        }

        Benchmark("Fan-out S=\(count): PushCenter closures", configuration: kilo) { benchmark in
            let center = benchmarkCenter()
            let counter = DeliveryCounter()
            let subscriptions = (0..<count).map { _ in center.subscribe { _ in counter.count += 1 } }
            let message = sampleMessage
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(center.post(message)) }
            benchmark.stopMeasurement()
            blackHole(counter.count)
            blackHole(subscriptions)
        }

        Benchmark("Fan-out S=\(count): PushCenter closures, de-dup gate on", configuration: kilo) { benchmark in
            // The fan-out rows' hub with only the gate turned on (the default 30 s window, 256 reports): parking and
            // the taken-tap memory stay off, so the difference is the gate's.
            let center = PushCenter(configuration: .init(parkingCapacity: 0, deduplicationCapacity: 256))
            let counter = DeliveryCounter()
            let subscriptions = (0..<count).map { _ in center.subscribe { _ in counter.count += 1 } }
            // Borrowed from the buffer: copying a PushMessage out of an array would cost ~30 retains.
            distinctMessages.withUnsafeBufferPointer { messages in
                benchmark.startMeasurement()
                for index in benchmark.scaledIterations { blackHole(center.post(messages[index & 1_023])) }
                benchmark.stopMeasurement()
            }
            blackHole(counter.count)
            blackHole(subscriptions)
        }

        Benchmark("Fan-out S=\(count): NotificationCenter blocks", configuration: kilo) { benchmark in
            let bus = NotificationCenterBus()
            let counter = DeliveryCounter()
            let observers = (0..<count).map { _ in bus.subscribe { _ in counter.count += 1 } }
            let message = sampleMessage
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { bus.post(message) }
            benchmark.stopMeasurement()
            blackHole(counter.count)
            observers.forEach(bus.cancel)
        }

        Benchmark("Fan-out S=\(count): OpenCombine PassthroughSubject", configuration: kilo) { benchmark in
            let bus = CombineBus()
            let counter = DeliveryCounter()
            let cancellables = (0..<count).map { _ in bus.subscribe { _ in counter.count += 1 } }
            let message = sampleMessage
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { bus.post(message) }
            benchmark.stopMeasurement()
            blackHole(counter.count)
            blackHole(cancellables)
        }
    }
}

// MARK: for await fan-out

func asyncFanOutBenchmarks() {
    for count in subscriberCounts {
        Benchmark("Fan-out S=\(count): PushCenter for await", configuration: kilo) { benchmark async in
            let center = benchmarkCenter()
            let total = benchmark.scaledIterations.count
            let consumers = (0..<count).map { _ in
                // Unbounded like the AsyncStream peer: all `total` posts run before the consumers catch up.
                let stream = center.messages(replay: .none, bufferingPolicy: .unbounded)
                return Task {
                    var received = 0
                    for await _ in stream {
                        received += 1
                        if received == total { break }
                    }
                    return received
                }
            }
            let message = sampleMessage
            benchmark.startMeasurement()
            for _ in 0..<total { center.post(message) }
            for consumer in consumers { blackHole(await consumer.value) }
            benchmark.stopMeasurement()
        }

        Benchmark("Fan-out S=\(count): AsyncStream per subscriber", configuration: kilo) { benchmark async in
            let bus = AsyncStreamBus()
            let total = benchmark.scaledIterations.count
            let consumers = (0..<count).map { _ in
                let (_, stream) = bus.subscribe()
                return Task {
                    var received = 0
                    for await _ in stream {
                        received += 1
                        if received == total { break }
                    }
                    return received
                }
            }
            let message = sampleMessage
            benchmark.startMeasurement()
            for _ in 0..<total { bus.post(message) }
            for consumer in consumers { blackHole(await consumer.value) }
            benchmark.stopMeasurement()
        }
    }
}

// MARK: Subscribe + cancel

func subscribeCancelBenchmarks() {
    for existing in [10, 1_000] {
        Benchmark("Subscribe+cancel (\(existing) others): PushCenter", configuration: kilo) { benchmark in
            let center = benchmarkCenter()
            let others = (0..<existing).map { _ in center.subscribe { _ in } }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let subscription = center.subscribe(replay: .none) { _ in }
                subscription.cancel()
            }
            benchmark.stopMeasurement()
            blackHole(others)
        }

        Benchmark("Subscribe+cancel (\(existing) others): floor (lock-guarded dictionary)", configuration: kilo) {
            benchmark in
            let bus = LockedClosureDictionary()
            for _ in 0..<existing { _ = bus.subscribe { _ in } }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { bus.cancel(bus.subscribe { _ in }) }
            benchmark.stopMeasurement()
        }

        Benchmark("Subscribe+cancel (\(existing) others): NotificationCenter", configuration: kilo) { benchmark in
            let bus = NotificationCenterBus()
            let others = (0..<existing).map { _ in bus.subscribe { _ in } }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { bus.cancel(bus.subscribe { _ in }) }
            benchmark.stopMeasurement()
            others.forEach(bus.cancel)
        }

        Benchmark("Subscribe+cancel (\(existing) others): OpenCombine", configuration: kilo) { benchmark in
            let bus = CombineBus()
            let others = (0..<existing).map { _ in bus.subscribe { _ in } }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { bus.subscribe { _ in }.cancel() }
            benchmark.stopMeasurement()
            blackHole(others)
        }

        Benchmark("Subscribe+cancel (\(existing) others): AsyncStream", configuration: kilo) { benchmark in
            let bus = AsyncStreamBus()
            let others = (0..<existing).map { _ in bus.subscribe() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { bus.cancel(bus.subscribe().id) }
            benchmark.stopMeasurement()
            blackHole(others.count)
        }
    }
}

// MARK: Parsing

func parsingBenchmarks() {
    for size in [1_024, 4_096] {
        let label = "\(size / 1_024) KB"
        let data = Payloads.json(approximateBytes: size)
        let userInfo = Payloads.userInfo(data)
        nonisolated(unsafe) let sharedUserInfo = userInfo

        Benchmark("Parse \(label): PushContent(userInfo:) + PushMessage", configuration: single) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(PushMessage(kind: .remote, content: PushContent(userInfo: sharedUserInfo)))
            }
        }

        Benchmark("Parse \(label): PushContent(userInfo:) only", configuration: single) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(PushContent(userInfo: sharedUserInfo)) }
        }

        Benchmark("Parse \(label): JSONSerialization.jsonObject", configuration: single) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try JSONSerialization.jsonObject(with: data)) }
        }

        Benchmark("Parse \(label): JSONDecoder into a Codable struct", configuration: single) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try JSONDecoder().decode(ShopPayload.self, from: data)) }
        }

        Benchmark("Parse \(label): userInfo -> JSONSerialization.data -> JSONDecoder", configuration: single) {
            benchmark in
            for _ in benchmark.scaledIterations {
                let bytes = try JSONSerialization.data(withJSONObject: sharedUserInfo)
                blackHole(try JSONDecoder().decode(ShopPayload.self, from: bytes))
            }
        }
    }
}
