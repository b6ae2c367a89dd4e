#!/usr/bin/env python3
"""Finds words a user of PushBus cannot know in what a user reads.

Usage: user_words.py [ROOT]   (exit 1 and one line per word found: PATH:LINE: WORD: the line)

What a user reads:
- README.md, README.zh-CN.md and every Docs/**/*.md except the contributors' page (Docs/Contributing.md and its
  translation), code blocks included (a code block is read too);
- the examples' pages (Examples/**/*.md, such as Examples/payloads/README.md, which Docs/Payloads.md links);
- the `description`, `name` and `note` texts of Examples/scenarios/*.json (`pushbus simulate` prints them);
- doc comments (`///` lines and `/** … */` blocks) of Sources/**/*.swift (DocC and Xcode's Quick Help show them)
  and the DocC catalogs' own articles (Sources/**/*.docc/**/*.md; most are links to Docs/, read there);
- the string literals of Sources/pushbus (the CLI's help text and messages).
Benchmarks/, Tests/, .ci/ and the contributors' page are for contributors and are not read.

The words, each case-insensitive:
- `seed` as the project's internal source documents: a number after it (`seed 003`, `Seeds 000–004`), the
  possessive (`the seed's`, `the seeds' advice`), `the seed` / `the seeds` / `the JPush seed` /
  `the launch-routing seed` (`the`, at most one word, then the seed), `seed document`, `seeds/`. A random seed stays
  allowed: the word right before it is a qualifier (`random`, `fixed`, `hash`, `per-process`, `PRNG`, `RNG`, `test`,
  `its`, `a`, …), so `a fixed seed`, `prints its seed`, `no per-process seed`, `the random seed's value` and
  `PUSHBUS_TEST_SEED` pass. Write `the random seed`, not `the seed`, for a PRNG's.
  A link to a heading that names one (`#payload-rules-the-jpush-seed`). In Chinese, `种子` followed by a number or
  by 文档/文件.
- an issue number: `issue 24`, `issues 24/25`, `Issue #43`, `(#37)`; in Chinese `第 N 号问题`.
- a round number: `round 2`, `round-2`, `rounds 1–2`, `the round-1 spellings`; in Chinese `第 2 轮`, `第二轮`.
- `DESIGN.md` and `DESIGN's`: a file the repository does not have.
"""
import json
import os
import re
import sys

QUALIFIERS = {"random", "fixed", "hash", "per-process", "prng", "rng", "test", "its", "their", "a", "another",
              "new", "different", "shuffle", "hashing", "initial", "same", "this", "that", "your", "no"}

SEED = re.compile(r"(?<![\w-])seed(s)?(?![\w-])('s|')?", re.IGNORECASE)
WORDS = [
    ("issue number", re.compile(r"\bissues?[\s-]+#?\d+|\(#\d+\)|第\s*\d+\s*号\s*(?:问题|议题|issue)", re.IGNORECASE)),
    ("round number", re.compile(r"\brounds?[\s-]+\d+|第\s*[\d一二三四五六七八九十]+\s*轮", re.IGNORECASE)),
    ("DESIGN.md", re.compile(r"\bDESIGN\.md\b|\bDESIGN's\b")),
    ("seed", re.compile(r"种子\s*(?:\d|文档|文件)|#[\w-]*-seeds?\b", re.IGNORECASE)),
]


def seed_words(text, offset=0):
    """Each `seed` in `text` that names the source documents, by the rule above, that ends after `offset`."""
    found = []
    for match in SEED.finditer(text):
        before = text[:match.start()]
        words = re.findall(r"[\w'-]+", before[-60:])
        previous = words[-1].lower() if words else ""
        after = text[match.end():]
        number = re.match(r"\s*[\d#]+", after)
        if previous in QUALIFIERS or match.end() + (len(number.group(0)) if number else 0) <= offset:
            continue
        if (number  # seed 003, Seeds 000–004
                or match.group(2)  # the seed's, the seeds'
                or previous == "the"
                or (len(words) >= 2 and words[-2].lower() == "the" and previous not in QUALIFIERS)  # the JPush seed
                or re.match(r"\s+documents?\b", after, re.IGNORECASE)
                or after.startswith("/")):
            found.append(match.group(0))
    return found


def words_in(text, before=""):
    """The words found in `text`; `before` (the previous line) only completes a word that ends in `text`."""
    joined, offset = (before + " " + text, len(before) + 1) if before else (text, 0)
    found = [f"seed: {w}" for w in seed_words(joined, offset)]
    for name, pattern in WORDS:
        found += [f"{name}: {m.group(0)}" for m in pattern.finditer(joined) if m.end() > offset]
    return found


def report(path, number, line, found):
    return [f"{path}:{number}: {word}: {line.strip()}" for word in found]


def markdown(root, path):
    out = []
    with open(os.path.join(root, path), encoding="utf-8") as handle:
        previous = ""
        for number, line in enumerate(handle.read().split("\n"), 1):
            out += report(path, number, line, words_in(line, previous[-60:]))
            previous = line
    return out


def scenario(root, path):
    """The description, name and note texts, each reported at the first raw line that holds it."""
    with open(os.path.join(root, path), encoding="utf-8") as handle:
        raw = handle.read()
    texts = []

    def walk(value):
        if isinstance(value, dict):
            for key, item in value.items():
                if key in ("description", "name", "note") and isinstance(item, str):
                    texts.append(item)
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(json.loads(raw))
    lines = raw.split("\n")
    out = []
    for text in texts:
        found = words_in(text)
        if not found:
            continue
        encoded = json.dumps(text, ensure_ascii=False)[1:40]
        number = next((i for i, line in enumerate(lines, 1) if encoded in line), 1)
        out += report(path, number, text[:100], found)
    return out


def swift(root, path, literals):
    """Doc comments; with `literals`, string literals too (the CLI's help)."""
    with open(os.path.join(root, path), encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    out, in_doc_block, in_string, previous_doc = [], False, False, ""
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        texts = []
        if in_doc_block:
            texts.append(line)
            in_doc_block = "*/" not in line
        elif stripped.startswith("///"):
            texts.append(line)
        elif stripped.startswith("/**"):
            texts.append(line)
            in_doc_block = "*/" not in stripped[3:]
        if literals:
            if in_string:
                texts.append(line)
                in_string = '"""' not in line
            elif '"""' in line:
                in_string = line.count('"""') % 2 == 1
                texts.append(line)
            elif not stripped.startswith("//"):
                texts += re.findall(r'"((?:[^"\\]|\\.)*)"', line)
        doc = texts[0] if texts and (in_doc_block or stripped.startswith(("///", "/**", "*"))) else ""
        found = [word for index, text in enumerate(texts)
                 for word in words_in(text, previous_doc[-60:] if index == 0 and doc else "")]
        previous_doc = re.sub(r"^\s*(///|/\*\*|\*)", "", doc)
        out += report(path, number, line, found)
    return out


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    found = []
    for name in ("README.md", "README.zh-CN.md"):
        if os.path.exists(os.path.join(root, name)):
            found += markdown(root, name)
    contributors = {os.path.join("Docs", "Contributing.md"), os.path.join("Docs", "zh-CN", "Contributing.md")}
    for directory, _, names in sorted(os.walk(os.path.join(root, "Docs"))):
        for name in sorted(names):
            path = os.path.relpath(os.path.join(directory, name), root)
            if name.endswith(".md") and path not in contributors:
                found += markdown(root, path)
    for directory, _, names in sorted(os.walk(os.path.join(root, "Examples"))):
        for name in sorted(names):
            if name.endswith(".md"):
                found += markdown(root, os.path.relpath(os.path.join(directory, name), root))
    scenarios = os.path.join(root, "Examples", "scenarios")
    if os.path.isdir(scenarios):
        for name in sorted(os.listdir(scenarios)):
            if name.endswith(".json"):
                found += scenario(root, os.path.join("Examples", "scenarios", name))
    for directory, _, names in sorted(os.walk(os.path.join(root, "Sources"))):
        cli = os.path.relpath(directory, root).split(os.sep)[:2] == ["Sources", "pushbus"]
        for name in sorted(names):
            path = os.path.relpath(os.path.join(directory, name), root)
            if name.endswith(".swift"):
                found += swift(root, path, cli)
            elif name.endswith(".md") and ".docc" in path and not os.path.islink(os.path.join(root, path)):
                found += markdown(root, path)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
