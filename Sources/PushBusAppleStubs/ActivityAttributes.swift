// Linux-only stand-ins for the ActivityKit value types the PushBusApple Live Activity glue uses, with Apple's
// Swift signatures. Sources (Apple developer documentation, ActivityKit, symbol pages and their availability
// metadata): ActivityAttributes, ActivityAttributes.ContentState, ActivityState (+ each case), ActivityContent,
// ActivityAuthorizationInfo. Facts a page does not show are marked "(unverified)".
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of `ActivityAttributes` (iOS 16.1): `protocol ActivityAttributes : Decodable, Encodable`.
@available(iOS 16.1, *)
@available(macOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public protocol ActivityAttributes: Decodable, Encodable {
    /// `associatedtype ContentState : Decodable, Encodable, Hashable` (its encoded size is limited to 4 KB).
    associatedtype ContentState: Decodable, Encodable, Hashable
}

/// Stub of `ActivityState` (iOS 16.1): `public enum ActivityState : Sendable, Codable, Hashable`, as in the iOS 17.4
/// SDK's ActivityKit.swiftinterface. It comes from a library-evolution module and is not `@frozen`: newer SDKs add
/// cases (iOS 26's `pending`, absent from the 17.4 SDK: the glue never names it, and reads any case it does not know
/// as pending). A `switch` over it needs `@unknown default` on Apple, which the stub cannot enforce; the glue compares
/// with `==` instead.
@available(iOS 16.1, *)
@available(macOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public enum ActivityState: Sendable, Codable, Hashable {
    /// Active, visible, can receive content updates (16.1).
    case active
    /// Ended by a person, the app or the system; visible until dismissed, no more updates (16.1).
    case ended
    /// Ended and removed by a person or the system (16.1).
    case dismissed
    /// Past its stale date; needs an update.
    @available(iOS 16.2, *)
    case stale
    /// "The Live Activity is scheduled to start at a specified date but hasn't started yet." (iOS 26.0; Apple,
    /// ActivityKit, "ActivityState.pending": `case pending`.)
    @available(iOS 26.0, *)
    case pending
}

/// Stub of `ActivityContent` (iOS 16.2):
/// `struct ActivityContent<State> where State : Decodable, State : Encodable, State : Hashable`, documented
/// as `Sendable` (the stub makes that conditional on `State`, which a generic stub must).
@available(iOS 16.2, *)
@available(macOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct ActivityContent<State> where State: Decodable, State: Encodable, State: Hashable {
    /// `let state: State`.
    public let state: State
    /// `let staleDate: Date?`.
    public let staleDate: Date?
    /// `let relevanceScore: Double`.
    public let relevanceScore: Double

    /// `init(state:staleDate:relevanceScore:)`; the default relevance score is 0 (17.4 ActivityKit.swiftinterface).
    public init(state: State, staleDate: Date?, relevanceScore: Double = 0.0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}

@available(iOS 16.2, *)
@available(macOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension ActivityContent: Sendable where State: Sendable {}

/// Stub of `ActivityAuthorizationInfo` (iOS 16.1): `final class ActivityAuthorizationInfo`.
@available(iOS 16.1, *)
@available(macOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public final class ActivityAuthorizationInfo {
    /// `init()`.
    public init() {}

    /// `final var areActivitiesEnabled: Bool { get }` (16.1). Stub: what ``stubbedActivitiesEnabled`` says.
    public final var areActivitiesEnabled: Bool { ActivityKitStubRegistry.shared.activitiesEnabled }

    /// `final var frequentPushesEnabled: Bool { get }` (16.2).
    @available(iOS 16.2, *)
    @available(macOS, unavailable)
    @available(macCatalyst, unavailable)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public final var frequentPushesEnabled: Bool { false }

    /// Stub-only: what ``areActivitiesEnabled`` reports.
    public static var stubbedActivitiesEnabled: Bool {
        get { ActivityKitStubRegistry.shared.activitiesEnabled }
        set { ActivityKitStubRegistry.shared.activitiesEnabled = newValue }
    }
}
#endif
