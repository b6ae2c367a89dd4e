#!/usr/bin/env python3
"""The guides stay a reader's path: every guide page is short enough to read, and every link between pages lands.

Usage: doc_pages.py ROOT. Checks, under ROOT:
  1. every page under Docs/ (its translations in Docs/zh-CN/ too) has at most MAX_LINES lines, except the pages in
     EXEMPT, each with its reason;
  2. every relative Markdown link in README.md, README.zh-CN.md, Docs/**/*.md and Examples/**/*.md names a file that
     exists, and its #anchor, if any, names a heading of that page (GitHub's anchors: lower case, punctuation
     dropped, spaces as hyphens, -1, -2 … for repeats).
Prints one line per finding (`path:line: …`) and exits 1 if there is any.
"""

import os
import re
import sys

MAX_LINES = 300
# Pages that may be longer, and why. Keep this short: a long page is split into pages a reader can finish.
EXEMPT = {
    # Measured tables the benchmarks append to; read by looking a row up, not front to back.
    "Docs/Performance.md": "a table of measurements, looked up by row",
}

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def slug(heading):
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)  # \w keeps letters of every script, digits and _
    return text.replace(" ", "-")


def anchors(path):
    seen = {}
    result = set()
    fenced = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            match = None if fenced else HEADING.match(line)
            if not match:
                continue
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            result.add(base if count == 0 else f"{base}-{count}")
    return result


def pages(root):
    found = []
    for top in ("Docs", "Examples"):
        for folder, _, files in os.walk(os.path.join(root, top)):
            found += [os.path.join(folder, name) for name in files if name.endswith(".md")]
    found += [os.path.join(root, name) for name in ("README.md", "README.zh-CN.md")]
    return sorted(p for p in found if os.path.isfile(p))


def main(root):
    findings = []
    cache = {}
    for path in pages(root):
        relative = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if relative.startswith("Docs/") and relative not in EXEMPT and len(lines) > MAX_LINES:
            findings.append(f"{relative}:{len(lines)}: {len(lines)} lines, more than {MAX_LINES}: split the page")
        fenced = False
        for number, line in enumerate(lines, 1):
            if line.lstrip().startswith("```"):
                fenced = not fenced
            if fenced:
                continue
            for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
                if re.match(r"^[a-z]+:", target):
                    continue  # https:, mailto:
                file_part, _, anchor = target.partition("#")
                linked = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
                if not os.path.exists(linked):
                    findings.append(f"{relative}:{number}: links {target}: no such file")
                    continue
                if anchor and linked.endswith(".md"):
                    if linked not in cache:
                        cache[linked] = anchors(linked)
                    if anchor not in cache[linked]:
                        findings.append(f"{relative}:{number}: links {target}: no such heading in that page")
    for finding in findings:
        print(finding)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
