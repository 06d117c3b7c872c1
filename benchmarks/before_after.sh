#!/usr/bin/env bash
# Page speed before and after a change, in one run (issue 35's proof): `load.sh` with the release
# binary of BEFORE and with AFTER's, alternating, so both meet the same machine; each run's ratios
# to its own `/healthz` are what compare.
#
#   bash benchmarks/before_after.sh BEFORE_BIN AFTER_BIN [seconds-per-route, default 5] [rounds, default 2]
#
# Build each binary with `swift build -c release --product appdeck` at its commit. The 60 s mixed
# load is skipped (LOAD_SKIP_SOAK=1); BEFORE_AFTER_KEEP=DIR keeps each run's whole output there. Prints each run's route table, then the median of each row's
# "vs healthz" over the rounds, before and after.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,10p' "$0"; exit 1; }
before=$(realpath -e "$1"); after=$(realpath -e "$2")
seconds=${3:-5}; rounds=${4:-2}
cd "$(dirname "$0")/.."
out=$(mktemp -d)
keep=${BEFORE_AFTER_KEEP:-}
trap '[ -n "$keep" ] && mkdir -p "$keep" && cp "$out"/*.txt "$keep"/; rm -rf "$out"' EXIT
for round in $(seq "$rounds"); do
  for side in before after; do
    bin=$before; [ "$side" = after ] && bin=$after
    echo "== round $round, $side ($bin)"
    APPDECK_BIN=$bin LOAD_SKIP_SOAK=1 bash benchmarks/load.sh "$seconds" >"$out/$side-$round.txt" 2>&1 \
      || { cat "$out/$side-$round.txt" >&2; exit 1; }
    # The route table: from its header to the first empty line after it.
    awk '/^route +req\/s/ {on = 1} on && (/^$/ || /^median ms:/) {exit} on' "$out/$side-$round.txt"
  done
done
echo
echo "Median over $rounds rounds of each route's ratio to /healthz, and of its server CPU per request"
echo "(the steadier figure when other work shares the cores: it does not move with what wrk gets):"
printf '%-12s %10s %10s %8s %12s %12s %8s\n' route before after change "before us" "after us" change
# A row's label is its first 10 characters (labels hold spaces: "/cars text").
routes=$(awk '/^route +req\/s/ {on = 1; next} on && (/^$/ || /^median ms:/) {exit} on {l = substr($0, 1, 10); sub(/ +$/, "", l); print l}' "$out/before-1.txt" | grep -v healthz)
ratio() { # side route [field]: median of that route's "vs healthz" (or, with field "us", its server us) over the rounds
  for round in $(seq "$rounds"); do
    awk -v r="$2" -v f="${3:-ratio}" '/^route +req\/s/ {on = 1; next} on && (/^$/ || /^median ms:/) {exit}
      on {l = substr($0, 1, 10); sub(/ +$/, "", l); if (l != r) next
          if (f == "us") {print $(NF - 1); next}
          for (i = 1; i <= NF; i++) if ($i ~ /^[0-9.]+x$/) {sub("x", "", $i); print $i; break}}' "$out/$1-$round.txt"
  done | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
while IFS= read -r route; do
  b=$(ratio before "$route"); a=$(ratio after "$route"); bu=$(ratio before "$route" us); au=$(ratio after "$route" us)
  printf '%-12s %9.3fx %9.3fx %+7.1f%% %12s %12s %+7.1f%%\n' "$route" "$b" "$a" "$(echo "($a / $b - 1) * 100" | bc -l)" \
    "$bu" "$au" "$(echo "($au / $bu - 1) * 100" | bc -l)"
done <<<"$routes"
