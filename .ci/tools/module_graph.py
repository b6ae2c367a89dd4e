#!/usr/bin/env python3
"""The module graph (Docs/Architecture.md, "Products" and "Module map"), checked against a manifest and a tree.

usage: module_graph.py MANIFEST.json ROOT [--rules-only-imports]

MANIFEST.json is `swift package dump-package`; ROOT the package root. Checks, each printed as one `error:` line:
  1. every library target depends on exactly the targets its rule below lists (tests and executables: any);
  2. every target enables the upcoming features MemberImportVisibility and InternalImportsByDefault;
  3. every `import` of a PushBus module in a target's files is one of the target's declared dependencies;
  4. every declared dependency on a PushBus module is imported by at least one file of the target;
  5. no file under Sources/ outside Sources/PushBus imports the umbrella `PushBus` (each module depends on the modules
     it uses; an app that links only the router must link no validator);
  6. inside each neutral module, each folder names only the folders its rule allows;
  7. a module imported `internal` or `package` by one file of a target is imported with an explicit access level by
     every file of it: without the upcoming feature (the Apple-SDK check, which compiles with the compiler's
     defaults) a plain import is public, and the compiler rejects the mix as ambiguous.
With --rules-only-imports, checks 1 and 6 are skipped (the self-test's planted package has no such modules).
Exit status 1 when anything failed.
"""
import json, os, re, sys

# Library targets: exactly these dependencies. Tests and executables may use any library target (checks 3 and 4 still
# hold for them).
MODULES = {
    "PushBusCore": [],
    "PushBusValidation": ["PushBusCore"],
    "PushBusCategories": ["PushBusCore"],
    "PushBusHub": ["PushBusCore"],
    # A minimal Notification Service Extension links only this and Core (Docs/Performance.md).
    "PushBusServiceExtension": ["PushBusCore"],
    # The app group's storage, the service extension's storage steps with it; no hub (it watches a
    # `PushMessageSource`).
    "PushBusStorage": ["PushBusCore", "PushBusServiceExtension"],
    "PushBusContentExtensionKit": ["PushBusCore", "PushBusCategories", "PushBusStorage"],
    # Live Activity tokens, and the token registry (PushBusStorage) following them and the device token.
    "PushBusLiveActivity": ["PushBusCore", "PushBusHub", "PushBusStorage"],
    # Local notifications refill on a PushMessageSource's local messages (no hub); authorization names the
    # categories it registers.
    "PushBusLocalNotifications": ["PushBusCore"],
    "PushBusAuthorization": ["PushBusCore", "PushBusCategories"],
    "PushBusDelivery": ["PushBusCore", "PushBusCategories", "PushBusHub", "PushBusStorage", "PushBusServiceExtension",
                        "PushBusContentExtensionKit", "PushBusLocalNotifications"],
    # The router: no validator, no umbrella.
    "PushBusRouting": ["PushBusCore", "PushBusHub", "PushBusStorage", "PushBusDelivery", "PushBusAuthorization"],
    # The app's platform-neutral umbrella: every module above but the validator.
    "PushBus": ["PushBusCore", "PushBusCategories", "PushBusHub", "PushBusStorage", "PushBusServiceExtension",
                "PushBusContentExtensionKit", "PushBusDelivery",
                "PushBusLiveActivity", "PushBusLocalNotifications", "PushBusAuthorization", "PushBusRouting"],
    "PushBusAppleStubs": [],
    # Extension-safe: no hub, no delivery, no adapters, no app glue, no validator, no categories.
    # A service extension without a ledger links only this glue, Core and the pipeline (Docs/Performance.md).
    "PushBusAppleServiceExtension": ["PushBusCore", "PushBusServiceExtension", "PushBusAppleStubs"],
    "PushBusAppleExtension": ["PushBusCore", "PushBusStorage", "PushBusServiceExtension",
                              "PushBusContentExtensionKit",
                              "PushBusAppleServiceExtension", "PushBusAppleStubs"],
    # The app's glue and its one import: it re-exports what the umbrella does, not the umbrella.
    "PushBusApple": ["PushBusCore", "PushBusCategories", "PushBusHub", "PushBusStorage", "PushBusServiceExtension",
                     "PushBusContentExtensionKit", "PushBusDelivery",
                     "PushBusLiveActivity", "PushBusLocalNotifications", "PushBusAuthorization", "PushBusRouting",
                     "PushBusAppleServiceExtension", "PushBusAppleExtension", "PushBusAppleStubs"],
    # The extensions' umbrellas: no hub, no delivery, no validator (an extension links no hub).
    "PushBusNotificationServiceExtension": ["PushBusCore", "PushBusStorage", "PushBusServiceExtension",
                                            "PushBusAppleServiceExtension",
                                            "PushBusAppleExtension"],
    "PushBusNotificationContentExtension": ["PushBusCore", "PushBusStorage", "PushBusContentExtensionKit",
                                            "PushBusAppleExtension"],
    "PushBusWidgetExtension": ["PushBusCore", "PushBusStorage", "PushBusAppleExtension"],
    "PushBusTesting": ["PushBusCore", "PushBusValidation", "PushBusCategories", "PushBusHub", "PushBusStorage",
                       "PushBusServiceExtension", "PushBusContentExtensionKit",
                       "PushBusDelivery", "PushBusLiveActivity", "PushBusLocalNotifications", "PushBusAuthorization",
                       "PushBusRouting"],
    "PushBusTestSupport": ["PushBusCore", "PushBusStorage", "PushBusServiceExtension", "PushBusDelivery"],
}
# The targets no module may depend on: the umbrellas of products.
UMBRELLAS = {"PushBus", "PushBusNotificationServiceExtension", "PushBusNotificationContentExtension",
             "PushBusWidgetExtension"}
# Inside each module: folder -> the folders of the same module it may name.
FOLDERS = {
    "PushBusCore": {
        "Internal": [], "Clock": ["Internal"], "Links": [], "Payload": ["Internal"],
        "Message": ["Payload", "Scope", "Internal"], "Identity": ["Message", "Payload", "Internal"],
        "Subscription": ["Message", "Internal"], "Scope": ["Payload"], "Badge": [],
    },
    "PushBusValidation": {"Validation": []},
    "PushBusCategories": {"Categories": []},
    "PushBusHub": {"Hub": []},
    "PushBusStorage": {"Ledger": [], "Inbox": ["Ledger"], "Retraction": ["Ledger", "Inbox"], "Tokens": []},
    "PushBusServiceExtension": {"ServiceExtension": []},
    "PushBusContentExtensionKit": {"ContentExtension": []},
    "PushBusLocalNotifications": {"Local": []},
    "PushBusAuthorization": {"Authorization": []},
    "PushBusDelivery": {
        "Delivery": [], "Adapters": ["Delivery"], "Coexistence": ["Adapters", "Delivery"], "Scopes": ["Delivery"],
    },
    "PushBusLiveActivity": {"LiveActivity": []},
    # The Apple glue is flat: its files sit at the module's root, one per Apple type or extension point.
    "PushBusAppleServiceExtension": {},
    "PushBusAppleExtension": {},
    "PushBusApple": {},
}
FEATURES = ["MemberImportVisibility", "InternalImportsByDefault"]
IMPORT = re.compile(r"^[ \t]*(?:@\w+(?:\([^)]*\))?[ \t]+)*(?:(?:public|package|internal|fileprivate|private)[ \t]+)?import[ \t]+"
                    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)[ \t]+)?(\w+)", re.M)
errors = []


def fail(message):
    errors.append(message)
    print("error: " + message, file=sys.stderr)


def dependency_names(target):
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                yield dependency[kind][0]


def target_path(target):
    if target.get("path"):
        return target["path"]
    return ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]


def swift_files(root, path):
    for directory, _, files in os.walk(os.path.join(root, path)):
        for file in sorted(files):
            if file.endswith(".swift"):
                yield os.path.join(directory, file)


def imports_of(path):
    text = re.sub(r"/\*[\s\S]*?\*/", "", open(path, encoding="utf-8").read())
    return set(IMPORT.findall(text))


def check(manifest, root, rules=True):
    package = json.load(open(manifest))
    targets = {t["name"]: t for t in package["targets"]}
    local = set(targets)
    for name, target in targets.items():
        kind = target["type"]
        declared = set(dependency_names(target))
        local_deps = declared & local
        if rules and kind not in ("test", "executable"):
            if name not in MODULES:
                fail(f"target {name} has no rule in .ci/tools/module_graph.py")
            elif sorted(local_deps) != sorted(MODULES[name]):
                fail(f"{name} depends on {sorted(local_deps)}; the module graph allows exactly {sorted(MODULES[name])}")
        for umbrella in sorted(local_deps & UMBRELLAS):
            if kind not in ("test",):
                fail(f"{name} depends on the umbrella {umbrella}: depend on the modules it uses")
        enabled = {s["kind"]["enableUpcomingFeature"]["_0"] for s in target.get("settings", [])
                   if "enableUpcomingFeature" in s.get("kind", {})}
        for feature in FEATURES:
            if feature not in enabled:
                fail(f"{name} does not enable the upcoming feature {feature}")
        imported = set()
        explicit, plain = set(), {}
        for path in swift_files(root, target_path(target)):
            text = open(path, encoding="utf-8").read()
            explicit |= set(re.findall(r"^[ \t]*(?:@\w+(?:\([^)]*\))?[ \t]+)*(?:internal|package)[ \t]+import[ \t]+(\w+)", text, re.M))
            for module in re.findall(r"^[ \t]*(?:@\w+(?:\([^)]*\))?[ \t]+)*import[ \t]+(\w+)[ \t]*$", text, re.M):
                plain.setdefault(module, []).append(os.path.relpath(path, root))
            relative = os.path.relpath(path, root)
            for module in sorted(imports_of(path)):
                imported.add(module)
                if module in local and module != name and module not in declared:
                    fail(f"{relative} imports {module}, which {name} does not depend on")
                if module == "PushBus" and relative.startswith("Sources/") and not relative.startswith("Sources/PushBus/"):
                    fail(f"{relative} imports the umbrella PushBus: import the modules it uses")
        for module in sorted(local_deps - imported):
            fail(f"{name} depends on {module}, which none of its files imports")
        for module in sorted(explicit & set(plain)):
            for relative in plain[module]:
                fail(f"{relative} imports {module} plainly, which another file of {name} imports with an access level: "
                     f"write `internal import {module}`")
    print(f"ok: {len(targets)} targets import what they depend on and depend on what they import" if not errors else
          f"module graph: {len(errors)} errors")


def check_folders(root):
    declaration = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|open|final|"
                             r"indirect|nonisolated)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)",
                             re.M)
    for module, rules in FOLDERS.items():
        base = f"{root}/Sources/{module}"
        present = {d for d in os.listdir(base) if os.path.isdir(f"{base}/{d}") and not d.endswith(".docc")}
        for missing in sorted(present - {unit.split("/")[0] for unit in rules}):
            fail(f"Sources/{module}/{missing} has no folder rule in .ci/tools/module_graph.py")

        def unit(path):  # the most specific rule folder holding path
            relative = os.path.relpath(path, base)
            best = None
            for candidate in rules:
                if relative.startswith(candidate + "/") and (best is None or len(candidate) > len(best)):
                    best = candidate
            return best
        owner, sources = {}, []
        for path in swift_files(root, f"Sources/{module}"):
            text = open(path, encoding="utf-8").read()
            sources.append((path, unit(path), text))
            for name in declaration.findall(text):
                owner.setdefault(name, unit(path))
        for path, here, text in sources:
            code = re.sub(r"//.*", "", text)
            for name in sorted(set(re.findall(r"\b[A-Z]\w*\b", code))):
                there = owner.get(name)
                if there and there != here and there not in rules.get(here, []):
                    fail(f"{os.path.relpath(path, root)} ({here}) names {name} from {there}: {module}'s folder rules "
                         f"do not allow {here} -> {there}")
        if not errors:
            print(f"ok: {module}: {len(sources)} files keep the folder rules of {len(rules)} folders")


if __name__ == "__main__":
    rules = "--rules-only-imports" not in sys.argv
    check(sys.argv[1], sys.argv[2], rules)
    if rules:
        check_folders(sys.argv[2])
    sys.exit(1 if errors else 0)
