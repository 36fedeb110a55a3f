#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1:5432 (trust auth for the `postgres` role) when
# nothing answers there, installing Debian's `postgresql` first when its binaries are absent. Used by
# .ci/run; a developer can source it too. The cluster lives under ${WEFT_PG_DIR:-/tmp/weft-ci-pg}
# and is not stopped (CI machines are discarded; `pg_ctl -D <dir>/data stop` ends it by hand).
set -euo pipefail
PG_PORT=5432
PG_DIR=${WEFT_PG_DIR:-/tmp/weft-ci-pg}

if pg_isready -h 127.0.0.1 -p "$PG_PORT" -q 2>/dev/null; then
  echo "postgres: already answering on 127.0.0.1:$PG_PORT"
  exit 0
fi

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
if [ -z "$(pg_bin)" ]; then
  echo "postgres: installing Debian's postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
  # The package starts its own cluster on 5432 under systemd-less machines sometimes; use it if so.
  if pg_isready -h 127.0.0.1 -p "$PG_PORT" -q 2>/dev/null; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main stop || true
  fi
fi
BIN=$(pg_bin)
[ -n "$BIN" ] || { echo "postgres: no binaries after install"; exit 1; }

# initdb refuses to run as root: the cluster belongs to the `postgres` system user.
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
mkdir -p "$PG_DIR"
[ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
if [ ! -f "$PG_DIR/data/PG_VERSION" ]; then
  as_pg "$BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
fi
# Tests create one database per test file and run a few at once: room for their pools.
as_pg "$BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start \
  -o "-h 127.0.0.1 -p $PG_PORT -k $PG_DIR -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >/dev/null
pg_isready -h 127.0.0.1 -p "$PG_PORT" -q && echo "postgres: started $("$BIN/postgres" --version) on 127.0.0.1:$PG_PORT ($PG_DIR)"
