#!/usr/bin/env bash
# Builds both service extensions release (-O, the default), strips them and prints their sizes in bytes
# (Docs/Performance.md, "Service-extension size").
# usage: Examples/extension-size/measure.sh [PUSHBUS_ROOT]   (default: this repository)
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd "${1:-../..}" && pwd)
scratch=".build-$(basename "$root")"
for program in MinimalExtension StorageExtension; do
    PUSHBUS_ROOT="$root" swift build -c release --scratch-path "$scratch" --product "$program" >&2
    strip -o "$scratch/$program.stripped" "$scratch/release/$program"
    "$scratch/$program.stripped" >&2
    echo "$program: $(stat -c %s "$scratch/$program.stripped") bytes stripped ($root)"
done
