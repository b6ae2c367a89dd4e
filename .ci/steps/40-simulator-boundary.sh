#!/usr/bin/env bash
# The simulator must drive the real adapters, never shortcut into the hub: PushBusTesting may not call
# PushCenter's post (messages or registrations) anywhere. Then every example scenario must run clean through
# the CLI, as README's main command does.
set -euo pipefail
cd "$(dirname "$0")/../.."

# Any `.post(` or `post(registration:` call in PushBusTesting's sources fails CI (comments included: say
# "posting" in prose instead).
if grep -rnE '(\.|\b)post\(' Sources/PushBusTesting; then
    echo "error: Sources/PushBusTesting calls post(...) on a PushCenter; go through UserNotificationAdapter/AppDelegateAdapter instead" >&2
    exit 1
fi
echo "ok: Sources/PushBusTesting never calls PushCenter.post"

# The scenarios run from the CLI exactly as documented (the binary was built by CI's build step).
pushbus=".build/debug/pushbus"
[ -x "$pushbus" ] || swift build --product pushbus
for scenario in Examples/scenarios/*.json; do
    if ! "$pushbus" simulate --scenario "$scenario" > /tmp/pushbus-scenario.out 2>&1; then
        cat /tmp/pushbus-scenario.out >&2
        echo "error: $scenario failed" >&2
        exit 1
    fi
    echo "ok: $scenario"
done
"$pushbus" simulate --scenario Examples/scenarios/cold-start-product-tap.json --json > /dev/null
