internal import Foundation
import PushBusCategories
import PushBusContentExtensionKit
@_spi(PushBusInternals) public import PushBusCore
import PushBusHub
import PushBusStorage

/// The answers a Notification Content Extension recorded in the ledger reach the app's subscribers once: on the
/// next ``deliverContentExtensionAnswers(appState:)`` (launch, foreground, the extension's Darwin notification),
/// or when iOS forwards the same response to the app's `didReceive`, whichever comes first, never both, and
/// never again in a later launch.
extension PushDelivery {
    /// Reads the ledger (`DeliveryLedger.refresh()`) and posts each content-extension answer no launch
    /// delivered yet, as a tapped message whose `PushResponse` carries the action, the extension's
    /// `PushResponse.values` and `PushResponse.contentExtensionDisposition`.
    ///
    /// Call it at launch and whenever the app returns to the foreground or the extension posts its Darwin
    /// notification. Each delivered answer is recorded in the ledger (`opened` with the answer's sequence), so
    /// a later call, launch or process never delivers it again.
    ///
    /// ```swift
    /// delivery.deliverContentExtensionAnswers()  // in didFinishLaunching and on willEnterForeground
    /// ```
    /// - Parameter appState: The app's state now.
    /// - Returns: How many answers were delivered.
    @discardableResult
    public func deliverContentExtensionAnswers(appState: PushAppState = .active) -> Int {
        refreshLedger()
        var delivered = 0
        for record in ledger.allRecords where record.event.kind == .contentAnswered {
            guard let answer = ContentExtensionAnswer(record.event), claimAnswer(record) else { continue }
            deliverAnswer(answer, record: record, appState: appState, completion: nil)
            delivered += 1
        }
        return delivered
    }

    /// A response iOS reports (`didReceive`, launch options) for an answer the extension forwarded
    /// (`.dismissAndForwardAction`, `performNotificationDefaultAction()`): delivered as that answer if nobody
    /// delivered it yet, and not at all otherwise.
    ///
    /// - Returns: `true` when the response was such an answer (and `completion` is taken care of).
    func deliverForwardedAnswer(_ message: PushMessage, completion: OnceCompletion<Void>?) -> Bool {
        guard let response = message.response, response.contentExtensionDisposition == nil,
            mayHaveContentExtension(message)
        else { return false }
        refreshLedger(waitingForWriter: false)  // on the tap's way to iOS: no wait for the writer
        let forwarded = ledger.history(of: message.id).last { record in
            guard let answer = ContentExtensionAnswer(record.event), answer.disposition.isForwardedToApp,
                answer.action == response.action.identifier
            else { return false }
            return record.isAbout(
                messageID: message.id, requestIdentifier: message.requestIdentifier,
                notificationDate: message.notificationDate)
        }
        guard let forwarded, let answer = ContentExtensionAnswer(forwarded.event) else { return false }
        if claimAnswer(forwarded) {
            deliverAnswer(answer, record: forwarded, appState: message.appState, completion: completion)
        } else {
            completion?.finish()
        }
        return true
    }

    /// A Boolean value indicating whether a content extension may have shown `message`: iOS shows one only for a
    /// notification with a category, and only for the categories it declares (``contentExtensionCategories``, when
    /// the app set them). Any other tap cannot be a forwarded answer, and skips the ledger refresh (a file system
    /// call on the tap's way to its completion handler).
    private func mayHaveContentExtension(_ message: PushMessage) -> Bool {
        guard let category = message.content.categoryIdentifier, !category.isEmpty else { return false }
        let declared = contentExtensionCategories
        return declared.isEmpty || declared.contains(category)
    }

    /// Claims the answer `record` for this delivery: `false` when this process or an earlier launch delivered it.
    private func claimAnswer(_ record: DeliveryRecord) -> Bool {
        let mark = String(record.sequence)
        let isDelivered = ledger.history(of: record.messageID).contains { earlier in
            earlier.role != .contentExtension && earlier.event.values[DeliveryRecord.deliveredAnswerKey] == mark
        }
        if isDelivered { return false }
        return store.state.withLock { $0.deliveredAnswers.insert(record.sequence).inserted }
    }

    private func deliverAnswer(
        _ answer: ContentExtensionAnswer, record: DeliveryRecord, appState: PushAppState,
        completion: OnceCompletion<Void>?
    ) {
        let summary = ledger.history(of: record.messageID).lazy.compactMap(\.summary).first
        let content = PushContent(
            title: summary?.title, body: summary?.body, categoryIdentifier: summary?.categoryIdentifier,
            threadIdentifier: summary?.threadIdentifier, userInfo: summary?.customData ?? [:])
        var response = answer.response
        response.pushAction = categories?.action(answer.action, inCategory: summary?.categoryIdentifier ?? "")
        var message = makeMessage(
            kind: record.messageKind.isRemote ? .remoteTapped : .localTapped, content: content, response: response,
            appState: appState, path: .contentExtension, requestIdentifier: record.requestIdentifier,
            notificationDate: record.notificationDate)
        message.id = record.messageID
        if let link = summary?.deepLink { message.deepLink = link }
        let receipt = center.post(message)
        var event = DeliveryEvent.responded(response)
        event.values = answer.values
        event.values[DeliveryRecord.deliveredAnswerKey] = String(record.sequence)
        recordInLedger(event, for: message)
        runResponseHandlers(message, receipt: receipt, completion: completion)
    }

    private func refreshLedger(waitingForWriter: Bool = true) {
        do throws(DeliveryLedgerError) {
            try ledger.refresh(waitingForWriter: waitingForWriter)
        } catch {
            store.updateFacts { $0.ledgerFailure = error.description }
        }
    }
}

/// Category match: a category used by a scheduled or received notification that nothing declares.
extension PushDelivery {
    /// The categories the app's Notification Content Extensions declare (`UNNotificationExtensionCategory`,
    /// read with `ContentExtensionInfo`). ``deliveryDiagnostics`` reports a category in use that neither these
    /// nor `categories` declare (`category.undeclared`).
    ///
    /// ```swift
    /// delivery.contentExtensionCategories = Set(try ContentExtensionInfo(plist: data).categories)
    /// ```
    public var contentExtensionCategories: Set<String> {
        get { deliveryDiagnostics.contentExtensionCategoryIdentifiers }
        set { recordDiagnostics { $0.contentExtensionCategoryIdentifiers = newValue } }
    }

    /// Notes that a notification the app schedules (or the glue sees) uses `category`, for the category-match
    /// diagnostic. The adapters note the category of every message they build; apps call
    /// ``noteContentUse(_:isSilent:)``.
    package func noteCategoryUse(_ category: String?) {
        guard let category, !category.isEmpty else { return }
        store.state.withLock { state in
            guard state.facts.categoriesInUse.count < DeliveryDiagnostics.maximumCategoriesInUse,
                !state.facts.categoriesInUse.contains(category)
            else { return }
            state.facts.categoriesInUse.insert(category)
            state.factsVersion &+= 1
        }
    }
}
