#!/usr/bin/env bash
# Runs README's test command (`swift test`) RUNS times in a row (default 10) with BUSY busy loops beside it (default
# 3: what CI meets when anything else runs on its 2 cores), after one unloaded run, and reports for each run its exit
# status, wall time, the slowest test as Swift Testing reports it, and the longest stretch in which no test ended
# (a stall shows there). Ends non-zero if a run failed or took more than twice the unloaded run.
#
#     .ci/tools/loaded-test-runs.sh [RUNS] [BUSY]
#
# Builds first (`swift build --build-tests`); every run then uses --skip-build. Docs/Testing.md ("The package's own
# tests under load") says how to read the numbers. Logs go to a temporary folder named at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
runs=${1:-10}
busy=${2:-3}
logs=$(mktemp -d)
loops=()
stop_loops() { for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null || true; done; loops=(); }
trap stop_loops EXIT

swift build --build-tests >"$logs/build.log" 2>&1 || { tail -20 "$logs/build.log"; exit 1; }

# One run: timestamps each line of output as it arrives, so the gaps between ended tests can be measured.
run() {  # run LOG -> prints "status seconds"
    local started status
    started=$(date +%s.%N)
    set +e
    swift test --skip-build 2>&1 | python3 -u -c '
import sys, time
start = time.time()
for line in sys.stdin:
    sys.stdout.write("%.3f %s" % (time.time() - start, line))
' >"$1"
    status=${PIPESTATUS[0]}
    set -e
    echo "$status $(python3 -c "import time; print(round(time.time() - $started, 1))")"
}

# Reads a log: the slowest test and the longest stretch with no test ending.
measure() {  # measure LOG
    python3 - "$1" <<'PY'
import re, sys
ends, slowest = [], (0.0, "")
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    stamp, _, text = line.partition(" ")
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    match = re.search(r"Test (\S+) (?:.* )?(?:passed|failed) after ([0-9.]+) seconds", text)
    if match and not text.lstrip("✔✘ ").startswith("Test run"):
        ends.append(float(stamp))
        if float(match.group(2)) > slowest[0]:
            slowest = (float(match.group(2)), match.group(1))
gaps = [b - a for a, b in zip(ends, ends[1:])] or [0.0]
print("slowest test %.1f s (%s), longest stretch with no test ending %.1f s" % (slowest[0], slowest[1], max(gaps)))
PY
}

read -r status unloaded < <(run "$logs/unloaded.log")
echo "unloaded: status $status, ${unloaded} s; $(measure "$logs/unloaded.log")"
[ "$status" -eq 0 ] || { echo "error: the unloaded run failed ($logs/unloaded.log)" >&2; exit 1; }

for _ in $(seq 1 "$busy"); do
    ( end=$((SECONDS + 3600)); while [ $SECONDS -lt $end ]; do :; done ) &
    loops+=("$!")
done
failed=0
for index in $(seq 1 "$runs"); do
    read -r status seconds < <(run "$logs/run$index.log")
    echo "run $index with $busy busy loops: status $status, ${seconds} s; $(measure "$logs/run$index.log")"
    if [ "$status" -ne 0 ]; then
        failed=1
        grep -E "✘|recorded an issue" "$logs/run$index.log" | head -20 >&2 || true
    fi
    if python3 -c "import sys; sys.exit(0 if $seconds > 2 * $unloaded else 1)"; then
        echo "error: run $index took more than twice the unloaded ${unloaded} s" >&2
        failed=1
    fi
done
stop_loops
echo "logs: $logs"
exit $failed
