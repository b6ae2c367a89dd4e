internal import Foundation
import PushBusCategories
@_spi(PushBusInternals) import PushBusCore
import PushBusDelivery
import PushBusLocalNotifications

/// The user acting on a notification in Notification Center: tap, action button, text reply, dismissal.
extension SimulatedDevice {
    /// The user taps the notification `identifier`, or one of its action buttons (typing `text` for a
    /// text-input action), and iOS tells the app as it would in its current state.
    ///
    /// iOS 10+ (`Docs/DeliveryPaths.md`, apple-api-reference §1, §7):
    /// - not running: `didFinishLaunching` (launch options with the payload, for a remote tap) → (iOS 13+)
    ///   `scene(_:willConnectTo:options:)` with the response → `didReceive` (`inactive`) → did become active;
    /// - background or suspended: will enter foreground → `didReceive` (`inactive`) → did become active;
    /// - foreground: `didReceive` (`active`).
    ///
    /// An action without the `.foreground` option runs in the background instead: `didReceive` (`background`),
    /// after a background launch if the app was not running.
    ///
    /// iOS 9 (§6): a tap arrives as the fetch callback with state `inactive` (plus the launch options on a cold
    /// start), an action as `handleActionWithIdentifier` (typed text under its response-info key).
    ///
    /// - Parameters:
    ///   - identifier: The notification, as `deliver(remote:identifier:)` returned it or the local request's id.
    ///   - action: The action identifier; `nil` for the notification itself (the default action).
    ///   - text: What the user typed, for a text-input action (`""` when omitted, as iOS reports it).
    /// - Throws: ``SimulationError`` when the notification is not in Notification Center, or the action is not
    ///   one of its category's.
    public func tap(_ identifier: String, action: String? = nil, text: String? = nil) throws {
        if action == PushResponse.Action.dismissActionIdentifier {
            try dismiss(identifier)
            return
        }
        let notification = try take(identifier)
        var chosen: PushAction?
        if let action, action != PushResponse.Action.defaultActionIdentifier {
            let category = notification.content.categoryIdentifier
            guard let found = categories.action(action, inCategory: category ?? "") else {
                restore(notification)
                throw SimulationError.unknownAction(action: action, category: category)
            }
            chosen = found
        }
        guard text == nil || chosen?.isTextInput == true else {
            restore(notification)
            throw SimulationError.actionHasNoTextInput(
                chosen?.identifier ?? PushResponse.Action.defaultActionIdentifier)
        }
        let userText = chosen.map { $0.isTextInput ? (text ?? "") : nil } ?? nil
        let typed = userText.map { ", types \"\($0)\"" } ?? ""
        note("user taps [\(identifier)]" + (chosen.map { " → action \($0.identifier)\(typed)" } ?? ""))
        respond(
            to: notification, actionIdentifier: chosen?.identifier ?? PushResponse.Action.defaultActionIdentifier,
            text: userText, foreground: chosen.map(\.isForeground) ?? true)
    }

    /// The user dismisses the notification `identifier` explicitly (Clear, or swipe and Clear).
    ///
    /// iOS tells the app only on iOS 10+ and only when the notification's category has the
    /// `customDismissAction` option: `didReceive` with `UNNotificationDismissActionIdentifier`, in the
    /// background (apple-api-reference §2, §11.9). Otherwise the notification just disappears.
    ///
    /// - Throws: ``SimulationError/notificationNotDelivered(_:)`` when it is not in Notification Center.
    public func dismiss(_ identifier: String) throws {
        let notification = try take(identifier)
        note("user dismisses [\(identifier)]")
        let category = notification.content.categoryIdentifier.flatMap { categories.category($0) }
        guard generation.usesNotificationCenterDelegate, category?.options.contains(.customDismissAction) == true
        else {
            note("[\(identifier)] removed; no callback (category without customDismissAction, or iOS < 10)")
            return
        }
        respond(
            to: notification, actionIdentifier: PushResponse.Action.dismissActionIdentifier, text: nil,
            foreground: false)
    }

    // MARK: Responding

    func respond(
        to notification: SimulatedNotification, actionIdentifier: String, text: String?, foreground: Bool
    ) {
        if generation.usesNotificationCenterDelegate {
            respondModern(to: notification, actionIdentifier: actionIdentifier, text: text, foreground: foreground)
        } else {
            respondLegacy(to: notification, actionIdentifier: actionIdentifier, text: text, foreground: foreground)
        }
    }

    private func respondModern(
        to notification: SimulatedNotification, actionIdentifier: String, text: String?, foreground: Bool
    ) {
        let id = notification.identifier
        let response = ResponseSnapshot(
            notification: notification.snapshot, actionIdentifier: actionIdentifier, userText: text)
        let didReceive = { (appState: PushAppState) in
            self.call(.didReceiveResponse, notification: id)
            self.forwardDidReceive(
                response, appState: appState, completion: self.indexedVoidCompletion(.didReceiveResponse, id))
        }
        let isDefault = actionIdentifier == PushResponse.Action.defaultActionIdentifier
        switch (state, foreground) {
        case (.notRunning, true):
            // Launch options carry a remote payload only for the tap itself (default action).
            let options: [LaunchOptionKey: Any]? =
                notification.isRemote && isDefault ? [.remoteNotification: notification.userInfo] : nil
            coldLaunch(launchOptions: options, notification: id, sceneResponse: response) { didReceive(.inactive) }
        case (.notRunning, false):
            note("[\(id)] iOS launches the app in the background for the action")
            backgroundLaunch()
            didReceive(.background)
        case (.background, true), (.suspended, true):
            enterForeground()
            didReceive(.inactive)
            becomeActive()
        case (.suspended, false):
            transition(to: .background)
            didReceive(.background)
        case (let current, _):
            didReceive(current.appState)
        }
    }

    private func respondLegacy(
        to notification: SimulatedNotification, actionIdentifier: String, text: String?, foreground: Bool
    ) {
        let id = notification.identifier
        let isDefault = actionIdentifier == PushResponse.Action.defaultActionIdentifier
        let callback = { (appState: PushAppState) in
            if !isDefault {
                self.handleLegacyAction(
                    notification, actionIdentifier: actionIdentifier, text: text, appState: appState)
            } else if notification.isRemote {
                self.call(.didReceiveRemoteNotification, notification: id)
                self.appDelegateAdapter.didReceiveRemoteNotification(
                    notification.userInfo, appState: appState, fetchCompletionHandler: self.fetchCompletion(id))
            } else {
                self.call(.didReceiveLocalNotification, notification: id)
                self.appDelegateAdapter.didReceive(notification.legacyLocalNotification, appState: appState)
            }
        }
        switch (state, foreground) {
        case (.notRunning, true):
            if isDefault {
                // iOS 9 hands the tapped notification over in the launch options; a remote one also comes
                // through the fetch callback (`inactive`) once launched, a local one does not.
                let options: [LaunchOptionKey: Any] =
                    notification.isRemote
                    ? [.remoteNotification: notification.userInfo]
                    : [.localNotification: notification.legacyLocalNotification]
                coldLaunch(launchOptions: options, notification: id, sceneResponse: nil) {
                    if notification.isRemote { callback(.inactive) }
                }
            } else {
                coldLaunch(launchOptions: nil, notification: id, sceneResponse: nil) { callback(.inactive) }
            }
        case (.notRunning, false):
            note("[\(id)] iOS launches the app in the background for the action")
            backgroundLaunch()
            callback(.background)
        case (.background, true), (.suspended, true):
            enterForeground()
            callback(.inactive)
            becomeActive()
        case (.suspended, false):
            transition(to: .background)
            callback(.background)
        case (.active, _):
            // Opening Notification Center over the app makes it inactive while the user chooses.
            call(.willResignActive)
            transition(to: .inactive)
            callback(.inactive)
            becomeActive()
        case (let current, _):
            callback(current.appState)
        }
    }

    private func handleLegacyAction(
        _ notification: SimulatedNotification, actionIdentifier: String, text: String?, appState: PushAppState
    ) {
        let id = notification.identifier
        let info: [AnyHashable: Any]? = text.map { [AnyHashable(AppDelegateAdapter.typedTextKey): $0] }
        if notification.isRemote {
            call(.handleActionForRemoteNotification, notification: id)
            appDelegateAdapter.handleAction(
                withIdentifier: actionIdentifier, forRemoteNotification: notification.userInfo, withResponseInfo: info,
                appState: appState, completionHandler: voidCompletion(.handleActionForRemoteNotification, id))
        } else {
            call(.handleActionForLocalNotification, notification: id)
            appDelegateAdapter.handleAction(
                withIdentifier: actionIdentifier, for: notification.legacyLocalNotification, withResponseInfo: info,
                appState: appState, completionHandler: voidCompletion(.handleActionForLocalNotification, id))
        }
    }

    // MARK: Notification Center

    /// Removes the notification from Notification Center (iOS removes what the user acted on).
    func take(_ identifier: String) throws -> SimulatedNotification {
        let remote = storage.withLock { state -> SimulatedNotification? in
            guard state.remoteListed.remove(identifier) != nil,
                let index = state.remoteList.lastIndex(where: { $0.identifier == identifier })
            else { return nil }
            return state.remoteList.remove(at: index)
        }
        if let remote { return remote }
        if let local = scheduler.deliveredNotifications().last(where: { $0.identifier == identifier }) {
            scheduler.removeDeliveredNotifications(withIdentifiers: [identifier])
            return SimulatedNotification(local: local)
        }
        throw SimulationError.notificationNotDelivered(identifier)
    }

    func restore(_ notification: SimulatedNotification) {
        if notification.isRemote {
            storage.withLock { state in
                state.remoteList.append(notification)
                state.remoteListed.insert(notification.identifier)
            }
        } else if let delivered = scheduler.latestFiredNotification(withIdentifier: notification.identifier) {
            scheduler.recordDelivered(delivered)
        }
    }
}
