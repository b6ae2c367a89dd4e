#!/usr/bin/env bash
# The adapters' completion and cross-path suites (exactly-once handlers racing deadlines, concurrent
# re-reports) and the Apple glue's delegate forwarding, under the thread sanitizer. Shares the sanitized
# scratch path with the hub's and router's steps, so after them this costs seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
timeout 900 swift test --sanitize=thread --scratch-path .build-tsan \
    --filter 'PushBusTests\.(Completion|CrossPath|DeliveryIdentity|PushDeliverySharing)|PushBusAppleTests\.NotificationDelegateGlueTests'
