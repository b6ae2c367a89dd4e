#!/usr/bin/env bash
# Fuzzes the payload reader, message model and validator (Fuzz/run.sh) for a bounded time: ~20 s of
# fuzzing after a ~10–30 s build. Any crash or broken invariant fails CI; the input is in .build/fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Fuzz/run.sh "${PUSHBUS_FUZZ_SECONDS:-20}"
