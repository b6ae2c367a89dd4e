#!/usr/bin/env bash
# PushBusAppleExtension runs inside app extensions: it must use no API unavailable to them (UIApplication.shared,
# the app delegate, openURL). A grep, so a slip fails CI on Linux too, where the stubs would not catch it.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Comment lines (the module's own documentation of this rule) do not count.
if grep -rnE '\bUIApplication\b|UIApplicationDelegate|\bopenURL\b|\.shared\.open\(' Sources/PushBusAppleExtension \
    | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'; then
    echo "error: PushBusAppleExtension must stay extension-safe (no UIApplication)" >&2
    exit 1
fi
echo "ok: PushBusAppleExtension uses no app-only API"
