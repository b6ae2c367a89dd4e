#!/usr/bin/env bash
# One identity rule: `SeenDeliveries` (SeenDeliveries.swift) is the only code that decides whether two reports are
# the same delivery. The hub, the delivery, the ledger, the inbox and the router call it; none of them compares
# request identifiers, notification dates or correlation windows by hand.
set -euo pipefail
cd "$(dirname "$0")/../.."

rule='SeenDeliveries.swift'
sources=$(find Sources -name '*.swift' ! -name "$rule" ! -path 'Sources/PushBusAppleStubs/*')
status=0
check() {  # check DESCRIPTION PATTERN
    local hits
    hits=$(grep -nE "$2" $sources | grep -vE '^\S+:[0-9]+:\s*///?' || true)
    if [ -n "$hits" ]; then
        echo "$hits" >&2
        echo "error: $1 outside $rule: ask SeenDeliveries (isSameDelivery, mayBeSameDelivery, identifierKey)" >&2
        status=1
    fi
}
check 'request identifiers compared by hand' \
    '[rR]equestIdentifier[^=]*(caseInsensitiveCompare|lowercased\(\)|uppercased\(\)|localizedCaseInsensitive)'
check 'a notification date compared by hand' \
    '(notificationDate|\.date)[^=]*timeIntervalSince\([^)]*\)\)? *(<|>|<=|>=) *[A-Za-z.]*(Tolerance|[wW]indow)'
check 'a correlation window applied by hand' \
    'timeIntervalSince\([^)]*\)\)? *(<|<=) *[A-Za-z.]*(correlationWindow|deduplicationWindow)'
check 'the date tolerance used by hand' 'dateTolerance'
[ "$status" -eq 0 ] || exit 1

# And the layers do ask it.
for layer in Hub Delivery Ledger Inbox; do
    dir=$(find Sources -type d -name "$layer" | head -1)
    if [ -z "$dir" ] || ! grep -rqE 'SeenDeliveries|DeduplicationWindow|isAbout\(' "$dir"; then
        echo "error: no Sources/**/$layer folder asks SeenDeliveries" >&2
        exit 1
    fi
done
grep -rqE 'SeenDeliveries' Sources/PushBusRouting || { echo "error: the router does not ask SeenDeliveries" >&2; exit 1; }
echo "ok: one identity rule (SeenDeliveries); hub, delivery, ledger, inbox and router ask it"
