#!/usr/bin/env python3
"""Type-checks a module's files without its re-export file (`<Module>+Exports.swift`).

A module that re-exports other modules (`@_exported public import`) makes them visible to every file of its own, so
the compiler cannot tell whether each of its files imports what it uses. This tool reads the module's compile
command from SwiftPM's build plan (`.build/debug.yaml`, written by `swift build`), drops the outputs and the
re-export file, and runs `swiftc -typecheck` on the rest against the modules the build already produced.

usage: own_imports.py BUILD_YAML MODULE [--plant FILE]   (exit 1 and the compiler's errors when a file leans on the
re-export; --plant adds FILE to the module's sources, for the step's self-test)
"""
import json
import re
import subprocess
import sys

# Flags of the build's command that say where outputs go or how to schedule jobs: not needed to type-check.
DROPPED_WITH_VALUE = {
    "-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path",
}
DROPPED = {
    "-emit-dependencies", "-emit-module", "-incremental", "-c", "-enable-batch-mode", "-serialize-diagnostics",
    "-parseable-output", "-emit-objc-header", "-g", "-enable-testing",
}


def compile_command(plan: str, module: str):
    """The args and Swift inputs of `module`'s compile command in the plan."""
    text = open(plan, encoding="utf-8").read()
    match = re.search(
        r'^  "C\.' + re.escape(module) + r'-[^"]*debug\.module":\n(.*?)(?=^  "|\Z)', text, re.S | re.M)
    if not match:
        sys.exit(f"error: no compile command for {module} in {plan}: run `swift build` first")
    block = match.group(1)

    def array(key):
        found = re.search(r"^    " + key + r": (\[.*\])$", block, re.M)
        return json.loads(found.group(1)) if found else []

    return array("args"), [path for path in array("inputs") if path.endswith(".swift")]


def main():
    plan, module = sys.argv[1], sys.argv[2]
    plant = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--plant" else None
    args, inputs = compile_command(plan, module)
    command = [args[0], "-typecheck", "-continue-building-after-errors"]
    index = 1
    while index < len(args):
        arg = args[index]
        if arg in ("-Xcc", "-Xfrontend") and index + 1 < len(args):  # a pair: the next arg is the other tool's
            command += args[index:index + 2]
            index += 2
            continue
        if arg in DROPPED_WITH_VALUE or arg == "-j":
            index += 2
            continue
        if arg in DROPPED or arg.startswith("@") or arg.startswith("-j"):  # -j2: a job count
            index += 1
            continue
        command.append(arg)
        index += 1
    exports = [path for path in inputs if path.endswith(f"/{module}+Exports.swift")]
    if not exports:
        sys.exit(f"error: {module} has no {module}+Exports.swift: nothing to leave out")
    sources = [path for path in inputs if path not in exports] + ([plant] if plant else [])
    result = subprocess.run(command + sources, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stderr or result.stdout)
        sys.stderr.write(f"error: a file of {module} uses a module only its re-export file imports\n")
        sys.exit(1)
    print(f"ok: every file of {module} imports what it uses ({len(sources)} files, {module}+Exports.swift left out)")


if __name__ == "__main__":
    main()
