#!/usr/bin/env bash
# Builds the libFuzzer binary (Fuzz/*.swift + the PushBus sources, with address sanitizer) and runs its two
# targets for a bounded time, splitting SECONDS: two thirds for the JSON reader (corpus seeded from
# Examples/payloads), one third for `PushContent(userInfo:)` fed Foundation containers (FoundationFuzz.swift).
#
#   Fuzz/run.sh [SECONDS]     # default 30; crashes are written to .build/fuzz/artifacts/
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
out=.build/fuzz
mkdir -p "$out/corpus" "$out/artifacts" "$out/seeds" "$out/foundation-corpus" "$out/foundation-seeds"
cp Examples/payloads/*.json "$out/seeds/"
# Programs for the Foundation target: nesting, a self-reference, shared nodes, colliding keys.
printf '\x00\x00\x00\x00\x00\x00\x00\x00\x05\x00\x02' > "$out/foundation-seeds/nesting"
printf '\x00\x03\x01\x03\x00\x05\x00\x05' > "$out/foundation-seeds/cycle"
printf '\x01\x00\x03\x04\x01\x03\x03\x01\x04\x05\x05\x02\x03\x01\x04\x04' > "$out/foundation-seeds/sharing"
# Inputs that once failed (Fuzz/regressions/foundation-*): every run starts from them.
cp Fuzz/regressions/foundation-* "$out/foundation-seeds/" 2>/dev/null || true

echo "fuzz: building"
rm -f "$out/pushbus-fuzz"
build() {
    swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library -g -module-name PushBusCore -package-name PushBus \
        "$@" Fuzz/FuzzEntry.swift Fuzz/FoundationFuzz.swift -o "$out/pushbus-fuzz" 2>&1 | grep -v "warning: Cannot export local symbol" || true
}
# The payload reader and the message model live in PushBusCore, which imports no other PushBus module: the fuzzer
# compiles that module's sources with its entry points.
# Swift 6 language mode, like the package (it opens existentials passed to generic functions, SE-0352).
# The validator is its own module; its re-export of Core is left out (here both are one module).
build $(find Sources/PushBusCore Sources/PushBusValidation -name '*.swift' ! -name '*+Exports.swift' | sort)
[ -x "$out/pushbus-fuzz" ] || { echo "fuzz: build failed"; exit 1; }

json_seconds=$(( seconds * 2 / 3 ))
foundation_seconds=$(( seconds - json_seconds ))
echo "fuzz: running the JSON target for ${json_seconds}s"
PUSHBUS_FUZZ_TARGET=json "$out/pushbus-fuzz" "$out/corpus" "$out/seeds" \
    -dict=Fuzz/json.dict -max_total_time="$json_seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1 2>&1 | tail -n 25
echo "fuzz: running the userInfo target for ${foundation_seconds}s"
PUSHBUS_FUZZ_TARGET=foundation "$out/pushbus-fuzz" "$out/foundation-corpus" "$out/foundation-seeds" \
    -max_total_time="$foundation_seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/artifacts/foundation-" -print_final_stats=1 2>&1 | tail -n 25
