public import Foundation
public import PushBusCore

/// A Notification Service Extension's work as ordered steps under one deadline.
///
/// ```swift
/// let pipeline = ServiceExtensionPipeline(steps: [
///     .claim { $0.customData["pushbus"] != nil },  // "not mine" for another SDK's pushes
///     .rewrite { content in content.body = try decrypt(content.body) },
///     .attachments(AttachmentDownloader()),
///     .filter(hasFilteringEntitlement: false) { $0.customData["muted"] != nil },
///     .badge { _ in inbox.unreadCount + 1 },
///     .receipt { receipt in try ledger.record(receipt) },  // written before the handler, never delaying it
/// ])
/// let run = pipeline.run(PushContent(userInfo: request.content.userInfo), requestIdentifier: request.identifier) {
///     result in contentHandler(result.content)  // called exactly once
/// }
/// // serviceExtensionTimeWillExpire(): run.timeWillExpire()
/// ```
///
/// Work steps run one after the other; changes they commit are kept even if a later step is still running when
/// the run ends. The content handler is called exactly once: when the steps finish, at `deadline`, or on
/// ``ServiceExtensionRun/timeWillExpire()``, whichever comes first, with the best content so far (finished
/// attachments kept, unfinished ones cancelled and reported). Finishing steps (badge, receipt) run synchronously
/// just before the handler on every path.
public struct ServiceExtensionPipeline: Sendable {
    /// The steps, in order (finishing steps run at the end, in their order among themselves).
    public var steps: [ServiceExtensionStep]
    /// Seconds from the start to the latest content-handler call (default 25: below iOS's ~30 s budget).
    public var deadline: TimeInterval
    /// The clock the deadline is measured on (tests pass a `ManualClock`).
    public var clock: any PushClock

    /// - Parameters:
    ///   - deadline: Seconds until the handler is called with whatever is ready (default 25).
    ///   - clock: The clock the deadline runs on (default: wall-clock time).
    ///   - steps: The steps, in order.
    public init(deadline: TimeInterval = 25, clock: any PushClock = SystemPushClock(), steps: [ServiceExtensionStep]) {
        self.deadline = deadline
        self.clock = clock
        self.steps = steps
    }

    /// Starts the steps on a notification.
    ///
    /// - Parameters:
    ///   - content: The notification as received (`PushContent(userInfo: request.content.userInfo)`).
    ///   - requestIdentifier: The request's identifier.
    ///   - contentHandler: Called exactly once, on whichever thread ends the run (possibly before `run` returns
    ///     when there is no work step).
    /// - Returns: The run: call ``ServiceExtensionRun/timeWillExpire()`` when iOS says time is up.
    @discardableResult
    public func run(
        _ content: PushContent, requestIdentifier: String,
        contentHandler: @escaping @Sendable (ServiceExtensionResult) -> Void
    ) -> ServiceExtensionRun {
        var work: [(index: Int, step: ServiceExtensionStep.Work)] = []
        var names: [String] = []
        for step in steps {
            guard case .work(let body) = step.kind else { continue }
            work.append((names.count, body))
            names.append(step.name)
        }
        let run = ServiceExtensionRun(
            content: ServiceExtensionContent(content), workNames: names, finishing: steps.filter(\.isFinishing),
            requestIdentifier: requestIdentifier, clock: clock, contentHandler: contentHandler)
        let context = ServiceExtensionStepContext(
            run: run, requestIdentifier: requestIdentifier, original: content, clock: clock)
        run.start(work: work, context: context, deadline: deadline)
        return run
    }
}
