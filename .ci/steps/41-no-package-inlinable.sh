#!/usr/bin/env bash
# No `@inlinable` on a `package` declaration (.ci/tools/package_inlinable.py says why: another module's call to it is
# neither inlined nor specialized). First a self-test on planted files, then Sources/. About 1 s; no build.
set -euo pipefail
cd "$(dirname "$0")/../.."

planted=$(mktemp -d)
trap 'rm -rf "$planted"' EXIT
cat >"$planted/Planted.swift" <<'SWIFT'
package final class Box<T> {
    @inlinable package func each(_ body: (T) -> Void) {}
    @inlinable @inline(__always)
    package static var owner: UInt { 0 }
    @inlinable public func fine() {}
    @inlinable func alsoFine() {}
}
SWIFT
if python3 .ci/tools/package_inlinable.py "$planted" 2>"$planted/errors" >/dev/null; then
    echo "error: the package-inlinable check passed a planted file with two faults" >&2
    exit 1
fi
got=$(sed -E 's/^error: [^:]*:([0-9]+):.*/\1/' "$planted/errors" | tr '\n' ' ')
if [ "$got" != "2 3 " ]; then
    printf 'error: the package-inlinable check flagged lines %s of the planted file, expected 2 3\n' "$got" >&2
    exit 1
fi
echo "ok: the self-test finds the two planted package inlinables (one behind a second attribute) and passes the rest"

python3 .ci/tools/package_inlinable.py Sources
