public import Foundation
@_spi(PushBusInternals) public import PushBusCore
import PushBusDelivery

/// Remote notifications arriving from APNs.
extension SimulatedDevice {
    /// A push arrives from APNs, and iOS hands it over as it would in the app's current state.
    ///
    /// | app state | alert (authorized) | `content-available: 1` (with the background mode) |
    /// | --- | --- | --- |
    /// | foreground, iOS 10+ | `willPresent`; listed if it answers `.list` | then the fetch callback (`active`) |
    /// | foreground, iOS 9 | not shown | fetch callback (`active`) for every push |
    /// | background | banner, listed, no callback | fetch callback (`background`) |
    /// | suspended | banner, listed | woken to `background`, fetch callback |
    /// | not running | banner, listed | launched in the background, then fetch callback |
    /// | force-quit by the user | banner, listed | **not delivered** |
    ///
    /// Without authorization an alert is neither shown nor listed (nothing to tap); with provisional
    /// authorization it goes quietly to Notification Center. Silent pushes need no authorization, but need the
    /// *Remote notifications* background mode outside the foreground.
    ///
    /// - Parameters:
    ///   - payload: The APNs payload, as `userInfo` holds it.
    ///   - identifier: The request identifier (the `apns-id`); default `push-1`, `push-2`, ….
    /// - Returns: The notification's identifier, for ``tap(_:action:text:)`` and ``dismiss(_:)``.
    @discardableResult
    public func deliver(remote payload: [String: Any], identifier: String? = nil) -> String {
        deliverRemote(PushValue(any: payload), identifier: identifier)
    }

    /// A push arrives, given as a `PushValue`; see ``deliver(remote:identifier:)-([String:Any],_)``.
    ///
    /// - Throws: ``SimulationError/invalidPayload(_:)`` when the value is not an object.
    @discardableResult
    public func deliver(remote payload: PushValue, identifier: String? = nil) throws -> String {
        guard case .object = payload else { throw SimulationError.invalidPayload("the payload is not a JSON object") }
        return deliverRemote(payload, identifier: identifier)
    }

    /// A push arrives, given as the JSON bytes APNs would send.
    ///
    /// - Throws: ``SimulationError/invalidPayload(_:)`` when the bytes are not a JSON object.
    @discardableResult
    public func deliver(remote json: Data, identifier: String? = nil) throws -> String {
        let value: PushValue
        do {
            value = try PushValue(json: json)
        } catch {
            throw SimulationError.invalidPayload("\(error)")
        }
        return try deliver(remote: value, identifier: identifier)
    }

    private func deliverRemote(_ payload: PushValue, identifier: String?) -> String {
        let payload = withServerBadge(payload)
        let id = storage.withLock { state in
            state.nextPushNumber += 1
            return identifier ?? "push-\(state.nextPushNumber)"
        }
        let notification = SimulatedNotification(remote: payload, identifier: id, date: clock.now)
        storage.withLock { $0.received[id] = notification }
        let content = notification.content
        let summary = [content.title, content.body].compactMap { $0 }.joined(separator: ": ")
        let kind =
            content.isUserVisible ? (content.isContentAvailable ? "alert + content-available" : "alert") : "silent"
        note("APNs delivers [\(id)] (\(kind)\(summary.isEmpty ? "" : ", \"\(summary)\""))")
        // A mutable-content alert goes through the app's Notification Service Extension first (its own file).
        if runServiceExtension(on: notification) { return id }
        handOverRemote(notification)
        return id
    }

    /// iOS hands a remote notification to the app (after the service extension, if one ran).
    func handOverRemote(_ notification: SimulatedNotification) {
        let id = notification.identifier
        let content = notification.content
        let (authorization, capabilities, wasForceQuit) = storage.withLock { state in
            (state.authorization, state.capabilities, state.wasForceQuit)
        }
        let isVisible = content.isUserVisible
        let wantsFetch = content.isContentAvailable
        let canWake = capabilities.contains(.remoteNotificationsBackgroundMode)
        let current = state

        if current.isForeground || current == .launching {
            // iOS 10+: willPresent, then the fetch callback if content-available. iOS 9: the fetch callback for
            // every push, nothing shown.
            guard generation.usesNotificationCenterDelegate else {
                fetch(notification, appState: current.appState)
                if isVisible { record(.presentation(notification: id, .notShown)) }
                return
            }
            if isVisible {
                if authorization.allowsDelivery {
                    present(notification, authorization: authorization) { [weak self] listed in
                        if listed { self?.addToNotificationCenter(notification) }
                    }
                } else {
                    record(.presentation(notification: id, .notAuthorized))
                }
            }
            if wantsFetch { fetch(notification, appState: current.appState) }
            return
        }

        // Background, suspended or not running: iOS shows the alert itself, without asking the app.
        if isVisible { list(notification, authorization: authorization) }
        guard wantsFetch else { return }
        guard canWake else {
            note("[\(id)] content-available not delivered: the app lacks the remote-notifications background mode")
            return
        }
        switch current {
        case .notRunning:
            guard !wasForceQuit else {
                note("[\(id)] content-available not delivered: the user force-quit the app")
                return
            }
            note("[\(id)] iOS launches the app in the background for the push")
            backgroundLaunch(for: notification)
        case .suspended:
            note("[\(id)] iOS wakes the app in the background for the push")
            transition(to: .background)
        default: break
        }
        fetch(notification, appState: .background)
    }

    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    func fetch(_ notification: SimulatedNotification, appState: PushAppState) {
        call(.didReceiveRemoteNotification, notification: notification.identifier)
        appDelegateAdapter.didReceiveRemoteNotification(
            notification.userInfo, appState: appState, fetchCompletionHandler: fetchCompletion(notification.identifier))
    }

    /// Lists a remote notification; one with the same identifier (an `apns-collapse-id` update) is replaced.
    func addToNotificationCenter(_ notification: SimulatedNotification) {
        storage.withLock { state in
            if !state.remoteListed.insert(notification.identifier).inserted {
                state.remoteList.removeAll { $0.identifier == notification.identifier }
            }
            state.remoteList.append(notification)
        }
    }

    /// A notification iOS shows without asking the app (background, or not running).
    func list(_ notification: SimulatedNotification, authorization: Authorization) {
        guard authorization.allowsDelivery else {
            record(.presentation(notification: notification.identifier, .notAuthorized))
            return
        }
        if notification.isRemote { addToNotificationCenter(notification) }
        applyNotificationBadge(notification)
        record(
            .presentation(
                notification: notification.identifier, authorization == .provisional ? .listedQuietly : .banner))
    }

    /// `willPresent` for a foreground notification; `listed` tells whether it joins Notification Center.
    func present(
        _ notification: SimulatedNotification, authorization: Authorization,
        listed: @escaping @Sendable (Bool) -> Void
    ) {
        let id = notification.identifier
        call(.willPresent, notification: id)
        let completion = presentationCompletion(id) { [weak self] options in
            let isListed = options.contains(.list) || options.contains(.alert)
            let isShown = options.contains(.banner) || options.contains(.alert)
            let presentation: Presentation
            if authorization == .provisional {
                presentation = isListed || isShown ? .listedQuietly : .notShown
            } else if isListed {
                presentation = isShown ? .banner : .listedQuietly
            } else {
                presentation = isShown ? .bannerNotListed : .notShown
            }
            self?.record(.presentation(notification: id, presentation))
            if options.contains(.badge) { self?.applyNotificationBadge(notification) }
            listed(presentation.isListed)
        }
        forwardWillPresent(notification, completion: completion)
    }
}
