#!/usr/bin/env python3
"""Finds synchronous waits where a thread of Swift concurrency's cooperative pool would run them.

The pool has as many threads as cores (two on CI): a wait there stops a thread, two stop every task. The rule
(Docs/Architecture.md, "Threads"; Docs/Contributing.md, "Waiting in a test"):

- In Tests/, no function waits synchronously: every test, synchronous or async, runs on the pool. A wait runs on a
  thread of its own: inside a closure given to `Thread`, `Thread.detachNewThread`, `OwnThread.run`,
  `HubConcurrencyTests.onThreads`, a queue's `async`/`asyncAfter`, or it is awaited (`waitOffThePool()`,
  `line(...)`, `finished()`).
- In Sources/, no `async` function and no `Task { }` waits synchronously.
- A line that must wait where the rule cannot see the thread (a subscriber's handler, which runs on the thread that
  posts, when the test posts from a thread of its own) says so with `// blocking-ok: <why>` on that line or the line
  above; a function that only ever runs on a thread of its own (the test-support primitives that `OwnThread` runs)
  says so in a `// blocking-ok: <why>` comment among the lines just above its declaration.

Usage: blocking_waits.py [ROOT]   (exit 1 and one line per wait found)
"""
import os
import re
import sys

BLOCKING = re.compile(
    r"\.wait\(\)|\.wait\(timeout:|waitUntilExit\(|\bwaitForLine\(|\.lines\(through|\.readLine\(\)|\.finish\(\)"
    r"|\.reap\(\)|\busleep\(|\bsleep\(|Thread\.sleep|readDataToEndOfFile|cancelAndWait\(\)"
    r"|\bflock\([^)]*LOCK_EX(?![^)]*LOCK_NB)"
)
OWN_THREAD = re.compile(
    r"(\bThread\s*(\(block:)?\s*$|\bThread\s*\{?$|detachNewThread\s*$|OwnThread\.run\b|onThreads\(|\.async\b|"
    r"asyncAfter\b|DispatchWorkItem\b)"
)
ASYNC_FUNC = re.compile(r"\bfunc\s+\w+[^{]*?\basync\b[^{]*$|\bTask(\.detached)?\s*(\([^)]*\))?\s*$")


def strip(source):
    """Blanks comments and string literals, keeping offsets and newlines."""
    out, i, n = [], 0, len(source)
    while i < n:
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif source.startswith("/*", i):
            j = source.find("*/", i)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", source[i:j]))
            i = j
        elif source.startswith('"""', i):
            j = source.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append(re.sub(r"[^\n]", " ", source[i:j]))
            i = j
        elif source[i] == '"':
            j = i + 1
            while j < n and source[j] not in '"\n':
                j += 2 if source[j] == "\\" else 1
            out.append(" " * (min(j, n - 1) - i + 1))
            i = j + 1
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def openers(text, offset):
    """The text before each `{` that encloses `offset`, innermost first."""
    stack = []
    for index in range(offset):
        char = text[index]
        if char == "{":
            stack.append(index)
        elif char == "}" and stack:
            stack.pop()
    heads = []  # (text, index of its first line)
    for brace in reversed(stack):
        start = text.rfind("\n", 0, brace) + 1
        # A declaration may span lines: take the lines back to the one that starts it.
        head = text[start:brace]
        back = start
        while head.count(")") > head.count("(") or head.strip().startswith(("->", "async", "throws")) or not head.strip():
            previous = text.rfind("\n", 0, back - 1) + 1
            if previous == back:
                break
            head = text[previous:brace]
            back = previous
        heads.append((head.rstrip(), text.count("\n", 0, back)))
    return heads


def check(path, raw, in_tests):
    text = strip(raw)
    lines = raw.split("\n")
    found = []
    for match in BLOCKING.finditer(text):
        line = text.count("\n", 0, match.start())
        before = text[max(0, match.start() - 40):match.start()]
        if re.search(r"\bawait\s+[\w.?]*$", before) or re.search(r"\bfunc\s*$", before):
            continue  # awaited, or the declaration of a function so named
        marked = "blocking-ok:" in lines[line] or any(
            "blocking-ok:" in lines[k] and lines[k].strip().startswith("//") for k in range(max(0, line - 3), line))
        if marked:
            continue
        heads = openers(text, match.start())
        own_thread = False
        in_async = False
        for head, head_line in heads:
            if OWN_THREAD.search(head):
                own_thread = True
                break
            if ASYNC_FUNC.search(head):
                in_async = True
                break
            if re.search(r"\bfunc\s", head) or re.search(r"\binit\s*\(", head):
                # A function that waits on purpose (what OwnThread runs) says so above its declaration.
                own_thread = any("blocking-ok:" in lines[k] for k in range(max(0, head_line - 6), head_line + 1))
                break
        if own_thread:
            continue
        if in_tests or in_async:
            found.append(f"{path}:{line + 1}: {lines[line].strip()}")
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    found = []
    for folder, in_tests in (("Tests", True), ("Sources", False)):
        for directory, _, names in os.walk(os.path.join(root, folder)):
            if "PushBusAppleStubs" in directory:
                continue
            for name in sorted(names):
                if name.endswith(".swift"):
                    path = os.path.join(directory, name)
                    with open(path, encoding="utf-8") as handle:
                        found += check(os.path.relpath(path, root), handle.read(), in_tests)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
