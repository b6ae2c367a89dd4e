#!/usr/bin/env bash
# What each tap row's tap executes before iOS is answered, counted by callgrind rather than timed: instructions,
# and first-level instruction and data cache misses (callgrind's cache simulation), per tap. A wall-clock tap on
# cold caches varies by about 15 % from run to run on a shared 2-core machine; these counts do not, so they say
# whether a change made the tap's own code longer. Needs valgrind; run from anywhere:
#
#     Benchmarks/tap-instructions.sh            # 400 taps per row (about two minutes)
#     Benchmarks/tap-instructions.sh 300 burst  # taps back to back, as the "Tap burst" rows tap
#
# Each row runs twice (40 and 40 + N taps) and reports the difference per tap, so one-time set-up is left out.
# SWIFT_DETERMINISTIC_HASHING=1 makes dictionaries probe alike in every run, so the counts repeat.
# Collected: the adapter's body inside `AfterAnswer.deferring` (where iOS's completion handler is called), not the
# work deferred past the answer. Docs/Performance.md records a run.
set -euo pipefail
cd "$(dirname "$0")"
export PATH="/opt/swift/usr/bin:$PATH"
command -v valgrind >/dev/null || { echo "error: tap-instructions.sh needs valgrind" >&2; exit 1; }
taps=${1:-400}
mode=${2:-}
[ -z "$mode" ] || [ "$mode" = burst ] || { echo "usage: tap-instructions.sh [TAPS] [burst]" >&2; exit 2; }
swift build -c release --product TapInstructions >/dev/null
binary=.build/release/TapInstructions
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Ir I1mr D1mr of the answer path over `count` taps of `row`.
count() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --cache-sim=yes --toggle-collect='*AfterAnswerO9deferringyxxyKXEKlFZxyKXEfU_*' \
        --callgrind-out-file="$work/out" "$binary" "$1" "$2" $mode >/dev/null 2>&1
    callgrind_annotate --show-percs=no "$work/out" | awk '/PROGRAM TOTALS/ {
        gsub(",", ""); print ($1 == "." ? 0 : $1), ($4 == "." ? 0 : $4), ($5 == "." ? 0 : $5) }'
}

printf '%-48s %12s %10s %10s\n' "row (per tap, before the answer)" instructions "I1 misses" "D1 misses"
for row in "no ledger" "durable ledger" "documented set-up" "documented set-up, ledger lock held by another"; do
    read -r ir0 i0 d0 < <(count "$row" 40)
    read -r ir1 i1 d1 < <(count "$row" $((40 + taps)))
    if [ "$ir1" -le "$ir0" ]; then
        echo "error: nothing counted for \"$row\": the collected symbol (AfterAnswer.deferring's body) has moved" >&2
        exit 1
    fi
    printf '%-48s %12d %10d %10d\n' "$row" $(((ir1 - ir0) / taps)) $(((i1 - i0) / taps)) $(((d1 - d0) / taps))
done
