#!/usr/bin/env bash
# Installs a built appdeck server so that it runs on its own (issue 46, item 7): SwiftPM keeps each
# target's resources (pages' CSS and scripts, string catalogues, fixtures) in `<Package>_<Target>.resources`
# bundles beside the binary, and a binary copied without them stops at start ("could not load
# resource bundle"). This puts the binary and every bundle in PREFIX/lib/appdeck/ and links
# PREFIX/bin/appdeck to it (the binary finds its bundles beside its real path), where
# deploy/systemd/appdeck@.service runs it.
#
#   bash scripts/install.sh [--prefix /usr/local] [--build-dir .build/release]
#
# Builds nothing: run `swift build -c release --product appdeck` (or scripts/run.sh) first.
# Installing again replaces the binary and the bundles.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=/usr/local
build=.build/release
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=$2; shift 2 ;;
    --build-dir) build=$2; shift 2 ;;
    *) echo "usage: bash scripts/install.sh [--prefix DIR] [--build-dir DIR]" >&2; exit 2 ;;
  esac
done
[ -x "$build/appdeck" ] || { echo "no $build/appdeck: build it first (swift build -c release --product appdeck)" >&2; exit 1; }
bundles=("$build"/*.resources)
[ -d "${bundles[0]}" ] || { echo "no resource bundles in $build" >&2; exit 1; }

destination="$prefix/lib/appdeck"
mkdir -p "$destination" "$prefix/bin"
rm -rf "$destination"/*.resources
install -m 0755 "$build/appdeck" "$destination/appdeck"
for bundle in "${bundles[@]}"; do
  cp -R "$bundle" "$destination/"
done
chmod -R a+rX "$destination"
ln -sfn "$destination/appdeck" "$prefix/bin/appdeck"
echo "installed $destination/appdeck with ${#bundles[@]} resource bundles; $prefix/bin/appdeck links to it"
