#!/usr/bin/env bash
# AppDeck as it runs when one machine is not enough (issue 26), all on loopback: a throwaway
# PostgreSQL cluster, keys made once, N identical appdeck servers on that database (default 2) and
# Debian's nginx round-robining over them with keep-alive. Prints the URL; Ctrl-C stops everything
# and removes the folder it all lived in.
# Usage: deploy/run-local.sh
#   APPDECK_BIN=/path/to/appdeck   that binary (default: the release build, made if missing)
#   APPDECK_SERVERS=3              how many servers
#   APPDECK_DEPLOY_PORT=8080       nginx's port (default: a free one)
# Installs nginx and postgresql-15 from Debian when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
source scripts/postgres-cluster.sh
servers=${APPDECK_SERVERS:-2}
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

if ! command -v nginx >/dev/null; then
  echo "== installing nginx (apt)"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
fi
bin=${APPDECK_BIN:-}
if [ -z "$bin" ]; then
  swift build -c release --product appdeck >/dev/null
  bin=$root/.build/release/appdeck
fi

work=$(mktemp -d /tmp/appdeck-deploy.XXXXXX)
chmod 755 "$work"  # nginx's workers (nobody) read nothing here but its temp files
pids=()
cleanup() {
  trap - EXIT INT TERM
  python3 deploy/local_nginx.py stop "$work/nginx" 2>/dev/null || true
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  postgres_cluster_stop "$work/postgres"
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

postgres_cluster_start "$work/postgres"
"$bin" keys init --key-dir "$work/keys" >/dev/null

addresses=()
for i in $(seq "$servers"); do
  port=$(free_port)
  metrics_port=$(free_port)
  mkdir -p "$work/server$i"
  # The URL goes in the environment, not on the command line, which `ps` shows. Each server's
  # metrics are on a loopback port of its own, which nginx never proxies to.
  APPDECK_DATABASE_URL=$POSTGRES_CLUSTER_URL "$bin" --port "$port" --data-dir "$work/server$i" --key-dir "$work/keys" \
    --trusted-proxies 127.0.0.1 --metrics-port "$metrics_port" >"$work/server$i/stdout" 2>"$work/server$i/server.log" &
  pids+=($!)
  for _ in $(seq 300); do grep -q "serving" "$work/server$i/stdout" && break; kill -0 "${pids[-1]}" 2>/dev/null || break; sleep 0.1; done
  grep -q "serving" "$work/server$i/stdout" || { cat "$work/server$i/server.log" >&2; echo "server $i did not start" >&2; exit 1; }
  addresses+=("127.0.0.1:$port")
  echo "server $i: http://127.0.0.1:$port/, metrics http://127.0.0.1:$metrics_port/metrics (log: $work/server$i/server.log)"
done

listen=${APPDECK_DEPLOY_PORT:-$(free_port)}
python3 deploy/local_nginx.py start "$work/nginx" "$listen" "${addresses[@]}"
echo "AppDeck is serving http://127.0.0.1:$listen/ (nginx over $servers servers, PostgreSQL at ${POSTGRES_CLUSTER_URL#*@}); Ctrl-C stops everything"
wait "${pids[@]}"
