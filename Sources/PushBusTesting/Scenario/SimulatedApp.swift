internal import Foundation
import PushBusCategories
@_spi(PushBusInternals) import PushBusCore
import PushBusDelivery
import PushBusHub
import PushBusLocalNotifications
import PushBusRouting

/// The app a scenario describes, wired as a real app would wire PushBus: categories, router attached to the
/// hub, an inbox subscription, the background and response handlers it declares.
final class SimulatedApp: Sendable {
    let device: SimulatedDevice
    /// The current process's router (each launch after a termination has its own).
    var router: PushRouter? { device.router }
    /// A ledger directory the run made for the scenario (`device.ledger: true`), removed with the app.
    private let temporaryLedger: URL?
    /// The app's reserve when it adds local notifications through a `LocalNotificationSchedule`.
    let localScheduleReserve: Int?
    /// The current process's schedule, opened from its file by the first step that needs it in each process.
    let localSchedule = LockedState<(process: Int, schedule: LocalNotificationSchedule)?>(nil)

    init(scenario: SimulationScenario) throws {
        var configuration = try SimulatedDevice.Configuration(scenario)
        var temporaryLedger: URL?
        if scenario.device.ledger == true {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("pushbus-scenario-ledger-\(UUID().uuidString)")
            configuration.ledgerDirectory = directory
            temporaryLedger = directory
        }
        let router = try scenario.routes.map(Self.makeRouter)
        let backgroundResult = try scenario.app.backgroundFetchResult.map { name -> BackgroundFetchResult in
            guard let result = BackgroundFetchResult.named(name) else {
                throw ScenarioError("unknown background fetch result '\(name)' (newData, noData, failed)")
            }
            return result
        }
        let presentation = try scenario.app.presentation.map { try PresentationOptions(names: $0) }
        let rules = try PayloadRouteRules((scenario.routes?.linkRules ?? []).map(Self.payloadRule))
        let reminder = scenario.app.reminder
        let settingsRoute = scenario.app.openSettingsRoute
        let retractions = scenario.app.retractions ?? false
        let built = LockedState(DeviceReference())
        // What the app does in didFinishLaunching, in every process.
        let device = SimulatedDevice(configuration: configuration, router: router) { process in
            // The app's own inbox: every message reaches a subscriber, as in an app that lists notifications.
            process.keep(process.center.subscribe(.all) { _ in })
            if let router = process.router {
                let options = PushRouter.AttachOptions(
                    link: { message in rules.link(for: message) ?? PushRouteLink.default(in: message) },
                    ledger: process.delivery.ledger)
                process.keep(router.attach(to: process.center, options: options))
            }
            if let backgroundResult {
                process.keep(process.delivery.onBackgroundMessage { _ in backgroundResult })
            }
            if let presentation { process.delivery.presentationPolicy = .always(presentation) }
            if let reminder { process.keep(Self.reminderSubscription(reminder, center: process.center, device: built)) }
            Self.attachSettingsRoute(settingsRoute, in: process)
            if retractions, let device = built.withLock({ $0.device }) {
                Self.handleRetractions(in: process, device: device)
            }
        }
        built.withLock { $0.device = device }
        if retractions { Self.handleRetractions(in: device.process, device: device) }  // the first process
        if scenario.app.persistsLiveActivityTokens == true { try Self.persistLiveActivityTokens(of: device) }
        if let accounts = scenario.app.accounts { try Self.installAccounts(accounts, on: device) }
        if scenario.app.reportsTokens == true { device.reportTokens(in: configuration.ledgerDirectory) }
        if let setup = scenario.app.contentExtension { Self.installContentExtension(setup, on: device) }
        if let inbox = scenario.app.inbox { try Self.installInbox(inbox, accounts: scenario.app.accounts, on: device) }
        if retractions { Self.installRetractingServiceExtension(on: device, inbox: scenario.app.inbox) }
        try Self.installOtherSDKs(scenario.app, on: device)
        self.device = device
        self.temporaryLedger = temporaryLedger
        self.localScheduleReserve = scenario.app.localSchedule.map { $0.reserve ?? 4 }
    }

    deinit {
        if let temporaryLedger { try? FileManager.default.removeItem(at: temporaryLedger) }
    }

    // MARK: Steps

    func perform(_ step: SimulationScenario.Step, baseDirectory: URL?) async throws {
        switch step.do {
        case "launch":
            device.launch()
            try await refillLocalSchedule()
        case "background": device.moveToBackground()
        case "foreground":
            device.bringToForeground()
            try await refillLocalSchedule()
        case "suspend": device.suspend()
        case "terminate": device.terminate(byUser: step.byUser ?? true)
        case "receive": try device.deliver(remote: payload(of: step, baseDirectory: baseDirectory), identifier: step.id)
        case "schedule":
            try device.schedule(local: request(of: step))
            if step.seconds == nil { device.advanceTime(by: 0) }  // "now": iOS delivers it at once
        case "tap": try device.tap(try required(step.id, "id", step), action: step.action, text: step.text)
        case "dismiss": try device.dismiss(try required(step.id, "id", step))
        case "forward":
            let response = step.action.map { PushResponse(action: $0 == "open" ? .open : .init(identifier: $0)) }
            try device.otherSDKs.forward(try required(step.id, "id", step), response: response)
        case "advance":
            // Work the app and its service extension started finishes before time moves on, as on a device.
            await device.settle()
            await device.settleServiceExtensions(within: 2)
            device.advanceTime(by: try required(step.seconds, "seconds", step))
        case "ready":
            device.note("app: router.setReady(true)")
            router?.setReady(true)
        case "notReady":
            device.note("app: router.setReady(false)")
            router?.setReady(false)
        case "settle": await device.settle()
        case "authorize":
            let name = try required(step.status, "status", step)
            guard let status = SimulatedDevice.Authorization(rawValue: name) else {
                throw ScenarioError("unknown authorization '\(name)'")
            }
            device.authorization = status
        default:
            if try await performInboxStep(step) { return }
            if try await performAccountStep(step) { return }
            if try await performRetractionStep(step) { return }
            if try await performSettingsStep(step) { return }
            if try await performLocalScheduleStep(step) { return }
            guard try performLiveActivityStep(step, baseDirectory: baseDirectory) || performContentExtensionStep(step)
            else {
                throw ScenarioError("unknown step '\(step.do)'")
            }
        }
    }

    func required<T>(_ value: T?, _ field: String, _ step: SimulationScenario.Step) throws -> T {
        guard let value else { throw ScenarioError("step '\(step.do)' needs '\(field)'") }
        return value
    }

    func payload(of step: SimulationScenario.Step, baseDirectory: URL?) throws -> PushValue {
        if let payload = step.payload { return payload }
        let file = try required(step.file, "payload or file", step)
        let url = URL(fileURLWithPath: file, relativeTo: baseDirectory)
        let data: Data
        do {
            data = try InputFile.read(url.path, limit: InputFile.payloadLimit)
        } catch {
            throw ScenarioError("payload " + error.message(for: url.path))
        }
        do {
            return try PushValue(json: data)
        } catch {
            throw ScenarioError("payload \(url.path) is not a JSON object: \(error)")
        }
    }

    private func request(of step: SimulationScenario.Step) throws -> LocalNotificationRequest {
        let id = try required(step.id, "id", step)
        let content = PushContent(
            title: step.title, body: step.body, sound: .default, categoryIdentifier: step.category,
            userInfo: step.userInfo ?? [:])
        let trigger = step.seconds.map { LocalTrigger.timeInterval($0, repeats: step.repeats ?? false) }
        return LocalNotificationRequest(identifier: id, content: content, trigger: trigger)
    }

    // MARK: Setup helpers

    static func makeRouter(_ setup: SimulationScenario.RouteSetup) throws -> PushRouter {
        let router = PushRouter(schemes: Set(setup.schemes), isReady: setup.ready ?? false)
        do {
            for pattern in setup.patterns { try router.register(pattern) { _ in } }
            for pattern in setup.internalPatterns ?? [] { try router.register(pattern, access: .internal) { _ in } }
        } catch {
            throw ScenarioError("invalid route pattern: \(error)")
        }
        return router
    }

    /// The `PayloadRouteRule` a scenario's link rule describes.
    ///
    /// - Throws: ``ScenarioError`` for `"always": true` beside conditions, an empty provider or key, or a provider
    ///   PushBus does not know.
    static func payloadRule(_ rule: SimulationScenario.LinkRule) throws -> PayloadRouteRule {
        var conditions: [PayloadRouteRule.Condition] = rule.when.sorted { $0.key < $1.key }.map {
            .value($0.key, equals: $0.value)
        }
        conditions += (rule.present ?? []).map { .present($0) }
        if rule.always == true, !conditions.isEmpty || rule.provider != nil {
            throw ScenarioError(
                "link rule to '\(rule.url)': \"always\": true matches every payload; drop its conditions")
        }
        if rule.provider?.isEmpty == true || rule.when.keys.contains("") || rule.present?.contains("") == true {
            throw ScenarioError("link rule to '\(rule.url)': an empty key or provider never matches")
        }
        if let provider = rule.provider {
            conditions.append(.provider(try providerName(provider, in: "link rule to '\(rule.url)'")))
        }
        return PayloadRouteRule(matching: conditions, open: rule.url)
    }

    /// The longest reminder delay, when the scenario gives no maximum: a year.
    static let longestReminderDelay: Double = 365 * 24 * 3600

    /// The answer as a delay clamped to the reminder's minimum…maximum (the content extension's slider); `nil` when the
    /// answer is not a finite number ("nan", "inf", "abc"). An empty answer takes the minimum (or 60 s).
    static func reminderDelay(_ answer: String, _ reminder: SimulationScenario.ReminderSetup) -> Double? {
        let minimum = reminder.minimum.flatMap { $0.isFinite ? min(max($0, 1), longestReminderDelay) : nil } ?? 1
        let maximum = reminder.maximum.flatMap { $0.isFinite ? $0 : nil } ?? longestReminderDelay
        let trimmed = answer.trimmingCharacters(in: .whitespaces)
        let typed: Double
        if trimmed.isEmpty {
            typed = reminder.minimum ?? 60
        } else {
            guard let number = Double(trimmed), number.isFinite else { return nil }
            typed = number
        }
        return min(max(typed, minimum), max(minimum, min(maximum, longestReminderDelay)))
    }

    /// The device, once built: the app's launch wiring runs for the first process inside the device's init.
    struct DeviceReference: Sendable {
        weak var device: SimulatedDevice?
    }

    /// The recurring reminder: the answer's number of seconds schedules the next reminder. The app
    /// subscribes at each launch (the subscription lives as long as the process).
    static func reminderSubscription(
        _ reminder: SimulationScenario.ReminderSetup, center: PushCenter, device: LockedState<DeviceReference>
    ) -> PushCancellable {
        center.subscribe(.category(reminder.category) && .tapped, replay: .none) { message in
            guard let device = device.withLock({ $0.device }), message.response?.action == .custom(reminder.action)
            else { return }
            let answer = message.response?.userText ?? ""
            guard let seconds = reminderDelay(answer, reminder) else {
                device.note(
                    "the app cannot read \"\(answer.prefix(40))\" as a number of seconds; no reminder scheduled")
                return
            }
            let content = PushContent(
                title: reminder.title, body: "Next reminder in \(Int(seconds)) s", sound: .default,
                categoryIdentifier: reminder.category)
            do {
                try device.schedule(
                    local: LocalNotificationRequest(
                        identifier: reminder.identifier, content: content,
                        trigger: .timeInterval(seconds, repeats: false)))
                device.note("the app schedules the next reminder in \(Int(seconds)) s")
            } catch {
                device.note("the app could not schedule the next reminder: \(error)")
            }
        }
    }
}

extension SimulatedDevice.Configuration {
    init(_ scenario: SimulationScenario) throws {
        self.init()
        switch scenario.device.generation ?? "scenes" {
        case "scenes", "iOS13": generation = .scenes
        case "notificationCenter", "iOS10": generation = .notificationCenter
        case "legacy", "iOS9": generation = .legacy
        case let other: throw ScenarioError("unknown generation '\(other)' (scenes, notificationCenter, legacy)")
        }
        if let name = scenario.device.authorization {
            guard let value = SimulatedDevice.Authorization(rawValue: name) else {
                throw ScenarioError("unknown authorization '\(name)'")
            }
            authorization = value
        }
        capabilities = scenario.device.backgroundMode ?? true ? [.remoteNotificationsBackgroundMode] : []
        let categories = scenario.categories.map(Self.category)
        do {
            self.categories = try CategoryRegistry(categories)
        } catch {
            throw ScenarioError("invalid categories: \(error)")
        }
    }
}

extension SimulatedDevice.Configuration {
    static func category(_ setup: SimulationScenario.CategorySetup) -> PushCategory {
        let actions = setup.actions.map(Self.action)
        return PushCategory(setup.identifier, options: setup.customDismiss == true ? [.customDismissAction] : []) {
            for action in actions { action }
        }
    }

    static func action(_ setup: SimulationScenario.ActionSetup) -> PushAction {
        var options: PushAction.Options = []
        if setup.foreground == true { options.insert(.foreground) }
        if setup.destructive == true { options.insert(.destructive) }
        guard let button = setup.textInputButton else {
            return .button(setup.identifier, title: setup.title, options: options)
        }
        return .textInput(
            setup.identifier, title: setup.title, options: options, buttonTitle: button,
            placeholder: setup.placeholder ?? "")
    }
}

extension BackgroundFetchResult {
    static func named(_ name: String) -> BackgroundFetchResult? {
        allCases.first { "\($0)" == name }
    }
}

extension PresentationOptions {
    init(names: [String]) throws {
        self = []
        for name in names {
            switch name {
            case "banner": insert(.banner)
            case "list": insert(.list)
            case "sound": insert(.sound)
            case "badge": insert(.badge)
            case "alert": insert(.alert)
            default: throw ScenarioError("unknown presentation option '\(name)' (banner, list, sound, badge, alert)")
            }
        }
    }
}
