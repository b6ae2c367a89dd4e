#!/usr/bin/env python3
"""README.zh-CN.md lists every page README.md lists, and says which of them are in English.

Usage: translation_page_list.py ENGLISH_README CHINESE_README

A listed page is a `Docs/….md` link in a list item (`- [`…) outside fenced code blocks. For each page the English
README lists, the Chinese README must list its translation (the same path under Docs/zh-CN/, when that file exists
beside the English README) or the page itself. A Chinese list item that links an English page must mark it: the link
is followed by `（英文` (`（英文）`, `（英文，…）`) or is the original named after a translation (`英文原文：[…](…)`).
Fails (exit 1) with each missing page or unmarked link on stderr.
"""
import os
import re
import sys

LINK = re.compile(r"\[[^\]]*\]\((Docs/[^)#\s]+\.md)(#[^)]*)?\)")


def list_items(path):
    """(line, text) of each list item's lines (continuation lines included) outside fenced code."""
    items, fenced, inside = [], False, False
    for number, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced, inside = not fenced, False
            continue
        if fenced:
            continue
        if re.match(r"^\s*- \[", line):
            inside = True
        elif not line.strip() or not line.startswith("  "):
            inside = False
        if inside:
            items.append((number, line))
    return items


def main(english_readme, chinese_readme):
    root = os.path.dirname(os.path.abspath(english_readme))
    listed_en = []
    for _, line in list_items(english_readme):
        for match in LINK.finditer(line):
            if not match.group(1).startswith("Docs/zh-CN/") and match.group(1) not in listed_en:
                listed_en.append(match.group(1))
    listed_zh, status = set(), 0
    for number, line in list_items(chinese_readme):
        for match in LINK.finditer(line):
            page = match.group(1)
            listed_zh.add(page)
            if page.startswith("Docs/zh-CN/"):
                continue
            after, before = line[match.end():], line[:match.start()]
            if not (after.startswith("（英文") or before.endswith("英文原文：")):
                print(f"error: {chinese_readme}:{number}: the link to the English page {page} is not marked "
                      f"（英文）", file=sys.stderr)
                status = 1
    for page in listed_en:
        translation = "Docs/zh-CN/" + page[len("Docs/"):]
        if translation in listed_zh or (page in listed_zh and not os.path.exists(os.path.join(root, translation))):
            continue
        wanted = translation if os.path.exists(os.path.join(root, translation)) else page
        print(f"error: {chinese_readme} does not list {wanted} ({english_readme} lists {page})", file=sys.stderr)
        status = 1
    return status


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
