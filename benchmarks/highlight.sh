#!/usr/bin/env bash
# The highlighter's benchmark (issue 49): lines per second for realistic 10,000-line files (this
# repository's Swift, boost::regex's C++ headers, this repository's Python, JavaScript and
# Markdown) and for the worst case found (lines of one 1,000-byte identifier), on a release build,
# against a plain escape of the same lines and GNU Source-highlight's own line loop in the same run.
#
#   bash benchmarks/highlight.sh [rounds]     11 rounds by default; a figure is the median
#   HIGHLIGHT_SCRATCH_PATH=/path              build there instead of benchmarks/.build
#
# Needs libsource-highlight-dev (scripts/install-c-libraries.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-c-libraries.sh
scratch=()
[ -n "${HIGHLIGHT_SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$HIGHLIGHT_SCRATCH_PATH")
# SwiftPM does not see new files of a path dependency otherwise (see README.md).
touch benchmarks/Package.swift
swift build -c release --package-path benchmarks "${scratch[@]}" --product highlight-benchmark >/dev/null
bin=$(swift build -c release --package-path benchmarks "${scratch[@]}" --product highlight-benchmark --show-bin-path)
echo "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources benchmarks || echo ' (with changes)'), $(nproc) cores"
"$bin/highlight-benchmark" "${1:-11}"
