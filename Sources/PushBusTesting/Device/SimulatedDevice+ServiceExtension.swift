internal import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusServiceExtension
import PushBusStorage

/// The app's Notification Service Extension on the simulated device.
///
/// With a pipeline installed, a remote alert carrying `mutable-content: 1` runs through it before iOS shows it,
/// on the device's clock: the notification is handed to the app (banner, list, `willPresent`) only when the
/// content handler is called, with the content it got. iOS calls `serviceExtensionTimeWillExpire` 30 s after the
/// start; a filtered (dropped) notification is never shown. The timeline notes each step, each attachment's
/// outcome and the moment the handler ran.
///
/// ```swift
/// device.serviceExtension.install(ServiceExtensionPipeline(steps: [.rewrite { $0.body = decrypt($0.body) }]))
/// device.deliver(remote: ["aps": ["alert": "•••", "mutable-content": 1]])
/// await device.serviceExtension.settle()  // or device.advanceTime(by: 30) for the expiry path
/// ```
extension SimulatedDevice {
    /// How long iOS lets a service extension run before `serviceExtensionTimeWillExpire` (about 30 s).
    static let serviceExtensionTimeLimit: TimeInterval = 30

    /// Installs (or, with `nil`, removes) the app's service-extension pipeline. Its clock is replaced by the
    /// device's clock, so its deadline runs on virtual time.
    func installServiceExtension(_ pipeline: ServiceExtensionPipeline?) {
        var pipeline = pipeline
        pipeline?.clock = clock
        serviceExtensionSlot.state.withLock { $0.pipeline = pipeline }
    }

    /// Every result the service extension handed to iOS, in the order the handlers ran.
    var serviceExtensionResults: [ServiceExtensionResult] {
        serviceExtensionSlot.state.withLock { $0.results }
    }

    /// Returns when no service-extension run is in progress (each either finished its steps or expired).
    ///
    /// > Warning: A step that never finishes keeps this waiting until the deadline: advance the clock past it
    /// > (``advanceTime(by:)``) from another task, or the call does not return.
    func settleServiceExtensions() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = serviceExtensionSlot.state.withLock { state -> Bool in
                if state.running == 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
        // Then what the extension handed its ledger's writer is written (and the app told), waited for on a serial
        // queue of its own, never on the cooperative pool (Docs/Architecture.md, "Threads").
        guard let ledger = serviceExtensionInbox?.ledger else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue(label: "pushbus.simulator.settle").async {
                ledger.waitForWrites()
                continuation.resume()
            }
        }
    }

    /// ``settleServiceExtensions()``, waiting at most `seconds` of real time: before virtual time moves on, the
    /// extension runs started at this instant get to finish, and a run whose step waits for the clock (a deadline
    /// path) is left to the advance that cuts it.
    func settleServiceExtensions(within seconds: Double) async {
        let waiting = LockedState<CheckedContinuation<Void, Never>?>(nil)
        let resume: @Sendable () -> Void = {
            waiting.withLock { continuation in
                continuation?.resume()
                continuation = nil
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiting.withLock { $0 = continuation }
            Task {
                await self.settleServiceExtensions()
                resume()
            }
            DispatchQueue(label: "pushbus.simulator.settle-bound").asyncAfter(
                deadline: .now() + seconds, execute: resume)
        }
    }

    /// Runs the pipeline on a mutable-content alert; `true` when it took the notification over.
    func runServiceExtension(on notification: SimulatedNotification) -> Bool {
        let content = notification.content
        let isAlert = content.title != nil || content.subtitle != nil || content.body != nil
        guard let pipeline = serviceExtensionSlot.state.withLock({ $0.pipeline }), content.isMutableContent, isAlert,
            authorization.allowsDelivery
        else { return false }
        let id = notification.identifier
        serviceExtensionSlot.state.withLock { $0.running += 1 }
        note("[\(id)] the Notification Service Extension starts (mutable-content)")
        let expiry = LockedState<ScheduledAction?>(nil)
        let run = pipeline.run(content, requestIdentifier: id) { [weak self] result in
            expiry.withLock { $0 }?.cancel()
            self?.finishServiceExtension(result, notification: notification)
        }
        let timer = clock.schedule(after: Self.serviceExtensionTimeLimit) { [weak self] in
            guard !run.isEnded else { return }
            self?.note("[\(id)] iOS calls serviceExtensionTimeWillExpire")
            run.timeWillExpire()
        }
        expiry.withLock { $0 = timer }
        if run.isEnded { timer.cancel() }
        return true
    }

    private func finishServiceExtension(_ result: ServiceExtensionResult, notification: SimulatedNotification) {
        let id = notification.identifier
        for step in result.steps {
            let at = step.date.map { String(format: " at +%.1fs", $0.timeIntervalSince(result.startDate)) } ?? ""
            note("[\(id)] NSE step \(step.name): \(Self.describe(step.status))\(at)")
        }
        for attachment in result.attachments {
            let outcome =
                attachment.attachment.map { "attached \($0.mediaType.rawValue), \($0.byteCount) bytes" }
                ?? "not attached: \(attachment.failure.map(String.init(describing:)) ?? "")"
            note("[\(id)] NSE attachment \(attachment.key): \(outcome)")
        }
        let elapsed = String(format: "%.1f", result.endDate.timeIntervalSince(result.startDate))
        note(
            "[\(id)] NSE content handler called after \(elapsed)s (\(result.ending.rawValue), \(result.disposition.rawValue))"
        )
        let waiters = serviceExtensionSlot.state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.results.append(result)
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        switch result.disposition {
        case .drop:
            note("[\(id)] dropped by the service extension: not shown")
        case .notMine:
            handOverRemote(notification)
        case .show:
            // As on iOS: `userInfo` is the extension's (the app computes the same identity from it), while the
            // text, badge and sound shown are the rewritten content's.
            var shown = SimulatedNotification(
                remote: .object(result.content.payload), identifier: id, date: notification.date)
            shown.content = notification.content.applying(result.content)
            shown.content.payload = shown.payload
            storage.withLock { $0.received[id] = shown }
            handOverRemote(shown)
        }
        for waiter in waiters { waiter.resume() }
    }

    private static func describe(_ status: ServiceExtensionStepReport.Status) -> String {
        switch status {
        case .finished(let outcome): return outcome.description
        case .cutOff: return "cut off"
        case .skipped: return "skipped"
        case .applied: return "applied"
        case .finishingFailed(let message): return "failed: \(message)"
        }
    }
}

/// The device's service-extension slot: the installed pipeline, runs in progress, results.
final class SimulatedServiceExtension: Sendable {
    struct State {
        var pipeline: ServiceExtensionPipeline?
        var running = 0
        var results: [ServiceExtensionResult] = []
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    let state = LockedState(State())
}

extension PushContent {
    /// This content with a service extension's result written over it (what iOS shows and hands the app).
    func applying(_ result: ServiceExtensionContent) -> PushContent {
        var content = self
        content.title = result.title
        content.subtitle = result.subtitle
        content.body = result.body
        content.badge = result.badge
        content.sound = result.sound
        content.categoryIdentifier = result.categoryIdentifier
        content.threadIdentifier = result.threadIdentifier
        content.interruptionLevel = result.interruptionLevel
        content.relevanceScore = result.relevanceScore
        content.customData = result.customData
        return content
    }
}
