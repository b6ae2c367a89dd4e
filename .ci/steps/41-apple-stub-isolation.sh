#!/usr/bin/env bash
# The Linux stubs of Apple's frameworks must keep the Sendable and isolation facts of Apple's iOS 17.4 SDK (issue 22);
# a stub that drifts lets glue through that fails or warns on the real SDK (it happened: UILocalNotification, issue 15;
# the NSE content handler and ActivityKit's `next()`, issue 22). Three kinds of probe, each type-checked in Swift 6
# mode against the stubs module:
# 1. isolation probes (`// PROBE`): one UIKit stub member read from a nonisolated function; each line must be rejected
#    with a main-actor isolation error (UIKit is `NS_SWIFT_UI_ACTOR`).
# 2. rejection probes (`reject NAME 'regex'`): a small file that must fail with an error matching the regex.
# 3. acceptance probes (`accept.swift`): code that must compile with no error and no warning.
# (Tests/PushBusAppleTests/StubIsolationTests.swift compiles the positive side for UserNotifications' types too.)
set -euo pipefail
cd "$(dirname "$0")/../.."

swift build --target PushBusAppleStubs > /dev/null
modules="$(swift build --show-bin-path)/Modules"
[ -d "$modules" ] || modules="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap '[ -n "${KEEP_PROBES:-}" ] || rm -rf "$work"' EXIT
probe="$work/probe.swift"

cat > "$probe" <<'SWIFT'
import Foundation
import PushBusAppleStubs

nonisolated func responder() { _ = UIResponder() }  // PROBE
nonisolated func shared() { _ = UIApplication.shared }  // PROBE
nonisolated func state(_ a: UIApplication) { _ = a.applicationState }  // PROBE
nonisolated func badge(_ a: UIApplication) { _ = a.applicationIconBadgeNumber }  // PROBE
nonisolated func register(_ a: UIApplication) { a.registerForRemoteNotifications() }  // PROBE
nonisolated func settings(_ a: UIApplication, _ s: UIUserNotificationSettings) { a.registerUserNotificationSettings(s) }  // PROBE
nonisolated func local() { _ = UILocalNotification() }  // PROBE
nonisolated func fireDate(_ n: UILocalNotification) { _ = n.fireDate }  // PROBE
nonisolated func alertBody(_ n: UILocalNotification) { _ = n.alertBody }  // PROBE
nonisolated func alertTitle(_ n: UILocalNotification) { _ = n.alertTitle }  // PROBE
nonisolated func soundName(_ n: UILocalNotification) { _ = n.soundName }  // PROBE
nonisolated func localBadge(_ n: UILocalNotification) { _ = n.applicationIconBadgeNumber }  // PROBE
nonisolated func userInfo(_ n: UILocalNotification) { _ = n.userInfo }  // PROBE
nonisolated func category(_ n: UILocalNotification) { _ = n.category }  // PROBE
nonisolated func response(_ o: UIScene.ConnectionOptions) { _ = o.notificationResponse }  // PROBE
nonisolated func action() { _ = UIMutableUserNotificationAction() }  // PROBE
nonisolated func actionTitle(_ a: UIUserNotificationAction) { _ = a.title }  // PROBE
nonisolated func mutableTitle(_ a: UIMutableUserNotificationAction) { a.title = "" }  // PROBE
nonisolated func setActions(_ c: UIMutableUserNotificationCategory) { c.setActions(nil, for: .default) }  // PROBE
nonisolated func actions(_ c: UIUserNotificationCategory) { _ = c.actions(for: .minimal) }  // PROBE
nonisolated func userSettings() { _ = UIUserNotificationSettings(types: [], categories: nil) }  // PROBE
nonisolated func session() { _ = UISceneSession(stubbed: ()) }  // PROBE
nonisolated func openURL(_ a: UIApplication) { a.open(URL(fileURLWithPath: "/")) }  // PROBE
nonisolated func contextURL(_ c: UIOpenURLContext) { _ = c.url }  // PROBE
nonisolated func contextSource(_ o: UIScene.OpenURLOptions) { _ = o.sourceApplication }  // PROBE
nonisolated func currentSettings(_ a: UIApplication) { _ = a.currentUserNotificationSettings }  // PROBE
nonisolated func notificationSettingsURL() { _ = UIApplication.openNotificationSettingsURLString }  // PROBE
SWIFT

set +e
swiftc -typecheck -swift-version 6 -I "$modules" "$probe" > "$work/out.txt" 2>&1
set -e
failed=0
while IFS=: read -r line _; do
    if ! grep -qE "^$probe:$line:[0-9]+: error: .*(main actor-isolated|call to main actor)" "$work/out.txt"; then
        echo "error: stub lost its main-actor isolation: $(sed -n "${line}p" "$probe")" >&2
        failed=1
    fi
done < <(grep -n '// PROBE' "$probe")
if grep -qE "error: (no such module|cannot find)" "$work/out.txt"; then
    cat "$work/out.txt" >&2
    failed=1
fi

# 2. Rejection probes: each file must fail to type-check with the given error.
reject() {
    local name="$1" pattern="$2" file="$work/reject-$1.swift"
    cat > "$file"
    if swiftc -typecheck -swift-version 6 -I "$modules" "$file" > "$work/reject-$name.txt" 2>&1; then
        echo "error: probe '$name' compiled; Apple's SDK rejects it" >&2
        failed=1
    elif ! grep -qE "error: .*($pattern)" "$work/reject-$name.txt"; then
        echo "error: probe '$name' failed for another reason than /$pattern/:" >&2
        cat "$work/reject-$name.txt" >&2
        failed=1
    fi
}

# UNNotificationContentExtension is not main-actor isolated in the 17.4 SDK (didReceiveNotification: has no
# NS_SWIFT_UI_ACTOR there; iOS 18+ adds it): a main-actor witness crosses into main actor-isolated code.
reject contentExtensionMainActorWitness 'main actor-isolated|crosses into main actor' <<'SWIFT'
import Foundation
import PushBusAppleStubs
@MainActor final class Controller: NSObject, UNNotificationContentExtension {
    func didReceive(_ notification: UNNotification) {}
}
SWIFT

# The NSE content handler is a plain `@escaping (UNNotificationContent) -> Void` in the 17.4 and 26.5 SDKs: an
# override spelled `@Sendable` has a different sendability ("has a type with different sendability").
reject serviceExtensionSendableHandler 'different sendability' <<'SWIFT'
import Foundation
import PushBusAppleStubs
final class Service: UNNotificationServiceExtension {
    override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
    ) {}
}
SWIFT

# UNUserNotificationCenterDelegate is not @MainActor (nor @preconcurrency): a main-actor conformer's witness is
# rejected, which is why glue and apps mark these methods nonisolated.
reject delegateMainActorWitness 'main actor-isolated|crosses into main actor' <<'SWIFT'
import Foundation
import PushBusAppleStubs
@MainActor final class AppDelegate: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {}
}
SWIFT

# The delegate's completion handlers are @Sendable: the requirement cannot be used where a function taking a
# non-Sendable handler is expected.
reject delegateHandlersAreSendable 'non-Sendable function value' <<'SWIFT'
import Foundation
import PushBusAppleStubs
nonisolated func handlers(_ d: any UNUserNotificationCenterDelegate) {
    let _: (UNUserNotificationCenter, UNNotification, @escaping (UNNotificationPresentationOptions) -> Void) -> Void =
        d.userNotificationCenter(_:willPresent:withCompletionHandler:)
}
SWIFT

# Foundation's overlay declares NSExtensionContext and NSUserActivity explicitly non-Sendable.
reject extensionContextNotSendable "'NSExtensionContext' to 'Sendable' is unavailable" <<'SWIFT'
import Foundation
import PushBusAppleStubs
func needsSendable<T: Sendable>(_: T.Type) {}
func probe() { needsSendable(NSExtensionContext.self) }
SWIFT
reject userActivityNotSendable "'NSUserActivity' to 'Sendable' is unavailable" <<'SWIFT'
import Foundation
import PushBusAppleStubs
func needsSendable<T: Sendable>(_: T.Type) {}
func probe() { needsSendable(NSUserActivity.self) }
SWIFT

# Apple's `init()` is unavailable on UNUserNotificationCenter and on notification triggers; the stub has none either.
reject centerHasNoInit 'missing argument' <<'SWIFT'
import Foundation
import PushBusAppleStubs
func probe() { _ = UNUserNotificationCenter() }
SWIFT
reject pushTriggerHasNoInit 'missing argument' <<'SWIFT'
import Foundation
import PushBusAppleStubs
func probe() { _ = UNPushNotificationTrigger() }
SWIFT

# Values Apple's 17.4 SDK does not give: ActivityStateUpdates.Iterator is not Sendable; imported option sets are not
# Hashable; applicationState is get-only. (ActivityState.pending, iOS 26, is declared as Apple documents it, like the
# rest of the iOS 18 and 26 ActivityKit API; the 17.4 SDK lacks it, so the glue names that API only in files compiled
# where the SDK has it: checked after the probes.)
reject stateIteratorNotSendable "does not conform to the 'Sendable' protocol" <<'SWIFT'
import Foundation
import PushBusAppleStubs
struct Attributes: ActivityAttributes { struct ContentState: Codable, Hashable {} }
func needsSendable<T: Sendable>(_: T.Type) {}
func probe() { needsSendable(Activity<Attributes>.ActivityStateUpdates.Iterator.self) }
SWIFT
reject optionSetsNotHashable "does not conform to protocol 'Hashable'|conform to 'Hashable'" <<'SWIFT'
import Foundation
import PushBusAppleStubs
let options: Set<UNAuthorizationOptions> = []
SWIFT
reject applicationStateGetOnly 'get-only|immutable' <<'SWIFT'
import Foundation
import PushBusAppleStubs
@MainActor func probe(_ a: UIApplication) { a.applicationState = .background }
SWIFT

# 3. Acceptance probe: must compile with no error and no warning.
cat > "$work/accept.swift" <<'SWIFT'
import Foundation
import PushBusAppleStubs

// UNNotificationContentExtension: the portable witness shape, nonisolated (compiles against the 17.4 and 18+ SDKs).
final class Controller: NSObject, UNNotificationContentExtension {
    nonisolated func didReceive(_ notification: UNNotification) {}
}
nonisolated func contentExtension(_ c: any UNNotificationContentExtension, _ n: UNNotification) { c.didReceive(n) }

// The NSE content handler as Apple declares it.
final class Service: UNNotificationServiceExtension {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) { contentHandler(request.content) }
}

// UNUserNotificationCenterDelegate: nonisolated requirements (callable from nonisolated code), @Sendable handlers
// (callable from a detached task), async forms present.
final class Delegate: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) { Task.detached { completionHandler([]) } }
}
nonisolated func delegate(_ d: any UNUserNotificationCenterDelegate, _ c: UNUserNotificationCenter, _ n: UNNotification)
    async
{
    d.userNotificationCenter(c, willPresent: n) { _ in }
    _ = await d.userNotificationCenter(c, willPresent: n)
}

// ActivityKit: every iterator's next() is non-mutating in the 17.4 SDK, so a `let` iterator works.
struct Attributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {}
}
nonisolated func activities() async {
    let updates = Activity<Attributes>.activityUpdates.makeAsyncIterator()
    _ = await updates.next()
}
SWIFT
if ! swiftc -typecheck -swift-version 6 -I "$modules" "$work/accept.swift" > "$work/accept.txt" 2>&1 \
    || grep -qE "(error|warning):" "$work/accept.txt"; then
    echo "error: the acceptance probe does not compile cleanly against the stubs:" >&2
    cat "$work/accept.txt" >&2
    failed=1
fi

# ActivityKit API newer than the 17.4 SDK (ActivityState.pending, PushType.channel(_:), ActivityStyle, the request
# overloads with style: and start:) appears in the glue only in files gated on `canImport(ActivityKit, _version: …)`,
# which the 17.4 SDK's ActivityKit (127.107) does not pass.
for file in $(grep -rlE 'ActivityState\.pending|== \.pending|\.channel\(|ActivityStyle|alertConfiguration:' \
    Sources/PushBusApple Sources/PushBusAppleExtension Sources/PushBusAppleServiceExtension \
    || true); do
    if ! grep -q 'canImport(ActivityKit, _version:' "$file"; then
        echo "error: $file names ActivityKit API the iOS 17.4 SDK lacks outside a _version-gated file" >&2
        failed=1
    fi
done

[ "$failed" -eq 0 ] || exit 1
echo "ok: $(grep -c '// PROBE' "$probe") UIKit stub members are main-actor isolated;" \
    "$(ls "$work"/reject-*.swift | wc -l) rejection probes rejected; the acceptance probe compiles cleanly"
