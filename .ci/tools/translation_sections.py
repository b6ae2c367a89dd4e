#!/usr/bin/env python3
"""A translation has every section its English page has.

Usage: translation_sections.py TRANSLATION ENGLISH_PAGE

Sections are the `## ` headings outside fenced code blocks. Their titles are translated, so they are matched by
order: the translation's n-th `## ` heading stands for the English page's n-th. A translation with fewer sections
than its English page lacks the English page's last ones (named by their English titles, so the translator knows
what to add); one with more has a section the English page does not. Either fails (exit 1), with the reason on
stderr. The same number of sections passes.
"""
import sys


def sections(path):
    titles, fenced = [], False
    for line in open(path, encoding="utf-8").read().split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("## "):
            titles.append(line[3:].strip())
    return titles


def main(translation, english_page):
    translated, english = sections(translation), sections(english_page)
    if len(translated) < len(english):
        for title in english[len(translated):]:
            print(f"error: {translation} lacks a section of {english_page}: ## {title} "
                  f"({len(translated)} sections, {len(english)} in English; matched by order)", file=sys.stderr)
        return 1
    if len(translated) > len(english):
        for title in translated[len(english):]:
            print(f"error: {translation} has a section {english_page} does not: ## {title} "
                  f"({len(translated)} sections, {len(english)} in English; matched by order)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
