#!/usr/bin/env bash
# No synchronous wait on a thread of Swift concurrency's cooperative pool (Docs/Architecture.md, "Threads";
# Docs/Contributing.md, "Waiting in a test"): the pool has as many threads as cores, two on CI, and two waits there stop
# every task of the process (a 30-second stall of the whole test run was this). .ci/tools/blocking_waits.py says
# what counts as a wait and where one may stand. First a self-test on planted files, then the tree.
set -euo pipefail
cd "$(dirname "$0")/../.."

planted=$(mktemp -d)
trap 'rm -rf "$planted"' EXIT
mkdir -p "$planted/Tests/T" "$planted/Sources/S"
cat >"$planted/Tests/T/PlantedTests.swift" <<'SWIFT'
@Test func syncTestWaits() {
    let done = DispatchSemaphore(value: 0)
    Thread { done.signal(); release.wait() }.start()
    done.wait()
}
@Test func asyncTestWaitsForAChild() async throws {
    let (status, _) = try child.finish()
    #expect(await done.waitOffThePool() == .success)
    #expect(await OwnThread.run { subscription.cancelAndWait() } == ())
}
SWIFT
cat >"$planted/Sources/S/Planted.swift" <<'SWIFT'
func fetch() async {
    semaphore.wait()
}
func blockingOnPurpose() {
    semaphore.wait()
}
SWIFT
expected="Sources/S/Planted.swift:2: semaphore.wait()
Tests/T/PlantedTests.swift:4: done.wait()
Tests/T/PlantedTests.swift:7: let (status, _) = try child.finish()"
if got=$(python3 .ci/tools/blocking_waits.py "$planted" | sort); then
    echo "error: the check passed planted waits" >&2
    exit 1
fi
if [ "$got" != "$expected" ]; then
    printf 'error: the check found\n%s\nin the planted files, expected\n%s\n' "$got" "$expected" >&2
    exit 1
fi
echo "ok: the self-test finds the three planted waits and only those"

if ! python3 .ci/tools/blocking_waits.py .; then
    echo "error: a synchronous wait where the cooperative pool runs it: await instead, or run it on a thread of its own (OwnThread in Tests/PushBusTestSupport); see Docs/Contributing.md" >&2
    exit 1
fi
echo "ok: no synchronous wait on the cooperative pool in Tests/ or in Sources/' async code"
