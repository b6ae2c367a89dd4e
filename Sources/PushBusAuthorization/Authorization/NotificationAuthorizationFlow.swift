public import PushBusCategories

/// Authorization and registration in one call: what every app repeats at launch, in the order iOS wants it.
///
/// ```swift
/// let flow = NotificationAuthorizationFlow(authorizer: authorizer, settings: settingsChannel)
/// let report = await flow.run(options: [.alert, .sound, .badge, .provisional], categories: categories)
/// if report.settings.status == .denied { showTurnOnNotificationsBanner() }
/// // the device token (or the failure) arrives as a RegistrationEvent, as before
/// ```
///
/// The steps: request authorization with the options, read the settings (posted to the settings channel, so
/// a change is an event), register the categories, register for remote notifications. Remote registration is
/// asked for even when the user declines alerts: a token still serves silent pushes, and the server learns the
/// app is installed. A failed step is reported and the later steps still run.
public struct NotificationAuthorizationFlow: Sendable {
    /// One step of the flow, in the order it runs.
    public enum Step: String, Sendable, Hashable, CaseIterable {
        case requestAuthorization, readSettings, registerCategories, registerForRemoteNotifications
    }

    /// What one ``run(options:categories:)`` (or ``escalate(options:)``) did.
    public struct Report: Sendable, Hashable {
        /// The steps that ran, in order.
        public var steps: [Step]
        /// A Boolean value indicating whether the system granted the options.
        public var isGranted: Bool
        /// The system's error from the authorization request, if any, in words.
        public var authorizationError: String?
        /// The settings read after the request.
        public var settings: NotificationSettingsSnapshot
        /// How many categories were registered.
        package var categoryCount: Int
    }

    let authorizer: any NotificationAuthorizer
    let settingsChannel: NotificationSettingsChannel?

    /// Creates a flow over `authorizer`, posting each settings reading to `settings` when given.
    public init(authorizer: any NotificationAuthorizer, settings: NotificationSettingsChannel? = nil) {
        self.authorizer = authorizer
        settingsChannel = settings
    }

    /// Requests authorization, reads the settings, registers `categories` and registers for remote
    /// notifications, in that order.
    public func run(options: AuthorizationOptions, categories: CategoryRegistry = .empty) async -> Report {
        var steps: [Step] = [.requestAuthorization]
        var granted = false
        var failure: String?
        settingsChannel?.recordRequest(options)
        do {
            granted = try await authorizer.requestAuthorization(options: options)
        } catch {
            failure = String(describing: error)
        }
        steps.append(.readSettings)
        var settings = await refreshSettings()
        if settings.isCriticalAlertRequested == nil {
            settings.isCriticalAlertRequested = options.contains(.criticalAlert)
        }
        steps.append(.registerCategories)
        await authorizer.setCategories(categories)
        steps.append(.registerForRemoteNotifications)
        await authorizer.registerForRemoteNotifications()
        return Report(
            steps: steps, isGranted: granted, authorizationError: failure, settings: settings,
            categoryCount: categories.categories.count)
    }

    /// Asks for full authorization after provisional delivery (the prompt iOS shows only now), then reads the
    /// settings again. `.provisional` in `options` is ignored.
    ///
    /// - Returns: A ``Report`` whose steps are `requestAuthorization` and `readSettings`: whether the user granted
    ///   them, the system's error if the request failed (reported, not swallowed), and the settings after the answer.
    public func escalate(options: AuthorizationOptions = .standard) async -> Report {
        var full = options
        full.remove(.provisional)
        settingsChannel?.recordRequest(full)
        var granted = false
        var failure: String?
        do {
            granted = try await authorizer.requestAuthorization(options: full)
        } catch {
            failure = String(describing: error)
        }
        return Report(
            steps: [.requestAuthorization, .readSettings], isGranted: granted, authorizationError: failure,
            settings: await refreshSettings(), categoryCount: 0)
    }

    /// Reads the settings and hands them to the settings channel (which posts only a change). The glue calls
    /// this each time the app returns to the foreground.
    @discardableResult
    public func refreshSettings() async -> NotificationSettingsSnapshot {
        var settings = await authorizer.notificationSettings()
        if let settingsChannel {
            settings = settingsChannel.annotated(settings)
            settingsChannel.update(settings)
        }
        return settings
    }
}
