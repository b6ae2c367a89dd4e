#!/usr/bin/env bash
# UNUserNotificationCenterDelegate's members are `optional` (@objc) on Apple platforms: calling one is spelled
# `delegate.userNotificationCenter?(…)`. Linux has no `@objc optional`, so the stubs declare them as requirements
# with default implementations, and `delegate.userNotificationCenter(…)` compiles on Linux only (on Apple an
# optional requirement is an optional function value that must be unwrapped). This check keeps the glue honest:
# every direct call `.userNotificationCenter(` in Apple glue or in the example app must sit in the `#else` branch of
# an `#if canImport(UserNotifications)` whose first branch makes the call with `?(`.
# (UNNotificationContentExtension's optional `didReceive(_:completionHandler:)` is never called by the glue; the
# same rule applies if it ever is.)
set -euo pipefail
cd "$(dirname "$0")/../.."

failed=0
while IFS= read -r -d '' file; do
    awk -v file="$file" '
        function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
        {
            line = trim($0)
            if (line ~ /^\/\//) next
            if (line ~ /^#if /) { depth++; cond[depth] = line; branch[depth] = "if"; sawOptional[depth] = 0; next }
            if (line ~ /^#elseif /) { branch[depth] = "elseif"; next }
            if (line ~ /^#else/) { branch[depth] = "else"; next }
            if (line ~ /^#endif/) { depth--; next }
            if (line ~ /\.userNotificationCenter\?\(/) { if (depth > 0 && branch[depth] == "if") sawOptional[depth] = 1; next }
            if (line ~ /\.userNotificationCenter\(/) {
                ok = depth > 0 && branch[depth] == "else" && cond[depth] ~ /^#if canImport\(UserNotifications\)$/ \
                    && sawOptional[depth]
                if (!ok) {
                    printf "error: %s:%d: calls an optional UNUserNotificationCenterDelegate requirement without the `#if canImport(UserNotifications)` / `?(…)` form: %s\n", file, NR, line
                    bad = 1
                }
            }
        }
        END { exit bad }
    ' "$file" >&2 || failed=1
done < <(find Sources/PushBusApple Sources/PushBusAppleExtension Sources/PushBusAppleServiceExtension Examples -name '*.swift' -print0)

[ "$failed" -eq 0 ] || exit 1
echo "ok: optional delegate requirements are called through \`?(…)\` on Apple platforms"
