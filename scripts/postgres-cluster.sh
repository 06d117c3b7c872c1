#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster on loopback, for the test run and deploy/run-local.sh: sourced,
# it defines
#   postgres_cluster_start DIR   initdb in DIR/data (fsync off, no sync), a free 127.0.0.1 port,
#                                password authentication over TCP, a role and database `appdeck`;
#                                sets POSTGRES_CLUSTER_URL (postgres://appdeck:…@127.0.0.1:PORT/appdeck)
#                                and POSTGRES_CLUSTER_ADMIN (psql arguments for the superuser)
#   postgres_cluster_stop DIR    stops it at once (the data is throwaway)
# POSTGRES_CLUSTER_SETTINGS adds server settings (`-c name=value …`) for the one start.
# Installs postgresql-15 from Debian when initdb is missing. initdb refuses root: as root, the
# cluster belongs to the `postgres` user the Debian package made, and DIR is given to it (its parent
# folders must let that user through: mktemp -d makes 0700 folders, so chmod 755 such a parent).
postgres_bin=/usr/lib/postgresql/15/bin

postgres_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

postgres_cluster_install() {
  [ -x "$postgres_bin/initdb" ] && return 0
  echo "== installing postgresql-15 (apt)"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null
}

postgres_cluster_start() {
  local dir=$1 port password
  postgres_cluster_install || { echo "apt-get install postgresql-15 failed" >&2; return 1; }
  mkdir -p "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  password=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
  postgres_as_owner "$postgres_bin/initdb" --no-sync -D "$dir/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
      --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    && postgres_as_owner "$postgres_bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o \
      "-F -p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200 ${POSTGRES_CLUSTER_SETTINGS:-}" start >/dev/null \
    && postgres_as_owner "$postgres_bin/psql" -h "$dir" -p "$port" -U postgres -d postgres -q -v ON_ERROR_STOP=1 \
      -c "CREATE ROLE appdeck LOGIN CREATEDB PASSWORD '$password'" -c "CREATE DATABASE appdeck OWNER appdeck" \
    || { cat "$dir"/*.log >&2; echo "PostgreSQL did not start" >&2; return 1; }
  POSTGRES_CLUSTER_URL="postgres://appdeck:$password@127.0.0.1:$port/appdeck?sslmode=disable"
  POSTGRES_CLUSTER_ADMIN="-h $dir -p $port -U postgres"
  export POSTGRES_CLUSTER_URL POSTGRES_CLUSTER_ADMIN
}

postgres_cluster_stop() {
  local dir=$1
  [ -d "$dir/data" ] && postgres_as_owner "$postgres_bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1
  rm -rf "$dir"
}
