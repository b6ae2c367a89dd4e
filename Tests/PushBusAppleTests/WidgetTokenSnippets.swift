#if PUSHBUS_APPLE_STUBS
// The Push Tokens guide's widget extension block (Docs/Tokens.md) and the glue's doc-comment blocks, compiled against
// the stubs: on a device `WidgetKit` is Apple's. WidgetPushTokenGlueTests runs the same calls.
#if canImport(WidgetKit)
import WidgetKit
#endif
import PushBusAppleStubs  // WidgetKit on a device
import PushBusWidgetExtension

/// Records every control's push token for the app's server; WidgetKit calls it in the widget extension whenever a
/// control that supports push updates is added, removed or gets a new token. Register it on each control's
/// configuration: `.pushHandler(ControlTokens.self)`.
@available(iOS 18.0, *)
struct ControlTokens: ControlPushHandler {
    func pushTokensDidChange(controls: [ControlInfo]) {
        do {
            try PushTokenRegistry(appGroup: "group.com.example.app").update(controls: controls)
        } catch {
            print("control push tokens not recorded: \(error)")
        }
    }
}

/// Records the widget push token; register it on each widget's configuration: `.pushHandler(WidgetTokens.self)`.
@available(iOS 26.0, *)
struct WidgetTokens: WidgetPushHandler {
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {
        do {
            try PushTokenRegistry(appGroup: "group.com.example.app").update(pushInfo, widgets: widgets)
        } catch {
            print("widget push token not recorded: \(error)")
        }
    }
}
#endif
