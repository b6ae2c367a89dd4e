internal import Foundation
import PushBusCategories
@_spi(PushBusInternals) internal import PushBusCore
import PushBusHub
import PushBusStorage

/// The delivery steps both adapters share: build the message, post it, run the app's async handlers, complete
/// exactly once.
extension PushDelivery {
    /// A message built with this delivery's deep-link extractor and scope reader, dated now on the completion clock unless the
    /// path knows a better date.
    func makeMessage(
        kind: PushMessage.Kind, content: PushContent, response: PushResponse? = nil, appState: PushAppState,
        path: DeliveryPath, requestIdentifier: String? = nil, notificationDate: Date? = nil, date: Date? = nil
    ) -> PushMessage {
        let (extractor, clock, scopeReader) = store.state.withLock { state in
            // The category-match diagnostic (PushDelivery+ContentExtension), in the same lock.
            if let category = content.categoryIdentifier, !category.isEmpty,
                state.facts.categoriesInUse.count < DeliveryDiagnostics.maximumCategoriesInUse,
                state.facts.categoriesInUse.insert(category).inserted
            {
                state.factsVersion &+= 1
            }
            return (state.deepLinkExtractor, state.clock, state.scopeReader)
        }
        return PushMessage(
            kind: kind, content: content, response: response, appState: appState, path: path,
            requestIdentifier: requestIdentifier, date: date ?? (clock ?? center.configuration.clock).now,
            notificationDate: notificationDate, deepLinkExtractor: extractor,
            scope: scopeReader?.scope(in: content))
    }

    /// Posts an arrival. With a fetch completion, runs the background handlers (once per delivery) and
    /// completes with their aggregated result, or at the background deadline.
    func deliverArrival(_ message: PushMessage, fetchCompletion: OnceCompletion<BackgroundFetchResult>?) {
        recordPosted(message, receipt: center.post(message))
        guard let fetchCompletion else { return }
        store.dropHeldLaunch(for: message.id)
        let clock = completionClock
        guard let handlers = store.claimBackgroundRun(for: message, now: clock.monotonicInstant) else {
            // The same delivery was already handled through another path (or forwarded again): nothing new.
            fetchCompletion.finish(.noData)
            return
        }
        HandlerRun.start(
            handlers, message: message, deadline: backgroundDeadline, clock: clock, tasks: store.handlerTasks
        ) { outcomes in
            fetchCompletion.finish(.aggregate(outcomes.map { $0 ?? .failed }))
        }
    }

    /// Posts a user response (after any held launch messages it does not claim), runs the response handlers
    /// and completes when they finish or at the response deadline. A duplicate completes at once.
    func deliverResponse(_ message: PushMessage, completion: OnceCompletion<Void>?) {
        let message = resolvingAction(message)
        for fallback in store.noteResponse(message, now: completionClock.monotonicInstant) {
            deliverHeldLaunch(fallback)
        }
        if deliverForwardedAnswer(message, completion: completion) { return }
        guard !wasHandledEarlier(message) else {
            center.postKnownDuplicate(message)  // never silent: monitors (and a simulated timeline) see it
            completion?.finish()
            return
        }
        // Inside an adapter's callback the ledger's record is made once iOS is answered, before the callback returns,
        // in the place taken before the post, so it comes ahead of the routes the post's subscribers defer.
        let record = AfterAnswer.reserve()
        let receipt = center.post(message)
        record.fill { [self] in recordPosted(message, receipt: receipt, wakesWriter: false) }
        runResponseHandlers(message, receipt: receipt, completion: completion)
        AfterAnswer.run { [ledger] in ledger.wakeWriter() }  // after the record
    }

    /// Runs the app's response handlers for a posted response; `completion` finishes when they have, or at the
    /// response deadline, and at once when the hub dropped the response as a duplicate.
    func runResponseHandlers(_ message: PushMessage, receipt: PostReceipt, completion: OnceCompletion<Void>?) {
        guard receipt != .duplicate else {
            completion?.finish()
            return
        }
        HandlerRun.start(
            store.responseHandlers(for: message), message: message, deadline: responseDeadline,
            clock: completionClock, tasks: store.handlerTasks
        ) { _ in
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
        switch store.holdLaunchMessage(message, now: completionClock.monotonicInstant) {
        case true?: break
        case false?: deliverHeldLaunch(message)
        case nil: break  // its response was already delivered
        }
    }

    /// Ends launch: posts the held launch messages no response claimed.
    func endLaunch() {
        for fallback in store.endLaunch() { deliverHeldLaunch(fallback) }
    }

    private func deliverHeldLaunch(_ message: PushMessage) {
        let message = resolvingAction(message)
        if deliverForwardedAnswer(message, completion: nil) { return }
        guard !wasHandledEarlier(message) else {
            center.postKnownDuplicate(message)
            return
        }
        let receipt = center.post(message)
        recordPosted(message, receipt: receipt)
        runResponseHandlers(message, receipt: receipt, completion: nil)
    }

    /// `message` with its response's `PushResponse.pushAction` looked up in `categories`.
    private func resolvingAction(_ message: PushMessage) -> PushMessage {
        guard let registry = categories, message.response?.pushAction == nil,
            let action = registry.action(for: message)
        else { return message }
        var resolved = message
        resolved.response?.pushAction = action
        return resolved
    }
}
