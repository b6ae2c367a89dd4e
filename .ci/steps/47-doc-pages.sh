#!/usr/bin/env bash
# The guides stay a reader's path (.ci/tools/doc_pages.py): every page under Docs/ has at most 300 lines (a longer
# one is split into pages a reader can finish; Docs/Performance.md, a table of measurements looked up by row, is the
# lasting exemption; the tool names each with its reason), and every relative link in README, Docs and the examples'
# pages names a file that exists and a heading that page has (a page split or a heading renamed breaks no link).
# First a self-test on planted pages, then the tree. Takes well under a second.
set -euo pipefail
cd "$(dirname "$0")/../.."

planted=$(mktemp -d)
trap 'rm -rf "$planted"' EXIT
mkdir -p "$planted/Docs" "$planted/Examples/app"
{ echo "# Long"; for i in $(seq 1 300); do echo "line $i"; done; } >"$planted/Docs/Long.md"
{ echo "# Measured"; for i in $(seq 1 400); do echo "| row $i |"; done; } >"$planted/Docs/Performance.md"
cat >"$planted/Docs/Short.md" <<'MD'
# Short

## The cold start: `setReady(true)`

See [the cold start](#the-cold-start-setreadytrue), [Long](Long.md), [gone](Gone.md), [a heading](Long.md#nothing).
Code is not a link: `[a](Missing.md)`.

```sh
echo "[not a link](Missing.md)"
```
MD
cat >"$planted/README.md" <<'MD'
[Short](Docs/Short.md#the-cold-start-setreadytrue) and [web](https://example.com/x.md) and [moved](Docs/App.md).
MD
cp "$planted/README.md" "$planted/README.zh-CN.md"
echo "[up](../../Docs/Short.md#short)" >"$planted/Examples/app/README.md"
expected="Docs/Long.md:301: 301 lines, more than 300: split the page
Docs/Short.md:5: links Gone.md: no such file
Docs/Short.md:5: links Long.md#nothing: no such heading in that page
README.md:1: links Docs/App.md: no such file
README.zh-CN.md:1: links Docs/App.md: no such file"
if got=$(python3 .ci/tools/doc_pages.py "$planted" | sort); then
    echo "error: the check passed a planted page of 301 lines and planted broken links" >&2
    exit 1
fi
if [ "$got" != "$expected" ]; then
    printf 'error: the check found\n%s\nin the planted pages, expected\n%s\n' "$got" "$expected" >&2
    exit 1
fi
echo "ok: the self-test finds the planted long page and the 4 planted broken links, and passes Performance.md, code and web links"

python3 .ci/tools/doc_pages.py .
echo "ok: every guide page has at most 300 lines, and every link between the pages lands"
