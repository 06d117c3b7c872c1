#!/usr/bin/env bash
# Load figures for the web shell: requests/second for the home page, for /cars holding 1,000 cars
# twice (one device's cars named in ASCII, `Maker17`/`Model17`; a second device's in the text people
# write: Cyrillic, Polish diacritics and `& < > " '`), and for /habits holding 100 habits with ten
# years of daily tracks, each as a ratio to /healthz served by the same process in the same run;
# what the realistic text costs over ASCII on /cars; the server's own median time per route (the
# access log's `ms=`); bytes and req/s with and without gzip (issue 34); and its resident memory after
# start, after seeding and after a 60 s mixed load.
# Installs wrk, curl, bc and sqlite3 from Debian when missing. Only loopback traffic; every wrk run
# is bounded (seconds per route x 5, plus 60 s of mixed load).
# Usage: benchmarks/load.sh [seconds-per-route, default 10]
#   APPDECK_BIN=/path/to/appdeck  use that binary instead of building the release one
#   LOAD_SKIP_SOAK=1              skip the 60 s mixed load and the memory figure after it
#   LOAD_SKEW=1                   make the measured device own 3/4 of a 81,000-car table, its first page
#                                 after 20,000 other devices' rows (issue 34: plans that depend on the owner)
#   LOAD_KEEP_LOG=1               keep the server's log (its path is printed)
#   LOAD_PROFILE="/cars text"     record that row's run with perf (call graphs) and print where the
#                                 server's time goes (perf from Debian's linux-perf, installed if missing)
set -euo pipefail
bin=${APPDECK_BIN:-}
if [ -n "$bin" ]; then  # resolved before the cd below, so a relative path works too
  bin=$(realpath -e -s "$bin") && [ -x "$bin" ] || { echo "APPDECK_BIN is not an executable: ${APPDECK_BIN}" >&2; exit 1; }
fi
cd "$(dirname "$0")/.."
duration=${1:-10}
soak=60
missing=(); for tool in wrk curl bc sqlite3; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ -n "${LOAD_PROFILE:-}" ] && ! command -v perf >/dev/null; then missing+=(linux-perf); fi
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ -z "$bin" ]; then
  swift build -c release --product appdeck >/dev/null
  bin=$PWD/.build/release/appdeck
fi
echo "Binary: $bin"
# Where the data lives: the embedded SQLite file (default), one server on PostgreSQL, or two
# servers on one PostgreSQL behind nginx (issue 26), which is then what wrk asks.
backend=${LOAD_BACKEND:-sqlite}
case $backend in sqlite | postgres | nginx2) ;; *) echo "LOAD_BACKEND is sqlite, postgres or nginx2, not $backend" >&2; exit 1 ;; esac
echo "Backend: $backend"
data=$(mktemp -d)
chmod 755 "$data"  # nginx's workers write their temp files under it
log=$(mktemp --suffix=.appdeck.log)
servers=()
# The seeding below posts 2,100 forms from one address as fast as curl goes, far past the write
# rate a person meets (issue 34: 200 at once and one a second per device); the measured runs are GETs.
no_write_rate=(--write-rate-per-owner off --write-rate-per-address off)
start_server() { # data directory, log file: starts one appdeck, adds its pid to `servers`, sets `started` to its URL
  mkdir -p "$1"
  if [ "$backend" = sqlite ]; then
    "$bin" --port 0 --data-dir "$1" --log-level info "${no_write_rate[@]}" >"$2" 2>&1 &
  else
    APPDECK_DATABASE_URL=$POSTGRES_CLUSTER_URL "$bin" --port 0 --data-dir "$1" --key-dir "$data/keys" --log-level info \
      --trusted-proxies 127.0.0.1 "${no_write_rate[@]}" >"$2" 2>&1 &
  fi
  servers+=($!)
  for _ in $(seq 300); do grep -q "serving" "$2" && break; sleep 0.1; done
  started=$(grep -o 'http://[^ ]*' "$2" | head -n 1)
  [ -n "$started" ] || { echo "The server did not start:" >&2; cat "$2" >&2; exit 1; }
  started=${started%/}
}
cleanup() {
  [ "$backend" = nginx2 ] && python3 deploy/local_nginx.py stop "$data/nginx" 2>/dev/null
  for pid in "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done
  [ "$backend" != sqlite ] && postgres_cluster_stop "$data/postgres"
  rm -rf "$data"
  if [ "${LOAD_KEEP_LOG:-}" = 1 ]; then echo "Server log kept: $log"; else rm -f "$log" "$log.2"; fi
}
trap cleanup EXIT
if [ "$backend" != sqlite ]; then
  source scripts/postgres-cluster.sh
  postgres_cluster_start "$data/postgres" >/dev/null
  "$bin" keys init --key-dir "$data/keys" >/dev/null
fi
start_server "$data/server1" "$log"
base=$started server=${servers[0]}
if [ "$backend" = nginx2 ]; then
  start_server "$data/server2" "$log.2"
  second=$started
  proxy_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  python3 deploy/local_nginx.py start "$data/nginx" "$proxy_port" "${base#http://}" "${second#http://}"
  # Seeding goes to the first server directly: nginx's limit_req (600 posts at once, then five a
  # second per address) would refuse most of it. Everything measured goes through nginx.
  proxied=http://127.0.0.1:$proxy_port
fi
rss() { awk '/^VmRSS:/ {print $2}' "/proc/$server/status"; }  # kB
rss_start=$(rss)

new_device() { # cookie jar -> a new device in it; sets token, cookie and device
  local page value
  page=$(curl -s -c "$1" "$base/")
  token=$(grep -o 'name="_csrf" value="[0-9a-f]*"' <<<"$page" | head -n 1 | sed 's/.*value="\(.*\)"/\1/')
  value=$(awk '/appdeck_device/ {print $7}' "$1")
  cookie="appdeck_device=$value"
  device=${value%%.*}  # should the cookie ever carry a signature after a '.', the id is before it
}
bodies=(sedan hatchback wagon coupe convertible suv minivan pickup)
add_car() { # cookie jar, token, i, manufacturer, model, car number
  curl -s -o /dev/null -b "$1" --data-urlencode "_csrf=$2" --data-urlencode "manufacturer=$4" --data-urlencode "model=$5" \
    --data-urlencode "body=${bodies[$(($3 % 8))]}" --data-urlencode "yearOfIssue=$((1990 + $3 % 30))" --data-urlencode "carNumber=$6" "$base/cars"
}
listed() { curl -s -b "$1" "$base/cars" | { grep -o 'class="cell car"' || true; } | wc -l; }

# The text device: names as people write them, four kinds in turn. Every field a page shows holds
# non-ASCII text or an escaped character (the body is the catalogue's name; the year is digits).
text_jar="$data/cookies-text"
new_device "$text_jar"
text_token=$token text_cookie=$cookie text_device=$device
echo "Seeding 1,000 cars with realistic text (Cyrillic, Polish, & < > \" ') on a second device…"
for i in $(seq 1 1000); do
  case $((i % 4)) in
    0) add_car "$text_jar" "$text_token" "$i" "Производитель$i" "Модель$i" "А $i ВС" ;;
    1) add_car "$text_jar" "$text_token" "$i" "Łódź Żółć $i" "Gęślą jaźń «$i»" "WŁ $i ŻÓ" ;;
    2) add_car "$text_jar" "$text_token" "$i" "Maker$i & <Co>" "Модель$i" "Ё $i Щ" ;;
    3) add_car "$text_jar" "$text_token" "$i" "\"O'Brien\" & Sons $i" "SS <$i> > 'Ą'" "ŁĘ $i Ы" ;;
  esac
done

jar="$data/cookies"
new_device "$jar"
echo "Seeding 1,000 cars…"
for i in $(seq 1 1000); do
  add_car "$jar" "$token" "$i" "Maker$i" "Model$i" "A$i"
done
count=$(listed "$jar")
echo "Cars listed: $count"
sql() { # one statement, its single value
  if [ "$backend" = sqlite ]; then sqlite3 "$data/server1/appdeck.sqlite" ".timeout 10000" "$1"; else psql "$POSTGRES_CLUSTER_URL" -tAq -c "$1"; fi
}
stored() { sql "SELECT COUNT(*) FROM car WHERE deviceID = '$1'"; }
echo "Cars stored: $(stored "$device") (ASCII), $(stored "$text_device") (realistic text, $(listed "$text_jar") listed)"

echo "Seeding 100 habits through the form, then ten years of daily tracks for each straight into the database…"
for i in $(seq 1 100); do
  curl -s -o /dev/null -b "$jar" --data-urlencode "_csrf=$token" --data-urlencode "name=Habit number $i with a realistic name" \
    --data-urlencode "color=$(printf '#%02x%02x%02x' $(((i * 37) % 256)) $(((i * 91) % 256)) $(((i * 53) % 256)))" \
    --data-urlencode "time=$(printf '%02d:%02d' $((6 + i % 16)) $(((i * 7) % 60)))" "$base/habits"
done
# One transaction; the habitTrack triggers keep habit.trackCount (on PostgreSQL they are off for the
# bulk insert and the counts are set after it). Days are the server's calendar days (the device
# has not sent a time zone), today included: 3,650 per habit.
if [ "$backend" = sqlite ]; then
sqlite3 "$data/server1/appdeck.sqlite" <<SQL
.timeout 10000
BEGIN IMMEDIATE;
WITH RECURSIVE back(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM back WHERE n < 3649)
INSERT INTO habitTrack (habitID, day, trackedAt)
  SELECT h.id, date('now', 'localtime', '-' || n || ' days'),
         strftime('%Y-%m-%d %H:%M:%f', date('now', 'localtime', '-' || n || ' days') || ' 08:00:00')
  FROM habit h CROSS JOIN back WHERE h.deviceID = '$device';
COMMIT;
SQL
else
psql "$POSTGRES_CLUSTER_URL" -q -v ON_ERROR_STOP=1 <<SQL
BEGIN;
ALTER TABLE habitTrack DISABLE TRIGGER USER;
INSERT INTO habitTrack (habitID, day, trackedAt)
  SELECT h.id, to_char(current_date - n, 'YYYY-MM-DD'), (current_date - n) + time '08:00'
  FROM habit h CROSS JOIN generate_series(0, 3649) n WHERE h.deviceID = '$device';
ALTER TABLE habitTrack ENABLE TRIGGER USER;
UPDATE habit h SET trackCount = t.count, lastTrackedDay = t.last
  FROM (SELECT habitID, count(*) AS count, max(day) AS last FROM habitTrack GROUP BY habitID) t
  WHERE t.habitID = h.id AND h.deviceID = '$device';
COMMIT;
SQL
fi
tracks=$(sql "SELECT COUNT(*) FROM habitTrack t JOIN habit h ON h.id = t.habitID WHERE h.deviceID = '$device'")
habits=$(curl -s -b "$jar" "$base/habits" | { grep -o 'class="habit-card"' || true; } | wc -l)
echo "Tracks stored: $tracks; habit cards on /habits: $habits"
if [ "${LOAD_SKEW:-}" = 1 ]; then
  # Issue 34's skewed table: 2,000 other devices' 20,000 cars first, then the measured device's
  # cars again after them, 61,000 in all, so it owns three quarters of `car` and its first page
  # comes after every other device's rows (a plan that walks car's primary key and filters owners
  # reads all of those before the first car it shows).
  echo "Skewing car: 20,000 cars of 2,000 other devices, then the measured device's 61,000…"
  if [ "$backend" = sqlite ]; then
    sqlite3 "$data/server1/appdeck.sqlite" <<SQL
.timeout 10000
BEGIN IMMEDIATE;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
INSERT INTO device (id, createdAt) SELECT printf('%032x', i), CURRENT_TIMESTAMP FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
INSERT INTO car (deviceID, manufacturer, model, body, yearOfIssue, carNumber)
  SELECT printf('%032x', 1 + i % 2000), 'Other' || i, 'Model' || i, 'sedan', 2000, 'X' || i FROM n;
CREATE TEMP TABLE mine AS SELECT * FROM car WHERE deviceID = '$device' ORDER BY id;
DELETE FROM car WHERE deviceID = '$device';
INSERT INTO car (deviceID, manufacturer, model, body, yearOfIssue, carNumber)
  SELECT deviceID, manufacturer, model, body, yearOfIssue, carNumber FROM mine ORDER BY id;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
INSERT INTO car (deviceID, manufacturer, model, body, yearOfIssue, carNumber)
  SELECT '$device', 'Maker' || (1000 + i), 'Model' || (1000 + i), 'sedan', 2001, 'B' || i FROM n;
COMMIT;
ANALYZE;
SQL
  else
    psql "$POSTGRES_CLUSTER_URL" -q -v ON_ERROR_STOP=1 <<SQL
BEGIN;
INSERT INTO device (id, createdAt) SELECT lpad(to_hex(i), 32, '0'), now() FROM generate_series(1, 2000) i;
INSERT INTO car (deviceID, manufacturer, model, body, yearOfIssue, carNumber)
  SELECT lpad(to_hex(1 + i % 2000), 32, '0'), 'Other' || i, 'Model' || i, 'sedan', 2000, 'X' || i FROM generate_series(1, 20000) i;
CREATE TEMP TABLE mine AS SELECT * FROM car WHERE deviceID = '$device' ORDER BY id;
DELETE FROM car WHERE deviceID = '$device';
INSERT INTO car (deviceID, manufacturer, model, body, yearOfIssue, carNumber)
  SELECT deviceID, manufacturer, model, body, yearOfIssue, carNumber FROM mine ORDER BY id;
INSERT INTO car (deviceID, manufacturer, model, body, yearOfIssue, carNumber)
  SELECT '$device', 'Maker' || (1000 + i), 'Model' || (1000 + i), 'sedan', 2001, 'B' || i FROM generate_series(1, 60000) i;
COMMIT;
VACUUM ANALYZE;
SQL
  fi
  echo "Cars stored: $(stored "$device") of the measured device, $(sql "SELECT COUNT(*) FROM car") in all; listed: $(listed "$jar")"
fi
rss_seeded=$(rss)
[ "$backend" = nginx2 ] && base=$proxied

median_ms() { # route, first and last log line -> median ms= of its "GET <route> <status>" lines in that range
  sed -n "$(($2 + 1)),$3p" "$log" | awk -v route="$1" '
    { ms = ""; hit = 0
      for (i = 1; i <= NF; i++) {
        if ($i ~ /^ms=/) { ms = $i; sub(/^ms=/, "", ms); gsub(/[^0-9.eE+-]/, "", ms) }
        if ($i == "GET" && $(i + 1) == route && $(i + 2) ~ /^[0-9][0-9][0-9]$/) hit = 1
      }
      if (hit && ms != "") printf "%.6f\n", ms + 0 }' |
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) printf "%.3f\n", v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
# CPU time (clock ticks) the servers and, on PostgreSQL, every postgres process have used so far:
# per request, a measure that other jobs on the machine do not move the way they move req/s.
ticks() { local total=0 pid; for pid in "$@"; do [ -r "/proc/$pid/stat" ] && total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done; echo "$total"; }
postgres_pids() { # the postmaster and its children (one backend per pooled connection, kept for the run)
  [ "$backend" = sqlite ] && return
  local main; main=$(head -n 1 "$data/postgres/data/postmaster.pid")
  echo "$main $(pgrep -P "$main" | tr '\n' ' ')"
}
tick=$(getconf CLK_TCK)
echo "Load average before the runs: $(loadavg)"
# What each row measures: its label, the path and whose cookie. `/cars text` is /cars for the device
# whose cars carry realistic text; every other row is the first device's.
labels=(/healthz / /cars "/cars text" /habits)
routes=(/healthz / /cars /cars /habits)
cookies=("$cookie" "$cookie" "$cookie" "$text_cookie" "$cookie")
rates=(); medians=(); server_us=(); postgres_us=()
for i in "${!routes[@]}"; do  # one after another
  from=$(wc -l <"$log")
  pg_pids=$(postgres_pids)
  server_before=$(ticks "${servers[@]}") postgres_before=$(ticks $pg_pids)
  profiler=
  if [ "${LOAD_PROFILE:-}" = "${labels[$i]}" ]; then
    perf record -q -F 999 -g -p "$server" -o "$data/perf.data" -- sleep "$duration" >/dev/null 2>&1 &
    profiler=$!
  fi
  result=$(wrk -t2 -c16 -d"${duration}s" -H "Cookie: ${cookies[$i]}" "$base${routes[$i]}")
  rates+=("$(awk '/Requests\/sec/ {print $2}' <<<"$result")")
  requests=$(awk '/requests in/ {print $1}' <<<"$result")
  server_us+=("$(echo "($(ticks "${servers[@]}") - $server_before) * 1000000 / $tick / $requests" | bc)")
  postgres_us+=("$(echo "($(ticks $pg_pids) - $postgres_before) * 1000000 / $tick / $requests" | bc)")
  sleep 0.3  # let the last access-log lines land
  [ -z "$profiler" ] || wait "$profiler"
  medians+=("$(median_ms "${routes[$i]}" "$from" "$(wc -l <"$log")")")
done
# One request at a time: the server's own time for a page, without waiting for a core.
singles=()
for i in "${!routes[@]}"; do
  from=$(wc -l <"$log")
  wrk -t1 -c1 -d3s -H "Cookie: ${cookies[$i]}" "$base${routes[$i]}" >/dev/null
  sleep 0.3
  singles+=("$(median_ms "${routes[$i]}" "$from" "$(wc -l <"$log")")")
done
healthz=${rates[0]}
bytes_cars=$(curl -s -b "$jar" "$base/cars" | wc -c)
bytes_cars_text=$(curl -s -b "$text_jar" "$base/cars" | wc -c)
bytes_habits=$(curl -s -b "$jar" "$base/habits" | wc -c)
printf '\n%-10s %12s %11s %14s %14s %12s %12s\n' route "req/s" "vs healthz" "median ms" "alone ms" "server us" "postgres us"
for i in "${!routes[@]}"; do
  printf '%-10s %12.0f %10.3fx %14s %14s %12s %12s\n' "${labels[$i]}" "${rates[$i]}" "$(echo "${rates[$i]} / $healthz" | bc -l)" \
    "${medians[$i]}" "${singles[$i]}" "${server_us[$i]}" "${postgres_us[$i]}"
done
echo "median ms: the server's own time per request (access log ms=) during that route's run; with 16 connections"
echo "at once it includes waiting for the 2 cores, so it is not the time of one request alone."
echo "alone ms: the same median with one connection (wrk -c1, 3 s): the time one request takes."
echo "server us, postgres us: CPU time per request under load, of the appdeck servers and of every postgres process."
echo "/cars page with 1,000 cars: $bytes_cars bytes"
echo "/cars page with 1,000 cars in realistic text (/cars text): $bytes_cars_text bytes"
# One pair of runs drifts with whatever else the machine does, so the text's cost is also taken from
# rounds that alternate the two devices (ASCII, text, ASCII, text…), each round its own ratio.
rounds=5 round_seconds=$(( (duration + 1) / 2 ))
overheads=()
for _ in $(seq "$rounds"); do
  ascii=$(wrk -t2 -c16 -d"${round_seconds}s" -H "Cookie: $cookie" "$base/cars" | awk '/Requests\/sec/ {print $2}')
  text=$(wrk -t2 -c16 -d"${round_seconds}s" -H "Cookie: $text_cookie" "$base/cars" | awk '/Requests\/sec/ {print $2}')
  overheads+=("$(echo "($ascii / $text - 1) * 100" | bc -l)")
done
overhead_median=$(printf '%s\n' "${overheads[@]}" | sort -g | awk '{ v[NR] = $1 } END { print v[(NR + 1) / 2] }')
printf 'Realistic text over ASCII on /cars: %+.1f%% time per request under load in the rows above; in %d alternating rounds of %d s: median %+.1f%% (rounds:%s)\n' \
  "$(echo "(${rates[2]} / ${rates[3]} - 1) * 100" | bc -l)" "$rounds" "$round_seconds" "$overhead_median" \
  "$(printf ' %+.1f%%' "${overheads[@]}")"
echo "/habits page with 100 habits: $bytes_habits bytes"

# Compression (issue 34): the same pages asked with and without `Accept-Encoding: gzip`, bytes on
# the wire (the body as sent) and req/s in rounds that alternate the two, each round its own ratio.
echo
echo "Compression (gzip level from Sources/WebShell/Compression/Gzip.swift), $rounds alternating rounds of $round_seconds s:"
printf '%-10s %10s %10s %8s %14s %14s %12s\n' route "bytes" "gzipped" "ratio" "req/s plain" "req/s gzip" "gzip/plain"
gzip_labels=(/ "/cars text" /habits)
gzip_routes=(/ /cars /habits)
gzip_cookies=("$cookie" "$text_cookie" "$cookie")
for i in "${!gzip_routes[@]}"; do
  url="$base${gzip_routes[$i]}"
  plain_bytes=$(curl -s -H "Cookie: ${gzip_cookies[$i]}" "$url" | wc -c)
  gzip_bytes=$(curl -s -H "Cookie: ${gzip_cookies[$i]}" -H "Accept-Encoding: gzip" "$url" | wc -c)
  ratios=(); plain_rates=(); gzip_rates=()
  for _ in $(seq "$rounds"); do
    plain=$(wrk -t2 -c16 -d"${round_seconds}s" -H "Cookie: ${gzip_cookies[$i]}" "$url" | awk '/Requests\/sec/ {print $2}')
    zipped=$(wrk -t2 -c16 -d"${round_seconds}s" -H "Cookie: ${gzip_cookies[$i]}" -H "Accept-Encoding: gzip" "$url" | awk '/Requests\/sec/ {print $2}')
    plain_rates+=("$plain"); gzip_rates+=("$zipped"); ratios+=("$(echo "$zipped / $plain" | bc -l)")
  done
  median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[(NR + 1) / 2] }'; }
  printf '%-10s %10d %10d %7.3fx %14.0f %14.0f %11.3fx\n' "${gzip_labels[$i]}" "$plain_bytes" "$gzip_bytes" \
    "$(echo "$gzip_bytes / $plain_bytes" | bc -l)" "$(median "${plain_rates[@]}")" "$(median "${gzip_rates[@]}")" "$(median "${ratios[@]}")"
done
echo "gzip/plain: the median of the rounds' own ratios. /cars text shows 50 of its 1,000 cars (one page)."
echo "Each zlib level on the same pages (bytes, and zlib's own time per page: the level's cost):"
for i in "${!gzip_routes[@]}"; do
  curl -s -H "Cookie: ${gzip_cookies[$i]}" "$base${gzip_routes[$i]}" >"$data/page-$i.html"
done
python3 benchmarks/gzip_levels.py "$data"/page-*.html
echo "Load average after the runs: $(loadavg)"
if [ -n "${LOAD_PROFILE:-}" ] && [ -f "$data/perf.data" ]; then
  echo; echo "Where the server's time goes on ${LOAD_PROFILE} (perf, self time, symbols over 1%):"
  perf report -i "$data/perf.data" --no-children --sort dso,symbol --percent-limit 1 --stdio 2>/dev/null |
    grep -E '^ +[0-9.]+%' | sed -E 's/ +/ /g' | cut -c1-150 | head -40
  echo "By library (self time):"
  perf report -i "$data/perf.data" --no-children --sort dso --stdio 2>/dev/null | grep -E '^ +[0-9.]+%' | head -12
  cp "$data/perf.data" "${TMPDIR:-/tmp}/appdeck-load.perf.data"
  echo "perf data kept: ${TMPDIR:-/tmp}/appdeck-load.perf.data (perf report -i …)"
fi

mb() { echo "scale=1; $1 / 1024" | bc; }
if [ "${LOAD_SKIP_SOAK:-}" = 1 ]; then
  printf '\nResident memory (VmRSS): after start %s kB (%s MiB), after seeding %s kB (%s MiB); %s s mixed load skipped (LOAD_SKIP_SOAK=1)\n' \
    "$rss_start" "$(mb "$rss_start")" "$rss_seeded" "$(mb "$rss_seeded")" "$soak"
  exit 0
fi
echo
echo "Mixed load: /, /cars and /habits at once for $soak s (3 wrk processes, -t1 -c5 each)…"
rss_before_soak=$(rss)
pids=()
for route in / /cars /habits; do
  wrk -t1 -c5 -d"${soak}s" -H "Cookie: $cookie" "$base$route" >"$data/soak${route//\//_}" &
  pids+=($!)
done
wait "${pids[@]}"
rss_soaked=$(rss)
for route in / /cars /habits; do
  printf '  %-8s %8.0f req/s\n' "$route" "$(awk '/Requests\/sec/ {print $2}' "$data/soak${route//\//_}")"
done
printf '\nResident memory (VmRSS):\n'
printf '  %-26s %9s kB %8s MiB\n' "after start" "$rss_start" "$(mb "$rss_start")" \
  "after seeding" "$rss_seeded" "$(mb "$rss_seeded")" \
  "after the per-route runs" "$rss_before_soak" "$(mb "$rss_before_soak")" \
  "after the ${soak} s mixed load" "$rss_soaked" "$(mb "$rss_soaked")"
printf '  after load / after seeding: %.3fx\n' "$(echo "$rss_soaked / $rss_seeded" | bc -l)"
echo "Load average after the mixed load: $(loadavg)"
