// The one call that sets an app up: the shared ledger, the delegate, the lifecycle, routes, inbox, badge, tokens.
#if canImport(UIKit) && os(iOS)
public import UIKit
import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
internal import Foundation
import PushBusAppleExtension
public import PushBusAuthorization
public import PushBusCategories
@_spi(PushBusInternals) public import PushBusCore
public import PushBusDelivery
public import PushBusHub
public import PushBusStorage

extension PushBusApp {
    /// What ``start(_:launchOptions:)`` sets up. Every part is optional; the default is the delegate and the
    /// lifecycle alone, with an in-memory ledger, asking for alerts, sounds and badges at launch.
    ///
    /// ```swift
    /// var configuration = PushBusApp.Configuration(appGroup: "group.com.example.shop")
    /// configuration.router = router  // taps open their deep links
    /// configuration.keepsInbox = true  // alerts enter the inbox, taps mark them read
    /// configuration.badge = .unreadCount  // the app icon shows the inbox's unread count
    /// configuration.categories = Categories.all
    /// configuration.onRegistration = { event in server.upload(event) }  // the device token
    /// PushBusApp.start(configuration)
    /// ```
    public struct Configuration: Sendable {
        /// The App Group whose container holds the ledger the app shares with its extensions (`nil`: the ledger is
        /// in memory, and the extensions' receipts and answers never reach the app).
        public var appGroup: String?
        /// The Darwin notification the extensions post after writing the shared ledger (`DeliveryLedger.notifyApp`):
        /// while the app runs, each one refreshes the ledger and delivers the content extension's answers.
        public var ledgerChangedNotification: String?
        /// What follows the delivery's taps: a `PushRouter` (PushBusRouting) opens their deep links and records each
        /// route taken in the ledger.
        public var router: (any PushDeliveryAttachable)?
        /// A Boolean value indicating whether the app keeps an inbox of what it was shown: alerts enter it, taps mark
        /// them read, retractions remove them (``Setup/inbox``).
        public var keepsInbox = false
        /// How the ledger is kept, which custom payload keys it and the inbox's entries keep included
        /// (`ledgerConfiguration.keptCustomKeys`; give the service extension's ledger the same). Its role is `.app`.
        public var ledgerConfiguration = DeliveryLedger.Configuration()
        /// How the inbox is kept (how many entries, for how long, which enter).
        public var inboxConfiguration = PushInbox.Configuration()
        /// What the app icon's badge shows (under ``Badge/unreadCount``, what the inbox configuration's
        /// `badgePolicy` counts: every unread entry, those of chosen scopes, or the app's own function).
        public var badge = Badge.none
        /// Where each push names its account, for an app signed in to several (Docs/Accounts.md): the delivery's
        /// `scopeReader`, and the inbox's unless ``inboxConfiguration`` has its own. `nil` for an app with one.
        public var scopeReader: PushScopeReader?
        /// The categories (action buttons, text input) registered at launch, with the authorization request.
        public var categories = CategoryRegistry.empty
        /// What to ask the user for at launch (`nil`: the app asks later, with
        /// ``registerForNotifications(options:categories:notificationCenter:application:)``).
        public var authorization: AuthorizationOptions? = .standard
        /// What a notification shows while the app is in the foreground (`nil`: the delivery's default).
        public var presentationPolicy: PresentationPolicy?
        /// Whose answers decide what is shown when other SDKs' delegates answer `willPresent` too (a JPush or
        /// Braze delegate kept beside PushBus): `.union` (the default) shows what any of them asks for,
        /// `.pushBusOnly` shows what ``presentationPolicy`` says alone (``PushNotificationDelegate/presentationAnswers``).
        public var presentationAnswers = PresentationAnswers.union
        /// A Boolean value indicating whether PushBus follows the app's lifecycle itself, through `UIApplication`'s
        /// notifications (default `true`). `false` only for an app that forwards activation itself, from every
        /// lifecycle it has: `PushBusApp.appDelegate.applicationDidBecomeActive(_:)` and
        /// ``recordDeliveredNotifications(inbox:notificationCenter:)``.
        public var followsLifecycle = true
        /// Called with the device token when iOS registers the app for remote notifications (or with why it could
        /// not): upload it to your server here. Called on the thread that forwarded it (the main thread).
        public var onRegistration: (@Sendable (RegistrationEvent) -> Void)?

        /// What the app icon's badge shows.
        public enum Badge: Sendable, Hashable {
            /// PushBus leaves the badge alone.
            case none
            /// The inbox's unread count (needs ``keepsInbox``), kept in step as entries arrive and are read.
            case unreadCount
        }

        /// A configuration with the shared ledger in `appGroup`'s container, if given.
        public init(appGroup: String? = nil) {
            self.appGroup = appGroup
        }
    }

    /// What ``start(_:launchOptions:)`` set up: keep it for the app's lifetime (``setup`` does).
    @MainActor
    public final class Setup {
        /// The delivery the adapters share; its center is `PushCenter.shared`.
        public let delivery: PushDelivery
        /// The inbox, when the configuration keeps one.
        public let inbox: PushInbox?
        /// Why the App Group's ledger could not be opened (the app then runs on an in-memory ledger), or `nil`.
        public let ledgerError: DeliveryLedgerError?
        private var subscriptions: [PushCancellable] = []
        private var refresher: DeliveryLedgerRefresher?

        /// The hub messages are posted to.
        public var center: PushCenter { delivery.center }
        /// The ledger behind the delivery.
        public var ledger: DeliveryLedger { delivery.ledger }

        init(delivery: PushDelivery, inbox: PushInbox?, ledgerError: DeliveryLedgerError?) {
            self.delivery = delivery
            self.inbox = inbox
            self.ledgerError = ledgerError
        }

        /// Keeps `subscription` alive for as long as the setup lives.
        public func keep(_ subscription: PushCancellable) { subscriptions.append(subscription) }

        func keep(_ refresher: DeliveryLedgerRefresher) { self.refresher = refresher }
    }

    /// The setup ``start(_:launchOptions:)`` made, if it ran.
    public private(set) static var setup: Setup?

    /// Sets the app up in one call: opens the ledger shared with the extensions, installs the notification delegate
    /// and follows the app's lifecycle (``install(delivery:notificationCenter:)``), attaches the router, keeps the
    /// inbox and the badge, refreshes the ledger when an extension wrote it, reports the device token, and asks for
    /// authorization and registers the categories and for remote notifications (in the order iOS wants).
    ///
    /// Call it before launch ends: in `application(_:didFinishLaunchingWithOptions:)`, or in a SwiftUI `App`'s
    /// `init()`. Forward the device-token and background-push callbacks of the app delegate as Docs/App.md shows;
    /// no lifecycle method needs forwarding. Calling it again replaces the earlier setup.
    ///
    /// - Parameters:
    ///   - configuration: What to set up.
    ///   - launchOptions: `didFinishLaunching`'s launch options (a tap that launched an app without scenes).
    /// - Returns: The setup (also ``setup``).
    @discardableResult
    public static func start(
        _ configuration: Configuration = Configuration(),
        launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Setup {
        var ledgerError: DeliveryLedgerError?
        var ledgerConfiguration = configuration.ledgerConfiguration
        ledgerConfiguration.role = .app
        var ledger = DeliveryLedger(configuration: ledgerConfiguration)
        if let group = configuration.appGroup {
            do throws(DeliveryLedgerError) {
                ledger = try DeliveryLedger(appGroup: group, configuration: ledgerConfiguration)
            } catch {
                ledgerError = error
            }
        }
        let delivery = PushDelivery(center: .shared, ledger: ledger)
        delivery.scopeReader = configuration.scopeReader
        var inboxConfiguration = configuration.inboxConfiguration
        if inboxConfiguration.scopeReader == nil { inboxConfiguration.scopeReader = configuration.scopeReader }
        if let policy = configuration.presentationPolicy { delivery.presentationPolicy = policy }
        install(delivery: delivery, notificationCenter: .current(), followsLifecycle: configuration.followsLifecycle)
            .presentationAnswers = configuration.presentationAnswers
        let inbox =
            configuration.keepsInbox ? PushInbox(ledger: ledger, configuration: inboxConfiguration) : nil
        let setup = Setup(delivery: delivery, inbox: inbox, ledgerError: ledgerError)
        if let router = configuration.router { setup.keep(router.attach(to: delivery)) }
        if let inbox {
            setup.keep(inbox.attach(to: delivery.center))
            if configuration.badge == .unreadCount { setup.keep(inbox.syncBadge(with: UserNotificationBadge())) }
        }
        recoveryInbox.withLock { $0 = inbox }
        if let name = configuration.ledgerChangedNotification {
            setup.keep(DeliveryLedgerRefresher(delivery: delivery, notificationName: name))
        }
        if let onRegistration = configuration.onRegistration {
            setup.keep(delivery.center.subscribeRegistration(onRegistration))
        }
        appDelegate.application(.shared, didFinishLaunchingWithOptions: launchOptions)
        self.setup = setup
        if let options = configuration.authorization {
            let categories = configuration.categories
            Task { await registerForNotifications(options: options, categories: categories) }
        }
        return setup
    }
}
#endif
