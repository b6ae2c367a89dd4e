import PushBusCore

/// The WidgetKit push rules of ``PayloadValidator`` (`apns-push-type: widgets`, iOS 26).
///
/// Source: Apple, "Updating widgets with WidgetKit push notifications" (WidgetKit documentation): the token comes
/// from `WidgetCenter.currentPushInfo` / a `WidgetPushHandler`, the topic is `<bundle-id>.push-type.widgets`, and
/// the payload is `{"aps": {"content-changed": true}}`; WidgetKit then reloads the timelines.
extension ValidationRun {
    mutating func validateWidgets(_ root: [String: PushValue]) {
        for key in root.keys.sorted() where key != "aps" {
            error(key, "a widgets push carries only aps; WidgetKit ignores custom data (the widget fetches its own)")
        }
        guard let aps = root["aps"] else { return error("aps", "the aps dictionary is missing") }
        guard case .object(let members) = aps else {
            return error("aps", "expected an object, found \(article(aps))")
        }
        for key in members.keys.sorted() where key != "content-changed" {
            error("aps." + key, "a widgets push's aps holds only content-changed")
        }
        switch members["content-changed"] {
        case .bool(true)?: break
        case nil: error("aps.content-changed", "a widgets push needs \"content-changed\": true")
        case let value?: error("aps.content-changed", "expected true, found \(article(value))")
        }
    }
}
