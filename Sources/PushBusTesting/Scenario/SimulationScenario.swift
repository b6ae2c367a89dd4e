public import Foundation
public import PushBusCore

/// A scripted sequence for ``SimulatedDevice``, read from JSON: the device and app setup, the steps a user and
/// APNs take, and what must have happened. `pushbus simulate --scenario FILE` runs one; `Docs/Scenarios.md`
/// documents the format.
///
/// ```swift
/// let file = URL(fileURLWithPath: "Examples/scenarios/cold-start-product-tap.json")
/// let run = try await SimulationScenario(contentsOf: file).run()
/// #expect(run.failures.isEmpty)
/// ```
public struct SimulationScenario: Sendable, Decodable {
    /// A one-line title.
    public var name: String
    /// What the scenario shows.
    public var description: String?
    /// The device: iOS generation, authorization, background mode.
    public var device: DeviceSetup
    /// The categories the app registers.
    public var categories: [CategorySetup]
    /// The app's router, if any.
    public var routes: RouteSetup?
    /// What the simulated app does with messages.
    public var app: AppSetup
    /// The steps, in order.
    public var steps: [Step]
    /// What must have happened after the last step.
    public var expect: Expectations?
    /// The folder `file` references in steps are relative to.
    public var baseDirectory: URL?

    /// The device setup.
    public struct DeviceSetup: Sendable, Decodable {
        /// `"scenes"` (iOS 13+, default), `"notificationCenter"` (iOS 10–12) or `"legacy"` (iOS 9).
        public var generation: String?
        /// `"authorized"` (default), `"provisional"`, `"denied"` or `"notDetermined"`.
        public var authorization: String?
        /// Whether the app has the remote-notifications background mode (default `true`).
        public var backgroundMode: Bool?
        /// Whether the app keeps a durable `DeliveryLedger` that every process opens again (default `false`:
        /// each process records in memory and forgets at termination).
        public var ledger: Bool?

        /// Creates a device setup; a `nil` field takes the default its property names.
        public init(
            generation: String? = nil, authorization: String? = nil, backgroundMode: Bool? = nil, ledger: Bool? = nil
        ) {
            self.generation = generation
            self.authorization = authorization
            self.backgroundMode = backgroundMode
            self.ledger = ledger
        }
    }

    /// A category and its actions.
    public struct CategorySetup: Sendable, Decodable {
        /// The category's identifier, as payloads name it in `aps.category`.
        public var identifier: String
        /// Whether dismissing sends `didReceive` (`customDismissAction`).
        public var customDismiss: Bool?
        /// The action buttons, in display order.
        public var actions: [ActionSetup]
    }

    /// An action button.
    public struct ActionSetup: Sendable, Decodable {
        /// The action's identifier: what `tap` steps name in `action`.
        public var identifier: String
        /// The button's title.
        public var title: String
        /// Whether choosing it opens the app (`.foreground`); otherwise it runs in the background.
        public var foreground: Bool?
        /// Whether it is shown as destructive (`.destructive`; default `false`).
        public var destructive: Bool?
        /// The text-input button title; present for text-input actions.
        public var textInputButton: String?
        /// The text field's placeholder, for text-input actions (default: none).
        public var placeholder: String?
    }

    /// The app's router: accepted schemes, patterns and how push payloads become links.
    public struct RouteSetup: Sendable, Decodable {
        /// The accepted URL schemes (e.g. `["app"]`).
        public var schemes: [String]
        /// Patterns any source may open.
        public var patterns: [String]
        /// Patterns only the app itself may open (`.internal`).
        public var internalPatterns: [String]?
        /// Whether the first screen is ready at the start (default `false`: routes defer until a `ready` step).
        public var ready: Bool?
        /// Rules turning payload keys into a link, tried in order before the default extraction
        /// (`route`, `url`, `deeplink`, provider keys).
        public var linkRules: [LinkRule]?

        /// Creates a router setup; a `nil` field takes the default its property names.
        public init(
            schemes: [String], patterns: [String], internalPatterns: [String]? = nil, ready: Bool? = nil,
            linkRules: [LinkRule]? = nil
        ) {
            self.schemes = schemes
            self.patterns = patterns
            self.internalPatterns = internalPatterns
            self.ready = ready
            self.linkRules = linkRules
        }
    }

    /// A rule turning a payload into a link: when every condition holds, the link is `url` with each `{key}`
    /// replaced by that key's value (JPush's `BusinessLine`/`OrderID` mapping, a chat routed by `aps.sound`).
    ///
    /// Keys are top-level custom keys or dotted paths into the payload (`aps.sound`, `rc.cType`); values compare
    /// as text. A rule with no condition (`when`, `present`, `provider`) matches every payload; `"always": true`
    /// says so explicitly, and may not be combined with conditions. These are `PayloadRouteRule`s.
    public struct LinkRule: Sendable, Decodable {
        /// The keys (or key paths) and the values they must hold, all of them; empty when absent.
        public var when: [String: String]
        /// Keys (or key paths) that must be present, whatever their value (RongCloud's `rc`).
        public var present: [String]?
        /// The push service that must have sent the payload (`"jpush"`, `"rongCloud"`: a `PushProvider.Name`).
        public var provider: String?
        /// Whether the rule is the catch-all that matches every payload (no other condition allowed).
        public var always: Bool?
        /// The link to open, with `{key}` placeholders (key paths too: `{rc.fId}`).
        public var url: String

        private enum CodingKeys: String, CodingKey {
            case when, present, provider, always, url
        }

        /// Decodes a rule; `when` defaults to no condition.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            when = try container.decodeIfPresent([String: String].self, forKey: .when) ?? [:]
            present = try container.decodeIfPresent([String].self, forKey: .present)
            provider = try container.decodeIfPresent(String.self, forKey: .provider)
            always = try container.decodeIfPresent(Bool.self, forKey: .always)
            url = try container.decode(String.self, forKey: .url)
        }
    }

    /// What the simulated app does.
    public struct AppSetup: Sendable, Decodable {
        /// What its `onBackgroundMessage` handler returns (`"newData"`, `"noData"`, `"failed"`); none if absent.
        public var backgroundFetchResult: String?
        /// What `willPresent` answers (`["banner", "list", "sound", "badge"]`); the library default if absent.
        public var presentation: [String]?
        /// A recurring reminder: the user's answer schedules the next one.
        public var reminder: ReminderSetup?
        /// Whether the app keeps its Live Activity tokens in a `LiveActivityTokenStore` and reconciles at launch.
        public var persistsLiveActivityTokens: Bool?
        /// Whether the app keeps every push token in a `PushTokenRegistry` (in the ledger's directory with
        /// `device.ledger`, else in memory) and reports each change to its server (`expect.tokensReported`).
        public var reportsTokens: Bool?
        /// The app's Notification Content Extension (`Docs/ContentExtension.md`).
        public var contentExtension: ContentExtensionSetup?
        /// The app's notification inbox (`PushInbox`), and whether its service extension adds to it.
        public var inbox: InboxSetup?
        /// The route the app opens when iOS asks for its notification settings screen (`openSettingsFor`).
        public var openSettingsRoute: String?
        /// Whether the app adds its local notifications through a `LocalNotificationSchedule` kept in the ledger's
        /// directory (refilled at launch, on return to the foreground and in background refresh), and the
        /// slots it leaves for its own requests.
        public var localSchedule: LocalScheduleSetup?
        /// Other push SDKs in the app, each with its own delegate that PushBus forwards to (`Docs/Coexistence.md`).
        public var otherSDKs: [OtherSDKSetup]?
        /// Whose `willPresent` answers iOS gets when other SDKs answer too: `"union"` (default: PushBus's and
        /// every SDK's) or `"pushBusOnly"` (the app's presentation policy alone; the SDKs' delegates still run),
        /// as `PushBusApp.Configuration.presentationAnswers`.
        public var presentationAnswers: String?
        /// Whether the app carries out the PushBus retract and replace keys (`Docs/Retraction.md`): every process
        /// registers `handleRetractions(in:)`, and the service extension runs `.retract` before `.inbox`.
        public var retractions: Bool?
        /// The accounts the app is signed in to, and where a push names its account (`Docs/Accounts.md`).
        public var accounts: AccountsSetup?

        /// Creates an app setup with these three fields; every other field is `nil` (that feature is off) until set.
        public init(backgroundFetchResult: String? = nil, presentation: [String]? = nil, reminder: ReminderSetup? = nil)
        {
            self.backgroundFetchResult = backgroundFetchResult
            self.presentation = presentation
            self.reminder = reminder
        }
    }

    /// The app's `LocalNotificationSchedule`.
    public struct LocalScheduleSetup: Sendable, Decodable {
        /// Pending slots left for the app's own requests (default 4).
        public var reserve: Int?
    }

    /// Another push SDK in the app (`SimulatedSDK`).
    public struct OtherSDKSetup: Sendable, Decodable {
        /// Its name: the key of `expect.sdkCallbacks`.
        public var name: String
        /// The providers whose pushes belong to it (`braze`, `oneSignal`, `fcm`, …); none: it claims no push.
        public var providers: [String]?
        /// The categories it registers at launch, replacing the registered set as such SDKs do.
        public var categories: [CategorySetup]?
        /// What its delegate answers to `willPresent` (default `["banner", "list"]`).
        public var presentation: [String]?
        /// How its delegate calls completion handlers: `once` (default), `twice`, `never`, or `late` (after
        /// `answerAfter` seconds).
        public var answers: String?
        /// `answers: "late"`: the delay in seconds.
        public var answerAfter: Double?
        /// Whether its server counts badges (JPush's "+1"): each of its pushes arrives with `aps.badge` set to the
        /// count the app last reported to it plus one.
        public var countsBadge: Bool?
        /// Whether the app's inbox badge is set through a `BadgeController` that also reports each count to this
        /// SDK (the JPush guide's `JPushBadge`); needs `app.inbox`.
        public var appReportsBadge: Bool?
    }

    /// The recurring reminder: when the user answers a notification of `category` with `action`, the typed number of
    /// seconds (clamped to `minimum…maximum`, as the content extension's slider) schedules the next one.
    public struct ReminderSetup: Sendable, Decodable {
        /// The category of the reminder notifications (the app's subscription listens to it).
        public var category: String
        /// The action whose typed number of seconds schedules the next reminder.
        public var action: String
        /// The identifier of the scheduled reminder: each one replaces the pending one.
        public var identifier: String
        /// The title of each scheduled reminder.
        public var title: String
        /// The shortest delay in seconds (default 1); an empty answer takes it (60 when absent).
        public var minimum: Double?
        /// The longest delay in seconds (default and limit: a year).
        public var maximum: Double?
    }

    /// One step. `do` says which; the other fields are its arguments.
    public struct Step: Sendable, Decodable {
        /// `launch`, `background`, `foreground`, `suspend`, `terminate`, `receive`, `schedule`, `scheduleSeries`,
        /// `backgroundRefresh`, `tap`, `dismiss`, `forward`, `advance`, `ready`, `notReady`, `authorize`, `settle`,
        /// `checkInbox`, `checkNotificationCenter`, `markAllRead`, `rotateDeviceToken`, `signIn`, `signOut`.
        public var `do`: String
        /// The notification: given to `receive`/`schedule`, referenced by `tap`/`dismiss`.
        public var id: String?
        /// `receive`: the payload inline.
        public var payload: PushValue?
        /// `receive`: a payload file, relative to the scenario file.
        public var file: String?
        /// `tap`: the action identifier (absent: the notification itself); `forward`: the tap another SDK
        /// reports (`open` or an action identifier; absent: an arrival).
        public var action: String?
        /// `tap`: the text typed into a text-input action.
        public var text: String?
        /// `advance`: how many seconds; `schedule`: the delay before it fires; `scheduleSeries`: the first one's;
        /// `scheduleLiveActivity`: the delay before the activity starts.
        public var seconds: Double?
        /// `scheduleSeries`: how many notifications (`ID-1` … `ID-count`).
        public var count: Int?
        /// `scheduleSeries`: seconds between two of them (default `seconds`).
        public var every: Double?
        /// `schedule`: whether it repeats.
        public var repeats: Bool?
        /// `schedule`, `scheduleSeries`: the title (`scheduleSeries` default: the `id`).
        public var title: String?
        /// `schedule`, `scheduleSeries`: the body.
        public var body: String?
        /// `schedule`, `scheduleSeries`: the category identifier.
        public var category: String?
        /// `schedule`: the custom payload keys.
        public var userInfo: [String: PushValue]?
        /// `terminate`: `false` when the system (not the user) ends the app. Default `true`.
        public var byUser: Bool?
        /// `authorize`: the new authorization.
        public var status: String?
        /// A comment shown in the output.
        public var note: String?
        /// Live Activity steps: the `ActivityAttributes` type (`observeLiveActivities`, `startLiveActivity`,
        /// `rotatePushToStartToken`).
        public var attributesType: String?
        /// Live Activity steps: the activity's id (the new one for a start; the target of an update or end).
        public var activity: String?
        /// `startLiveActivity`: the broadcast channel id the activity is started with (`pushType: .channel(id)`);
        /// `liveActivityBroadcast`: the channel the broadcast is sent to.
        public var channel: String?
        /// `recordToken` of kind `controls`: the control's kind (`ControlInfo.kind`).
        public var control: String?
        /// `recordToken`: the token's kind (`device`, `voip`, `widgets`, `controls`, `pushToStart`, `activityUpdate`,
        /// `broadcastChannel`).
        public var kind: String?
        /// `recordToken`: the token or channel id; absent: the token is gone.
        public var value: String?
        /// `extensionAction`: what the extension tells iOS (`doNotDismiss`, `dismiss`, `dismissAndForwardAction`).
        public var option: String?
        /// `checkInbox`: the unread count expected now (the badge must equal what the badge policy counts).
        public var unread: Int?
        /// `checkInbox`, `markAllRead`: the account (`unread` is that account's count); `signIn`, `signOut`: the
        /// account signed in or out.
        public var scope: String?
        /// `register`, `escalate`: the authorization options by name (default `alert`, `sound`, `badge`).
        public var options: [String]?
        /// `answerPrompt`: `allow`, `dontAllow` or `provisional`.
        public var answer: String?
        /// `changeSettings`: settings the user changes (`{"sound": "disabled"}`).
        public var settings: [String: String]?
        /// `openURL`, `openUniversalLink`: the URL.
        public var url: String?
        /// `checkNotificationCenter`: the identifiers Notification Center must list now, oldest first.
        public var ids: [String]?
    }

    /// What must be true after the last step; every field is optional.
    public struct Expectations: Sendable, Decodable {
        /// The callbacks, in order, by short name (`didFinishLaunching`, `sceneWillConnect`, …).
        public var callbacks: [String]?
        /// The kinds of the messages the hub accepted, in order (`remote`, `remoteTapped`, `local`, …).
        public var messageKinds: [String]?
        /// How many reports the hub dropped as duplicates.
        public var duplicatesDropped: Int?
        /// The URLs the router opened, in order.
        public var routesOpened: [String]?
        /// The URLs the router deferred until the app was ready, in order.
        public var routesDeferred: [String]?
        /// The URLs the router refused or could not match, in order.
        public var routesFailed: [String]?
        /// The unmatched URLs that fell back to another route, in order.
        public var routesFellBack: [String]?
        /// The values the fetch completion handlers were called with, in order.
        public var fetchResults: [String]?
        /// Whether every completion handler was called exactly once (default checked: `true`).
        public var completionsCalledOnce: Bool?
        /// The app's state at the end (`active`, `background`, `notRunning`, …).
        public var finalState: String?
        /// The texts users typed, in order.
        public var userTexts: [String]?
        /// How many notifications fired from the scheduler.
        public var localNotificationsFired: Int?
        /// How many fired at the date they were scheduled for (`scheduleSeries` notifications).
        public var localNotificationsOnTime: Int?
        /// How many pending requests the simulated iOS dropped because more than 64 were pending.
        public var localNotificationsDropped: Int?
        /// The Live Activity token events the app's center accepted, in order (`pushToStartToken TYPE`,
        /// `started ID`, `updateToken ID`, `ended ID`).
        public var liveActivityEvents: [String]?
        /// What the app's server learned from its `PushTokenRegistry`, in order, across launches: `KIND SCOPE`,
        /// with ` removed` when a token is gone (`device`, `pushToStart DeliveryAttributes`,
        /// `activityUpdate order-17 removed`).
        public var tokensReported: [String]?
        /// How many Live Activities are still running at the end.
        public var liveActivitiesRunning: Int?
        /// How many Live Activities are scheduled and not started yet (`pending`) at the end.
        public var liveActivitiesPending: Int?
        /// How many Live Activity `update` pushes were applied.
        public var liveActivityUpdatesApplied: Int?
        /// The content-extension answers the app's subscribers got, in order (`CONFIRM seconds=30`).
        public var extensionAnswers: [String]?
        /// The titles of the app's inbox entries, newest first.
        public var inboxTitles: [String]?
        /// How many inbox entries are unread.
        public var inboxUnread: Int?
        /// The number on the app icon.
        public var badge: Int?
        /// Per account, how many inbox entries are unread.
        public var scopeUnread: [String: Int]?
        /// The account the app shows at the end.
        public var currentScope: String?
        /// The accounts signed in at the end, in order.
        public var signedIn: [String]?
        /// The authorization status after each settings change the app's channels posted, in order.
        public var settingsChanges: [String]?
        /// The authorization at the end (`authorized`, `denied`, …).
        public var authorization: String?
        /// How many times iOS called `openSettingsFor`.
        public var openSettingsRequests: Int?
        /// The `RouteSource` of every route event, in order (`push`, `urlScheme`, `universalLink`, `settings`).
        public var routeSources: [String]?
        /// Per other SDK (by name), the callbacks its delegate got, in order: `willPresent ID`, `didReceive ID ACTION`
        /// (`open` for the notification itself), `openSettingsFor` (with ` ID` when from a notification).
        public var sdkCallbacks: [String: [String]]?
        /// What iOS got from each `willPresent`, in order (`[banner, list, sound, badge]`).
        public var presentations: [String]?
        /// Per other SDK (by name), the badge count the app last reported to it (`SimulatedSDK.reportedBadge`).
        public var sdkBadges: [String: Int]?
        /// The categories registered at the end, and who registered each (`PushBus`, an SDK's name, `unknown`).
        public var registeredCategories: [String: String]?
        /// The identifiers Notification Center lists at the end, oldest first (remote and local).
        public var notificationCenter: [String]?
        /// The request identifiers of the ledger's `removed` records, in order (the app's ledger, read again; with
        /// `"device": {"ledger": true}` it holds the service extension's records too).
        public var removedNotifications: [String]?
    }

    enum CodingKeys: String, CodingKey {
        case name, description, device, categories, routes, app, steps, expect
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        device = try container.decodeIfPresent(DeviceSetup.self, forKey: .device) ?? DeviceSetup()
        categories = try container.decodeIfPresent([CategorySetup].self, forKey: .categories) ?? []
        routes = try container.decodeIfPresent(RouteSetup.self, forKey: .routes)
        app = try container.decodeIfPresent(AppSetup.self, forKey: .app) ?? AppSetup()
        steps = try container.decode([Step].self, forKey: .steps)
        expect = try container.decodeIfPresent(Expectations.self, forKey: .expect)
    }

    /// Reads a scenario file; `file` references in its steps resolve against the file's folder.
    ///
    /// - Throws: An error naming the file and what happened (missing, a directory, larger than 16 MB, …), or
    ///   what ``init(json:baseDirectory:)`` throws.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try InputFile.read(url.path, limit: InputFile.scenarioLimit)
        } catch {
            throw ScenarioError(error.message(for: url.path))
        }
        try self.init(json: data, baseDirectory: url.deletingLastPathComponent())
    }

    /// Reads a scenario from JSON bytes, strictly: a key the format does not know is an error (naming the
    /// nearest known key), so a typo in `expect` cannot turn a check off.
    ///
    /// - Parameters:
    ///   - data: The scenario document.
    ///   - baseDirectory: The folder `file` references in steps are relative to.
    /// - Throws: `PushValueError` when the bytes are not JSON; ``ScenarioError`` for an unknown key or
    ///   nesting deeper than `PushValue/maximumDepth`; `DecodingError` (with the key path) for a missing key
    ///   or a wrong type.
    public init(json data: Data, baseDirectory: URL? = nil) throws {
        let (document, tooDeepAt) = try PushValue.parse(json: data)
        if let tooDeepAt {
            throw ScenarioError(
                "the scenario is nested deeper than \(PushValue.maximumDepth) levels"
                    + (tooDeepAt.isEmpty ? "" : " (at \(tooDeepAt))"))
        }
        let decoder = ScenarioDecoder()
        self = try decoder.decode(SimulationScenario.self, from: document)
        self.baseDirectory = baseDirectory
        if let unknown = decoder.unreadMembers(of: document).first {
            let place = unknown.path.isEmpty ? "at the top level" : "in \(unknown.path)"
            let hint = ScenarioDecoder.nearest(to: unknown.key, among: unknown.known).map { "; did you mean '\($0)'?" }
            throw ScenarioError("unknown key '\(unknown.key)' \(place)\(hint ?? "")")
        }
    }

    /// Builds a scenario in code (the CLI's single-payload mode does).
    public init(
        name: String, description: String? = nil, device: DeviceSetup = DeviceSetup(), categories: [CategorySetup] = [],
        routes: RouteSetup? = nil, app: AppSetup = AppSetup(), steps: [Step], expect: Expectations? = nil
    ) {
        self.name = name
        self.description = description
        self.device = device
        self.categories = categories
        self.routes = routes
        self.app = app
        self.steps = steps
        self.expect = expect
    }
}

extension SimulationScenario.Step {
    /// A step with only an action and, optionally, a notification id.
    public init(_ action: String, id: String? = nil) {
        self.do = action
        self.id = id
    }
}
