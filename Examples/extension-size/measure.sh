#!/usr/bin/env bash
# Builds the minimal service extension release, strips it and prints its size in bytes (Docs/Performance.md).
# usage: Examples/extension-size/measure.sh [PUSHBUS_ROOT]   (default: this repository)
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd "${1:-../..}" && pwd)
scratch=".build-$(basename "$root")"
PUSHBUS_ROOT="$root" swift build -c release --scratch-path "$scratch" --product ExtensionSize >&2
binary="$scratch/release/ExtensionSize"
strip -o "$scratch/ExtensionSize.stripped" "$binary"
"$scratch/ExtensionSize.stripped" >&2
echo "$(stat -c %s "$scratch/ExtensionSize.stripped") bytes stripped ($root)"
