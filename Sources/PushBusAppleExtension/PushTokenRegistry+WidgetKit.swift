// Records the control (iOS 18) and widget (iOS 26) push tokens WidgetKit hands a widget extension's push handlers in
// the token registry. Compiled only where WidgetKit has that API: against the stubs, and against an SDK whose
// WidgetKit is newer than the iOS 17.4 SDK's (user module version 402.116.100), which has neither `ControlPushHandler`
// nor `WidgetPushInfo` (both shipped with the iOS 18 and 26 SDKs, whose WidgetKit versions are higher). An
// `#available` check cannot stand in: it is a run-time check, and the 17.4 SDK cannot even name the types. The package
// needs Swift 6.2 tools, that is Xcode 26 and its iOS 26 SDK, so every SDK an app builds PushBus with passes the check;
// only the project's own type-check against the 17.4 SDK leaves this file out.
#if canImport(WidgetKit, _version: 403) && os(iOS) && !targetEnvironment(macCatalyst)
import Foundation
public import WidgetKit
#elseif PUSHBUS_APPLE_STUBS
import Foundation
public import PushBusAppleStubs
#endif
#if (canImport(WidgetKit, _version: 403) && os(iOS) && !targetEnvironment(macCatalyst)) || PUSHBUS_APPLE_STUBS
import PushBusCore
public import PushBusStorage

extension PushTokenRegistry {
    /// Records the push tokens of every control WidgetKit lists (a `ControlPushHandler`'s
    /// `pushTokensDidChange(controls:)`, iOS 18), each under `Key.controls(kind:)` as lowercase hex, and removes the
    /// token of every control kind no longer listed or listed without push information: WidgetKit's call always lists
    /// every control that supports push updates. One token per control kind (the first listed control of a kind that
    /// has one). Pushes to these tokens use `apns-push-type: controls` and topic `<bundle id>.push-type.controls`.
    ///
    /// ```swift
    /// struct ControlTokens: ControlPushHandler {
    ///     func pushTokensDidChange(controls: [ControlInfo]) {
    ///         do {
    ///             try PushTokenRegistry(appGroup: "group.com.example.app").update(controls: controls)
    ///         } catch {
    ///             print("control push tokens not recorded: \(error)")
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: The control token changes the app's server has not learned yet, when this call recorded something
    ///   new; empty when every token was already recorded (WidgetKit hands the same tokens again).
    /// - Throws: `StoreFileError` when the file cannot be read or written (the tokens recorded before stay).
    @available(iOS 18.0, *)
    @discardableResult
    public func update(controls: [ControlInfo]) throws -> [Change] {
        var listed: [String: String] = [:]
        for control in controls where listed[control.kind] == nil {
            if let token = control.pushInfo?.token { listed[control.kind] = PushToken(token).hexString }
        }
        let recorded = tokens().keys.filter { $0.kind == Key.controlsKind }.compactMap(\.qualifier)
        var updates = listed.sorted { $0.key < $1.key }.map {
            (key: Key.controls(kind: $0.key), value: Optional($0.value))
        }
        for kind in recorded.sorted() where listed[kind] == nil { updates.append((.controls(kind: kind), nil)) }
        // One change of the file for every control kind: one read and one write under its lock, not one per kind.
        guard try record(updates) else { return [] }
        notifyChange()
        return pendingChanges().filter { $0.key.kind == Key.controlsKind }
    }

    /// Records the widget push token WidgetKit hands a `WidgetPushHandler` (`pushTokenDidChange(_:widgets:)`, iOS 26)
    /// under `Key.widgets` as lowercase hex; with no widget listed (none configured for push updates) the token is
    /// removed. Pushes to it use `apns-push-type: widgets` and topic `<bundle id>.push-type.widgets`.
    ///
    /// ```swift
    /// struct WidgetTokens: WidgetPushHandler {
    ///     func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {
    ///         do {
    ///             try PushTokenRegistry(appGroup: "group.com.example.app").update(pushInfo, widgets: widgets)
    ///         } catch {
    ///             print("widget push token not recorded: \(error)")
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: The change the app's server has not learned yet, or `nil` when it has the token already.
    /// - Throws: `StoreFileError` when the file cannot be read or written.
    @available(iOS 26.0, *)
    @discardableResult
    public func update(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) throws -> Change? {
        try update(.widgets, to: widgets.isEmpty ? nil : PushToken(pushInfo.token).hexString)
    }
}
#endif
