#!/usr/bin/env bash
# A throwaway PostgreSQL server for war-room's tests, on loopback only.
#
#   eval "$(scripts/postgres-test-server.sh)"   # install if needed, start, print the exports
#   scripts/postgres-test-server.sh stop         # stop it (the data directory stays)
#   scripts/postgres-test-server.sh destroy      # stop it and delete the data directory
#
# It installs Debian's postgresql package when no server binaries are found, creates a cluster
# in $WAR_ROOM_PG_DIR (default /tmp/war-room-pg) listening on 127.0.0.1:$WAR_ROOM_PG_PORT
# (default 55432) with trust authentication, creates the database war_room_test, and prints
#   export WAR_ROOM_TEST_DATABASE_URL=postgres://war_room@127.0.0.1:55432/war_room_test?sslmode=disable
# Starting a server that already runs only prints the exports, so several checkouts share one.
# PostgreSQL refuses to run as root; as root the server runs as the postgres system user.
#
# The cluster's default collation is ICU "en", under which "B" sorts after "a": a query that
# forgets COLLATE "C" where byte order is promised fails its test here instead of passing by luck.
set -euo pipefail

dir=${WAR_ROOM_PG_DIR:-/tmp/war-room-pg}
port=${WAR_ROOM_PG_PORT:-55432}
user=war_room
db=war_room_test
cmd=${1:-start}

log() { echo "postgres-test-server: $*" >&2; }

bindir() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$d" ] && command -v pg_config >/dev/null; then d=$(pg_config --bindir); fi
  echo "$d"
}

install_server() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  log "installing PostgreSQL from the Debian packages"
  $sudo apt-get update -qq >&2
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
}

bin=$(bindir)
if [ "$cmd" = start ] && [ ! -x "$bin/initdb" ]; then
  install_server
  bin=$(bindir)
fi
[ -x "$bin/pg_ctl" ] || { log "no PostgreSQL server binaries found"; exit 1; }

# as runs a server program as the user that owns the cluster.
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
  as() { runuser -u postgres -- "$@"; }
else
  as() { "$@"; }
fi

# Two checkouts starting the server at once must not both run initdb.
exec 9>"$dir.lock"
flock 9

case "$cmd" in
stop)
  [ -f "$dir/PG_VERSION" ] && as "$bin/pg_ctl" -D "$dir" -m fast -w stop >&2 || true
  exit 0 ;;
destroy)
  [ -f "$dir/PG_VERSION" ] && as "$bin/pg_ctl" -D "$dir" -m fast -w stop >&2 || true
  rm -rf "$dir"
  exit 0 ;;
start) ;;
*) log "unknown command $cmd (start, stop or destroy)"; exit 2 ;;
esac

if [ ! -f "$dir/PG_VERSION" ]; then
  log "creating a cluster in $dir ($("$bin/postgres" --version))"
  mkdir -p "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
  chmod 700 "$dir"
  as "$bin/initdb" -D "$dir" -U "$user" -A trust -E UTF8 --locale=C.UTF-8 \
    --locale-provider=icu --icu-locale=en >&2
  cat >>"$dir/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
max_connections = 200
EOF
fi

# start_server starts the server with no descriptor of ours but stdin, stdout and stderr (which
# pg_ctl points at /dev/null and the log): it would hold the lock, or a caller's pipe, open
# for as long as it runs, and whoever waits for that pipe to close would wait forever.
start_server() (
  for fd in /proc/$BASHPID/fd/*; do
    fd=${fd##*/}
    [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null
  done
  as "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 start >&2
)

if ! as "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
  log "starting the server on 127.0.0.1:$port (log: $dir/server.log)"
  start_server
fi

psql=("$bin/psql" -X -q -h 127.0.0.1 -p "$port" -U "$user" -d postgres -v ON_ERROR_STOP=1)
if [ -z "$("${psql[@]}" -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'")" ]; then
  "${psql[@]}" -c "CREATE DATABASE $db" >&2
fi

echo "export WAR_ROOM_TEST_DATABASE_URL='postgres://$user@127.0.0.1:$port/$db?sslmode=disable'"
