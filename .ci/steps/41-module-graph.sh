#!/usr/bin/env bash
# The module graph (Docs/Architecture.md, "Products" and "Module map"), read from Package.swift (`swift package
# dump-package`) by .ci/tools/module_graph.py: each library target depends on exactly the targets its rule lists;
# every target enables MemberImportVisibility and InternalImportsByDefault; every PushBus import is a declared
# dependency and every declared dependency is imported by some file of the target (both directions, tests and
# executables too); nothing under Sources/ but the umbrella imports the umbrella `PushBus`; a module one file imports
# `internal` or `package` is imported with an access level in every file (plain is public without the feature, and
# the compiler rejects the mix: the Apple-SDK check compiles so); and inside each neutral
# module each folder names only the folders its rule allows. A new target or folder fails this step until it is given
# a rule there and in Docs/Architecture.md. First a self-test on a planted package, then the tree. About 1 s; no build.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

planted=$(mktemp -d)
trap 'rm -rf "$planted"' EXIT
mkdir -p "$planted/Sources/PushBus" "$planted/Sources/PushBusCore" "$planted/Sources/PushBusHub" \
    "$planted/Sources/PushBusRouting" "$planted/Sources/PushBusLocal"
feature() { printf '{"kind": {"enableUpcomingFeature": {"_0": "%s"}}, "tool": "swift"}' "$1"; }
settings="[$(feature MemberImportVisibility), $(feature InternalImportsByDefault)]"
cat >"$planted/manifest.json" <<JSON
{"targets": [
  {"name": "PushBusCore", "type": "regular", "dependencies": [], "settings": $settings},
  {"name": "PushBusHub", "type": "regular", "dependencies": [{"byName": ["PushBusCore", null]}], "settings": $settings},
  {"name": "PushBus", "type": "regular", "settings": $settings,
   "dependencies": [{"byName": ["PushBusCore", null]}, {"byName": ["PushBusHub", null]}]},
  {"name": "PushBusRouting", "type": "regular", "settings": $settings,
   "dependencies": [{"byName": ["PushBusCore", null]}, {"byName": ["PushBusHub", null]}]},
  {"name": "PushBusLocal", "type": "regular", "settings": [$(feature MemberImportVisibility)],
   "dependencies": [{"byName": ["PushBusCore", null]}]}
]}
JSON
printf 'public struct Message {}\n' >"$planted/Sources/PushBusCore/Message.swift"
printf 'public import PushBusCore\npublic struct Center { public let message: Message }\n' \
    >"$planted/Sources/PushBusHub/Center.swift"
printf '@_exported public import PushBusCore\n@_exported public import PushBusHub\n' \
    >"$planted/Sources/PushBus/PushBus.swift"
# The router declares Core and Hub but imports the umbrella and Core: the umbrella, and Hub unused.
printf 'import PushBus\nimport PushBusCore\nstruct Router {}\n' >"$planted/Sources/PushBusRouting/Router.swift"
# ...and another of its files imports Core `package`: the plain import above is then ambiguous without the feature.
printf 'package import PushBusCore\npackage struct Routes { package let message: Message }\n' \
    >"$planted/Sources/PushBusRouting/Routes.swift"
# PushBusLocal declares Core, imports Hub (undeclared), and lacks InternalImportsByDefault.
printf 'import PushBusHub\nstruct Local {}\n' >"$planted/Sources/PushBusLocal/Local.swift"
# ...and imports it again, with an attribute and an access level (an SPI import is an import like any other).
printf '@_spi(PushBusInternals) internal import PushBusHub\nstruct Spi {}\n' >"$planted/Sources/PushBusLocal/Spi.swift"
expected="PushBusLocal depends on PushBusCore, which none of its files imports
PushBusLocal does not enable the upcoming feature InternalImportsByDefault
PushBusRouting depends on PushBusHub, which none of its files imports
Sources/PushBusLocal/Local.swift imports PushBusHub, which PushBusLocal does not depend on
Sources/PushBusLocal/Spi.swift imports PushBusHub, which PushBusLocal does not depend on
Sources/PushBusLocal/Local.swift imports PushBusHub plainly, which another file of PushBusLocal imports with an access level: write \`internal import PushBusHub\`
Sources/PushBusRouting/Router.swift imports PushBus, which PushBusRouting does not depend on
Sources/PushBusRouting/Router.swift imports the umbrella PushBus: import the modules it uses
Sources/PushBusRouting/Router.swift imports PushBusCore plainly, which another file of PushBusRouting imports with an access level: write \`internal import PushBusCore\`"
if python3 .ci/tools/module_graph.py "$planted/manifest.json" "$planted" --rules-only-imports 2>"$planted/errors" >/dev/null
then
    echo "error: the module-graph check passed a planted package with nine faults" >&2
    exit 1
fi
got=$(sed 's/^error: //' "$planted/errors" | sort)
if [ "$got" != "$(sort <<<"$expected")" ]; then
    printf 'error: the module-graph check found\n%s\nin the planted package, expected\n%s\n' "$got" "$expected" >&2
    exit 1
fi
echo "ok: the self-test finds the planted umbrella import, missing dependencies (one behind an SPI import), unused dependencies, missing feature and ambiguous imports"

swift package dump-package >"$planted/pushbus.json"
python3 .ci/tools/module_graph.py "$planted/pushbus.json" .
