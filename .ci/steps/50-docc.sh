#!/usr/bin/env bash
# DocC: every library's catalog converts with warnings as errors (a broken symbol link, an ambiguous link, a
# parameter left undocumented in a documented function all fail), and every top-level public symbol is curated in
# its module's landing page (`## Topics`). Symbol graphs come from a build of their own (`.build-docc`), so the
# main build's cache stays valid.
#
# A new public type fails this step until it is listed under a `### …` group of `## Topics` in
# Sources/<Module>/<Module>.docc/<Module>.md as ``TypeName``; its members are curated under it automatically.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)

modules=(PushBus PushBusCore PushBusValidation PushBusCategories PushBusHub PushBusStorage PushBusServiceExtension
    PushBusServiceExtensionStorage PushBusContentExtensionKit PushBusDelivery PushBusLiveActivity PushBusRouting PushBusApple
    PushBusAppleServiceExtension PushBusTesting PushBusNotificationServiceExtension PushBusNotificationContentExtension)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
graphs="$work/symbol-graphs"
mkdir -p "$graphs"

symbol_flags=(-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public)
# One build of every product's module: the umbrellas (PushBus and the two extensions'), PushBusTesting (and with it
# the validator) and PushBusApple (with the Linux stubs). A module that re-exports others (`@_exported`) holds their
# symbols in its graph, so its catalog curates them too.
# (`swift build` builds one `--target`, the last it is given: one build each.)
for target in PushBus PushBusTesting PushBusApple PushBusNotificationServiceExtension PushBusNotificationContentExtension; do
    swift build --scratch-path .build-docc --target "$target" "${symbol_flags[@]}" >> "$work/build.log" 2>&1 \
        || { cat "$work/build.log" >&2; exit 1; }
done
echo "symbol graphs: $(( $(date +%s) - started )) s"

failed=0
for module in "${modules[@]}"; do
    catalog="Sources/$module/$module.docc"
    mkdir -p "$work/graphs-$module"
    cp "$graphs/$module.symbols.json" "$work/graphs-$module/"
    cp "$graphs/$module@"*.symbols.json "$work/graphs-$module/" 2>/dev/null || true

    # Curation: each top-level public symbol appears as ``Name`` in the catalog's own pages.
    missing=()
    while read -r name; do
        grep -rqF --include='*.md' -e "\`\`$name\`\`" "$catalog" || missing+=("$name")
    done < <(jq -r '.symbols[] | select(.pathComponents | length == 1) | .pathComponents[0]' \
        "$graphs/$module.symbols.json" | sort -u)
    if [ "${#missing[@]}" -gt 0 ]; then
        echo "error: $module: not curated in $catalog/$module.md (add under ## Topics): ${missing[*]}" >&2
        failed=1
    fi

    if ! docc convert "$catalog" --additional-symbol-graph-dir "$work/graphs-$module" \
        --output-dir "$work/$module.doccarchive" --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.pushbus.$module" --warnings-as-errors > "$work/docc-$module.log" 2>&1; then
        grep -E "(warning|error):" "$work/docc-$module.log" >&2 || cat "$work/docc-$module.log" >&2
        echo "error: docc convert $catalog failed" >&2
        failed=1
    else
        echo "ok: $module documentation converts with no warnings"
    fi
done
echo "DocC step: $(( $(date +%s) - started )) s"
exit "$failed"
