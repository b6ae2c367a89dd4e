// Linux-only stand-ins for the WidgetKit API that hands a widget extension its control and widget push tokens, with
// Apple's Swift signatures. Sources (Apple developer documentation, WidgetKit, each symbol page and its availability
// metadata):
// - ControlPushHandler (`protocol ControlPushHandler`, iOS 18.0) and its
//   `func pushTokensDidChange(controls: [ControlInfo])` (iOS 18.0: "This function always provides information for all
//   controls that support push updates even if only some of the tokens have changed"). The system instantiates the
//   type registered with `ControlWidgetConfiguration.pushHandler(_:)` (SwiftUI, iOS 18.0).
// - ControlInfo (`struct ControlInfo`, iOS 18.0): `let kind: String` ("The string specified during creation of the
//   control's configuration"), `var pushInfo: ControlPushInfo?` ("Push information about a control, if present"),
//   `var id: String { get }` ("The stable identity of the control").
// - ControlPushInfo (`struct ControlPushInfo`, iOS 18.0): `let token: Data` ("valid until told otherwise through the
//   pushTokensDidChange(controls:) method on your push handler").
// - WidgetPushHandler (`protocol WidgetPushHandler`, iOS 26.0) and its
//   `func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo])` (iOS 26.0), registered with
//   `WidgetConfiguration.pushHandler(_:)` (SwiftUI, iOS 26.0).
// - WidgetPushInfo (`struct WidgetPushInfo`, iOS 26.0, Sendable): `let token: Data`.
// - WidgetInfo (`@preconcurrency struct WidgetInfo`, iOS 14.0, in the 17.4 SDK): `let kind: String` (its `family`,
//   `configuration` and `id` are not declared here: the glue does not read them).
// None of the iOS 18 and 26 API is in the 17.4 SDK: the glue that uses it is compiled only where the SDK has it, and
// each use is behind `@available`.
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of WidgetKit's `ControlPushInfo` (iOS 18.0): a configured control's push token.
@available(iOS 18.0, *)
public struct ControlPushInfo {
    /// `let token: Data`: the token APNs `controls` pushes for this control go to.
    public let token: Data

    /// Stub-only: the push information WidgetKit would hand over.
    public init(stubToken token: Data) { self.token = token }
}

/// Stub of WidgetKit's `ControlInfo` (iOS 18.0): a user-configured control.
@available(iOS 18.0, *)
public struct ControlInfo {
    /// `let kind: String`: the kind given to the control's configuration.
    public let kind: String
    /// `var pushInfo: ControlPushInfo?`: its push information, if present.
    public var pushInfo: ControlPushInfo?
    /// `var id: String { get }`: the control's stable identity.
    public var id: String { stubID }

    let stubID: String

    /// Stub-only: a configured control as WidgetKit would list it.
    public init(stubKind kind: String, id: String? = nil, pushInfo: ControlPushInfo?) {
        self.kind = kind
        self.pushInfo = pushInfo
        stubID = id ?? kind
    }
}

/// Stub of WidgetKit's `ControlPushHandler` (iOS 18.0): receives the push tokens of the app's configured controls.
@available(iOS 18.0, *)
public protocol ControlPushHandler {
    /// `func pushTokensDidChange(controls: [ControlInfo])`: every control that supports push updates, each time.
    func pushTokensDidChange(controls: [ControlInfo])
}

/// Stub of WidgetKit's `WidgetPushInfo` (iOS 26.0): the push token for widget reloads and relevance refreshes.
@available(iOS 26.0, *)
public struct WidgetPushInfo: Sendable {
    /// `let token: Data`: the token APNs `widgets` pushes go to.
    public let token: Data

    /// Stub-only: the push information WidgetKit would hand over.
    public init(stubToken token: Data) { self.token = token }
}

/// Stub of WidgetKit's `WidgetInfo` (iOS 14.0): a user-configured widget.
@available(iOS 14.0, *)
@preconcurrency
public struct WidgetInfo {
    /// `let kind: String`: the kind given to the widget's configuration.
    public let kind: String

    /// Stub-only: a configured widget as WidgetKit would list it.
    public init(stubKind kind: String) { self.kind = kind }
}

/// Stub of WidgetKit's `WidgetPushHandler` (iOS 26.0): receives the push token of the app's widgets.
@available(iOS 26.0, *)
public protocol WidgetPushHandler {
    /// `func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo])`.
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo])
}
#endif
