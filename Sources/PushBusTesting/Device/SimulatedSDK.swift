public import Foundation
public import PushBusCategories
@_spi(PushBusInternals) public import PushBusCore
public import PushBusDelivery
import PushBusHub

/// Another push SDK living in the simulated app beside PushBus (a marketing SDK, a support chat): it has its own
/// notification-center delegate, which PushBus forwards to, and its own categories, which it registers the way
/// such SDKs do — by **replacing** the whole set.
///
/// ```swift
/// let braze = SimulatedSDK(name: "braze", providers: [.braze], categories: [promo], answers: .twice)
/// device.otherSDKs.install(braze)  // what the app does at launch, before PushBus reads the categories
/// let push = device.deliver(remote: ["aps": ["alert": "Sale"], "ab": ["c": "1"]])
/// #expect(braze.callbacks.map(\.notification) == [push])
/// ```
public final class SimulatedSDK: Sendable {
    /// How the SDK's delegate calls the completion handlers PushBus hands it.
    public enum Answers: Sendable, Hashable {
        /// Once, at once: a well-behaved SDK.
        case once
        /// Twice in a row (a bug seen in the wild).
        case twice
        /// Never (another bug seen in the wild): PushBus answers iOS at its deadline.
        case never
        /// Once, this many seconds later on the device's clock.
        case late(TimeInterval)
    }

    /// One callback the SDK's delegate received.
    public struct Callback: Sendable, Hashable {
        /// `willPresent`, `didReceive` or `openSettingsFor`.
        public var name: String
        /// The notification's request identifier (`nil`: "open settings" from the Settings app).
        public var notification: String?
        /// The chosen action for `didReceive`.
        public var action: String?
    }

    /// A name for people, and the owner named in ``SimulatedDevice/categoryOwnership``.
    public let name: String
    /// The providers whose pushes belong to this SDK.
    public let providers: Set<PushProvider.Name>
    /// The categories it registers.
    public let categories: [PushCategory]
    /// What its delegate answers to `willPresent`.
    public let presentation: PresentationOptions
    /// How its delegate calls completion handlers.
    public let answers: Answers
    /// A Boolean value indicating whether the SDK's server counts badges (JPush's "+1"): each of its pushes carries
    /// `aps.badge` set to the last count the app reported (``setBadge(_:)``, 0 before any) plus one.
    public let countsBadge: Bool
    private let received = LockedState<[Callback]>([])
    private let badgeReports = LockedState<[Int]>([])
    private let tokens = LockedState<[PushToken]>([])

    /// - Parameters:
    ///   - name: A name for people.
    ///   - providers: The providers whose pushes belong to it (empty: it claims none).
    ///   - categories: The categories it registers (replacing the set, as such SDKs do).
    ///   - presentation: What its delegate answers to `willPresent`.
    ///   - answers: How its delegate calls completion handlers.
    ///   - countsBadge: Whether its server counts badges from the count the app reports (JPush's "+1").
    public init(
        name: String, providers: Set<PushProvider.Name> = [], categories: [PushCategory] = [],
        presentation: PresentationOptions = [.banner, .list], answers: Answers = .once, countsBadge: Bool = false
    ) {
        self.name = name
        self.providers = providers
        self.categories = categories
        self.presentation = presentation
        self.answers = answers
        self.countsBadge = countsBadge
    }

    /// The app reports its badge count to the SDK (JPush's `JPUSHService.setBadge(_:)`): its server's next "+1"
    /// starts from it. A `BadgeController` that also tells the SDK (``SimulatedSDKBadge``) calls it.
    public func setBadge(_ count: Int) { badgeReports.withLock { $0.append(max(0, count)) } }

    /// Every count the app reported (``setBadge(_:)``), in order.
    public var reportedBadges: [Int] { badgeReports.withLock { $0 } }

    /// The count the app last reported (0 before any): what the SDK's server counts from.
    public var reportedBadge: Int { reportedBadges.last ?? 0 }

    /// The `aps.badge` the SDK's server puts in its next push when it counts badges (``countsBadge``): the last
    /// reported count plus one; `nil` when it does not count.
    public var nextServerBadge: Int? { countsBadge ? reportedBadge + 1 : nil }

    /// Every device token it was handed (through `PushCenter.subscribeRegistration`), in order.
    public var deviceTokens: [PushToken] { tokens.withLock { $0 } }

    /// Hands it `center`'s device tokens, as an app does for each SDK that needs them (Docs/Coexistence.md).
    func receiveDeviceTokens(from center: PushCenter) -> PushCancellable {
        center.subscribeRegistration { [tokens] event in
            if case .registered(let token) = event { tokens.withLock { $0.append(token) } }
        }
    }

    /// Every callback its delegate received, in order.
    public var callbacks: [Callback] { received.withLock { $0 } }

    func receive(_ callback: Callback) { received.withLock { $0.append(callback) } }

    /// A Boolean value indicating whether its delegate answers before returning (`.once`, `.twice`).
    var answersAtOnce: Bool {
        switch answers {
        case .once, .twice: true
        case .never, .late: false
        }
    }

    /// Calls `completion` as ``answers`` says.
    func answer(on clock: any PushClock, _ completion: @escaping @Sendable () -> Void) {
        switch answers {
        case .once: completion()
        case .twice:
            completion()
            completion()
        case .never: break
        case .late(let delay): clock.schedule(after: delay, completion)
        }
    }
}
