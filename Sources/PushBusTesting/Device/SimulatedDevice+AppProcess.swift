internal import Foundation
public import PushBusAuthorization
import PushBusCategories
@_spi(PushBusInternals) public import PushBusCore
public import PushBusDelivery
public import PushBusHub
public import PushBusRouting
public import PushBusStorage

extension SimulatedDevice {
    /// One run of the app's process: its hub, delivery, adapters and router.
    ///
    /// ``SimulatedDevice/terminate(byUser:)`` ends it, as iOS ends a process: nothing it held survives. The next
    /// process is built at once (it starts with the next launch or background launch) with a fresh center,
    /// delivery and adapters, and a router rebuilt from the same registrations, not ready. What a phone keeps
    /// outlives every process: Notification Center and the pending local notifications, the badge, the
    /// authorization and registered categories, and a ledger directory
    /// (``SimulatedDevice/Configuration/ledgerDirectory``).
    ///
    /// Wire each process as the app does in `didFinishLaunching`, with the device's `onLaunch` closure:
    ///
    /// ```swift
    /// let device = SimulatedDevice(router: makeRouter()) { process in
    ///     process.keep(process.router!.attach(to: process.center))
    ///     process.keep(process.center.subscribe(.tapped) { message in log(message) })
    /// }
    /// ```
    public final class AppProcess: Sendable {
        /// The hub of this process.
        public let center: PushCenter
        /// What this process's adapters share.
        public let delivery: PushDelivery
        /// This process's router (`nil` when the device has none).
        public let router: PushRouter?
        /// The iOS 10+ delegate adapter the device calls in this process.
        public let notificationAdapter: UserNotificationAdapter
        /// The app-delegate adapter the device calls in this process.
        public let appDelegateAdapter: AppDelegateAdapter
        /// 1 for the device's first process, one more for each process after a termination.
        public let number: Int
        /// This process's notification-settings channel: starts from the reading the previous process saved (the
        /// app's `UserDefaults` outlive it), gets the readings of the app's registration and of each return to
        /// the foreground, and the system's "open settings" requests.
        public let notificationSettings: NotificationSettingsChannel
        /// This process's token registry, once ``SimulatedDevice/reportTokens(in:)`` was called: opened from the
        /// directory at each launch, fed by this process's center.
        public var tokens: PushTokenRegistry? { tokenRegistry.withLock { $0 } }
        let tokenRegistry = LockedState<PushTokenRegistry?>(nil)
        private let kept = LockedState<[PushCancellable]>([])

        init(
            number: Int, center: PushCenter, delivery: PushDelivery, router: PushRouter?,
            mode: AppDelegateAdapter.Mode,
            notificationSettings: NotificationSettingsChannel = NotificationSettingsChannel()
        ) {
            self.number = number
            self.notificationSettings = notificationSettings
            self.center = center
            self.delivery = delivery
            self.router = router
            self.notificationAdapter = UserNotificationAdapter(delivery: delivery)
            self.appDelegateAdapter = AppDelegateAdapter(delivery: delivery, mode: mode)
        }

        /// Keeps `subscription` for as long as this process lives (what an app stores in its delegate); it is
        /// cancelled when the process ends.
        public func keep(_ subscription: PushCancellable) {
            kept.withLock { $0.append(subscription) }
        }

        /// Ends the process: every kept subscription is cancelled.
        func end() {
            let subscriptions = kept.withLock { kept -> [PushCancellable] in
                defer { kept = [] }
                return kept
            }
            for subscription in subscriptions { subscription.cancel() }
        }
    }

    /// What the app does at each launch, before the first callback: attach the router, subscribe, set handlers.
    public typealias LaunchSetup = @Sendable (AppProcess) -> Void

    /// Builds process `number`: fresh delivery and adapters on `center`, the recorder watching it, the app's
    /// wiring run.
    func makeProcess(number: Int, center: PushCenter, router: PushRouter?) -> AppProcess {
        let delivery = makeDelivery(for: center)
        delivery.completionClock = clock
        let categories = storage.withLock { $0.categories }
        if !categories.categories.isEmpty { delivery.categories = categories }
        let process = AppProcess(
            number: number, center: center, delivery: delivery, router: router, mode: generation.adapterMode,
            notificationSettings: makeNotificationSettings())
        process.keep(observeNotificationSettings(process.notificationSettings))
        let recorder = recorder
        process.keep(center.monitor { message, receipt in recorder.record(.message(message, receipt)) })
        for (_, sdk) in sdkForwarder.targets { process.keep(sdk.receiveDeviceTokens(from: center)) }
        applyScopes(to: process)
        attachTokenRegistry(to: process)
        if let router {
            process.keep(
                router.observe { event in
                    if let record = RouteRecord(event) { recorder.record(.route(record)) }
                })
        }
        return process
    }

    /// The delivery of a new process: backed by the ledger directory when the device has one.
    private func makeDelivery(for center: PushCenter) -> PushDelivery {
        guard let directory = ledgerDirectory else { return PushDelivery.shared(for: center) }
        do {
            // An app-group container always exists on a phone.
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var configuration = DeliveryLedger.Configuration()
            configuration.clock = clock  // records are dated, aged and correlated on the device's time
            return PushDelivery(
                center: center, ledger: try DeliveryLedger(directory: directory, configuration: configuration))
        } catch {
            note("the app cannot open its ledger at \(directory.path): \(error); it records in memory")
            return PushDelivery.shared(for: center)
        }
    }

    /// Ends the current process and builds the next one (SimulatedDevice+Lifecycle.swift's `terminate`).
    func replaceProcess() {
        let old = process
        // A real app's ledger writes finish before it can be suspended or killed (the writer runs as an expiring
        // background activity); so do the simulated process's.
        old.delivery.ledger.waitForWrites()
        let router = old.router?.relaunched()
        let next = makeProcess(
            number: old.number + 1, center: PushCenter(configuration: old.center.configuration), router: router)
        processStorage.withLock { $0 = next }
        old.end()
        if let launchSetup {
            launchSetup(next)
        } else if let router {
            // No wiring given: the app attaches its router as it did in the first process.
            for options in old.router?.attachmentOptions ?? [] {
                var options = options
                if options.ledger === old.delivery.ledger { options.ledger = next.delivery.ledger }
                next.keep(router.attach(to: next.center, options: options))
            }
        }
    }
}
