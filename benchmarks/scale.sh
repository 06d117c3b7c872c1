#!/usr/bin/env bash
# Issue 26's figures, one run on one machine: `benchmarks/load.sh` three times, on the embedded
# SQLite file, on PostgreSQL with one server, and through nginx over two servers sharing one
# PostgreSQL; then /cars and /habits side by side, each as its ratio to /healthz in its own run,
# and the goals: PostgreSQL pages at least 0.5x of the same SQLite page, two servers behind nginx
# no more than 20% slower than one server (req/s).
# Usage: benchmarks/scale.sh [seconds-per-route, default 10]   (APPDECK_BIN as for load.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for backend in sqlite postgres nginx2; do
  echo "== $backend"
  LOAD_BACKEND=$backend LOAD_SKIP_SOAK=1 bash benchmarks/load.sh "$seconds" | tee "$out/$backend" | sed -n '/^route/,/^\/cars text/p'
done
row() { awk -v route="$2" '$1 == route && $3 ~ /x$/ { print $2, $3; exit }' "$out/$1"; }  # req/s, ratio
cpu() { awk -v route="$2" '$1 == route && $3 ~ /x$/ { print $6 + $7; exit }' "$out/$1"; }  # CPU us per request: servers + postgres
echo
printf '%-10s %22s %22s %22s\n' route "sqlite req/s (ratio)" "postgres req/s (ratio)" "nginx+2 req/s (ratio)"
for route in /healthz /cars /habits; do
  printf '%-10s' "$route"
  for backend in sqlite postgres nginx2; do read -r rate ratio <<<"$(row "$backend" "$route")"; printf ' %13s (%6s)' "$rate" "$ratio"; done
  echo
done
for route in /cars /habits; do
  read -r _ sqlite <<<"$(row sqlite "$route")"; read -r pg_rate pg <<<"$(row postgres "$route")"; read -r two_rate _ <<<"$(row nginx2 "$route")"
  printf '%s: PostgreSQL page %.2fx of the SQLite page (ratios to /healthz; goal >= 0.5); two servers behind nginx %+.0f%% req/s against one (goal >= -20%%)\n' \
    "$route" "$(echo "${pg%x} / ${sqlite%x}" | bc -l)" "$(echo "($two_rate / $pg_rate - 1) * 100" | bc -l)"
done
for route in /cars /habits; do
  printf '%s CPU per request (servers + postgres, us): SQLite %s, PostgreSQL %s, nginx+2 %s (nginx itself not counted)\n' \
    "$route" "$(cpu sqlite "$route")" "$(cpu postgres "$route")" "$(cpu nginx2 "$route")"
done
