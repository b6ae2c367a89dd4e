import Benchmark
import Foundation
import PushBus
import TapRigs

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

// Run from Benchmarks/:  swift package benchmark --target LedgerBenchmarks
//
// Files go to a real disk (the temporary directory), never tmpfs, so `fsync` costs what it costs on the machine.
// Docs/Performance.md ("Ledger") records one run and the ratios the issue asks for.

/// One operation per iteration: each is a syscall-bound write.
var durable: Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .syscalls], scalingFactor: .one, maxDuration: .seconds(3),
        maxIterations: 2_000)
}

/// Taps: one operation per iteration, up to 2,000.
var tapConfiguration: Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .syscalls], scalingFactor: .one, maxDuration: .seconds(3),
        maxIterations: 2_000)
}

/// Taps per burst sample.
let burstSize = 100

/// Bursts: 100 taps per sample, up to 200 samples.
var burstConfiguration: Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [
            .wallClock, .custom("answered (ns)", useScalingFactor: false),
            .custom("answered median (ns)", useScalingFactor: false),
        ], scalingFactor: .one,
        maxDuration: .seconds(3), maxIterations: 200)
}

/// Paired taps: each sample taps the bare app and the documented set-up once each, caches cooled before each tap.
var pairConfiguration: Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [
            .custom("no ledger (ns)", useScalingFactor: false), .custom("set-up (ns)", useScalingFactor: false),
            .custom("set-up / no ledger (‰)", useScalingFactor: false),
        ], scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 2_000)
}

/// How many samples a paired row has taken: which app it taps first alternates.
final class SampleCounter: @unchecked Sendable {
    // Safe: a benchmark's samples run one after another on the harness's thread.
    var count = 0
}

/// The time from each call to its completion handler, for each tap of a burst.
final class AnswerClock: @unchecked Sendable {
    // Safe: the adapter calls the completion handler on the calling thread, before `didReceive` returns.
    private(set) var times: [Int] = []

    init() { times.reserveCapacity(burstSize) }

    func add(since start: UInt64) { times.append(Int(DispatchTime.now().uptimeNanoseconds - start)) }

    var mean: Int { times.reduce(0, +) / max(times.count, 1) }
    /// The middle tap's time: a mean far above it says a few taps waited (for a lock, a thread), not each.
    var median: Int { times.sorted()[times.count / 2] }
}

/// A ledger holding `count` records in a fresh directory on disk. Filled on tmpfs (where `fsync` is free) when
/// there is one, then its file copied to disk: filling 10,000 records with an `fsync` each would take a minute.
func filledLedger(
    _ count: Int, name: String, durability: DeliveryLedger.Durability = .powerLoss
) throws -> (DeliveryLedger, URL) {
    var configuration = DeliveryLedger.Configuration()
    configuration.maximumMessages = count * 2
    let fillBase = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let fill = URL(fileURLWithPath: fillBase).appendingPathComponent("pushbus-ledger-fill-\(UUID())")
    try FileManager.default.createDirectory(at: fill, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: fill) }
    let filler = try DeliveryLedger(directory: fill, configuration: configuration)
    for index in 0..<count { try filler.append(sampleRecord(index)) }
    let directory = freshDirectory(name)
    try FileManager.default.copyItem(
        at: fill.appendingPathComponent("ledger.pbl"), to: directory.appendingPathComponent("ledger.pbl"))
    configuration.durability = durability
    return (try DeliveryLedger(directory: directory, configuration: configuration), directory)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark("Ledger append, .powerLoss (write + fsync, 1,000 records present)", configuration: durable) { benchmark in
        let (ledger, directory) = try filledLedger(1_000, name: "append")
        defer { try? FileManager.default.removeItem(at: directory) }
        var index = 1_000
        // The first `fsync` after the copy also flushes the copied file and the new directory entries (about
        // 200 KB): one unmeasured append pays for that, so the measured one is a steady-state append.
        try ledger.append(sampleRecord(index))
        index += 1
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try ledger.append(sampleRecord(index)))
            index += 1
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Ledger append, .processCrash (the default: write, no flush)", configuration: durable) { benchmark in
        let (ledger, directory) = try filledLedger(1_000, name: "append-default", durability: .processCrash)
        defer { try? FileManager.default.removeItem(at: directory) }
        var index = 1_000
        try ledger.append(sampleRecord(index))
        index += 1
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try ledger.append(sampleRecord(index)))
            index += 1
        }
        benchmark.stopMeasurement()
    }

    // A tap through the adapter, measured on the calling thread (the main thread on a device) from the adapter call
    // to the completion handler (what iOS waits for): without a ledger, with a durable one (its writer does the file
    // work on its own thread), in the set-up README and Docs/App.md show (ledger, inbox, router, badge), and in
    // that set-up while another holder holds the ledger's lock. Every row taps the same kind of push (a provider
    // push with a link). One tap per sample with the writer idle before it, as taps come seconds apart; the burst
    // rows tap 100 times back to back and report the mean time to each tap's completion handler
    // ("answered (ns)"), the wall clock covering the whole burst (each call returns after the work it deferred).
    let rigs: [(name: String, tap: () -> ResponseSnapshot, adapter: UserNotificationAdapter, settle: () -> Void)] = {
        let none = TapRig(hasLedger: false)
        let durable = TapRig(hasLedger: true)
        let setUp = DocumentedSetUpRig(heldLock: false)
        let locked = DocumentedSetUpRig(heldLock: true)
        return [
            ("no ledger", none.nextTap, none.adapter, none.ledger.waitForWrites),
            ("durable ledger", durable.nextTap, durable.adapter, durable.ledger.waitForWrites),
            ("documented set-up", setUp.nextTap, setUp.adapter, setUp.settle),
            ("documented set-up, ledger lock held by another", locked.nextTap, locked.adapter, locked.settle),
        ]
    }()
    for rig in rigs {
        Benchmark("Tap on the calling thread: \(rig.name)", configuration: tapConfiguration) { benchmark in
            let tap = rig.tap()
            // Safe: the adapter calls the completion handler on this thread, before `didReceive` returns.
            nonisolated(unsafe) let measured = benchmark
            benchmark.startMeasurement()
            // Stopped in the completion handler: what iOS waits for (work after it is not counted).
            rig.adapter.didReceive(tap, appState: .active) { measured.stopMeasurement() }
            benchmark.stopMeasurement()  // ignored once stopped
            rig.settle()
            coolDown()
        }
        Benchmark("Tap burst on the calling thread: \(rig.name)", configuration: burstConfiguration) { benchmark in
            let taps = (0..<burstSize).map { _ in rig.tap() }
            let answered = AnswerClock()
            benchmark.startMeasurement()
            for tap in taps {
                let start = DispatchTime.now().uptimeNanoseconds
                rig.adapter.didReceive(tap, appState: .active) { answered.add(since: start) }
            }
            benchmark.stopMeasurement()
            benchmark.measurement(.custom("answered (ns)", useScalingFactor: false), answered.mean)
            benchmark.measurement(.custom("answered median (ns)", useScalingFactor: false), answered.median)
            rig.settle()
        }
    }

    // The one-tap rows above run one after the other, seconds apart, and the machine's speed drifts between them by
    // more than what separates the set-ups (the bare tap's p50 moved from 12 to 20 µs between runs of one sitting).
    // These rows tap both apps in every sample, in alternating order, each after the caches are cooled, and report
    // each tap and their ratio per sample: its p50 compares taps that ran milliseconds apart.
    let bare = rigs[0]
    for rig in rigs[2...] {
        let samples = SampleCounter()
        Benchmark("Tap pair on the calling thread: \(rig.name) against no ledger", configuration: pairConfiguration) {
            benchmark in
            samples.count += 1
            var times = (bare: 0, setUp: 0)
            for isSetUp in samples.count % 2 == 0 ? [true, false] : [false, true] {
                let app = isSetUp ? rig : bare
                let tap = app.tap()
                coolDown()
                let answered = AnswerClock()
                let start = DispatchTime.now().uptimeNanoseconds
                app.adapter.didReceive(tap, appState: .active) { answered.add(since: start) }
                app.settle()
                if isSetUp { times.setUp = answered.mean } else { times.bare = answered.mean }
            }
            benchmark.measurement(.custom("no ledger (ns)", useScalingFactor: false), times.bare)
            benchmark.measurement(.custom("set-up (ns)", useScalingFactor: false), times.setUp)
            benchmark.measurement(
                .custom("set-up / no ledger (‰)", useScalingFactor: false), times.setUp * 1_000 / max(times.bare, 1))
        }
    }

    Benchmark("Raw pwrite + fsync of the same frame bytes", configuration: durable) { benchmark in
        let directory = freshDirectory("raw")
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = DeliveryLedger()
        let record = try ledger.append(sampleRecord(0))
        let ledgerDirectory = freshDirectory("frame")
        defer { try? FileManager.default.removeItem(at: ledgerDirectory) }
        // The exact bytes the ledger writes for one record: the growth of its file after one append.
        let file = try DeliveryLedger(directory: ledgerDirectory)
        let before =
            (try? FileManager.default.attributesOfItem(
                atPath: ledgerDirectory.appendingPathComponent("ledger.pbl").path)[.size] as? Int) ?? 0
        try file.append(record)
        let after =
            (try? FileManager.default.attributesOfItem(
                atPath: ledgerDirectory.appendingPathComponent("ledger.pbl").path)[.size] as? Int) ?? 0
        let bytes = [UInt8](repeating: 0x5A, count: max(1, after - before))
        let descriptor = open(directory.appendingPathComponent("raw").path, O_RDWR | O_CREAT, 0o644)
        defer { close(descriptor) }
        // As for the ledger: one unmeasured write + `fsync` flushes the new file's creation first.
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        _ = fsync(descriptor)
        var offset = bytes.count
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            _ = fsync(descriptor)
            offset += bytes.count
        }
        benchmark.stopMeasurement()
    }

    Benchmark("UserDefaults(suiteName:) append to 1,000 stored records + synchronize", configuration: durable) {
        benchmark in
        let suite = "pushbus.ledger.bench.\(UUID().uuidString)"
        guard let defaults = UserDefaults(suiteName: suite) else { return }
        defer { defaults.removePersistentDomain(forName: suite) }
        func dictionary(_ record: DeliveryRecord) -> [String: Any] {
            [
                "id": record.messageID.rawValue, "request": record.requestIdentifier ?? "",
                "date": (record.notificationDate ?? record.reportedAt).timeIntervalSince1970,
                "event": record.event.kind.rawValue,
                "role": record.role.rawValue, "title": record.summary?.title ?? "", "body": record.summary?.body ?? "",
                "category": record.summary?.categoryIdentifier ?? "",
                "link": record.summary?.deepLink?.absoluteString ?? "",
            ]
        }
        defaults.set((0..<1_000).map { dictionary(sampleRecord($0)) }, forKey: "records")
        defaults.synchronize()
        var index = 1_000
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            // What SDKs that keep delivery records in shared defaults do: read the array, append, write it back.
            var records = defaults.array(forKey: "records") ?? []
            records.append(dictionary(sampleRecord(index)))
            if records.count > 1_000 { records.removeFirst() }
            defaults.set(records, forKey: "records")
            defaults.synchronize()
            index += 1
        }
        benchmark.stopMeasurement()
    }

    Benchmark(
        "Ledger open + load of 10,000 records",
        configuration: .init(
            metrics: [.wallClock, .cpuTotal, .mallocCountTotal], scalingFactor: .one, maxDuration: .seconds(5),
            maxIterations: 200)
    ) { benchmark in
        let (_, directory) = try filledLedger(10_000, name: "load")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = DeliveryLedger.Configuration()
        configuration.maximumMessages = 20_000
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let ledger = try DeliveryLedger(directory: directory, configuration: configuration)
            precondition(ledger.count == 10_000)
            blackHole(ledger)
        }
        benchmark.stopMeasurement()
    }
}
