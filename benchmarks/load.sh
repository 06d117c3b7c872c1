#!/usr/bin/env bash
# Load figures for the web shell: requests/second for the home page and for /cars holding 1,000
# cars, each as a ratio to /healthz served by the same process in the same run.
# Installs wrk, curl and bc from Debian when missing. Only loopback traffic; every wrk run is bounded.
# Usage: benchmarks/load.sh [seconds-per-route, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
missing=(); for tool in wrk curl bc; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

swift build -c release --product appdeck >/dev/null
data=$(mktemp -d)
out=$(mktemp)
.build/release/appdeck --port 0 --data-dir "$data" --log-level warning >"$out" 2>&1 &
server=$!
trap 'kill -TERM $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data" "$out"' EXIT
for _ in $(seq 100); do grep -q "serving" "$out" && break; sleep 0.1; done
base=$(grep -o 'http://[^ ]*' "$out" | head -n 1)
base=${base%/}

jar="$data/cookies"
page=$(curl -s -c "$jar" "$base/")
token=$(grep -o 'name="_csrf" value="[0-9a-f]*"' <<<"$page" | head -n 1 | sed 's/.*value="\(.*\)"/\1/')
cookie="appdeck_device=$(awk '/appdeck_device/ {print $7}' "$jar")"
bodies=(sedan hatchback wagon coupe convertible suv minivan pickup)
echo "Seeding 1,000 cars…"
for i in $(seq 1 1000); do
  curl -s -o /dev/null -b "$jar" --data "_csrf=$token&manufacturer=Maker$i&model=Model$i&body=${bodies[$((i % 8))]}&yearOfIssue=$((1990 + i % 30))&carNumber=A$i" "$base/cars"
done
count=$(curl -s -b "$jar" "$base/cars" | grep -c 'class="list-section car"' || true)
echo "Cars listed: $count"

run() { # route -> requests/second
  wrk -t2 -c16 -d"${duration}s" -H "Cookie: $cookie" "$base$1" | awk '/Requests\/sec/ {print $2}'
}
healthz=$(run /healthz)
home=$(run /)
cars=$(run /cars)
bytes=$(curl -s -b "$jar" "$base/cars" | wc -c)
printf '\n%-10s %12s %10s\n' route "req/s" "vs healthz"
for row in "/healthz $healthz" "/ $home" "/cars $cars"; do
  set -- $row
  printf '%-10s %12.0f %9.3fx\n' "$1" "$2" "$(echo "$2 / $healthz" | bc -l)"
done
echo "/cars page with 1,000 cars: $bytes bytes"
