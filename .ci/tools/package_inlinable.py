#!/usr/bin/env python3
"""Finds `@inlinable` on a `package` declaration.

Swift 6.3 neither inlines nor specializes a `package` `@inlinable` function that another module calls: the call stays
a call, into unspecialized generic code when the function is generic (before the lock and the observer registry were
made SPI-public, 415 lock sections of the package ran so). Hot code another module calls is `@_spi(PushBusInternals)
public` and `@inlinable`; the rest is plain `package`. Internal `@inlinable` code (reached only through public
inlinable code) is inlined and allowed.

usage: package_inlinable.py ROOT...   (exit 1 and one line per finding)
"""
import os
import re
import sys

MODIFIERS = r"(?:(?:public|package|internal|private|fileprivate|static|class|final|override|mutating|nonmutating|" \
    r"nonisolated|convenience|required|dynamic|lazy)\s+)*"
DECLARATION = re.compile(
    r"@inlinable\b((?:\s*@\w+(?:\([^)]*\))?)*)\s*(" + MODIFIERS + r")(?:func|var|let|init|subscript|deinit)\b")


def findings(root):
    for directory, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            text = open(path, encoding="utf-8").read()
            for match in DECLARATION.finditer(text):
                if re.search(r"\bpackage\b", match.group(2)):
                    line = text.count("\n", 0, match.start()) + 1
                    yield f"{path}:{line}: `@inlinable` on a `package` declaration is not inlined in another module: " \
                        "make it `@_spi(PushBusInternals) public`, or drop `@inlinable`"


def main():
    found = [finding for root in sys.argv[1:] for finding in findings(root)]
    for finding in found:
        print(f"error: {finding}", file=sys.stderr)
    if found:
        sys.exit(1)
    print(f"ok: no `@inlinable` on a `package` declaration under {', '.join(sys.argv[1:])}")


if __name__ == "__main__":
    main()
