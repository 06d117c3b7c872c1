#!/usr/bin/env bash
# Builds AppDeck (release) and serves it: http://127.0.0.1:8080/ by default, data in
# $XDG_DATA_HOME/appdeck or ~/.local/share/appdeck. Arguments go to `appdeck` (see --help).
set -euo pipefail
cd "$(dirname "$0")/.."
# READMEs are rendered by GitHub's cmark-gfm, a C library from Debian.
need_apt=()
[ -f /usr/include/cmark-gfm-core-extensions.h ] || need_apt+=(libcmark-gfm-dev libcmark-gfm-extensions-dev)
command -v cmark-gfm >/dev/null || need_apt+=(cmark-gfm)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "== installing ${need_apt[*]} (apt)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${need_apt[@]}" >/dev/null || { echo "apt-get install failed"; exit 1; }
fi
swift build -c release --product appdeck
exec .build/release/appdeck "$@"
