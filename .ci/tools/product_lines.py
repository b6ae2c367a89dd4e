#!/usr/bin/env python3
"""Docs/Architecture.md's product table gives, per product, the Swift source lines of every module it links (itself
included, on Apple platforms: the Linux-only stub module is counted apart, in the sentence above the table). This
tool counts them from the manifest (`swift package dump-package`, read from a file) and the sources, and fails on a
count the page no longer tells; `--write` puts the counts in the page instead.

usage: product_lines.py DUMP_JSON ROOT [--write]
"""

import json
import os
import re
import sys

STUBS = "PushBusAppleStubs"
ROW = re.compile(r"^\| `(?P<name>[A-Za-z]+)`[^|]*\|(?:[^|]*\|){2} (?P<lines>[0-9,]+) \|$")
STUB_SENTENCE = re.compile(r"(also links `" + STUBS + r"`, )([0-9,]+)(\))")


def module_lines(root, target):
    path = os.path.join(root, target.get("path") or os.path.join("Sources", target["name"]))
    total = 0
    for folder, _, files in os.walk(path):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(folder, name), encoding="utf-8") as handle:
                    total += sum(1 for _ in handle)
    return total


def linked_modules(targets, names):
    """The modules the targets `names` link: themselves and their target dependencies, transitively, leaving out
    dependencies that apply on Linux only (the stubs) and other packages' products."""
    seen = []

    def visit(name):
        if name in seen or name not in targets:
            return
        seen.append(name)
        for dependency in targets[name].get("dependencies", []):
            for kind, value in dependency.items():
                if kind not in ("byName", "target"):
                    continue  # another package's product
                condition = value[-1] if len(value) > 1 else None
                if condition and condition.get("platformNames") == ["linux"]:
                    continue
                visit(value[0])

    for name in names:
        visit(name)
    return seen


def counts(dump, root):
    targets = {target["name"]: target for target in dump["targets"]}
    lines = {name: module_lines(root, target) for name, target in targets.items()}
    products = {
        product["name"]: sum(lines[module] for module in linked_modules(targets, product["targets"]))
        for product in dump["products"]
    }
    # SwiftPM gives a root package's executable targets products of their own (`swift run pushbus` from a clone):
    # their rows are checked when the page has one.
    executables = {
        name: sum(lines[module] for module in linked_modules(targets, [name]))
        for name, target in targets.items()
        if target.get("type") == "executable" and name not in products
    }
    return products, executables, lines.get(STUBS, 0)


def main(arguments):
    if len(arguments) < 2:
        print(__doc__)
        return 2
    with open(arguments[0], encoding="utf-8") as handle:
        dump = json.load(handle)
    root = arguments[1]
    write = "--write" in arguments[2:]
    page_path = os.path.join(root, "Docs", "Architecture.md")
    with open(page_path, encoding="utf-8") as handle:
        page = handle.read().split("\n")
    products, executables, stubs = counts(dump, root)
    problems = []
    told = set()
    for index, line in enumerate(page):
        match = ROW.match(line)
        if match and (match.group("name") in products or match.group("name") in executables):
            name = match.group("name")
            told.add(name)
            actual = f"{products.get(name, executables.get(name)):,}"
            if match.group("lines") != actual:
                problems.append(f"{name}: the page says {match.group('lines')} lines, the sources have {actual}")
                page[index] = line[: match.start("lines")] + actual + line[match.end("lines") :]
        stub = STUB_SENTENCE.search(line)
        if stub:
            told.add(STUBS)
            actual = f"{stubs:,}"
            if stub.group(2) != actual:
                problems.append(f"{STUBS}: the page says {stub.group(2)} lines, the sources have {actual}")
                page[index] = STUB_SENTENCE.sub(lambda m: m.group(1) + actual + m.group(3), line)
    for name in sorted(set(products) | {STUBS}):
        if name not in told:
            problems.append(f"{name}: no line count on the page")
    if write:
        with open(page_path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(page))
        for problem in problems:
            print("updated: " + problem)
        return 0
    for problem in problems:
        print("error: Docs/Architecture.md: " + problem)
    if problems:
        print("(run: swift package dump-package > /tmp/dump.json && .ci/tools/product_lines.py /tmp/dump.json . --write)")
        return 1
    print(f"Docs/Architecture.md: the line counts of {len(products)} products and the stubs are current")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
