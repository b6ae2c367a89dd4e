import Foundation

/// The delivery steps both adapters share: post, run the app's async handlers, complete exactly once.
extension PushCenter {
    /// Posts an arrival. With a fetch completion, runs the background handlers (once per message id) and
    /// completes with their aggregated result, or at the background deadline.
    func deliverArrival(_ message: PushMessage, fetchCompletion: OnceCompletion<BackgroundFetchResult>?) {
        post(message)
        guard let fetchCompletion else { return }
        adapters.dropHeldLaunch(for: message.id)
        let clock = completionClock
        guard
            let handlers = adapters.claimBackgroundRun(
                for: message, now: clock.now, window: configuration.deduplicationWindow)
        else {
            // The same push was already handled through another path (or forwarded again): nothing new.
            fetchCompletion.finish(.noData)
            return
        }
        HandlerRun.start(handlers, message: message, deadline: backgroundDeadline, clock: clock) { outcomes in
            fetchCompletion.finish(.aggregate(outcomes.map { $0 ?? .failed }))
        }
    }

    /// Posts a user response (after any held launch messages it does not claim), runs the response handlers
    /// and completes when they finish or at the response deadline. A duplicate completes at once.
    func deliverResponse(_ message: PushMessage, completion: OnceCompletion<Void>?) {
        let message = resolvingAction(message)
        for fallback in adapters.noteResponse(for: message.id) { deliverHeldLaunch(fallback) }
        guard post(message) != .duplicate else {
            completion?.finish()
            return
        }
        let handlers = adapters.responseHandlers(for: message)
        HandlerRun.start(handlers, message: message, deadline: responseDeadline, clock: completionClock) { _ in
            completion?.finish()
        }
    }

    /// Delivers a launch-options message: at once (legacy), or held until launch is over or its `didReceive`
    /// arrives (`.userNotifications` mode), when the response itself carries the real action.
    func deliverLaunch(_ message: PushMessage, hold: Bool) {
        guard hold else {
            deliverResponse(message, completion: nil)
            return
        }
        switch adapters.holdLaunchMessage(message) {
        case true?: break
        case false?: deliverHeldLaunch(message)
        case nil: break  // its response was already delivered
        }
    }

    /// Ends launch: posts the held launch messages no response claimed.
    func endLaunch() {
        for fallback in adapters.endLaunch() { deliverHeldLaunch(fallback) }
    }

    private func deliverHeldLaunch(_ message: PushMessage) {
        let message = resolvingAction(message)
        guard post(message) != .duplicate else { return }
        let handlers = adapters.responseHandlers(for: message)
        HandlerRun.start(handlers, message: message, deadline: responseDeadline, clock: completionClock) { _ in }
    }

    /// `message` with its response's ``PushResponse/pushAction`` looked up in ``categories``.
    private func resolvingAction(_ message: PushMessage) -> PushMessage {
        guard let registry = categories, message.response?.pushAction == nil,
            let action = registry.action(for: message)
        else { return message }
        var resolved = message
        resolved.response?.pushAction = action
        return resolved
    }
}
