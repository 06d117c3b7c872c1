#!/usr/bin/env bash
# Runs every AppDeck test: swift test, the ThreadSafeArray suite under ThreadSanitizer, the fast
# reliability tests (raw HTTP: timeouts, shutdown, HEAD, 405, cookies…) and the browser e2e suite.
# Installs what is missing first (Debian: chromium, chromium-driver, postgresql-15, and cmark-gfm
# for READMEs: libcmark-gfm-dev, libcmark-gfm-extensions-dev, cmark-gfm; PyPI: selenium 4.40.0,
# pytest, pytest-xdist). Starts one throwaway PostgreSQL cluster for the run (the store contract
# suites' second backend; stopped on exit). Exits non-zero if any runner fails; prints each
# runner's summary line and time.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
logs=$(mktemp -d)

need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
command -v chromedriver >/dev/null || need_apt+=(chromium-driver)
pg_bin=/usr/lib/postgresql/15/bin
[ -x "$pg_bin/initdb" ] || need_apt+=(postgresql-15)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "== installing ${need_apt[*]} (apt)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${need_apt[@]}" >/dev/null || { echo "apt-get install failed"; exit 1; }
fi
bash scripts/install-cmark-gfm.sh || exit 1
python3 -c 'import selenium, sys; sys.exit(selenium.__version__ != "4.40.0")' 2>/dev/null \
  || python3 -m pip install -q "selenium==4.40.0" || { echo "pip install selenium failed"; exit 1; }
python3 -c 'import pytest' 2>/dev/null || python3 -m pip install -q pytest || { echo "pip install pytest failed"; exit 1; }
python3 -c 'import xdist' 2>/dev/null || python3 -m pip install -q pytest-xdist || { echo "pip install pytest-xdist failed"; exit 1; }
started=$SECONDS
elapsed() { local from=$1; echo "$((SECONDS - from)) s"; }

# PostgreSQL for the store contract suites: one cluster for the whole run, in a temporary folder,
# fsync off, on a free loopback port, password authentication over TCP. Each test makes its own
# database there through the URL exported below, and drops it (autovacuum off: its workers may not
# be ended by the tests' role, so they would stop the drop). initdb refuses root: as root, the
# cluster belongs to the postgres user Debian's package made.
if [ "$(id -u)" -eq 0 ]; then as_postgres() { runuser -u postgres -- "$@"; }; else as_postgres() { "$@"; }; fi
pg_dir=$(mktemp -d /tmp/appdeck-pg.XXXXXX)
stop_postgres() {
  as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1
  rm -rf "$pg_dir" "$logs"
}
trap stop_postgres EXIT
[ "$(id -u)" -eq 0 ] && chown postgres: "$pg_dir"
pg_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
pg_password=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
echo "== PostgreSQL 15 (throwaway cluster on 127.0.0.1:$pg_port)"
as_postgres "$pg_bin/initdb" --no-sync -D "$pg_dir/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >"$pg_dir/initdb.log" 2>&1 \
  && as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w -o \
    "-F -p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1 -c max_connections=200 -c autovacuum=off" start >/dev/null \
  && as_postgres "$pg_bin/psql" -h "$pg_dir" -p "$pg_port" -U postgres -d postgres -q -v ON_ERROR_STOP=1 \
    -c "CREATE ROLE appdeck LOGIN CREATEDB PASSWORD '$pg_password'" -c "CREATE DATABASE appdeck OWNER appdeck" \
  || { cat "$pg_dir"/*.log; echo "PostgreSQL did not start"; exit 1; }
export APPDECK_TEST_DATABASE_URL="postgres://appdeck:$pg_password@127.0.0.1:$pg_port/appdeck?sslmode=disable"

# One build for everything: tests, and the binaries the e2e suite runs (a plain `swift build`
# would compile without testability and `swift test` would compile the whole package again).
# An import that Package.swift does not declare fails the build. No debug information: the tests
# never run under a debugger, and writing and linking it is time CI does not have (a crash's
# backtrace still names its functions, without line numbers).
imports=(--explicit-target-dependency-import-check error)
echo "== swift build --build-tests"
step=$SECONDS
swift build --build-tests "${imports[@]}" -debug-info-format none 2>&1 | tee "$logs/build.log" | grep -E "error:|warning: .*/Sources/|Build complete"
build_status=${PIPESTATUS[0]}
if [ "$build_status" -ne 0 ]; then
  grep -E "error" "$logs/build.log" | head -40
  echo "swift build failed"; exit 1
fi

build_time=$(elapsed $step)
echo "== swift test"
step=$SECONDS
swift test --skip-build --disable-xctest 2>&1 | tee "$logs/swift-test.log"
swift_status=${PIPESTATUS[0]}
swift_time=$(elapsed $step)

echo "== swift test --sanitize=thread (ThreadSafeArray, package sanitizers/)"
# Its own package, so the sanitized build compiles ThreadSafeArray and its tests only.
tsan=(--package-path sanitizers --sanitize=thread)
step=$SECONDS
swift build --build-tests "${imports[@]}" "${tsan[@]}" 2>&1 | tee "$logs/tsan-build.log" | grep -E "error:|Build complete"
if [ "${PIPESTATUS[0]}" -ne 0 ]; then
  grep -E "error" "$logs/tsan-build.log" | head -40
fi
swift test --skip-build --disable-xctest "${tsan[@]}" 2>&1 | tee "$logs/tsan.log"
tsan_status=${PIPESTATUS[0]}
if grep -q "ThreadSanitizer" "$logs/tsan.log"; then tsan_status=1; fi
tsan_time=$(elapsed $step)

echo "== reliability/fast (pytest, raw HTTP against the server)"
step=$SECONDS
# Its own pytest run: e2e and reliability/fast each have a conftest.py that the other must not see.
APPDECK_BIN="$root/.build/debug/appdeck" python3 -m pytest reliability/fast -q -p no:cacheprovider 2>&1 | tee "$logs/reliability.log"
reliability_status=${PIPESTATUS[0]}
reliability_time=$(elapsed $step)

# Two workers (pytest-xdist), each with its own server and browsers: one worker leaves the
# 2 cores a third idle while a page loads or a browser starts.
echo "== e2e (pytest + selenium + headless chromium, 2 workers)"
step=$SECONDS
APPDECK_BIN="$root/.build/debug/appdeck" APPDECK_CARS_BIN="$root/.build/debug/cars" \
  python3 -m pytest e2e -q -p no:cacheprovider -n 2 2>&1 | tee "$logs/e2e.log"
e2e_status=${PIPESTATUS[0]}
e2e_time=$(elapsed $step)

summary() { grep -E "$2" "$logs/$1" | tail -n 1; }
echo
echo "== summary"
echo "swift build:          $build_time"
echo "swift test:           $(summary swift-test.log 'Test run with|tests? .*(passed|failed)|error:') (exit $swift_status, $swift_time)"
echo "swift test (TSan):    $(summary tsan.log 'Test run with|tests? .*(passed|failed)|error:') (exit $tsan_status, $tsan_time)"
echo "reliability/fast:     $(summary reliability.log '[0-9]+ (passed|failed)|error') (exit $reliability_status, $reliability_time)"
echo "e2e:                  $(summary e2e.log '[0-9]+ (passed|failed)|error') (exit $e2e_status, $e2e_time)"
echo "total:                $(elapsed $started)"
[ "$swift_status" -eq 0 ] && [ "$tsan_status" -eq 0 ] && [ "$reliability_status" -eq 0 ] && [ "$e2e_status" -eq 0 ]
