#!/usr/bin/env bash
# Put a dump of kreide-backup back: /usr/local/sbin/kreide-restore, run as the postgres user
# (deploy/README.md, "Backups and restore").
#
#   kreide-restore [--force] [--owner ROLE] DUMP DATABASE
#
# DATABASE missing: it is created (owned by ROLE, default kreide) and the dump restored into
# it. DATABASE empty: the dump is restored into it. DATABASE holding tables: refused, unless
# --force, which drops the dump's objects first and restores them (pg_restore --clean
# --if-exists); tables the dump does not know are left as they are, so restoring into a new
# database and renaming it is the cleaner way (the README shows it). Refused in any case
# while other sessions are connected to DATABASE: stop the app servers first.
#
# The restore is one transaction (pg_restore --single-transaction --exit-on-error): it
# succeeds whole or leaves DATABASE as it was. Then run the migrations (the dump may come
# from an older Kreide) before starting the app servers.
#
# The server is reached as psql reaches it: the local socket as the user running this, or
# PGHOST, PGPORT, PGUSER (and PG_BINDIR for the programs, if not on PATH).
set -euo pipefail

bin=${PG_BINDIR:+$PG_BINDIR/}
force=
owner=kreide

die() { echo "kreide-restore: $*" >&2; exit 1; }
usage() { echo "usage: kreide-restore [--force] [--owner ROLE] DUMP DATABASE" >&2; exit 2; }

while [ $# -gt 0 ]; do
    case $1 in
    --force) force=1; shift ;;
    --owner) [ $# -ge 2 ] || usage; owner=$2; shift 2 ;;
    --help|-h) usage ;;
    -*) usage ;;
    *) break ;;
    esac
done
[ $# -eq 2 ] || usage
dump=$1
database=$2

# one value from the server; the names travel as psql variables, never spliced into SQL
ask() {
    local on=$1 query=$2
    printf '%s\n' "$query" | "${bin}psql" --no-psqlrc --quiet --tuples-only --no-align --set ON_ERROR_STOP=1 \
        --dbname="$on" --set db="$database"
}

[ -r "$dump" ] || die "cannot read $dump"
"${bin}pg_restore" --list "$dump" > /dev/null || die "$dump is not a dump pg_restore can read"

exists=$(ask postgres "SELECT count(*) FROM pg_database WHERE datname = :'db';")
clean=()
if [ "$exists" = 0 ]; then
    "${bin}createdb" --owner="$owner" --template=template0 "$database"
    echo "created database $database (owner $owner)"
else
    sessions=$(ask "$database" "SELECT count(*) FROM pg_stat_activity WHERE datname = :'db' AND pid <> pg_backend_pid();")
    [ "$sessions" = 0 ] || die "$sessions other sessions are connected to $database: stop the app servers first"
    relations=$(ask "$database" "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\_toast%'
        AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f');")
    if [ "$relations" != 0 ]; then
        [ -n "$force" ] || die "$database is not empty ($relations tables, sequences and views): restore into a new database, or overwrite it with --force"
        clean=(--clean --if-exists)
        echo "overwriting $database ($relations tables, sequences and views)"
    fi
fi

"${bin}pg_restore" --single-transaction --exit-on-error "${clean[@]}" --dbname="$database" "$dump"

matches=$(ask "$database" "SELECT count(*) FROM matches;")
hands=$(ask "$database" "SELECT count(*) FROM entries;")
revision=$(ask "$database" "SELECT string_agg(version_num, ', ') FROM alembic_version;")
echo "restored $dump into $database: $matches matches, $hands entries, schema $revision"
echo "next: run the migrations (systemctl start kreide-migrate), then start the app servers"
