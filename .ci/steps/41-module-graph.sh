#!/usr/bin/env bash
# The module graph (Docs/Architecture.md): each target depends on exactly the targets listed here, read from
# Package.swift (`swift package dump-package`), and inside each neutral module each folder names only the folders
# its rule allows (a type declared in folder A used in folder B is an edge B -> A; comments do not count); the Apple
# glue modules have no folders at all.
# A new target or folder fails this step until it is given a rule here and in Docs/Architecture.md.
# (Members added by extensions in another folder are not seen: the module boundary catches those across modules.)
# About 1 s; no build.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
swift package dump-package > /tmp/pushbus-module-graph.json
python3 - /tmp/pushbus-module-graph.json <<'PY'
import json, os, re, sys

# Library targets: exactly these dependencies. Tests and executables may use any library target.
modules = {
    "PushBusCore": [],
    "PushBusValidation": ["PushBusCore"],
    "PushBusCategories": ["PushBusCore"],
    "PushBusHub": ["PushBusCore"],
    "PushBusStorage": ["PushBusCore"],
    # A minimal Notification Service Extension links only this and Core (Docs/Performance.md).
    "PushBusServiceExtension": ["PushBusCore"],
    "PushBusServiceExtensionStorage": ["PushBusCore", "PushBusStorage", "PushBusServiceExtension"],
    "PushBusContentExtensionKit": ["PushBusCore", "PushBusCategories", "PushBusStorage"],
    "PushBusDelivery": ["PushBusCore", "PushBusCategories", "PushBusHub", "PushBusStorage", "PushBusServiceExtension",
                        "PushBusServiceExtensionStorage", "PushBusContentExtensionKit", "PushBusLiveActivity"],
    "PushBusLiveActivity": ["PushBusCore", "PushBusHub"],
    "PushBus": ["PushBusCore", "PushBusValidation", "PushBusCategories", "PushBusHub", "PushBusStorage",
                "PushBusServiceExtension", "PushBusServiceExtensionStorage", "PushBusContentExtensionKit",
                "PushBusDelivery", "PushBusLiveActivity"],
    "PushBusRouting": ["PushBus"],
    "PushBusAppleStubs": [],
    # Extension-safe: no hub, no delivery, no adapters, no app glue, no validator, no categories.
    # A service extension without a ledger links only this glue, Core and the pipeline (Docs/Performance.md).
    "PushBusAppleServiceExtension": ["PushBusCore", "PushBusServiceExtension", "PushBusAppleStubs"],
    "PushBusAppleExtension": ["PushBusCore", "PushBusStorage", "PushBusServiceExtension",
                              "PushBusServiceExtensionStorage", "PushBusContentExtensionKit",
                              "PushBusAppleServiceExtension", "PushBusAppleStubs"],
    "PushBusApple": ["PushBus", "PushBusAppleExtension", "PushBusAppleStubs"],
    "PushBusTesting": ["PushBus", "PushBusRouting"],
    "PushBusTestSupport": ["PushBus"],
}
# Inside each module: folder -> the folders of the same module it may name.
folders = {
    "PushBusCore": {
        "Internal": [], "Clock": ["Internal"], "Links": [], "Payload": ["Internal"],
        "Message": ["Payload", "Internal", "Scope"], "Identity": ["Message", "Payload", "Internal"],
        "Subscription": ["Internal"], "Scope": ["Payload"],
    },
    "PushBusValidation": {"Validation": []},
    "PushBusCategories": {"Categories": []},
    "PushBusHub": {"Hub": []},
    "PushBusStorage": {"Ledger": [], "Inbox": ["Ledger"]},
    "PushBusServiceExtension": {"ServiceExtension": []},
    "PushBusServiceExtensionStorage": {"Steps": []},
    "PushBusContentExtensionKit": {"ContentExtension": []},
    "PushBusDelivery": {
        "Tokens": [], "Local": [], "Authorization": [], "Delivery": ["Local"], "Adapters": ["Delivery", "Local"],
        "Coexistence": ["Adapters", "Delivery"], "Scopes": ["Delivery", "Local", "Tokens"],
    },
    "PushBusLiveActivity": {"LiveActivity": []},
    # The Apple glue is flat: its files sit at the module's root, one per Apple type or extension point.
    "PushBusAppleServiceExtension": {},
    "PushBusAppleExtension": {},
    "PushBusApple": {},
}
# Known folder cycles, each to cut (Docs/Architecture.md, "Folder rules"): file -> the extra folders it may name.
# None today.
exceptions: dict[str, list[str]] = {}
failed = False
def fail(message):
    global failed
    print("error: " + message, file=sys.stderr)
    failed = True

package = json.load(open(sys.argv[1]))
def names(dependencies):
    for dependency in dependencies:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                yield dependency[kind][0]
library_targets = set(modules)
for target in package["targets"]:
    name, kind = target["name"], target["type"]
    deps = sorted(set(names(target.get("dependencies", []))))
    if kind in ("test", "executable"):
        continue
    if name not in modules:
        fail(f"target {name} has no rule in .ci/steps/41-module-graph.sh")
        continue
    if deps != sorted(modules[name]):
        fail(f"{name} depends on {deps}; the module graph allows exactly {sorted(modules[name])}")
print(f"ok: {len(modules)} library targets depend on what the module graph allows")

# A module imports only the PushBus modules it depends on (a debug build may still find another one among the
# built modules and compile; a clean or sanitized build then fails).
for name, allowed in modules.items():
    root = f"Sources/{name}" if os.path.isdir(f"Sources/{name}") else None
    if root is None:
        continue
    for directory, _, files in os.walk(root):
        for file in files:
            if not file.endswith(".swift"):
                continue
            path = os.path.join(directory, file)
            for imported in re.findall(r"^\s*(?:@\w+ )*import (PushBus\w*)\s*$", open(path, encoding="utf-8").read(), re.M):
                if imported != name and imported not in allowed:
                    fail(f"{path} imports {imported}, which {name} does not depend on")

declaration = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|open|final|"
                         r"indirect|nonisolated)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)", re.M)
for module, rules in folders.items():
    root = f"Sources/{module}"
    present = {d for d in os.listdir(root) if os.path.isdir(f"{root}/{d}") and not d.endswith(".docc")}
    for missing in sorted(present - {unit.split("/")[0] for unit in rules}):
        fail(f"{root}/{missing} has no folder rule in .ci/steps/41-module-graph.sh")
    def unit(path):  # the most specific rule folder holding path
        relative = os.path.relpath(path, root)
        best = None
        for candidate in rules:
            if relative.startswith(candidate + "/") and (best is None or len(candidate) > len(best)):
                best = candidate
        return best
    owner, sources = {}, []
    for directory, _, files in os.walk(root):
        for file in files:
            if file.endswith(".swift"):
                path = os.path.join(directory, file)
                text = open(path, encoding="utf-8").read()
                sources.append((path, unit(path), text))
                for name in declaration.findall(text):
                    owner.setdefault(name, unit(path))
    for path, here, text in sources:
        code = re.sub(r"//.*", "", text)
        for name in sorted(set(re.findall(r"\b[A-Z]\w*\b", code))):
            there = owner.get(name)
            if there and there != here and there not in rules.get(here, []) + exceptions.get(path, []):
                fail(f"{path} ({here}) names {name} from {there}: {module}'s folder rules do not allow {here} -> {there}")
    print(f"ok: {module}: {len(sources)} files keep the folder rules of {len(rules)} folders")
sys.exit(1 if failed else 0)
PY
