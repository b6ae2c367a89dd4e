// Linux-only stand-ins for the ActivityKit API that starts Live Activities, with Apple's Swift signatures. Sources
// (Apple developer documentation, ActivityKit, each symbol page and its availability metadata):
// - PushType (`struct PushType`, iOS 16.1), PushType.token (`static var token: PushType { get }`, 16.1),
//   PushType.channel(_:) (`static func channel(_ name: String) -> PushType`, iOS 18.0: "The channel ID is a
//   base64-encoded string"). The 17.4 SDK's interface declares `public struct PushType : Swift.Equatable`.
// - Activity.request(attributes:content:pushType:) (16.2, in the 17.4 SDK),
//   request(attributes:content:pushType:style:) (iOS 18.0), and
//   request(attributes:content:pushType:style:alertConfiguration:start:) (iOS 26.0, "Requests and schedules a Live
//   Activity for a specific date"; it replaces request(…:startDate:), which the pages list for 26.0 only).
// - ActivityStyle (`enum ActivityStyle`, cases `standard` and `transient`, Equatable and Hashable; the page gives
//   iOS 16.1, but the 17.4 SDK does not have it: it shipped with the iOS 18 SDK).
// - AlertConfiguration (`struct AlertConfiguration`, 16.1): `init(title: LocalizedStringResource, body:
//   LocalizedStringResource, sound: AlertConfiguration.AlertSound)`, `AlertSound.default`, `AlertSound.named(_:)`.
// API newer than the 17.4 SDK is used only behind `#available` and, in the glue, only where the SDK has it.
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of ActivityKit's `PushType` (iOS 16.1): how a requested Live Activity receives push updates.
@available(iOS 16.1, *)
@available(macOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct PushType: Equatable {
    /// Stub-only: the channel id, `nil` for ``token``.
    public let stubChannel: String?

    /// `static var token: PushType { get }` (16.1): updates go to the activity's own push token.
    public static var token: PushType { PushType(stubChannel: nil) }

    /// `static func channel(_ name: String) -> PushType` (iOS 18.0): updates are broadcast to a channel (base64 id).
    @available(iOS 18.0, *)
    @available(macOS, unavailable)
    @available(macCatalyst, unavailable)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public static func channel(_ name: String) -> PushType { PushType(stubChannel: name) }
}

/// Stub of ActivityKit's `ActivityStyle` (documented for iOS 16.1; first in the iOS 18 SDK).
@available(iOS 16.1, *)
@available(macOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public enum ActivityStyle: Equatable, Hashable {
    case standard
    case transient
}

/// Stand-in for Foundation's `LocalizedStringResource` (iOS 16), which swift-corelibs-foundation lacks: only what the
/// stubs need, a string literal.
public struct LocalizedStringResource: ExpressibleByStringLiteral, Equatable, Sendable {
    /// The literal.
    public let stubKey: String
    public init(stringLiteral value: String) { stubKey = value }
}

/// Stub of ActivityKit's `AlertConfiguration` (16.1): the alert shown with an update, or when a scheduled activity
/// starts.
@available(iOS 16.1, *)
@available(macOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct AlertConfiguration: Equatable {
    /// `struct AlertSound` (16.1).
    public struct AlertSound: Equatable, Sendable {
        let stubName: String?
        /// `static var default: AlertConfiguration.AlertSound { get }`.
        public static var `default`: AlertSound { AlertSound(stubName: nil) }
        /// `static func named(_ name: String) -> AlertConfiguration.AlertSound`.
        public static func named(_ name: String) -> AlertSound { AlertSound(stubName: name) }
    }

    public var title: LocalizedStringResource
    public var body: LocalizedStringResource
    public var sound: AlertSound

    /// `init(title: LocalizedStringResource, body: LocalizedStringResource, sound: AlertConfiguration.AlertSound)`.
    public init(title: LocalizedStringResource, body: LocalizedStringResource, sound: AlertSound) {
        self.title = title
        self.body = body
        self.sound = sound
    }
}

@available(iOS 16.1, *)
@available(macOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension Activity {
    /// `static func request(attributes: Attributes, content: ActivityContent<Activity<Attributes>.ContentState>,
    /// pushType: PushType? = nil) throws -> Activity<Attributes>` (16.2). Stub: starts at once (``stubStart``), with a
    /// push token for ``PushType/token`` and none for a channel.
    @available(iOS 16.2, *)
    public static func request(
        attributes: Attributes, content: ActivityContent<Activity<Attributes>.ContentState>, pushType: PushType? = nil
    ) throws -> Activity<Attributes> {
        try stubRequest(attributes: attributes, pushType: pushType, start: nil)
    }

    /// `static func request(attributes: Attributes, content: ActivityContent<Activity<Attributes>.ContentState>,
    /// pushType: PushType? = nil, style: ActivityStyle) throws -> Activity<Attributes>` (iOS 18.0).
    @available(iOS 18.0, *)
    public static func request(
        attributes: Attributes, content: ActivityContent<Activity<Attributes>.ContentState>, pushType: PushType? = nil,
        style: ActivityStyle
    ) throws -> Activity<Attributes> {
        try stubRequest(attributes: attributes, pushType: pushType, start: nil)
    }

    /// `static func request(attributes: Attributes, content: ActivityContent<Activity<Attributes>.ContentState>,
    /// pushType: PushType? = nil, style: ActivityStyle, alertConfiguration: AlertConfiguration, start: Date) throws ->
    /// Activity<Attributes>` (iOS 26.0): "Requests and schedules a Live Activity for a specific date". Stub: the
    /// activity is listed as `pending` (no token) until a test calls `stubSetState(.active)`.
    @available(iOS 26.0, *)
    public static func request(
        attributes: Attributes, content: ActivityContent<Activity<Attributes>.ContentState>, pushType: PushType? = nil,
        style: ActivityStyle, alertConfiguration: AlertConfiguration, start: Date
    ) throws -> Activity<Attributes> {
        try stubRequest(attributes: attributes, pushType: pushType, start: start)
    }

    /// Stub-only: what every `request` overload does; ids are `stub-request-1`, `stub-request-2`, ….
    private static func stubRequest(attributes: Attributes, pushType: PushType?, start: Date?) throws -> Activity<
        Attributes
    > {
        let number = ActivityKitStubRegistry.shared.nextRequestNumber()
        let token = pushType == .token && start == nil ? Data([0xb2, UInt8(truncatingIfNeeded: number)]) : nil
        var state = ActivityState.active
        if start != nil, #available(iOS 26.0, *) { state = .pending }
        return stubStart(id: "stub-request-\(number)", attributes: attributes, pushToken: token, state: state)
    }
}
#endif
