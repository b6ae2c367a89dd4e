#!/usr/bin/env bash
# Docs/Architecture.md's product table gives each product's size in source lines (every module it links); they went
# stale with nearly every change to Sources/. `.ci/tools/product_lines.py` counts them from the manifest and the
# sources and fails on a count the page no longer tells. First a self-test on a planted package (a stale count, a
# product the page leaves out, a current page), then the tree. About 2 s (`dump-package` evaluates the manifest).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

planted=$(mktemp -d)
trap 'rm -rf "$planted"' EXIT
mkdir -p "$planted/Sources/A" "$planted/Sources/B" "$planted/Sources/PushBusAppleStubs" "$planted/Docs"
printf 'let a = 1\nlet b = 2\n' >"$planted/Sources/A/A.swift"
printf 'let c = 3\n' >"$planted/Sources/B/B.swift"
printf 'let d = 4\n' >"$planted/Sources/PushBusAppleStubs/S.swift"
cat >"$planted/dump.json" <<'JSON'
{"products": [{"name": "A", "targets": ["A"]}, {"name": "B", "targets": ["B"]}],
 "targets": [{"name": "A", "dependencies": [{"byName": ["B", null]},
                                             {"target": ["PushBusAppleStubs", {"platformNames": ["linux"]}]}]},
             {"name": "B", "dependencies": []},
             {"name": "PushBusAppleStubs", "dependencies": []}]}
JSON
page() {  # page A_LINES [ROW_B]: the planted Architecture.md
    printf 'on Linux the Apple glue also links `PushBusAppleStubs`, 1)\n\n| product | for | links | lines |\n' >"$planted/Docs/Architecture.md"
    printf '| --- | --- | --- | ---: |\n| `A` | a | A, B | %s |\n%s\n' "$1" "${2:-}" >>"$planted/Docs/Architecture.md"
}
page 3 '| `B` | b | B | 1 |'
python3 .ci/tools/product_lines.py "$planted/dump.json" "$planted" >/dev/null || { echo "self-test: a current page failed"; exit 1; }
page 4 '| `B` | b | B | 1 |'
if python3 .ci/tools/product_lines.py "$planted/dump.json" "$planted" >/dev/null; then
    echo "self-test: a stale count passed"; exit 1
fi
page 3
if python3 .ci/tools/product_lines.py "$planted/dump.json" "$planted" >/dev/null; then
    echo "self-test: a product the page leaves out passed"; exit 1
fi
echo "self-test: a stale count and a missing product fail, a current page passes"

swift package dump-package >"$planted/manifest.json"
python3 .ci/tools/product_lines.py "$planted/manifest.json" .
