#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback, for the tests and the benchmarks.
#
#   scripts/pg.sh start DIR   initdb a cluster in DIR (made if missing), start it on a free
#                             127.0.0.1 port, create the database "kreide", and print its
#                             DATABASE_URL (also written to DIR/url)
#   scripts/pg.sh stop DIR    stop it (the files stay; rm -rf DIR to forget them)
#
# The server is Debian's postgresql package, installed with apt-get when no initdb is found
# (root or sudo needed then; elsewhere install PostgreSQL >= 13 and put its bin/ on PATH or
# in PG_BINDIR). As root the server runs as the "postgres" user, which initdb demands.
# The cluster trusts loopback connections and runs with fsync off: it holds test data only
# and dies with the run. Nothing is ever sent beyond 127.0.0.1.
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
action=$1
dir=$2

find_bindir() {
    if [ -n "${PG_BINDIR:-}" ] && [ -x "$PG_BINDIR/initdb" ]; then echo "$PG_BINDIR"; return 0; fi
    local found
    found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$found" ] && [ -x "$found/initdb" ]; then echo "$found"; return 0; fi
    if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return 0; fi
    return 1
}

install_server() {
    local sudo=
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "pg.sh: no PostgreSQL server here and no root to install it" >&2; exit 1; }
        sudo=sudo
    fi
    command -v apt-get >/dev/null 2>&1 || {
        echo "pg.sh: no PostgreSQL server here and no apt-get; install it and set PG_BINDIR" >&2; exit 1; }
    echo "pg.sh: installing Debian's postgresql with apt-get" >&2
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends postgresql >/dev/null
}

# Run a server program as the user that owns the cluster (postgres when we are root).
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

case $action in
start)
    bindir=$(find_bindir) || { install_server; bindir=$(find_bindir); }
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ "$(id -u)" -eq 0 ]; then
        id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql postgres
        chown postgres "$dir"
        chmod 700 "$dir"
        # the server (user postgres) must reach DIR: let it through private parent folders
        # (pytest's and mktemp's are 0700), search permission only
        parent=$(dirname "$dir")
        while [ "$parent" != "/" ]; do
            runuser -u postgres -- test -x "$parent" || chmod o+x "$parent"
            parent=$(dirname "$parent")
        done
    fi
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        as_owner "$bindir/initdb" -D "$dir/data" -U kreide --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
    fi
    port=$(free_port)
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start -o \
        "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$dir' -c fsync=off -c full_page_writes=off -c max_connections=300" >/dev/null
    as_owner "$bindir/psql" -h 127.0.0.1 -p "$port" -U kreide -d postgres -qtAc \
        "SELECT 1 FROM pg_database WHERE datname = 'kreide'" | grep -q 1 \
        || as_owner "$bindir/createdb" -h 127.0.0.1 -p "$port" -U kreide kreide
    url="postgresql+psycopg://kreide@127.0.0.1:$port/kreide"
    echo "$url" > "$dir/url"
    echo "$url"
    ;;
stop)
    bindir=$(find_bindir) || exit 0
    [ -f "$dir/data/postmaster.pid" ] || exit 0
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    ;;
*)
    usage
    ;;
esac
