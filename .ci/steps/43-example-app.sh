#!/usr/bin/env bash
# Examples/iOSApp is what the Docs' app snippets come from, so it must compile. CI has no Apple SDK: it type-checks
# the example's three targets (App, NotificationService, NotificationContent, each with Shared/) in Swift 6 mode with
# warnings as errors, against the Linux stubs. Each framework the example imports (UIKit, UserNotifications,
# UserNotificationsUI, ActivityKit, SwiftUI) is a one-line module here that re-exports the stubs; the extensions get
# -application-extension as in Xcode. The app is a SwiftUI app (App/); the UIKit-with-scenes variant the guides also
# show (UIKitVariant/: an app delegate and a scene delegate instead of App/DemoApp.swift) is checked as a fourth app,
# and the SwiftUI app wired by hand (SwiftUIVariant/) as a fifth. The real SDK is checked locally with
# ../shared/tools/apple-sdk-check.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."

# Each product's module: the example's targets import one each (the app PushBusApple, the extensions their umbrellas).
# (`swift build` builds one `--target`, the last it is given: one build each.)
for target in PushBus PushBusApple PushBusTesting PushBusValidation PushBusNotificationServiceExtension \
    PushBusNotificationContentExtension PushBusWidgetExtension; do
    swift build --target "$target" > /dev/null
done
modules="$(swift build --show-bin-path)/Modules"
[ -d "$modules" ] || modules="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# ActivityKit carries a version newer than the iOS 17.4 SDK's (127.107), as in every SDK that builds PushBus (Xcode 26),
# so that the example's `#if canImport(ActivityKit, _version: 128)` (API the 17.4 SDK lacks) is type-checked here.
for framework in UIKit UserNotifications UserNotificationsUI ActivityKit SwiftUI; do
    version=()
    [ "$framework" != ActivityKit ] || version=(-user-module-version 128)
    printf "@_exported import Foundation\n@_exported import PushBusAppleStubs\n" > "$work/$framework.swift"
    swiftc -swift-version 6 -parse-as-library -emit-module -module-name "$framework" -I "$modules" \
        ${version[@]+"${version[@]}"} -emit-module-path "$work/$framework.swiftmodule" "$work/$framework.swift"
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
# The SwiftUI app wired by hand (SwiftUIVariant/, Docs/WiringByHand.md): UIKitVariant's app delegate without its
# `@main` behind SwiftUI's delegate adaptor, with App/ minus its DemoApp.swift.
byhand="$work/byhand"
mkdir -p "$byhand"
cp "$app"/App/*.swift "$byhand/"
rm "$byhand/DemoApp.swift"
grep -vx '@main' "$app/UIKitVariant/AppDelegate.swift" >"$byhand/AppDelegate.swift"
check ExampleSwiftUIVariant -- "$byhand" "$app/SwiftUIVariant" "$app/Shared"
# README's first code block: the smallest app, a one-file SwiftUI app of its own.
check ExampleSmallestApp -- "$app/Smallest"
# Guide apps of their own, each type-checked alone: Docs/App.md's shop app delegate (LifecycleVariant/) and
# Docs/MigrationFromJPush.md's app with JPush kept beside PushBus (JPushVariant/, with a stand-in for JPush's headers).
# Their code also runs in LifecycleTests and JPushMigrationGuideTests, where UIKit cannot be imported.
check ExampleLifecycleVariant -- "$app/LifecycleVariant"
check ExampleJPushVariant -- "$app/JPushVariant"
check ExampleNotificationService -application-extension -- "$app/NotificationService" "$app/Shared"
check ExampleNotificationContent -application-extension -- "$app/NotificationContent" "$app/Shared"
# DESIGN.md's fixed public names, as code outside the package (a `package` declaration is invisible here).
check ExternalContract -- Examples/contract
# README's Package.swift (Examples/manifest, which README and Docs/Testing.md show): it evaluates against
# PackageDescription, and every product it takes from PushBus is a library product of this package.
if swift package --package-path Examples/manifest dump-package >"$work/manifest.json" 2>"$work/manifest.err" &&
    swift package dump-package >"$work/root.json" 2>/dev/null &&
    python3 - "$work/manifest.json" "$work/root.json" <<'PY'
import json, sys
manifest, root = (json.load(open(path)) for path in sys.argv[1:])
products = {p["name"] for p in root["products"] if "library" in p["type"]}
named = [d["product"][0] for t in manifest["targets"] for d in t["dependencies"]
         if "product" in d and d["product"][1] == "PushBus"]
unknown = sorted(set(named) - products)
for name in unknown:
    print(f"manifest: PushBus has no library product {name}")
sys.exit(1 if unknown or not named else 0)
PY
then
    echo "manifest: Examples/manifest/Package.swift evaluates and names PushBus's products"
else
    cat "$work/manifest.err"
    echo "manifest: Examples/manifest/Package.swift does not evaluate, or names a product PushBus does not have"
    status=1
fi
# An app with its own types named PushSubscription, Notification, Message, Token, AppState, DeviceToken, …: it compiles
# beside `import PushBus` without qualifying any name.
check ExternalNames -- Examples/names
# ...because none of those names is PushBus's: a public type of PushBus named like one would need `PushBus.` in such an
# app (its own type wins in its module). Each qualified lookup below must fail, in every product's module.
names=(PushSubscription Subscription Notification Message Token AppState DeviceToken SystemClock)
for module in PushBus PushBusApple PushBusTesting PushBusValidation PushBusServiceExtension \
    PushBusNotificationServiceExtension PushBusNotificationContentExtension PushBusWidgetExtension; do
    probe="$work/NameProbe$module.swift"
    { echo "import $module"; for name in "${names[@]}"; do echo "typealias Probe$name = $module.$name"; done; } >"$probe"
    errors=$(swiftc -swift-version 6 -parse-as-library -typecheck -module-name NameProbe -I "$work" -I "$modules" \
        "$probe" 2>&1 || true)
    for name in "${names[@]}"; do
        if ! grep -q "'$name'" <<<"$errors"; then
            echo "names: $module has a public type named $name, a name apps give their own types"
            status=1
        fi
    done
done
[ "$status" -ne 0 ] || echo "names: no product declares ${names[*]}"
exit $status
