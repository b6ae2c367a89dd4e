#!/usr/bin/env bash
# The Chinese pages must not go stale. A translation is README.zh-CN.md or a page under Docs/zh-CN/; its first line
# names the English page it translates: `<!-- translation of: Docs/Migration.md -->`. For each translation:
#   1. the marker is there and names a file that exists, and README.zh-CN.md links both pages (so a reader of the
#      Chinese README finds every translation and its source);
#   2. staleness, counted in git history: the commits that touched the English page after the last commit that
#      touched the translation. More than one fails. One is allowed so that an English fix can land before its
#      translation (the next commit must bring the translation up); editing both in one commit counts as zero;
#   3. one source for snippets: every ```swift block of the translation appears, line for line, in its English page;
#   4. no section left out: the translation has as many `## ` sections as its English page, matched by order
#      (.ci/tools/translation_sections.py; a self-test on planted pages runs first);
#   5. no page left out: README.zh-CN.md lists every page README.md lists (its translation where there is one), and
#      marks each English page it links from a list （英文） (.ci/tools/translation_page_list.py; self-tested first).
# Nothing here can rot silently: a translation without a marker, an unlinked one, an uncommitted one or a shallow
# clone (history unknown) fails instead of passing. CI clones with full history (`git clone` default).
# Takes well under a second.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ "$(git rev-parse --is-shallow-repository)" = "true" ]; then
    echo "error: shallow clone: the translations' history cannot be checked (git fetch --unshallow)" >&2
    exit 1
fi

planted=$(mktemp -d)
trap 'rm -rf "$planted"' EXIT
printf '# Page\n\n## One\n\n```sh\n## not a section\n```\n\n## Two\n\n## Three\n' >"$planted/en.md"
printf '# 页面\n\n## 一\n\n## 二\n' >"$planted/short.md"
printf '# 页面\n\n## 一\n\n## 二\n\n## 三\n' >"$planted/full.md"
if got=$(python3 .ci/tools/translation_sections.py "$planted/short.md" "$planted/en.md" 2>&1); then
    echo "error: the section check passed a planted translation that lacks a section" >&2
    exit 1
fi
case "$got" in
    *"lacks a section of $planted/en.md: ## Three "*) ;;
    *) printf 'error: the section check said\n%s\nabout the planted translation, expected it to name ## Three\n' "$got" >&2; exit 1 ;;
esac
if ! python3 .ci/tools/translation_sections.py "$planted/full.md" "$planted/en.md"; then
    echo "error: the section check failed a planted translation that has every section" >&2
    exit 1
fi
echo "ok: the self-test finds the planted missing section, and passes the complete translation"

mkdir -p "$planted/readmes/Docs/zh-CN"
printf '# R\n\n- [Docs/A.md](Docs/A.md): a.\n- [Docs/T.md](Docs/T.md): t.\n- [Docs/B.md](Docs/B.md): b,\n  more.\n' \
    >"$planted/readmes/README.md"
touch "$planted/readmes/Docs/zh-CN/T.md"
printf '# R\n\n- [Docs/zh-CN/T.md](Docs/zh-CN/T.md)：t（英文原文：[Docs/T.md](Docs/T.md)）。\n- [Docs/A.md](Docs/A.md)（英文）：a。\n' \
    >"$planted/readmes/short.md"
printf '# R\n\n- [Docs/zh-CN/T.md](Docs/zh-CN/T.md)：t。\n- [Docs/A.md](Docs/A.md)：a。\n- [Docs/B.md](Docs/B.md)（英文）：b。\n' \
    >"$planted/readmes/unmarked.md"
printf '# R\n\n- [Docs/zh-CN/T.md](Docs/zh-CN/T.md)：t。\n- [Docs/A.md](Docs/A.md)（英文）：a。\n- [Docs/B.md](Docs/B.md)（英文）：b。\n' \
    >"$planted/readmes/full.md"
for planted_readme in short unmarked; do
    if got=$(python3 .ci/tools/translation_page_list.py "$planted/readmes/README.md" "$planted/readmes/$planted_readme.md" 2>&1); then
        echo "error: the page-list check passed the planted $planted_readme.md" >&2
        exit 1
    fi
    case "$planted_readme:$got" in
        "short:"*"does not list Docs/B.md"*|"unmarked:"*"Docs/A.md is not marked"*) ;;
        *) printf 'error: the page-list check said\n%s\nabout the planted %s.md\n' "$got" "$planted_readme" >&2; exit 1 ;;
    esac
done
if ! python3 .ci/tools/translation_page_list.py "$planted/readmes/README.md" "$planted/readmes/full.md"; then
    echo "error: the page-list check failed a planted README that lists and marks every page" >&2
    exit 1
fi
echo "ok: the self-test finds the planted missing page and unmarked link, and passes the complete list"

status=0
fail() { echo "error: $*" >&2; status=1; }

translations=$( { echo README.zh-CN.md; git ls-files 'Docs/zh-CN/*.md'; } | sort -u)
for translation in $translations; do
    if [ ! -f "$translation" ]; then fail "$translation is missing"; continue; fi
    source=$(sed -n '1s/^<!-- translation of: \(.*\) -->$/\1/p' "$translation")
    if [ -z "$source" ]; then
        fail "$translation: the first line must be <!-- translation of: ENGLISH_PAGE -->"
        continue
    fi
    if [ ! -f "$source" ]; then fail "$translation translates $source, which does not exist"; continue; fi
    for page in "$source" "$translation"; do
        [ "$page" = README.zh-CN.md ] || grep -qF "($page)" README.zh-CN.md || fail "README.zh-CN.md does not link $page"
    done

    last=$(git log -1 --format=%H -- "$translation")
    if [ -z "$last" ]; then fail "$translation is not committed"; continue; fi
    behind=$(git rev-list --count "$last"..HEAD -- "$source")
    if [ "$behind" -gt 1 ]; then
        fail "$translation is $behind commits behind $source (at most 1): translate these changes:"
        git log --format='    %h %s' "$last"..HEAD -- "$source" >&2
    fi

    python3 - "$translation" "$source" <<'PY' || status=1
import sys

def swift_blocks(path):
    blocks, block = [], None
    for line in open(path, encoding="utf-8").read().split("\n"):
        if block is None:
            if line.strip() == "```swift":
                block = []
        elif line.strip() == "```":
            blocks.append("\n".join(l.rstrip() for l in block))
            block = None
        else:
            block.append(line)
    return blocks

translation, source = sys.argv[1], sys.argv[2]
english = swift_blocks(source)
missing = [b for b in swift_blocks(translation) if b not in english]
for block in missing:
    first = block.strip().split("\n")[0]
    print(f"error: {translation}: a ```swift block that is not in {source}: {first}", file=sys.stderr)
sys.exit(1 if missing else 0)
PY
    python3 .ci/tools/translation_sections.py "$translation" "$source" || status=1
    echo "$translation: $behind commit(s) behind $source"
done

python3 .ci/tools/translation_page_list.py README.md README.zh-CN.md || status=1

[ $status -eq 0 ] && echo "ok: the translations are current"
exit $status
