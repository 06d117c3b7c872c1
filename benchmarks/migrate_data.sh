#!/usr/bin/env bash
# `appdeck migrate-data` on a generated embedded install with 1,000,000 habit ticks (issue 34, item
# 5): its wall time and peak memory (max RSS, /usr/bin/time -v), against pg_restore of the same rows
# measured in the same run on the same throwaway PostgreSQL 15 cluster.
#
#   bash benchmarks/migrate_data.sh            TICKS=1000000 by default; MIGRATE_TICKS=100000 for a quick run
#   APPDECK_BIN=/path/to/appdeck               that binary instead of building the release one
#   MIGRATE_KEEP=1                             keep the work folder (the SQLite file, the dump)
#
# The source is made the way a server makes it: an appdeck started once on an empty data directory
# migrates its schema and stops; then sqlite3 inserts 1,000 devices, 100 cars each (100,000), 10
# habits each (10,000) and TICKS/10,000 daily ticks for each habit, with SQLite's triggers keeping
# habit.trackCount, lastTrackedDay and carBodyCount as the server would.
#
# References, each into a new database of the same cluster, from `pg_dump -Fc` of what migrate-data
# made (the same rows, the same schema):
#   pg_restore full       schema, data (COPY), then indexes and constraints: what moving a
#                         PostgreSQL database costs;
#   pg_restore data-only  `--data-only --disable-triggers` into the schema AppDeck migrates (indexes
#                         and foreign keys already there): the same work migrate-data does.
set -euo pipefail
cd "$(dirname "$0")/.."
ticks=${MIGRATE_TICKS:-1000000}
bin=${APPDECK_BIN:-}
if [ -z "$bin" ]; then
  swift build -c release --product appdeck >/dev/null
  bin=$PWD/.build/release/appdeck
fi
bin=$(realpath -e "$bin")
missing=(); for tool in sqlite3 /usr/bin/time; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3 time >/dev/null
fi
work=$(mktemp -d)
chmod 755 "$work"
source scripts/postgres-cluster.sh
cleanup() {
  postgres_cluster_stop "$work/postgres" >/dev/null 2>&1 || true
  [ -n "${server:-}" ] && kill -TERM "$server" 2>/dev/null
  if [ "${MIGRATE_KEEP:-}" = 1 ]; then echo "Kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

echo "Binary: $bin"
echo "== the embedded install: schema by appdeck, rows by sqlite3 ($ticks ticks)"
mkdir -p "$work/data"
"$bin" --port 0 --data-dir "$work/data" --log-level info >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 300); do grep -q "serving" "$work/server.log" && break; sleep 0.1; done
grep -q "serving" "$work/server.log" || { cat "$work/server.log" >&2; exit 1; }
kill -TERM "$server"; wait "$server" || true; server=
db=$work/data/appdeck.sqlite
per_habit=$((ticks / 10000))
sqlite3 "$db" <<SQL
.timeout 10000
BEGIN IMMEDIATE;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
INSERT INTO device (id, createdAt, language, timeZone)
  SELECT printf('%032x', i), '2024-01-01 08:00:00.000', CASE i % 3 WHEN 0 THEN 'ru' WHEN 1 THEN 'pl' ELSE NULL END, 'Europe/Warsaw' FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
INSERT INTO car (deviceID, manufacturer, model, body, yearOfIssue, carNumber)
  SELECT printf('%032x', 1 + i / 100), 'Łódź Żółć ' || i, 'Модель ' || i, CASE i % 3 WHEN 0 THEN 'sedan' WHEN 1 THEN 'coupe' ELSE 'pickup' END,
         1950 + i % 70, CASE WHEN i % 2 = 0 THEN 'А ' || i || ' ВС' END FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
INSERT INTO habit (deviceID, name, hour, minute, color, createdAt)
  SELECT printf('%032x', 1 + i / 10), 'Habit number ' || i || ' with a realistic name', 6 + i % 16, i % 60, '#3478f6', '2024-01-01 08:00:00.000' FROM n;
WITH RECURSIVE back(d) AS (SELECT 0 UNION ALL SELECT d + 1 FROM back WHERE d < $per_habit - 1)
INSERT INTO habitTrack (habitID, day, trackedAt)
  SELECT h.id, date('2025-12-31', '-' || d || ' days'), date('2025-12-31', '-' || d || ' days') || ' 08:00:00.000'
  FROM habit h CROSS JOIN back;
COMMIT;
SQL
sqlite3 "$db" "SELECT 'devices ' || (SELECT count(*) FROM device) || ', cars ' || (SELECT count(*) FROM car) || ', habits ' || (SELECT count(*) FROM habit) || ', ticks ' || (SELECT count(*) FROM habitTrack) || ', trackCount sum ' || (SELECT sum(trackCount) FROM habit)"
echo "SQLite file: $(du -m "$db" | cut -f1) MB"

echo "== PostgreSQL 15 (throwaway cluster, autovacuum off)"
POSTGRES_CLUSTER_SETTINGS="-c autovacuum=off" postgres_cluster_start "$work/postgres" >/dev/null
admin() { postgres_as_owner "$@"; }
owner=(); [ "$(id -u)" -eq 0 ] && owner=(runuser -u postgres --)  # what postgres_as_owner does, for /usr/bin/time
url_of() { echo "${POSTGRES_CLUSTER_URL%/appdeck*}/$1?sslmode=disable"; }
for name in migrated restored datarestored; do
  admin "$postgres_bin/psql" $POSTGRES_CLUSTER_ADMIN -d postgres -q -c "CREATE DATABASE $name OWNER appdeck"
done

timed() { # label, command…: wall seconds and max RSS from /usr/bin/time -v
  local label=$1; shift
  /usr/bin/time -v -o "$work/time.txt" "$@" >"$work/out.txt" 2>"$work/err.txt" || { cat "$work/out.txt" "$work/err.txt" "$work/time.txt" >&2; exit 1; }
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$work/time.txt")
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2 / 1024}' "$work/time.txt")
  printf '%-22s %8.2f s %9s MB max RSS\n' "$label" "$wall" "$rss"
  eval "${label//[^a-z]/_}_s=$wall"
}

echo "== timings"
APPDECK_DATABASE_URL=$(url_of migrated) timed "migrate-data" "$bin" migrate-data --from "$db"
echo "progress lines: $(grep -c "^copying" "$work/err.txt" || true)"
cat "$work/out.txt"
admin "$postgres_bin/pg_dump" $POSTGRES_CLUSTER_ADMIN -Fc -f "$work/postgres/dump" migrated
echo "pg_dump -Fc: $(du -m "$work/postgres/dump" | cut -f1) MB"
timed "pg_restore full" "${owner[@]}" "$postgres_bin/pg_restore" $POSTGRES_CLUSTER_ADMIN -d restored --no-owner "$work/postgres/dump"
# The schema as AppDeck makes it, then the rows alone.
"$bin" keys init --key-dir "$work/keys" >/dev/null
mkdir -p "$work/pgserver"
APPDECK_DATABASE_URL=$(url_of datarestored) "$bin" --port 0 --data-dir "$work/pgserver" --key-dir "$work/keys" --log-level info >"$work/pgserver.log" 2>&1 &
server=$!
for _ in $(seq 300); do grep -q "serving" "$work/pgserver.log" && break; sleep 0.1; done
kill -TERM "$server"; wait "$server" || true; server=
admin "$postgres_bin/psql" $POSTGRES_CLUSTER_ADMIN -d datarestored -q -c "TRUNCATE keyFingerprint"
timed "pg_restore data-only" "${owner[@]}" "$postgres_bin/pg_restore" $POSTGRES_CLUSTER_ADMIN -d datarestored --data-only --disable-triggers \
  -t device -t car -t carbodycount -t habit -t habittrack -t photofeed -t photofeeditem -t devicesecret -t storiessettings -t photolist "$work/postgres/dump"
for name in restored datarestored; do
  echo "$name: ticks $(admin "$postgres_bin/psql" $POSTGRES_CLUSTER_ADMIN -d $name -tAc 'SELECT count(*) FROM habitTrack')"
done
awk -v m="$migrate_data_s" -v f="$pg_restore_full_s" -v d="$pg_restore_data_only_s" \
  'BEGIN { printf "migrate-data / pg_restore full: %.2fx; / pg_restore data-only: %.2fx\n", m / f, m / d }'
