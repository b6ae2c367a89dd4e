import Benchmark
import Foundation
import PushBus

// Run from Benchmarks/:  swift package --allow-writing-to-package-directory benchmark --target InboxBenchmarks
//
// Docs/Performance.md ("Inbox") records one run against the targets: `unreadCount` O(1) (the same cost at 10 and
// 1,000 entries), listing 1,000 entries under 5 ms, marking one read costs one durable ledger append (compare it
// with "Ledger durable append" measured here on the same disk), never a rewrite of the file.

/// Sub-microsecond reads: `.kilo` so the per-sample clock overhead does not swamp them.
var fast: Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .instructions], scalingFactor: .kilo, maxDuration: .seconds(2))
}

/// One operation per iteration: listing, or a syscall-bound write.
var single: Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .syscalls], scalingFactor: .one, maxDuration: .seconds(3),
        maxIterations: 900)
}

/// A visible alert like the ones that enter an inbox.
func alert(_ index: Int, date: Date) -> PushMessage {
    let payload: [AnyHashable: Any] = [
        "aps": ["alert": ["title": "Order \(index) shipped", "body": "Order #\(index) is on its way."]],
        "gcm.message_id": "0:17000000\(index)%bench", "route": "shop://orders/\(index)",
    ]
    return PushMessage(
        content: PushContent(userInfo: payload), requestIdentifier: "request-\(index)", date: date)
}

/// An in-memory inbox holding `count` unread entries (bounds above the count).
func inMemoryInbox(_ count: Int) throws -> PushInbox {
    var ledgerConfiguration = DeliveryLedger.Configuration()
    ledgerConfiguration.maximumMessages = count * 2
    var configuration = PushInbox.Configuration()
    configuration.maximumCount = count * 2
    let inbox = PushInbox(ledger: DeliveryLedger(configuration: ledgerConfiguration), configuration: configuration)
    let start = Date()
    for index in 0..<count { try inbox.add(alert(index, date: start.addingTimeInterval(Double(index)))) }
    precondition(inbox.count == count)
    return inbox
}

/// An in-memory inbox holding `count` unread entries, alternately of the accounts `alice` and `bob`.
func twoAccountInbox(_ count: Int) throws -> PushInbox {
    var ledgerConfiguration = DeliveryLedger.Configuration()
    ledgerConfiguration.maximumMessages = count * 2
    var configuration = PushInbox.Configuration()
    configuration.maximumCount = count * 2
    configuration.scopeReader = .key("account")
    let inbox = PushInbox(ledger: DeliveryLedger(configuration: ledgerConfiguration), configuration: configuration)
    let start = Date()
    for index in 0..<count {
        var message = alert(index, date: start.addingTimeInterval(Double(index)))
        message.scope = index % 2 == 0 ? "alice" : "bob"
        try inbox.add(message)
    }
    precondition(inbox.count(in: "alice") == (count + 1) / 2)
    return inbox
}

/// The inbox one benchmark keeps across its samples, made by the first (behind a lock: samples may run on any
/// thread).
final class SharedInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var inbox: PushInbox?

    func get(_ make: () throws -> PushInbox) rethrows -> PushInbox {
        lock.lock()
        defer { lock.unlock() }
        if let inbox { return inbox }
        let made = try make()
        inbox = made
        return made
    }
}

/// A fresh, empty directory on disk (never tmpfs, so `fsync` costs what it costs on the machine).
func freshDirectory(_ name: String) -> URL {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "pushbus-inbox-bench-\(name)-\(UUID())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A durable inbox on disk holding `count` unread entries: filled on tmpfs when there is one (an `fsync` per entry
/// would take long), then its ledger file copied to disk and opened again.
func durableInbox(_ count: Int, name: String) throws -> (PushInbox, URL) {
    var ledgerConfiguration = DeliveryLedger.Configuration()
    ledgerConfiguration.maximumMessages = count * 4
    var configuration = PushInbox.Configuration()
    configuration.maximumCount = count * 2
    let fillBase = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let fill = URL(fileURLWithPath: fillBase).appendingPathComponent("pushbus-inbox-fill-\(UUID())")
    try FileManager.default.createDirectory(at: fill, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: fill) }
    let filler = PushInbox(
        ledger: try DeliveryLedger(directory: fill, configuration: ledgerConfiguration), configuration: configuration)
    let start = Date()
    for index in 0..<count { try filler.add(alert(index, date: start.addingTimeInterval(Double(index)))) }
    let directory = freshDirectory(name)
    try FileManager.default.copyItem(
        at: fill.appendingPathComponent("ledger.pbl"), to: directory.appendingPathComponent("ledger.pbl"))
    let inbox = PushInbox(
        ledger: try DeliveryLedger(directory: directory, configuration: ledgerConfiguration),
        configuration: configuration)
    precondition(inbox.count == count)
    // The first `fsync` after the copy also flushes the copied file and the new directory entries: one unmeasured
    // append pays for that, so the rows measure steady-state appends (see LedgerBenchmarks).
    let first = inbox.entries()[0]
    try inbox.ledger.append(
        DeliveryRecord(
            messageID: first.messageID, requestIdentifier: first.requestIdentifier, notificationDate: first.date,
            event: .presented))
    return (inbox, directory)
}

/// The size of the ledger file in `directory`.
func ledgerFileSize(_ directory: URL) -> Int {
    let path = directory.appendingPathComponent("ledger.pbl").path
    return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
}

let benchmarks: @Sendable () -> Void = {
    for count in [10, 1_000] {
        Benchmark("Inbox unreadCount (\(count) entries)", configuration: fast) { benchmark in
            let inbox = try inMemoryInbox(count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(inbox.unreadCount) }
            benchmark.stopMeasurement()
        }
    }

    for count in [10, 1_000] {
        Benchmark("Inbox unreadCount(in:) one account (\(count) entries, two accounts)", configuration: fast) {
            benchmark in
            let inbox = try twoAccountInbox(count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(inbox.unreadCount(in: "alice")) }
            benchmark.stopMeasurement()
        }
    }

    for count in [10, 1_000] {
        // Each sample marks every entry of one account read (half the entries); the entries are marked unread
        // again before the next sample, outside the measurement.
        let inbox = SharedInbox()
        Benchmark(
            "Inbox markAllRead(in:) one account (\(count) entries, two accounts)",
            configuration: Benchmark.Configuration(
                metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one, maxDuration: .seconds(3),
                maxIterations: 200)
        ) { benchmark in
            let current = try inbox.get { try twoAccountInbox(count) }
            for entry in current.entries(in: "alice") where entry.isRead { try current.markUnread(entry.id) }
            precondition(current.unreadCount(in: "alice") == (count + 1) / 2)
            benchmark.startMeasurement()
            try current.markAllRead(in: "alice")
            benchmark.stopMeasurement()
            precondition(current.unreadCount(in: "alice") == 0 && current.unreadCount(in: "bob") == count / 2)
        }
    }

    Benchmark("Inbox list 1,000 entries (newest first)", configuration: single) { benchmark in
        let inbox = try inMemoryInbox(1_000)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let entries = inbox.entries()
            precondition(entries.count == 1_000)
            blackHole(entries)
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Inbox markRead, 1,000 entries on disk (one durable append)", configuration: single) { benchmark in
        let (inbox, directory) = try durableInbox(1_000, name: "read")
        defer { try? FileManager.default.removeItem(at: directory) }
        let ids = inbox.entries().map(\.id)
        let sizeBefore = ledgerFileSize(directory)
        var marked = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try inbox.markRead(ids[marked % ids.count])
            marked += 1
        }
        benchmark.stopMeasurement()
        // One append per mark: the file only grows, by about one small record each (a rewrite would not).
        let grown = ledgerFileSize(directory) - sizeBefore
        precondition(grown > 0 && grown < min(marked, ids.count) * 512, "markRead rewrote the ledger")
    }

    Benchmark("Ledger durable append, same disk (the floor markRead is compared with)", configuration: single) {
        benchmark in
        let (inbox, directory) = try durableInbox(1_000, name: "append")
        defer { try? FileManager.default.removeItem(at: directory) }
        let entry = inbox.entries()[0]
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try inbox.ledger.append(
                DeliveryRecord(
                    messageID: entry.messageID, requestIdentifier: entry.requestIdentifier,
                    notificationDate: entry.date, event: .presented))
        }
        benchmark.stopMeasurement()
    }
}
