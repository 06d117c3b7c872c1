#!/usr/bin/env bash
# Writes Tests/SafeMarkdownTests/Fixtures/<name>.cmark.html for each <name>.md there: what Debian's
# cmark-gfm program prints for it with GitHub's extensions (raw HTML kept, as GitHub renders before
# its own sanitizer). MarkdownFixtureTests compares our render with that output after our allow-list.
set -euo pipefail
cd "$(dirname "$0")/../Tests/SafeMarkdownTests/Fixtures"
for markdown in *.md; do
  cmark-gfm --unsafe -e table -e strikethrough -e autolink -e tagfilter -e tasklist "$markdown" > "${markdown%.md}.cmark.html"
done
