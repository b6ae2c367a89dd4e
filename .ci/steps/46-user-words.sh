#!/usr/bin/env bash
# Nothing a user reads names what only the project's contributors know: the internal source documents ("seed 003",
# "the seed's slider"), issue numbers ("issue 24", "(#37)"), round numbers ("round-2", "rounds 1–2") or DESIGN.md,
# a file the repository does not have. A user reads README.md, README.zh-CN.md, Docs/ (not Docs/Contributing.md),
# the examples' pages, the scenarios' descriptions and notes, doc comments in Sources/ and the CLI's help; .ci/tools/user_words.py says
# which words, and how a random seed stays allowed. First a self-test on planted files and on a copy of the tree
# with one stale word planted, then the tree. Takes about a second.
set -euo pipefail
cd "$(dirname "$0")/../.."

planted=$(mktemp -d)
trap 'rm -rf "$planted"' EXIT
mkdir -p "$planted/Docs" "$planted/Examples/scenarios" "$planted/Sources/S" "$planted/Sources/pushbus" "$planted/Tests/T"
cat >"$planted/README.md" <<'MD'
# Planted

The content extension (seed 003) shows a slider.
Randomized tests use a fixed seed; a failure prints its seed, and the random seed's value replays it.
Fixed in issue
24, see DESIGN.md.
MD
cat >"$planted/Docs/Guide.md" <<'MD'
## Payload rules (the JPush seed)

The seeds' payload works as is; the round-2 pieces and rounds 1–2 (#37). See [rules](Guide.md#payload-rules-the-jpush-seed).
The digest has no per-process seed; PUSHBUS_TEST_SEED picks another one; a background round-trip.
MD
cat >"$planted/Docs/Contributing.md" <<'MD'
Issue 25's goal, round 2, the seed's table: contributors may read this.
MD
cat >"$planted/Examples/scenarios/planted.json" <<'JSON'
{
  "name": "Planted",
  "description": "Seed 001. JPush sends a business line.",
  "steps": [{ "do": "tap", "note": "the seed's tap" }, { "do": "tap", "note": "a random seed is fine" }]
}
JSON
cat >"$planted/Sources/S/Planted.swift" <<'SWIFT'
/// The launch-routing seed's entry points.
/// A hash seed decides nothing here.
// The seed's comment for contributors: not a doc comment, not read.
/**
 Answers issue 41.
 */
func planted(seed: UInt64) -> String { "the seed's string, not read outside the CLI" }
SWIFT
cat >"$planted/Sources/pushbus/Planted.swift" <<'SWIFT'
let abstract = "Simulate seed 000."
let discussion = """
    Runs round 2 again.
    """
SWIFT
cat >"$planted/Tests/T/PlantedTests.swift" <<'SWIFT'
/// Seed 003, issue 24: tests are for contributors.
SWIFT
expected="Docs/Guide.md:1: seed: seed: ## Payload rules (the JPush seed)
Docs/Guide.md:3: round number: round-2: The seeds' payload works as is; the round-2 pieces and rounds 1–2 (#37). See [rules](Guide.md#payload-rules-the-jpush-seed).
Docs/Guide.md:3: round number: rounds 1: The seeds' payload works as is; the round-2 pieces and rounds 1–2 (#37). See [rules](Guide.md#payload-rules-the-jpush-seed).
Docs/Guide.md:3: issue number: (#37): The seeds' payload works as is; the round-2 pieces and rounds 1–2 (#37). See [rules](Guide.md#payload-rules-the-jpush-seed).
Docs/Guide.md:3: seed: #payload-rules-the-jpush-seed: The seeds' payload works as is; the round-2 pieces and rounds 1–2 (#37). See [rules](Guide.md#payload-rules-the-jpush-seed).
Docs/Guide.md:3: seed: seeds': The seeds' payload works as is; the round-2 pieces and rounds 1–2 (#37). See [rules](Guide.md#payload-rules-the-jpush-seed).
Examples/scenarios/planted.json:3: seed: Seed: Seed 001. JPush sends a business line.
Examples/scenarios/planted.json:4: seed: seed's: the seed's tap
README.md:3: seed: seed: The content extension (seed 003) shows a slider.
README.md:6: DESIGN.md: DESIGN.md: 24, see DESIGN.md.
README.md:6: issue number: issue 24: 24, see DESIGN.md.
Sources/S/Planted.swift:1: seed: seed's: /// The launch-routing seed's entry points.
Sources/S/Planted.swift:5: issue number: issue 41: Answers issue 41.
Sources/pushbus/Planted.swift:1: seed: seed: let abstract = \"Simulate seed 000.\"
Sources/pushbus/Planted.swift:3: round number: round 2: Runs round 2 again."
if got=$(python3 .ci/tools/user_words.py "$planted" | sort); then
    echo "error: the check passed planted stale words" >&2
    exit 1
fi
if [ "$got" != "$(sort <<<"$expected")" ]; then
    printf 'error: the check found\n%s\nin the planted files, expected\n%s\n' "$got" "$(sort <<<"$expected")" >&2
    exit 1
fi
echo "ok: the self-test finds the 15 planted words and passes random seeds, contributors' pages, comments and tests"

# A copy of the tree with one stale word planted in a doc comment fails, naming it.
copy="$planted/tree"
mkdir "$copy"
git ls-files -z README.md README.zh-CN.md Docs Examples Sources | xargs -0 cp --parents -t "$copy"
target=$(git ls-files 'Sources/PushBusHub/Hub/PushCenter.swift')
printf '\n/// Parks the tap (the seed'"'"'s pending route).\nextension PushCenter {}\n' >>"$copy/$target"
if got=$(python3 .ci/tools/user_words.py "$copy"); then
    echo "error: the check passed a copy of the tree with a planted stale word" >&2
    exit 1
fi
case "$got" in
    *"$target:"*"seed's"*) ;;
    *) printf 'error: the check said\n%s\nabout the copy of the tree, expected it to name %s\n' "$got" "$target" >&2; exit 1 ;;
esac
echo "ok: a copy of the tree with a planted \"the seed's\" in a doc comment fails"

if ! python3 .ci/tools/user_words.py .; then
    echo "error: a word a user cannot know, in what a user reads: name the flow for what it is (the recurring reminder, the pending launch route, JPush's three app states), drop the issue or round number, or move contributors' material to Docs/Contributing.md" >&2
    exit 1
fi
echo "ok: no seed, issue or round number or DESIGN.md in what a user reads"
