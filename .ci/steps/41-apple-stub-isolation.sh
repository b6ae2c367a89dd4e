#!/usr/bin/env bash
# The Linux stubs of Apple's UIKit types must stay main-actor isolated, as Apple's are (`NS_SWIFT_UI_ACTOR`): a stub
# that loses it lets glue through that warns on the real SDK (it happened: UILocalNotification, issue 15). Each probe
# below reads one stub member from a nonisolated function; the type-check must reject every probe line with a
# main-actor isolation error. (The positive side, "UNUserNotificationCenter is usable from nonisolated code", is
# compiled by Tests/PushBusAppleTests/StubIsolationTests.swift.)
set -euo pipefail
cd "$(dirname "$0")/../.."

swift build --target PushBusAppleStubs > /dev/null
modules="$(swift build --show-bin-path)/Modules"
[ -d "$modules" ] || modules="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
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
nonisolated func session() { _ = UISceneSession() }  // PROBE
nonisolated func contentExtension(_ c: any UNNotificationContentExtension, _ n: UNNotification) { c.didReceive(n) }  // PROBE
nonisolated func openURL(_ a: UIApplication) { a.open(URL(fileURLWithPath: "/")) }  // PROBE
nonisolated func contextURL(_ c: UIOpenURLContext) { _ = c.url }  // PROBE
nonisolated func contextSource(_ o: UIScene.OpenURLOptions) { _ = o.sourceApplication }  // PROBE
nonisolated func currentSettings(_ a: UIApplication) { _ = a.currentUserNotificationSettings }  // PROBE
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
[ "$failed" -eq 0 ] || exit 1
echo "ok: $(grep -c '// PROBE' "$probe") UIKit stub members are main-actor isolated"
