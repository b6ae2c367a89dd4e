#!/usr/bin/env bash
# The router's concurrency-sensitive suites under the thread sanitizer: opens racing registrations and the
# readiness gate, concurrent setReady, cold-start replay through the hub. Shares the sanitized scratch path
# with the hub's step, so after it this costs seconds; alone, about 2 minutes on the 2-core CI machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
timeout 900 swift test --sanitize=thread --scratch-path .build-tsan \
    --filter 'PushBusRoutingTests\.(ConcurrencyTests|ReadinessGateTests|ColdStartTests|ObserverTests|RouterObserverCancelAndWaitTests)'
