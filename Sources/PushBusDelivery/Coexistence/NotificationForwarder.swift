@_spi(PushBusInternals) package import PushBusCore

/// The platform-neutral half of "several SDKs, one delegate": who gets a callback, and one merged answer to iOS.
///
/// `Target` is whatever the caller calls a forwardee through: the Apple glue keeps a weak
/// `UNUserNotificationCenterDelegate`, `SimulatedDevice` a simulated SDK. The forwarder never calls a target
/// itself: it hands each chosen target and its own completion closure to the caller's `forward` closure, outside
/// its lock.
package final class NotificationForwarder<Target: Sendable>: Sendable {
    private struct State {
        var nextID = 1
        var entries: [(forwardee: NotificationForwardee, target: Target)] = []
    }

    private let state = LockedState(State())
    private let presentationDeadlineState = LockedState<Double>(1)
    private let presentationAnswersState = LockedState(PresentationAnswers.union)

    package init() {}

    /// How long `willPresent` waits for the forwardees' answers before answering iOS with those it has (seconds;
    /// default 1). `didReceive` waits until the delivery's ``PushDelivery/responseDeadline``.
    package var presentationDeadline: Double {
        get { presentationDeadlineState.withLock { $0 } }
        set { presentationDeadlineState.withLock { $0 = max(0, newValue) } }
    }

    /// Whose answers iOS gets from `willPresent` (default ``PresentationAnswers/union``).
    package var presentationAnswers: PresentationAnswers {
        get { presentationAnswersState.withLock { $0 } }
        set { presentationAnswersState.withLock { $0 = newValue } }
    }

    /// Adds a forwardee after the others.
    @discardableResult
    package func add(_ target: Target, name: String, providers: Set<PushProvider.Name>) -> NotificationForwardee {
        state.withLock { state in
            let forwardee = NotificationForwardee(id: state.nextID, name: name, providers: providers)
            state.nextID += 1
            state.entries.append((forwardee, target))
            return forwardee
        }
    }

    /// Removes the forwardee with `id`; the others keep their order.
    package func remove(_ id: NotificationForwardee.ID) {
        state.withLock { $0.entries.removeAll { $0.forwardee.id == id } }
    }

    /// Removes the forwardees `isGone` says are gone (a released delegate).
    package func removeAll(where isGone: (Target) -> Bool) {
        let targets = state.withLock { $0.entries }
        let gone = Set(targets.filter { isGone($0.target) }.map(\.forwardee.id))
        guard !gone.isEmpty else { return }
        state.withLock { $0.entries.removeAll { gone.contains($0.forwardee.id) } }
    }

    /// The forwardees, in the order they are called.
    package var forwardees: [NotificationForwardee] { state.withLock { $0.entries.map(\.forwardee) } }

    /// The targets, in order.
    package var targets: [(forwardee: NotificationForwardee, target: Target)] { state.withLock { $0.entries } }

    /// Who gets a callback about `notification`: the forwardees claiming its payload's provider if any does,
    /// otherwise all, in order. `nil` (an "open settings" request without a notification) goes to all.
    package func recipients(for notification: NotificationSnapshot?) -> [Target] {
        let entries = state.withLock { $0.entries }
        guard let notification, notification.trigger.isRemote else { return entries.map(\.target) }
        let provider = PushProviderRecognizer.recognize(notification.content.payload).name
        let owners = entries.filter { $0.forwardee.providers.contains(provider) }
        return (owners.isEmpty ? entries : owners).map(\.target)
    }

    /// `willPresent`: PushBus's adapter and the chosen forwardees each answer; iOS gets the **union** of the
    /// options of those that answered, once, when all did or at ``presentationDeadline`` — or, with
    /// ``presentationAnswers`` `.pushBusOnly`, PushBus's answer alone as soon as it has it (the forwardees are
    /// still called, and their answers dropped).
    ///
    /// `ownAnswered` runs when PushBus's adapter has answered (the simulator's `settle()` uses it).
    package func willPresent(
        _ notification: NotificationSnapshot, adapter: UserNotificationAdapter,
        forward: (Target, @escaping @Sendable (PresentationOptions) -> Void) -> Void,
        ownAnswered: (@Sendable () -> Void)? = nil,
        completionHandler: @escaping @Sendable (PresentationOptions) -> Void
    ) {
        let recipients = recipients(for: notification)
        let union = presentationAnswers == .union
        let merged = MergedCompletion<PresentationOptions>(
            answerers: union ? recipients.count + 1 : 1, initial: [], merge: { $0.union($1) },
            completion: completionHandler)
        let own = merged.answerer()
        adapter.willPresent(notification) { options in
            own(options)
            ownAnswered?()
        }
        let ignored: @Sendable (PresentationOptions) -> Void = { _ in }
        for target in recipients { forward(target, union ? merged.answerer() : ignored) }
        merged.startDeadline(presentationDeadline, clock: adapter.delivery.completionClock)
    }

    /// `didReceive`: iOS's handler runs once, when PushBus's response handlers and every chosen forwardee have
    /// finished, or at the delivery's ``PushDelivery/responseDeadline``. `ownAnswered`: as for `willPresent`.
    package func didReceive(
        _ response: ResponseSnapshot, appState: PushAppState, adapter: UserNotificationAdapter,
        forward: (Target, @escaping @Sendable () -> Void) -> Void,
        ownAnswered: (@Sendable () -> Void)? = nil,
        completionHandler: @escaping @Sendable () -> Void
    ) {
        let recipients = recipients(for: response.notification)
        let merged = MergedCompletion<Void>(
            answerers: recipients.count + 1, initial: (), merge: { _, _ in () }, completion: completionHandler)
        let adapterDone = merged.answerer()
        adapter.didReceive(response, appState: appState) {
            adapterDone(())
            ownAnswered?()
        }
        for target in recipients {
            let done = merged.answerer()
            forward(target) { done(()) }
        }
        merged.startDeadline(adapter.delivery.responseDeadline, clock: adapter.delivery.completionClock)
    }

    /// `openSettingsFor`: the chosen forwardees hear it (no answer to merge).
    package func openSettings(for notification: NotificationSnapshot?, forward: (Target) -> Void) {
        for target in recipients(for: notification) { forward(target) }
    }
}
