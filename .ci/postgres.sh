# Sourced by .ci/run: installs PostgreSQL if absent, starts a throwaway server on a loopback port in a
# temporary directory, exports AEVS_TEST_DATABASE_URL, and stops it when the shell exits.
# initdb refuses root, so the server runs as the `postgres` user.

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && echo "$dir"
}

if [ -z "$(pg_bin)" ]; then
  echo "ci: installing PostgreSQL (Debian postgresql)"
  export DEBIAN_FRONTEND=noninteractive
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq postgresql >/dev/null
fi
PG_BIN=$(pg_bin)
[ -n "$PG_BIN" ] || { echo "ci: PostgreSQL binaries not found after install" >&2; exit 1; }

PG_PORT=${PG_PORT:-55432}
PG_DIR=$(mktemp -d /tmp/aevs-pg.XXXXXX)
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PG_DIR"; fi

as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust --no-sync -E UTF8 >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
  -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" start >/dev/null

stop_postgres() {
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
}
trap stop_postgres EXIT

as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres aevs_test
as_pg "$PG_BIN/psql" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -d aevs_test -c 'CREATE EXTENSION IF NOT EXISTS pg_trgm'
export AEVS_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/aevs_test"
echo "ci: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT"
