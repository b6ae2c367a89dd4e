#!/usr/bin/env bash
# Examples/iOSApp is what the Docs' app snippets come from, so it must compile. CI has no Apple SDK: it type-checks
# the example's three targets (App, NotificationService, NotificationContent, each with Shared/) in Swift 6 mode with
# warnings as errors, against the Linux stubs. Each framework the example imports (UIKit, UserNotifications,
# UserNotificationsUI, ActivityKit, SwiftUI) is a one-line module here that re-exports the stubs; the extensions get
# -application-extension as in Xcode. The app is a SwiftUI app (App/); the UIKit-with-scenes variant the guides also
# show (UIKitVariant/: an app delegate and a scene delegate instead of App/DemoApp.swift) is checked as a fourth app. The real SDK is checked locally with ../shared/tools/apple-sdk-check.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."

swift build --target PushBusApple --target PushBusRouting --target PushBusTesting > /dev/null
modules="$(swift build --show-bin-path)/Modules"
[ -d "$modules" ] || modules="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for framework in UIKit UserNotifications UserNotificationsUI ActivityKit SwiftUI; do
    printf "@_exported import Foundation\n@_exported import PushBusAppleStubs\n" > "$work/$framework.swift"
    swiftc -swift-version 6 -parse-as-library -emit-module -module-name "$framework" -I "$modules" \
        -emit-module-path "$work/$framework.swiftmodule" "$work/$framework.swift"
done

app=Examples/iOSApp
status=0
check() {  # check NAME FLAGS... -- SOURCE DIRS...
    local name=$1; shift
    local flags=()
    while [ "$1" != "--" ]; do flags+=("$1"); shift; done
    shift
    local sources
    sources=$(find "$@" -name '*.swift' | sort)
    if swiftc -swift-version 6 -parse-as-library -typecheck -warnings-as-errors -module-name "$name" \
        -I "$work" -I "$modules" ${flags[@]+"${flags[@]}"} $sources; then
        echo "example $name: ok ($(echo "$sources" | wc -l) files)"
    else
        echo "example $name: does not type-check against the stubs"
        status=1
    fi
}
check ExampleApp -- "$app/App" "$app/Shared"
variant="$work/variant"
mkdir -p "$variant"
cp "$app"/App/*.swift "$variant/"
rm "$variant/DemoApp.swift" "$variant/InboxScreen.swift"
check ExampleUIKitVariant -- "$variant" "$app/UIKitVariant" "$app/Shared"
check ExampleNotificationService -application-extension -- "$app/NotificationService" "$app/Shared"
check ExampleNotificationContent -application-extension -- "$app/NotificationContent" "$app/Shared"
# DESIGN.md's fixed public names, as code outside the package (a `package` declaration is invisible here).
check ExternalContract -- Examples/contract
# An app whose own types are named like PushBus's: its own win, PushBus's are reached as `PushBus.PushAppState`.
check ExternalNames -- Examples/names
exit $status
