#!/usr/bin/env bash
# Data flows one way: adapters -> PushDelivery -> PushCenter. The hub (Sources/PushBusHub/Hub) names no adapter or
# delivery type, and nothing outside the hub extends PushCenter with delivery state.
set -euo pipefail
cd "$(dirname "$0")/../.."

if grep -rnwE 'UserNotificationAdapter|AppDelegateAdapter|PushDelivery|DeliveryStore|DeliveryDiagnostics|PresentationPolicy|LiveActivity[A-Za-z]*' \
    Sources/PushBusHub/Hub; then
    echo "error: Sources/PushBusHub/Hub names an adapter or delivery type; the center must know nothing of adapters" >&2
    exit 1
fi
if grep -rnE '^extension PushCenter\b' Sources/PushBusDelivery; then
    echo "error: adapters/delivery extend PushCenter; delivery state belongs to PushDelivery" >&2
    exit 1
fi
echo "ok: the hub knows nothing of adapters or deliveries"
