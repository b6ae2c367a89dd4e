import Foundation
@_spi(PushBusInternals) internal import PushBusCore

/// One notification going through a ``ServiceExtensionPipeline``: call ``timeWillExpire()`` from
/// `serviceExtensionTimeWillExpire()`.
///
/// The content handler is called exactly once: when the steps finish, at the pipeline's deadline, or on
/// ``timeWillExpire()``, whichever comes first; the others are ignored.
public final class ServiceExtensionRun: Sendable {
    private struct Handles {
        var task: Task<Void, Never>?
        var deadline: ScheduledAction?
        /// When the pipeline's deadline falls, on the clock.
        var deadlineDate: Date?
        var isEnded = false
    }

    private let machine: LockedState<ServiceExtensionStateMachine>
    private let handles = LockedState(Handles())
    private let finishing: [ServiceExtensionStep]
    private let requestIdentifier: String
    private let clock: any PushClock
    private let startDate: Date
    private let contentHandler: @Sendable (ServiceExtensionResult) -> Void

    init(
        content: ServiceExtensionContent, workNames: [String], finishing: [ServiceExtensionStep],
        requestIdentifier: String, clock: any PushClock,
        contentHandler: @escaping @Sendable (ServiceExtensionResult) -> Void
    ) {
        machine = LockedState(ServiceExtensionStateMachine(content: content, workNames: workNames))
        self.finishing = finishing
        self.requestIdentifier = requestIdentifier
        self.clock = clock
        startDate = clock.now
        self.contentHandler = contentHandler
    }

    /// iOS is about to give up (`serviceExtensionTimeWillExpire()`): the content handler gets the best content
    /// now, if it has not been called yet. Returns after the handler ran.
    public func timeWillExpire() {
        perform(machine.withLock { $0.expire(.timeWillExpire, date: clock.now) })
    }

    /// A Boolean value indicating whether the content handler has been (or is being) called.
    package var isEnded: Bool { machine.withLock { $0.isEnded } }

    // MARK: Driven by the pipeline

    func start(
        work: [(index: Int, step: ServiceExtensionStep.Work)], context: ServiceExtensionStepContext,
        deadline: TimeInterval
    ) {
        let timer = clock.schedule(after: deadline) { [weak self] in
            guard let self else { return }
            self.perform(self.machine.withLock { $0.expire(.deadline, date: self.clock.now) })
        }
        let deadlineDate = startDate.addingTimeInterval(deadline)
        handles.withLock {
            $0.deadline = timer
            $0.deadlineDate = deadlineDate
        }
        let now = clock.now
        perform(machine.withLock { $0.start(date: now) })
        guard !work.isEmpty else { return }
        let task = Task { [self] in
            for (index, body) in work {
                guard machine.withLock({ $0.stepStarting(index) }) else { return }
                let outcome = await body(context)
                let action = machine.withLock { $0.stepFinished(index, outcome: outcome, date: clock.now) }
                if case .deliver = action {
                    // The finishing steps may wait (the storage steps wait for the ledger's writer, until the
                    // deadline at most): never on the cooperative pool, on a serial queue of the run's own.
                    DispatchQueue(label: "pushbus.service-extension.finishing").async { self.perform(action) }
                    return
                }
                perform(action)
                if isEnded { return }
            }
        }
        let cancelNow = handles.withLock { handles -> Bool in
            handles.task = task
            return handles.isEnded
        }
        if cancelNow { task.cancel() }
    }

    var currentContent: ServiceExtensionContent {
        machine.withLock { $0.snapshot?.content } ?? ServiceExtensionContent()
    }

    func update(_ change: (inout ServiceExtensionContent) -> Void) -> Bool {
        while true {
            guard let (content, version) = machine.withLock({ $0.snapshot }) else { return false }
            var changed = content
            change(&changed)
            switch machine.withLock({ $0.commit(changed, version: version) }) {
            case .committed: return true
            case .ended: return false
            case .stale: continue
            }
        }
    }

    func beginAttachment(_ found: AttachmentLocator.Found) -> Int? {
        machine.withLock { $0.beginAttachment(found) }
    }

    func finishAttachment(_ token: Int, _ report: AttachmentReport) -> Bool {
        machine.withLock { $0.finishAttachment(token, report) }
    }

    func reportAttachment(_ report: AttachmentReport) {
        machine.withLock { $0.reportAttachment(report) }
    }

    // MARK: Ending (after unlocking)

    private func perform(_ action: ServiceExtensionStateMachine.Action) {
        guard case .deliver(var delivery) = action else { return }
        let (task, timer, deadlineDate) = handles.withLock { handles in
            handles.isEnded = true
            return (handles.task, handles.deadline, handles.deadlineDate)
        }
        // Ended by a deadline or by iOS: no time is left for the finishing steps to wait in.
        let deadline =
            delivery.ending == .deadline || delivery.ending == .timeWillExpire
            ? delivery.date : max(delivery.date, deadlineDate ?? delivery.date)
        timer?.cancel()
        task?.cancel()
        for file in delivery.discardedFiles { try? FileManager.default.removeItem(at: file) }
        func result() -> ServiceExtensionResult {
            ServiceExtensionResult(
                requestIdentifier: requestIdentifier, content: delivery.content, disposition: delivery.disposition,
                ending: delivery.ending, steps: delivery.steps, attachments: delivery.attachments,
                startDate: startDate, endDate: delivery.date, deadline: deadline)
        }
        if delivery.disposition != .notMine {
            for step in finishing {
                guard case .finishing(let body) = step.kind else { continue }
                let soFar = result()
                do {
                    try body(&delivery.content, soFar)
                    delivery.steps.append(.init(name: step.name, status: .applied, date: clock.now))
                } catch {
                    delivery.steps.append(.init(name: step.name, status: .finishingFailed("\(error)"), date: clock.now))
                }
            }
        }
        contentHandler(result())
    }
}
