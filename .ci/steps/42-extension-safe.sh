#!/usr/bin/env bash
# The extension-safe glue runs inside app extensions: PushBusAppleServiceExtension (the service extension's glue) and
# PushBusAppleExtension (the ledger, content-extension and retraction glue), and the two extension umbrellas that
# re-export them (and the widget extension's), must use no API unavailable to them
# (UIApplication.shared, the app delegate, openURL). A grep, so a slip fails CI on Linux too, where the stubs would
# not catch it.
set -euo pipefail
cd "$(dirname "$0")/../.."
modules=(PushBusAppleServiceExtension PushBusAppleExtension PushBusNotificationServiceExtension
    PushBusNotificationContentExtension PushBusWidgetExtension)
for module in "${modules[@]}"; do
    [ -d "Sources/$module" ] || { echo "error: Sources/$module is missing" >&2; exit 1; }
    # Comment lines (the module's own documentation of this rule) do not count.
    if grep -rnE '\bUIApplication\b|UIApplicationDelegate|\bopenURL\b|\.shared\.open\(' "Sources/$module" \
        | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'; then
        echo "error: $module must stay extension-safe (no UIApplication)" >&2
        exit 1
    fi
    echo "ok: $module uses no app-only API"
done
