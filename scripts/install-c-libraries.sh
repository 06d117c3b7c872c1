#!/usr/bin/env bash
# Installs the C libraries AppDeck links from Debian when they are missing: GitHub's Markdown
# renderer, which SafeMarkdown links (libcmark-gfm-dev, libcmark-gfm-extensions-dev), with the
# cmark-gfm program (the README benchmark's reference and scripts/make-markdown-fixtures.sh), and
# zlib's headers (zlib1g-dev), which CompressNIO links for gzipped answers, libqrencode
# (libqrencode-dev), which draws the link screen's QR code, and GNU Source-highlight
# (libsource-highlight-dev, with boost::regex's headers and the language definitions in
# /usr/share/source-highlight), which CSourceHighlight links to highlight code on the server, and
# libdeflate (libdeflate-dev), which gzips the server's answers.
# Used by run.sh and test.sh.
set -euo pipefail
need_apt=()
[ -f /usr/include/cmark-gfm-core-extensions.h ] || need_apt+=(libcmark-gfm-dev libcmark-gfm-extensions-dev)
command -v cmark-gfm >/dev/null || need_apt+=(cmark-gfm)
[ -f /usr/include/zlib.h ] || need_apt+=(zlib1g-dev)
[ -f /usr/include/qrencode.h ] || need_apt+=(libqrencode-dev)
[ -f /usr/include/srchilite/sourcehighlighter.h ] || need_apt+=(libsource-highlight-dev)
[ -f /usr/include/libdeflate.h ] || need_apt+=(libdeflate-dev)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "== installing ${need_apt[*]} (apt)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${need_apt[@]}" >/dev/null || { echo "apt-get install failed"; exit 1; }
fi
