#!/usr/bin/env bash
# DocC: every library's catalog converts with warnings as errors (a broken symbol link, an ambiguous link, a
# parameter left undocumented in a documented function all fail, in a doc comment as in an article; a self-test on a
# planted module shows a doc comment's warning failing first), and every top-level public symbol is curated in
# its module's landing page (`## Topics`). Symbol graphs come from a build of their own (`.build-docc`), so the
# main build's cache stays valid.
#
# A new public type fails this step until it is listed under a `### …` group of `## Topics` in
# Sources/<Module>/<Module>.docc/<Module>.md as ``TypeName``; its members are curated under it automatically.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)

modules=(PushBus PushBusCore PushBusValidation PushBusCategories PushBusHub PushBusStorage PushBusServiceExtension
    PushBusContentExtensionKit PushBusLocalNotifications PushBusAuthorization
    PushBusDelivery PushBusLiveActivity PushBusRouting PushBusApple
    PushBusAppleServiceExtension PushBusTesting PushBusNotificationServiceExtension PushBusNotificationContentExtension
    PushBusWidgetExtension)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Self-test: a doc comment's warning fails the conversion. A planted module (one catalog, one symbol graph whose doc
# comment links a member the type does not have, as a real graph records it: with its file and module) must fail
# with the link named, and pass once the comment is fixed. Takes well under a second.
planted="$work/planted"
mkdir -p "$planted/Planted.docc" "$planted/graphs"
printf '# ``Planted``\n\nA planted module.\n\n## Topics\n\n### Types\n\n- ``Box``\n' >"$planted/Planted.docc/Planted.md"
planted_graph() {
    cat <<JSON
{"metadata": {"formatVersion": {"major": 0, "minor": 6, "patch": 0}, "generator": "planted"},
 "module": {"name": "Planted", "platform": {}},
 "symbols": [{"kind": {"identifier": "swift.struct", "displayName": "Structure"},
   "identifier": {"precise": "s:7Planted3BoxV", "interfaceLanguage": "swift"},
   "pathComponents": ["Box"], "names": {"title": "Box"}, "accessLevel": "public",
   "location": {"uri": "file:///planted/Box.swift", "position": {"line": 1, "character": 14}},
   "docComment": {"uri": "file:///planted/Box.swift", "module": "Planted", "lines": [{"text": "$1",
     "range": {"start": {"line": 0, "character": 4}, "end": {"line": 0, "character": 40}}}]}}],
 "relationships": []}
JSON
}
convert_planted() {
    rm -rf "$planted/out"
    docc convert "$planted/Planted.docc" --additional-symbol-graph-dir "$planted/graphs" --output-dir "$planted/out" \
        --fallback-display-name Planted --fallback-bundle-identifier org.pushbus.planted --warnings-as-errors 2>&1
}
planted_graph 'A box; see ``Box/open(_:)``, which it does not have.' >"$planted/graphs/Planted.symbols.json"
if got=$(convert_planted); then
    echo "error: docc passed a doc comment that links a member that does not exist" >&2
    exit 1
fi
case "$got" in
    *"'open(_:)' doesn't exist at '/Planted/Box'"*) ;;
    *) printf 'error: docc failed the planted doc comment for another reason:\n%s\n' "$got" >&2; exit 1 ;;
esac
planted_graph 'A box.' >"$planted/graphs/Planted.symbols.json"
if ! got=$(convert_planted); then
    printf 'error: docc failed the planted module with its doc comment fixed:\n%s\n' "$got" >&2
    exit 1
fi
echo "ok: the self-test fails a planted doc comment's broken link, and passes it fixed"
graphs="$work/symbol-graphs"
mkdir -p "$graphs"

symbol_flags=(-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public)
# One build of every product's module: the umbrellas (PushBus and the three extensions'), PushBusTesting (and with it
# the validator) and PushBusApple (with the Linux stubs). A module that re-exports others (`@_exported`) holds their
# symbols in its graph, so its catalog curates them too.
# (`swift build` builds one `--target`, the last it is given: one build each.)
for target in PushBus PushBusTesting PushBusApple PushBusNotificationServiceExtension PushBusNotificationContentExtension \
    PushBusWidgetExtension; do
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
