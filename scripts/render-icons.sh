#!/usr/bin/env bash
# Renders the installable PNGs from their SVGs (full-bleed squares: iOS and Android apply their own
# masks), and MyHabits' splash screen. Run after changing an SVG below; needs librsvg2-bin.
set -euo pipefail
# AppDeck's own icons live in the shell's resources, MyHabits' in its web target's.
cd "$(dirname "$0")/../Sources"
square=$(mktemp --suffix=.svg)
trap 'rm -f "$square"' EXIT
for app in WebShell:appdeck:appdeck HabitsWeb:app-habits:habits; do
  IFS=: read -r module source target <<<"$app"
  sed 's/rx="27"/rx="0"/' "$module/Resources/icons/$source.svg" > "$square"
  for size in 192 512; do rsvg-convert -w "$size" -h "$size" "$square" -o "$module/Resources/icons/$target-$size.png"; done
done
cd HabitsWeb/Resources/icons
# Splash (apple-touch-startup-image): the icon centred on white, at an iPhone's portrait size.
splash=$(mktemp --suffix=.svg)
trap 'rm -f "$square" "$splash"' EXIT
icon=$(sed -e 's/<svg[^>]*>//' -e 's#</svg>##' app-habits.svg)
cat > "$splash" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 390 844" width="390" height="844">
<rect width="390" height="844" fill="#ffffff"/>
<g transform="translate(135 362)">$icon</g>
</svg>
SVG
rsvg-convert -w 780 -h 1688 "$splash" -o habits-splash.png
