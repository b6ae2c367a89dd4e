import Foundation
import PushBus

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

// The apps the tap rows tap, shared by LedgerBenchmarks (wall clock) and TapInstructions (instructions and cache
// misses under callgrind, `Benchmarks/tap-instructions.sh`), so that both measure the same set-up.

/// Keeps `value` alive and observed, so the optimizer cannot drop the work that made it.
@inline(never)
public func sink<T>(_ value: T) { withExtendedLifetime(value) {} }

/// An app for the tap rows: a center with a tap subscriber, a delivery on a durable or in-memory ledger, the adapter.
public final class TapRig: @unchecked Sendable {
    // Safe: used by one benchmark at a time, on the harness's thread; `taps` is only advanced there.
    public let ledger: DeliveryLedger
    public let adapter: UserNotificationAdapter
    let subscription: PushCancellable
    private var taps = 0

    public init(hasLedger: Bool) {
        var configuration = DeliveryLedger.Configuration()
        configuration.maximumMessages = 1_000_000
        ledger =
            hasLedger
            ? try! DeliveryLedger(directory: freshDirectory("tap"), configuration: configuration) : DeliveryLedger()
        let center = PushCenter()
        subscription = center.subscribe(.tapped) { sink($0) }
        adapter = UserNotificationAdapter(delivery: PushDelivery(center: center, ledger: ledger))
    }

    public func nextTap() -> ResponseSnapshot {
        taps += 1
        return tapResponse(taps, link: "shop://orders/\(taps)")
    }
}

/// The set-up README and Docs/App.md show, as `PushBusApp.start` wires it (without the Apple glue): a durable ledger,
/// the router attached to the delivery, the inbox attached to the center (alerts enter, taps mark read) and the
/// badge kept at the unread count. With `heldLock`, another holder (an extension in the middle of its writes: it
/// wrote a record, then holds the lock) holds the ledger's lock for the whole run.
public final class DocumentedSetUpRig: @unchecked Sendable {
    // Safe: used by one benchmark at a time, on the harness's thread; `taps` is only advanced there.
    public let ledger: DeliveryLedger
    public let adapter: UserNotificationAdapter
    public let inbox: PushInbox
    let subscriptions: [PushCancellable]
    private let holder: Int32?
    private var taps = 0

    public init(heldLock: Bool) {
        var configuration = DeliveryLedger.Configuration()
        configuration.maximumMessages = 1_000_000
        let directory = freshDirectory(heldLock ? "setup-locked" : "setup")
        ledger = try! DeliveryLedger(directory: directory, configuration: configuration)
        let delivery = PushDelivery(center: PushCenter(), ledger: ledger)
        adapter = UserNotificationAdapter(delivery: delivery)
        let router = PushRouter(schemes: ["shop"])
        try! router.register("shop://orders/:id") { request in sink(request) }
        var inboxConfiguration = PushInbox.Configuration()
        inboxConfiguration.maximumCount = 1_000_000
        inbox = PushInbox(ledger: ledger, configuration: inboxConfiguration)
        subscriptions = [
            router.attach(to: delivery), inbox.attach(to: delivery.center), inbox.syncBadge(with: NoBadge()),
        ]
        guard heldLock else {
            holder = nil
            return
        }
        let other = try! DeliveryLedger(directory: directory, configuration: configuration)
        try! other.append(sampleRecord(0))
        let descriptor = open(directory.appendingPathComponent("ledger.lock").path, O_RDWR)
        flock(descriptor, LOCK_EX)
        holder = descriptor
    }

    deinit {
        if let holder {
            flock(holder, LOCK_UN)
            close(holder)
        }
    }

    public func nextTap() -> ResponseSnapshot {
        taps += 1
        return tapResponse(taps, link: "shop://orders/\(taps)")
    }

    /// Waits for the writer, unless the lock is held (then the records wait, as on a device).
    public func settle() {
        if holder == nil { ledger.waitForWrites() }
    }
}

/// What the app does between two taps, seconds apart on a device: enough other work to push the tap's code and
/// data out of the CPU's caches. Every tap row runs it between samples, so that no row's tap profits from caches
/// the previous tap warmed (a row with a writer thread or a badge task would otherwise pay for its threads' work
/// in cache misses that the bare row never sees).
public func coolDown() {
    coolDownBuffer.withUnsafeMutableBufferPointer { bytes in
        var index = 0
        while index < bytes.count {
            bytes[index] &+= 1
            index += 64
        }
    }
    sink(coolDownBuffer[0])
}

/// Twice the last-level cache of the machine the benchmarks run on (32 MB, shared by its 2 cores) and larger than a
/// phone's: a sweep of just the cache's size left part of a tap's code and data in it (a cache does not evict in
/// strict order), which favoured the tap with the smaller footprint, the bare one.
nonisolated(unsafe) var coolDownBuffer = [UInt8](repeating: 0, count: 64 << 20)

/// The icon's badge: a call that returns at once (UIKit's `setBadgeCount` is asynchronous too).
public struct NoBadge: BadgeController {
    public init() {}

    public func apply(_ change: BadgeChange) async throws { sink(change) }
}

/// A distinct tap on a provider push (so the de-duplication gate lets every one through).
public func tapResponse(_ index: Int, link: String? = nil) -> ResponseSnapshot {
    var userInfo: [AnyHashable: Any] = [
        "aps": ["alert": ["title": "Sale", "body": "50% off today"]], "gcm.message_id": "m-\(index)",
    ]
    if let link { userInfo["url"] = link }
    let content = PushContent(userInfo: userInfo)
    return ResponseSnapshot(
        notification: NotificationSnapshot(requestIdentifier: "r-\(index)", content: content),
        actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier")
}

/// A fresh, empty directory on disk.
public func freshDirectory(_ name: String) -> URL {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "pushbus-ledger-bench-\(name)-\(UUID())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A record like the NSE writes: ids, a summary with title and body.
public func sampleRecord(_ index: Int) -> DeliveryRecord {
    DeliveryRecord(
        messageID: PushMessage.ID(rawValue: "fcm:0:1700000000000000%\(index)"), requestIdentifier: "request-\(index)",
        notificationDate: Date(), event: .received, role: .serviceExtension,
        summary: DeliverySummary(
            title: "Your order has shipped", body: "Order #\(index) is on its way and arrives Tuesday.",
            categoryIdentifier: "order", threadIdentifier: "orders", deepLink: URL(string: "shop://orders/\(index)"),
            provider: "fcm"))
}
