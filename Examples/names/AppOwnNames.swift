// An app whose own types share names with PushBus's (`AppState`, `DeviceToken`, `SystemClock` are common in apps):
// its own declarations win in its module, and PushBus's are reached through the module name. Type-checked as code
// outside the package by .ci/steps/43-example-app.sh; never run. Docs/App.md ("Names an app may have too").
import Foundation
import PushBus

struct AppState { var isSignedIn = false }
struct DeviceToken { var value: String }
struct SystemClock { var now: Date { Date() } }

func receive(_ userInfo: [AnyHashable: Any], center: PushCenter, session: AppState) {
    let state: PushBus.AppState = session.isSignedIn ? .active : .background
    center.post(PushMessage(content: PushContent(userInfo: userInfo), appState: state))
    let token: PushBus.DeviceToken? = center.deviceToken
    let mine = DeviceToken(value: token?.hexString ?? "")
    let clock: any PushClock = PushBus.SystemClock()
    _ = (mine, clock.now, SystemClock().now)
}
