#!/usr/bin/env bash
# The stores and extensions under the thread sanitizer: the delivery ledger (appends from several tasks, refresh,
# compaction, the event stream), the inbox that follows it, the service-extension pipeline and its attachment
# downloads (URLSession delegate queues, the deadline racing the steps), the settings channel and its observers,
# and the Live Activity token store (concurrent posters). Whole suites, so the process and loopback cases run too:
# TSan sees only this process, but the code on this side of them runs on several threads.
# Shares the sanitized scratch path with 30–32, so after them this costs the run only (about 10 s on the 2-core
# CI machine); alone, about 2 minutes with the build.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

suites='PushBusStorageTests\.|PushBusTests\.(Ledger|Inbox|DeliveryLedgerRecording|SharedStoreSymlink)'  # ledger, inbox
suites+='|PushBusDeliveryTests\.LedgerUnwritableDelivery'
suites+='|PushBusServiceExtensionTests\.'                                    # pipeline, downloads
suites+='|PushBusAppleExtensionTests\.PushBusNotificationService'               # the NSE glue around it
suites+='|PushBusTestingTests\.ServiceExtensionDevice'
suites+='|PushBusAuthorizationTests\.'                                              # settings
suites+='|PushBusAppleTests\.(SettingsChangeGlue|OpenSettingsGlue)|PushBusTestingTests\.SettingsChangeSimulation'
suites+='|PushBusLiveActivityTests\.|PushBusTests\.LiveActivity|PushBusAppleTests\.(LiveActivityGlue|LedgerGlue)'  # tokens; ledger refresher

export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
started=$(date +%s)
# The hostile-server memory tests (endless bodies, gzip bombs: seconds of libcurl work each) measure peak memory,
# which the sanitizer inflates, and starve the suites beside them past their deadlines; so does the hostile-file
# resync test (30 s of checksumming under TSan holds both cooperative threads, and the NSE glue's pipelines miss
# their wall-clock deadlines behind it). `swift test` runs them.
timeout 900 swift test --sanitize=thread --scratch-path .build-tsan --filter "$suites" \
    --skip 'AttachmentHostileServerMemoryTests|aHostileFileCostsAConstantNumberOfChecksumBytesPerByte'
echo "ok: ledger, inbox, service extension, settings and Live Activity suites clean under TSan in $(( $(date +%s) - started )) s"
