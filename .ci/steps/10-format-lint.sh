#!/usr/bin/env bash
# swift format lint --strict over Sources and Tests with the committed .swift-format: a formatting slip fails CI.
# Fix with `swift format -i -r Sources Tests`. Takes a few seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
swift format lint --strict -r Sources Tests Examples/iOSApp
echo "ok: Sources, Tests and Examples/iOSApp are formatted"
