internal import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusDelivery
import PushBusLocalNotifications
public import PushBusStorage

/// The app's notification inbox (`PushInbox`) on the simulated device, in the app and in its Notification Service
/// Extension, and the app icon's badge.
///
/// ```swift
/// let device = SimulatedDevice(configuration: configuration)  // with a ledgerDirectory: the app group
/// device.installInbox()  // each app process opens one at launch
/// device.serviceExtension.install(ServiceExtensionPipeline(steps: [.inbox(device.serviceExtensionInbox!)]))
/// device.deliver(remote: ["aps": ["alert": "Shipped", "mutable-content": 1]])
/// await device.serviceExtension.settle()
/// #expect(device.badgeCount == 1)  // the service extension wrote the unread count
/// ```
///
/// What each process does, as a real app and extension do:
/// - the app opens its inbox in `didFinishLaunching` on the process's ledger (the device's ledger directory),
///   attaches it to the process's center (alerts enter, taps mark read) and, unless its `PushInbox.BadgePolicy`
///   is `manual`, sets the badge to what the policy counts after every change (what `PushInbox.syncBadge(with:)`
///   does; applied at once here, so the timeline reads the same on every run);
/// - the extension opens its own ledger on the same directory (a process of its own); a pipeline with the
///   `.inbox(device.serviceExtensionInbox!)` step adds each `mutable-content` alert before it is shown and writes
///   the unread count into its badge;
/// - after the extension writes, a running app refreshes its ledger (the Darwin notification
///   `DeliveryLedgerRefresher` observes), and it refreshes when it returns to the foreground.
///
/// The timeline notes every inbox change of both processes and every badge change.
extension SimulatedDevice {
    /// The number on the app icon (`0`: no badge). It outlives the app's processes, as on a phone: a shown
    /// notification's `aps.badge` sets it, and so does the app's inbox under the unread-count policy.
    public var badgeCount: Int { inboxSlot.state.withLock { $0.badge } }

    /// The current app process's inbox: `nil` before ``installInbox(_:)`` or before the process launched.
    public var inbox: PushInbox? {
        inboxSlot.state.withLock { state in
            state.appInbox.flatMap { $0.process == process.number ? $0.inbox : nil }
        }
    }

    /// The inbox the service extension opens (its own ledger on the device's ledger directory, in memory without
    /// one); `nil` before ``installInbox(_:)``. Put `.inbox(device.serviceExtensionInbox!)` in the pipeline given
    /// to ``ServiceExtensionRunner/install(_:)`` (``serviceExtension``).
    public var serviceExtensionInbox: PushInbox? { inboxSlot.state.withLock { $0.extensionInbox } }

    /// Gives the app an inbox: every process opens one at launch from now on (the running one at once), and the
    /// service extension one of its own (``serviceExtensionInbox``).
    ///
    /// - Parameter configuration: What enters, the bounds, the badge policy; both processes use it. Its records
    ///   are dated on the device's clock.
    public func installInbox(_ configuration: PushInbox.Configuration = PushInbox.Configuration()) {
        let extensionLedger = makeExtensionLedger()
        let extensionInbox = PushInbox(ledger: extensionLedger, configuration: configuration)
        let watching = extensionInbox.observe { [weak self] change in
            self?.noteInboxChange(change, by: "NSE", in: extensionInbox)
        }
        // The extension posts its Darwin notification once its records are written: its inbox applies a change at
        // once and hands the record to its ledger's writer, which writes it a moment later (then this runs, on the
        // writer's thread; `serviceExtension.settle()` waits for it).
        let written = extensionLedger.addChangeObserver { [weak self] in self?.appReadsExtensionWrite() }
        inboxSlot.state.withLock { state in
            state.configuration = configuration
            state.extensionInbox = extensionInbox
            state.extensionWatching = [watching, written]
        }
        if state != .notRunning { openInbox(in: process) }
    }

    /// The app's inbox sets the badge through `badge` from now on, in every process (the running one at once):
    /// what `inbox.syncBadge(with: JPushBadge(icon: UserNotificationBadge()))` does in an app whose push SDK's
    /// server counts badges (Docs/MigrationFromJPush.md). Applied at once, so the timeline reads the same on every
    /// run.
    public func syncInboxBadge(with badge: SimulatedSDKBadge) {
        inboxSlot.state.withLock { $0.badgeController = badge }
        guard let inbox, let count = inbox.badge else { return }
        appSetsBadge(count)
    }

    /// What the inbox does when iOS calls the app (called by ``call(_:notification:)``): opens it at launch, and
    /// refreshes the ledger when the app returns to the foreground.
    func inboxNoticed(_ callback: Callback) {
        switch callback {
        case .didFinishLaunching:
            openInbox(in: process)
        case .willEnterForeground, .sceneWillEnterForeground:
            guard let inbox else { return }
            note("app refreshes its ledger (back in the foreground)")
            refresh(inbox)
        default:
            break
        }
    }

    /// A shown notification's `aps.badge` becomes the icon's badge (called where iOS shows one).
    func applyNotificationBadge(_ notification: SimulatedNotification) {
        guard let badge = notification.content.badge else { return }
        setBadge(badge, by: "notification [\(notification.identifier)]")
    }

    // MARK: Internals

    private func openInbox(in process: AppProcess) {
        guard
            let configuration = inboxSlot.state.withLock({ state -> PushInbox.Configuration? in
                state.appInbox?.process == process.number ? nil : state.configuration
            })
        else { return }
        let inbox = PushInbox(ledger: process.delivery.ledger, configuration: configuration)
        refresh(inbox)
        inboxSlot.state.withLock { $0.appInbox = (process.number, inbox) }
        note("app opens its inbox: \(inbox.count) entries, \(inbox.unreadCount) unread")
        process.keep(
            inbox.attach(to: process.center) { [weak self] error in
                self?.note("app inbox cannot write: \(error)")
            })
        process.keep(
            inbox.observe { [weak self, weak inbox] change in
                guard let self, let inbox else { return }
                self.noteInboxChange(change, by: "app", in: inbox)
                if case .unreadCount = change, let count = inbox.currentBadge { self.appSetsBadge(count) }
            })
        if let count = inbox.badge { appSetsBadge(count) }
    }

    /// The extension posted that it wrote: a running app refreshes its ledger (its inbox follows).
    private func appReadsExtensionWrite() {
        guard state != .notRunning, state != .suspended, let inbox else { return }
        note("app refreshes its ledger (the extension's Darwin notification)")
        refresh(inbox)
    }

    private func refresh(_ inbox: PushInbox) {
        do {
            try inbox.ledger.refresh()
        } catch {
            note("inbox ledger cannot be read: \(error)")
        }
    }

    /// The app's inbox sets the badge to its unread count: through the app's ``SimulatedSDKBadge`` when it has one
    /// (``syncInboxBadge(with:)``), else on the icon alone.
    private func appSetsBadge(_ count: Int) {
        guard let badge = inboxSlot.state.withLock({ $0.badgeController }) else {
            setBadge(count, by: "app")
            return
        }
        do {
            try badge.apply(.set(max(0, count)))
        } catch {
            note("the app's badge controller failed: \(error)")
        }
    }

    func setBadge(_ count: Int, by setter: String) {
        let count = max(0, count)
        let changed = inboxSlot.state.withLock { state -> Bool in
            defer { state.badge = count }
            return state.badge != count
        }
        if changed { note("badge \(count) (set by \(setter))") }
    }

    private func noteInboxChange(_ change: InboxChange, by process: String, in inbox: PushInbox) {
        switch change {
        case .inserted(let entry):
            note("inbox (\(process)): + \"\(entry.title ?? entry.body ?? "")\"")
        case .updated(let entry):
            note("inbox (\(process)): \"\(entry.title ?? entry.body ?? "")\" \(entry.isRead ? "read" : "unread")")
        case .removed(let id):
            note("inbox (\(process)): − entry \(id)")
        case .scopeUnreadCount(let scope, let count):
            note("inbox (\(process)): \(count) unread in \(scope)")
        case .unreadCount(let count):
            note("inbox (\(process)): \(count) unread")
        }
    }

    /// The extension's own ledger on the device's ledger directory (in memory without one).
    private func makeExtensionLedger() -> DeliveryLedger {
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        configuration.role = .serviceExtension
        guard let directory = ledgerDirectory else {
            note("no ledger directory: the extension's inbox is in memory and never reaches the app")
            return DeliveryLedger(configuration: configuration)
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return try DeliveryLedger(directory: directory, configuration: configuration)
        } catch {
            note("the extension cannot open its ledger at \(directory.path): \(error); it records in memory")
            return DeliveryLedger(configuration: configuration)
        }
    }
}

/// The device's inbox slot: the configuration, the app's inbox (by process number), the extension's, the badge.
final class SimulatedInboxSlot: Sendable {
    struct State {
        var configuration: PushInbox.Configuration?
        var appInbox: (process: Int, inbox: PushInbox)?
        var extensionInbox: PushInbox?
        var extensionWatching: [PushCancellable] = []
        var badgeController: SimulatedSDKBadge?
        var badge = 0
    }

    let state = LockedState(State())
}
