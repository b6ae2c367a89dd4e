#!/usr/bin/env bash
# Every file imports what it uses, in the modules where the compiler alone cannot tell: a product module that holds
# code and re-exports the job modules (`<Module>+Exports.swift`: PushBusApple, PushBusTesting, PushBusValidation,
# PushBusServiceExtension) makes every re-exported module visible to all of its own files, so a file that forgot an
# import, or imports `internal` what its public API names, still compiled. .ci/tools/own_imports.py type-checks each
# such module without its re-export file, with the build's own command (`.build/debug.yaml`, from the build above).
# First a self-test (a planted file that uses PushBusCore without importing it must fail; with the import it must
# pass), then every such module. A few seconds per module; needs `swift build` first.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
plan=.build/debug.yaml
[ -f "$plan" ] || swift build

planted=$(mktemp -d)
trap 'rm -rf "$planted"' EXIT
printf 'let plantedID: PushMessage.ID? = nil\n' >"$planted/Leaning.swift"
printf 'import PushBusCore\n\nlet plantedID: PushMessage.ID? = nil\n' >"$planted/Importing.swift"
if python3 .ci/tools/own_imports.py "$plan" PushBusValidation --plant "$planted/Leaning.swift" >/dev/null \
    2>"$planted/errors"; then
    echo "error: the own-imports check passed a planted file that uses PushBusCore without importing it" >&2
    exit 1
fi
if ! grep -q "Leaning.swift:1:.*cannot find type 'PushMessage' in scope" "$planted/errors"; then
    echo "error: the own-imports check failed the planted file for another reason:" >&2
    cat "$planted/errors" >&2
    exit 1
fi
if ! python3 .ci/tools/own_imports.py "$plan" PushBusValidation --plant "$planted/Importing.swift" >/dev/null; then
    echo "error: the own-imports check failed a planted file that imports what it uses" >&2
    exit 1
fi
echo "ok: the self-test fails a file that leans on the re-export and passes one that imports PushBusCore itself"

checked=0
for exports in Sources/*/*+Exports.swift; do
    module=$(basename "$(dirname "$exports")")
    # An umbrella (nothing but re-exports) has no other file to check.
    [ "$(find "Sources/$module" -name '*.swift' ! -name "$module+Exports.swift" | head -1)" ] || continue
    python3 .ci/tools/own_imports.py "$plan" "$module"
    checked=$((checked + 1))
done
[ "$checked" -ge 4 ] || { echo "error: only $checked re-exporting modules with code found (expected 4)" >&2; exit 1; }
