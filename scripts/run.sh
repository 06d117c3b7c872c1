#!/usr/bin/env bash
# Builds AppDeck (release) and serves it: http://127.0.0.1:8080/ by default, data in
# $XDG_DATA_HOME/appdeck or ~/.local/share/appdeck. Arguments go to `appdeck` (see --help).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-c-libraries.sh  # cmark-gfm (READMEs), zlib and libdeflate (gzip), C libraries from Debian
swift build -c release --product appdeck
exec .build/release/appdeck "$@"
