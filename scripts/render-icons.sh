#!/usr/bin/env bash
# Renders the installable PNG icons from the AppDeck SVG (full-bleed square: iOS and Android apply
# their own masks). Run after changing Sources/Web/Resources/icons/appdeck.svg; needs librsvg2-bin.
set -euo pipefail
cd "$(dirname "$0")/../Sources/Web/Resources/icons"
square=$(mktemp --suffix=.svg)
sed 's/rx="27"/rx="0"/' appdeck.svg > "$square"
for size in 192 512; do rsvg-convert -w "$size" -h "$size" "$square" -o "appdeck-$size.png"; done
rm -f "$square"
