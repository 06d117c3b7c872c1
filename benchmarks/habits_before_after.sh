#!/usr/bin/env bash
# MyHabits' pages before and after a change, in one run (issue 48's proof): `habits.py --json` with
# the release binary of BEFORE and with AFTER's, alternating (before, after, before, after, ...), so
# both meet the same machine. Each run seeds 100 habits × 10 years of tracks (and skips, notes and
# measurable habits' values where that binary's schema has them) and reads the server's own time per
# request (access log `ms=`) for `/healthz`, `/habits`, a yes/no habit's details page and a
# measurable habit's (a yes/no habit of the same number where the schema has no measures).
#
#   bash benchmarks/habits_before_after.sh BEFORE_BIN AFTER_BIN [rounds, default 3]
#
# Build each binary with `swift build -c release --product appdeck` at its commit. Prints each run's
# lines, then per route the median over the rounds of its speed as a ratio to `/healthz` in the same
# run (healthz median ms / route median ms), before and after, and after/before (issue 48 asks >= 0.9).
# HABITS_REQUESTS=N requests per route and run (default 200); HABITS_BEFORE_AFTER_KEEP=DIR keeps each
# run's JSON there.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,15p' "$0"; exit 1; }
before=$(realpath -e "$1"); after=$(realpath -e "$2")
rounds=${3:-3}
requests=${HABITS_REQUESTS:-200}
cd "$(dirname "$0")/.."
out=$(mktemp -d)
keep=${HABITS_BEFORE_AFTER_KEEP:-}
trap '[ -n "$keep" ] && mkdir -p "$keep" && cp "$out"/*.json "$keep"/; rm -rf "$out"' EXIT
began=$(date +%s)
for round in $(seq "$rounds"); do
  for side in before after; do
    bin=$before; [ "$side" = after ] && bin=$after
    echo "== round $round, $side ($bin)"
    python3 benchmarks/habits.py --bin "$bin" --requests "$requests" --json >"$out/$side-$round.json" 2>"$out/$side-$round.txt" \
      || { cat "$out/$side-$round.txt" >&2; exit 1; }
    cat "$out/$side-$round.txt"
  done
done
echo
echo "Median over $rounds rounds of each route's speed as a ratio to /healthz in its own run"
echo "(healthz median ms / route median ms; higher is faster), and of its median server ms:"
python3 - "$out" "$rounds" <<'EOF'
import json, statistics, sys
from pathlib import Path
out, rounds = Path(sys.argv[1]), int(sys.argv[2])
runs = {side: [json.loads((out / f"{side}-{r}.json").read_text()) for r in range(1, rounds + 1)] for side in ("before", "after")}
def ratio(run, role):
    return run["routes"]["healthz"]["median_ms"] / run["routes"][role]["median_ms"]
print(f"{'route':34} {'before':>10} {'after':>10} {'after/before':>13} {'before ms':>10} {'after ms':>10}")
for role in ("healthz", "list", "details_yes_no", "details_measured"):
    b, a = (statistics.median(ratio(run, role) for run in runs[side]) for side in ("before", "after"))
    bms, ams = (statistics.median(run["routes"][role]["median_ms"] for run in runs[side]) for side in ("before", "after"))
    if role == "healthz":
        print(f"{'/healthz':34} {'1x':>10} {'1x':>10} {'':>13} {bms:10.4f} {ams:10.4f}")
        continue
    kinds = [runs[side][0]["routes"][role]["kind"] for side in ("before", "after")]
    label = runs["after"][0]["routes"][role]["path"] + " (" + (kinds[0] if kinds[0] == kinds[1] else " -> ".join(kinds)) + ")"
    verdict = "" if a / b >= 0.9 else "  below 0.9x"
    print(f"{label:34} {b:9.5f}x {a:9.5f}x {a / b:12.3f}x {bms:10.3f} {ams:10.3f}{verdict}")
for side in ("before", "after"):
    print(f"{side}: /healthz median ms per round", ", ".join(f"{run['routes']['healthz']['median_ms']:.4f}" for run in runs[side]))
EOF
echo "wall time $(( $(date +%s) - began )) s"
