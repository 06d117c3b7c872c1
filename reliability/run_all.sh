#!/usr/bin/env bash
# Runs every long reliability script in turn with its defaults (about 6 minutes in all) against
# APPDECK_BIN (default .build/release/appdeck), then prints one PASS/FAIL line per script.
# Exits non-zero if any failed. Extra arguments are not passed on: run a script alone to change its bounds.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${APPDECK_BIN:-$here/../.build/release/appdeck}
export APPDECK_BIN=$(realpath -m "$bin")  # before cd: a relative path is the caller's
cd "$here"
python3 -c 'import hypothesis' 2>/dev/null || python3 -m pip install -q hypothesis || echo "hypothesis missing: fuzz_forms.py will fail"
echo "Binary: $APPDECK_BIN"
summary=()
status=0
for script in slow_clients kill9_writes sigterm_load soak_memory fuzz_forms upstream_chaos; do
  echo
  echo "== $script.py"
  began=$SECONDS
  if python3 "$script.py"; then result=PASS; else result=FAIL; status=1; fi
  summary+=("$(printf '%-4s  %-16s %4d s' "$result" "$script.py" $((SECONDS - began)))")
done
echo
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $status
