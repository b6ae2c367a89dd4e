internal import Foundation
import PushBusCategories
import PushBusContentExtensionKit
@_spi(PushBusInternals) import PushBusCore
import PushBusDelivery
import PushBusStorage

/// The app's Notification Content Extension on the simulated device.
///
/// The user long-presses a notification whose category the extension declares (`UNNotificationExtensionCategory`):
/// iOS starts the extension in its own process, which opens its own ``DeliveryLedger`` on the device's ledger
/// directory (the app group) with the role ``DeliveryProcessRole/contentExtension``, and a ``SharedValueStore``
/// there. The user interacts (a value), then the extension answers
/// (``SimulatedDevice/ContentExtensionPanel/answer(_:)``): the answer is written to the ledger, iOS closes the extension (unless `.doNotDismiss`) and, for a forwarded answer, calls the
/// app's `didReceive`. The running app reads the ledger on the extension's Darwin notification; a suspended or
/// terminated app reads it when it next becomes active. Every step is in the timeline.
///
/// ```swift
/// device.contentExtension.install(.init(categories: ["TIMER_REMINDER"]))
/// try device.contentExtension.longPress("timer-reminder")
/// device.contentExtension.interact(value: "30")
/// try device.contentExtension.sharedValues?.set(30, for: .nextReminderSeconds)  // the extension's own code
/// try device.contentExtension.answer(
///     .init(action: "CONFIRM", disposition: .dismissExtension, values: ["seconds": "30"]))
/// ```
extension SimulatedDevice {
    /// What the app's content extension declares in its `Info.plist`.
    public struct ContentExtension: Sendable, Hashable {
        /// `UNNotificationExtensionCategory`: the categories whose notifications it shows.
        public var categories: Set<String>
        /// `UNNotificationExtensionUserInteractionEnabled`: whether its controls respond.
        public var isUserInteractionEnabled: Bool

        /// Creates the declaration.
        public init(categories: Set<String>, isUserInteractionEnabled: Bool = true) {
            self.categories = categories
            self.isUserInteractionEnabled = isUserInteractionEnabled
        }
    }

    /// Installs (or, with `nil`, removes) the app's content extension. The current process's delivery learns its
    /// categories (the category-match diagnostic), as each later one does.
    func installContentExtension(_ contentExtension: ContentExtension?) {
        contentExtensionSlot.state.withLock { $0.declaration = contentExtension }
        delivery.contentExtensionCategories = contentExtension?.categories ?? []
    }

    /// The installed content extension, if any.
    var contentExtensionDeclaration: ContentExtension? { contentExtensionSlot.state.withLock { $0.declaration } }

    /// The app group's shared values (in the ledger directory); `nil` when the device has no ledger directory.
    var sharedValues: SharedValueStore? {
        guard let ledgerDirectory else { return nil }
        try? FileManager.default.createDirectory(at: ledgerDirectory, withIntermediateDirectories: true)
        return try? SharedValueStore(directory: ledgerDirectory)
    }

    /// What the content extension shows now (`nil` when it is not on screen).
    var contentExtensionSession: ContentExtensionSession? {
        contentExtensionSlot.state.withLock { $0.session }
    }

    /// The value the user set in the extension's controls (the slider), if any.
    var contentExtensionValue: String? { contentExtensionSlot.state.withLock { $0.value } }

    /// The user long-presses the notification `identifier`: iOS starts the content extension in a new process
    /// and calls its `didReceive(_ notification:)`.
    ///
    /// - Returns: The extension's session (its normalized message; answers go through it).
    /// - Throws: ``SimulationError/notificationNotDelivered(_:)`` when the notification is not in Notification
    ///   Center; ``SimulationError/contentExtensionRefused(_:)`` when no content extension declares its category or the device has no
    ///   ledger directory (the app group the extension shares with the app).
    @discardableResult
    func longPress(_ identifier: String) throws -> ContentExtensionSession {
        let notification = try take(identifier)
        restore(notification)  // still listed while the extension shows it
        let category = notification.content.categoryIdentifier ?? ""
        guard let declaration = contentExtensionDeclaration, declaration.categories.contains(category) else {
            throw SimulationError.contentExtensionRefused(
                "no content extension declares the category '\(category)' of [\(identifier)]: iOS shows the "
                    + "standard expanded notification")
        }
        guard let ledgerDirectory else {
            throw SimulationError.contentExtensionRefused(
                "the device has no ledger directory: the extension has no app group")
        }
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        configuration.role = .contentExtension
        let ledger: DeliveryLedger
        do {
            try FileManager.default.createDirectory(at: ledgerDirectory, withIntermediateDirectories: true)
            ledger = try DeliveryLedger(directory: ledgerDirectory, configuration: configuration)
        } catch {
            throw SimulationError.contentExtensionRefused("the content extension cannot open the ledger: \(error)")
        }
        let number = contentExtensionSlot.state.withLock { state -> Int in
            state.processes += 1
            return state.processes
        }
        note("user long-presses [\(identifier)]: iOS starts the content extension (extension process \(number))")
        let session = ContentExtensionSession(notification: notification.snapshot, ledger: ledger)
        contentExtensionSlot.state.withLock { state in
            state.session = session
            state.notification = notification
            state.value = nil
            state.process = number
        }
        note("content extension: didReceive(notification) [\(identifier)] category \(category)")
        return session
    }

    /// The user moves the extension's control to `value` (the recurring reminder's slider). Ignored, with a note, when
    /// the extension does not enable user interaction.
    func interactInContentExtension(value: String) {
        let (session, declaration) = contentExtensionSlot.state.withLock { ($0.session, $0.declaration) }
        guard session != nil else {
            note("no content extension on screen: nothing to interact with")
            return
        }
        guard declaration?.isUserInteractionEnabled == true else {
            note("content extension: UNNotificationExtensionUserInteractionEnabled is NO, the control does not respond")
            return
        }
        contentExtensionSlot.state.withLock { $0.value = value }
        note("content extension: the user sets the control to \(value)")
    }

    /// The extension answers: recorded in the ledger (by the extension's process), then iOS acts on it — closes
    /// the extension (unless `.doNotDismiss`), and for `.dismissAndForwardAction` or
    /// `.performDefaultAction` calls the app's `didReceive` with the same response. The running app then reads
    /// the ledger on the extension's Darwin notification.
    ///
    /// - Throws: ``SimulationError/contentExtensionRefused(_:)`` when no extension is on screen.
    func answerInContentExtension(_ answer: ContentExtensionAnswer) throws {
        guard
            let (session, notification, process) = contentExtensionSlot.state.withLock({ state in
                state.session.flatMap { session in state.notification.map { (session, $0, state.process) } }
            })
        else {
            throw SimulationError.contentExtensionRefused("no content extension on screen to answer")
        }
        let id = notification.identifier
        let values = answer.values.keys.sorted().map { " \($0)=\(answer.values[$0] ?? "")" }.joined()
        guard session.answer(answer) else {
            note("content extension: answer \(answer.action) ignored: the extension already finished")
            return
        }
        note("content extension: answers \(answer.action) (\(answer.disposition))\(values), recorded in the ledger")
        if answer.disposition != .doNotDismiss {
            contentExtensionSlot.state.withLock { state in
                state.session = nil
                state.notification = nil
                state.value = nil
            }
            note("iOS closes the content extension; extension process \(process) ends")
            _ = try? take(id)
        }
        if answer.disposition.isForwardedToApp {
            note("iOS forwards \(answer.action) to the app's didReceive")
            var foreground = answer.disposition == .performDefaultAction
            if !foreground, let category = notification.content.categoryIdentifier {
                foreground = categories.action(answer.action, inCategory: category)?.isForeground ?? false
            }
            respond(
                to: notification, actionIdentifier: answer.action,
                text: answer.values[ContentExtensionAnswer.userTextKey],
                foreground: foreground)
        }
        switch state {
        case .active, .inactive, .background:
            appReadsContentExtensionAnswers(reason: "on the extension's Darwin notification")
        case .launching, .suspended, .notRunning:
            note("the app is \(state.rawValue): it reads the answer when it next becomes active")
        }
    }

    /// The user closes the extension without answering: nothing is recorded, the notification stays listed.
    func closeContentExtension() {
        let process = contentExtensionSlot.state.withLock { state -> Int? in
            guard state.session != nil else { return nil }
            state.session = nil
            state.notification = nil
            state.value = nil
            return state.process
        }
        guard let process else { return }
        note("user closes the content extension without answering; extension process \(process) ends")
    }

    /// The app reads the extension's answers from the ledger (when it becomes active, and on the Darwin
    /// notification while it runs). Only with a content extension installed.
    func appReadsContentExtensionAnswers(reason: String) {
        guard contentExtensionDeclaration != nil, ledgerDirectory != nil else { return }
        let current = delivery
        if current.contentExtensionCategories.isEmpty, let declared = contentExtensionDeclaration?.categories {
            current.contentExtensionCategories = declared
        }
        let count = current.deliverContentExtensionAnswers(appState: appState)
        if count > 0 { note("the app reads the ledger \(reason): \(count) content-extension answer(s) delivered") }
    }
}

/// The device's content-extension slot: the declaration, the extension process on screen, the user's value.
final class SimulatedContentExtensionSlot: Sendable {
    struct State {
        var declaration: SimulatedDevice.ContentExtension?
        var session: ContentExtensionSession?
        var notification: SimulatedNotification?
        var value: String?
        var processes = 0
        var process = 0
        /// What a scenario's extension code does (SimulatedApp+ContentExtension.swift).
        var scenarioSetup: SimulationScenario.ContentExtensionSetup?
    }

    let state = LockedState(State())
}
