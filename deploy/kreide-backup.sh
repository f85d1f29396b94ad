#!/usr/bin/env bash
# Kreide's nightly backup: /usr/local/sbin/kreide-backup, run by kreide-backup.service
# (deploy/README.md, "Backups and restore"), or by hand as the postgres user.
#
# One `pg_dump -Fc` of the database into the backup directory, private (umask 077, the
# directory 0700, each dump 0600), named by the time it began in UTC
# (kreide-2026-12-02T031500Z.dump). The dump is written under a temporary name, checked
# (pg_restore --list reads it whole) and flushed to disk, and only then renamed: a file
# named kreide-*.dump is always a complete dump. Then the rotation: the newest dump of each
# of the last KREIDE_BACKUP_KEEP_DAILY days that have one, and the newest of each of the
# KREIDE_BACKUP_KEEP_WEEKLY weeks before those are kept, older dumps deleted. Only files
# named exactly so are ever deleted: a copy saved as kreide-before-update.dump stays.
#
# Settings (environment; kreide-backup.service sets them, `systemctl edit` changes them):
#   KREIDE_BACKUP_DIR          where the dumps go (default /var/backups/kreide)
#   KREIDE_BACKUP_DATABASE     the database: a name (through the local socket, as the user
#                              running this) or a connection URI (default kreide)
#   KREIDE_BACKUP_KEEP_DAILY   days kept (default 14)
#   KREIDE_BACKUP_KEEP_WEEKLY  weeks kept before those (default 8)
#   PG_BINDIR                  where pg_dump and pg_restore are, if not on PATH
#
# Prints the dump's path and size; exits non-zero, leaving no partial file, on any failure.
set -euo pipefail
umask 077

dir=${KREIDE_BACKUP_DIR:-/var/backups/kreide}
database=${KREIDE_BACKUP_DATABASE:-kreide}
keep_daily=${KREIDE_BACKUP_KEEP_DAILY:-14}
keep_weekly=${KREIDE_BACKUP_KEEP_WEEKLY:-8}
bin=${PG_BINDIR:+$PG_BINDIR/}

die() { echo "kreide-backup: $*" >&2; exit 1; }

[[ $keep_daily =~ ^[0-9]+$ ]] && [ "$keep_daily" -ge 1 ] || die "KREIDE_BACKUP_KEEP_DAILY must be 1 or more"
[[ $keep_weekly =~ ^[0-9]+$ ]] || die "KREIDE_BACKUP_KEEP_WEEKLY must be 0 or more"

mkdir -p "$dir"
[ -O "$dir" ] || die "$dir belongs to another user; the backups must belong to the user that makes them ($(id -un))"
chmod 700 "$dir"

# one run at a time (the timer and a dump by hand): the second waits
exec 9> "$dir/.lock"
flock 9

# a run killed half-way (power loss) leaves its temporary file: nobody else writes here
rm -f "$dir"/.kreide-*.partial

stamp=$(date -u +%Y-%m-%dT%H%M%SZ)
final="$dir/kreide-$stamp.dump"
[ ! -e "$final" ] || die "$final exists already (two runs in one second?)"
partial=$(mktemp "$dir/.kreide-$stamp.XXXXXX.partial")
trap 'rm -f "$partial"' EXIT

"${bin}pg_dump" --format=custom --file="$partial" --dbname="$database"
"${bin}pg_restore" --list "$partial" > /dev/null || die "the dump of $database cannot be read back"
sync "$partial"
mv "$partial" "$final"
trap - EXIT
sync "$dir"
echo "$final $(stat -c %s "$final") bytes"

# rotation: newest first; a day (or week) is represented by its newest dump; the weeks
# count only those with no dump kept as a day's (as borg prune counts them)
mapfile -t dumps < <(find "$dir" -maxdepth 1 -type f -regextype posix-extended \
    -regex '.*/kreide-[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{6}Z\.dump' -printf '%f\n' | sort -r)
declare -A kept=()
last= count=0
for name in "${dumps[@]}"; do
    day=${name:7:10}
    [ "$day" != "$last" ] || continue
    last=$day
    [ "$count" -lt "$keep_daily" ] || break
    kept[$name]=1
    count=$((count + 1))
done
last= count=0
for name in "${dumps[@]}"; do
    week=$(date -u -d "${name:7:10}" +%G-W%V)
    [ "$week" != "$last" ] || continue
    last=$week
    [ -z "${kept[$name]:-}" ] || continue
    [ "$count" -lt "$keep_weekly" ] || break
    kept[$name]=1
    count=$((count + 1))
done
for name in "${dumps[@]}"; do
    if [ -z "${kept[$name]:-}" ]; then
        rm -f "$dir/$name"
        echo "rotated out: $name"
    fi
done
