internal import PushBusCore

/// The WidgetKit push rules of ``PayloadValidator``: `apns-push-type: widgets` (iOS 26) and `apns-push-type:
/// controls` (iOS 18). Both payloads are `{"aps": {"content-changed": true}}` and nothing else: the system reloads the
/// widgets' timelines or the controls, shows nothing and runs no app code, so there is nothing else to read.
///
/// Sources: Apple, "Updating widgets with WidgetKit push notifications" (WidgetKit): the token comes from
/// `WidgetCenter.currentPushInfo` / a `WidgetPushHandler`, the topic is `<bundle-id>.push-type.widgets`, and the
/// payload is `{"aps": {"content-changed": true}}`; WidgetKit then reloads the timelines. Apple, "Updating controls
/// locally and remotely" (WidgetKit): controls with a `ControlPushHandler` reload on a push sent with `apns-push-type:
/// controls`, topic `<bundle-id>.push-type.controls`, payload `{"aps": {"content-changed": true}}`. That an alert,
/// sound or badge is refused (rather than ignored by the device) is not stated on either page as found; this follows
/// the intent of a content-changed push (no alert, sound or badge expected) and the payload both pages give.
extension ValidationRun {
    mutating func validateContentChanged(_ root: [String: PushValue], pushType: PushType) {
        let name = pushType.rawValue
        let reloads = pushType == .controls ? "the controls" : "the widgets' timelines"
        for key in root.keys.sorted() where key != "aps" {
            error(key, "a \(name) push carries only aps; the system drops custom data (a reload reads the app's own)")
        }
        guard let aps = root["aps"] else { return error("aps", "the aps dictionary is missing") }
        guard case .object(let members) = aps else {
            return error("aps", "expected an object, found \(article(aps))")
        }
        for key in members.keys.sorted() where key != "content-changed" {
            if [APSKeys.alert, APSKeys.sound, APSKeys.badge].contains(key) {
                error(
                    "aps." + key,
                    "a \(name) push shows nothing (the system reloads \(reloads)); send a notification as an alert "
                        + "push")
            } else {
                error("aps." + key, "a \(name) push's aps holds only content-changed")
            }
        }
        switch members["content-changed"] {
        case .bool(true)?: break
        case nil: error("aps.content-changed", "a \(name) push needs \"content-changed\": true")
        case let value?: error("aps.content-changed", "expected true, found \(article(value))")
        }
    }
}
