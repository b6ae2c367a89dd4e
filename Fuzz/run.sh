#!/usr/bin/env bash
# Builds the libFuzzer target (Fuzz/FuzzEntry.swift + the PushBus sources, with address sanitizer) and runs
# it for a bounded time over a corpus seeded from Examples/payloads.
#
#   Fuzz/run.sh [SECONDS]     # default 30; crashes are written to .build/fuzz/artifacts/
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
out=.build/fuzz
mkdir -p "$out/corpus" "$out/artifacts" "$out/seeds"
cp Examples/payloads/*.json "$out/seeds/"

echo "fuzz: building"
rm -f "$out/pushbus-fuzz"
build() {
    swiftc -sanitize=fuzzer,address -parse-as-library -g -module-name PushBus -package-name PushBus \
        "$@" Fuzz/FuzzEntry.swift -o "$out/pushbus-fuzz" 2>&1 | grep -v "warning: Cannot export local symbol" || true
}
# The payload model needs only these folders; compiling the whole module is the fallback.
# The payload reader, message and the types they reference (Categories for PushResponse.pushAction).
build $(find Sources/PushBus/Payload Sources/PushBus/Message Sources/PushBus/Internal Sources/PushBus/Categories -name '*.swift' | sort) || true
[ -x "$out/pushbus-fuzz" ] || build $(find Sources/PushBus -name '*.swift' | sort)
[ -x "$out/pushbus-fuzz" ] || { echo "fuzz: build failed"; exit 1; }

echo "fuzz: running for ${seconds}s"
"$out/pushbus-fuzz" "$out/corpus" "$out/seeds" \
    -dict=Fuzz/json.dict -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1 2>&1 | tail -n 25
