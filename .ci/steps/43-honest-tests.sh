#!/usr/bin/env bash
# Tests that cannot pass by not running or hang instead of failing:
# 1. No test skips when a built binary (pushbus, pushbus-test-child) is missing: BuiltBinary / ChildProcess /
#    PushbusShell throw the reason instead, so such a test fails. Skipping traits or nil checks on them, `try?`
#    around them, and looking for executables outside Tests/PushBusTestSupport are refused.
# 2. Every suite whose tests wait for something another thread, task or process must do carries a `.timeLimit`.
#    The rule, per top-level suite (a `struct`/`class`/`enum` at column 0 holding `@Test`): if its body contains
#    `await `, `.wait(`, `waitUntilExit`, `ChildProcess(`, `BuiltBinary.run(`, `PushbusShell.run(` or
#    `LoopbackHTTPServer(`, its declaration has `.timeLimit(`. (Waits inside a test are bounded by TestDeadline in
#    Tests/PushBusTestSupport; the time limit is the backstop for the rest.)
set -euo pipefail
cd "$(dirname "$0")/../.."
status=0

skips=$(grep -rnE \
    -e '\.(enabled|disabled)\(if:[^)]*(BuiltBinary|PushbusShell|testChild|pushbus|isAvailable)' \
    -e '(BuiltBinary\.[A-Za-z]+|testChild|PushbusShell\.[A-Za-z]+)[^=]*(==|!=) *nil' \
    -e 'try\? *(ChildProcess|BuiltBinary|PushbusShell)' \
    --include='*.swift' Tests | grep -v '^Tests/PushBusTestSupport/' || true)
lookups=$(grep -rnE 'isExecutableFile|executableURL *=' --include='*.swift' Tests | grep -v '^Tests/PushBusTestSupport/' || true)
if [ -n "$skips$lookups" ]; then
    printf '%s\n' "$skips" "$lookups" | sed '/^$/d' >&2
    echo "error: a process test must fail with the reason when its binary is missing: use BuiltBinary / ChildProcess / PushbusShell (Tests/PushBusTestSupport), never skip" >&2
    status=1
else
    echo "ok: no process test skips on a missing binary"
fi

unbounded=$(find Tests -name '*.swift' -not -path 'Tests/PushBusTestSupport/*' -print0 | xargs -0 awk '
    function flush() {
        if (inside && tests && why != "" && header !~ /\.timeLimit\(/)
            printf "%s:%d: %s waits (%s) without a .timeLimit\n", file, start, name, substr(why, 3)
        inside = 0
    }
    FNR == 1 { flush(); file = FILENAME }
    !inside && /^(@|(private |fileprivate |final |public |package )*(struct|class|enum|actor) )/ {
        inside = 1; start = FNR; header = ""; inHeader = 1; tests = 0; why = ""; name = "?"
    }
    inside && inHeader {
        header = header " " $0
        if (match($0, /(struct|class|enum|actor) [A-Za-z0-9_]+/)) name = substr($0, RSTART, RLENGTH)
        if ($0 ~ /\{/) { inHeader = 0; if ($0 ~ /\}[[:space:]]*$/) { inside = 0; next } }
        next
    }
    inside && /^\}/ { flush(); next }
    inside {
        if ($0 ~ /@Test/) tests = 1
        if ($0 ~ /await / && why !~ /await/) why = why ", await"
        if ($0 ~ /\.wait\(/ && why !~ /wait\(/) why = why ", .wait("
        if ($0 ~ /waitUntilExit/ && why !~ /waitUntilExit/) why = why ", waitUntilExit"
        if ($0 ~ /(ChildProcess|LoopbackHTTPServer)\(|(BuiltBinary|PushbusShell)\.run\(/ && why !~ /process/)
            why = why ", a process or loopback server"
    }
    END { flush() }
')
if [ -n "$unbounded" ]; then
    echo "$unbounded" >&2
    echo "error: these suites wait for other threads, tasks or processes: give each @Suite a .timeLimit" >&2
    status=1
else
    echo "ok: every suite that waits for another thread, task or process has a time limit"
fi
exit $status
