#!/usr/bin/env bash
# The hub's suites under the thread sanitizer: concurrent post / subscribe / cancel storms, re-entrant handlers,
# for-await sequences, parking and de-duplication. Separate scratch path so the sanitized build never disturbs
# the normal one. Measured on the 2-core CI machine: about 1 minute from scratch (build included).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

suites='HubConcurrencyTests|HubReentrancyTests|HubDeliveryTests|SubscriptionLifetimeTests|SubscriptionReleaseTests'
suites+='|PushMessagesTests|CancelWithoutBlockingTests|ParkedTapHandOverTests'
suites+='|ParkingTests|DeduplicationTests|PushFilterTests|RegistrationEventTests|HubTeardownTests'
suites+='|MonitorCancellationTests|CancelAndWaitEveryTokenTests|CancelAndWaitFromInsideTheCallbackTests'
suites+='|CancelAndWaitHubTokenTests|CancelAndWaitFromInsideAHubCallbackTests'
suites+='|ObserverRegistryTests'

# TSan reports make the run fail (halt_on_error), not just print.
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
timeout 900 swift test --sanitize=thread --scratch-path .build-tsan --filter "$suites"
