#!/usr/bin/env bash
# The long schemathesis session, by hand (make test runs a bounded one in-process:
# tests/api/test_schemathesis.py).
#
#   scripts/schemathesis-long.sh [EXAMPLES [RUN-OPTIONS...]]
#
# EXAMPLES: generated cases per operation and mode (default 300); RUN-OPTIONS go to
# `schemathesis run` as they are (e.g. --phases coverage,fuzzing, --max-time 1200).
#
# Starts gunicorn (gunicorn.conf.py) on a free 127.0.0.1 port with a fresh SQLite file,
# creates a Dreeg match with three hands, and runs `schemathesis run` with every phase
# (examples, coverage, fuzzing, stateful) against it: every request to a match goes to that
# match with its scorer token (schemathesis also tries without it). Checks: all of
# schemathesis's but positive_data_acceptance (the engine refuses well-formed hands that
# break a rule: 422 is right there). The output and an NDJSON report land in a temporary
# directory, printed at the end; the server is stopped however the run ends. Nothing is
# sent beyond 127.0.0.1.
set -euo pipefail

examples=${1:-300}
shift || true
repo=$(cd "$(dirname "$0")/.." && pwd)
bin="$repo/.venv/bin"
work=$(mktemp -d /tmp/kreide-schemathesis.XXXXXX)
port=$("$bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
export DATABASE_URL="sqlite:///$work/kreide.sqlite3" PORT="$port" WEB_CONCURRENCY=2
unset KREIDE_PUBLIC_URL KREIDE_BENCH

cd "$repo"
"$bin/flask" --app wsgi db upgrade --directory api/migrations >"$work/migrate.log" 2>&1
setsid "$bin/gunicorn" -c gunicorn.conf.py --bind "127.0.0.1:$port" wsgi:app >"$work/gunicorn.log" 2>&1 &
server=$!
trap 'kill -TERM -- "-$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
    curl -fsS "$base/api/health" >/dev/null 2>&1 && break
    sleep 0.1
done

# a Dreeg match with three hands (to void and replace), and its scorer token
"$bin/python" - "$base" "$work/match.env" <<'EOF'
import json, sys, urllib.request

base, out = sys.argv[1], sys.argv[2]

def post(path, body, token=None):
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(base + path, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)

match = post("/api/matches", {"game": "dreeg", "players": ["Anna", "Benno", "Carla", "Dieter"]})
for seq in (1, 2, 3):
    post(f"/api/matches/{match['id']}/hands", {
        "seq": seq, "points": {"Anna": 40, "Benno": 30, "Carla": 30, "Dieter": 20},
        "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1}, "last_trick": "Anna"}, match["scorer_token"])
with open(out, "w") as env:
    env.write(f"MATCH_ID={match['id']}\nSCORER={match['scorer_token']}\n")
EOF
set -a; . "$work/match.env"; set +a

cat >"$work/schemathesis.toml" <<'EOF'
seed = 20261201
[parameters]
"path.match_id" = "${MATCH_ID}"
[checks]
positive_data_acceptance.enabled = false
EOF

status=0
cd "$work"  # schemathesis keeps its cache (.schemathesis/) in the working directory
"$bin/schemathesis" --no-color --config-file "$work/schemathesis.toml" run "$base/api/openapi.json" \
    -H "Authorization: Bearer $SCORER" -n "$examples" --workers 1 \
    --report ndjson --report-dir "$work/report" "$@" | tee "$work/run.txt" || status=$?
echo "requests answered: $(grep -c '" [0-9][0-9][0-9] ' "$work/gunicorn.log" || true) (by status:" \
     "$(awk '{print $(NF-2)}' "$work/gunicorn.log" | grep -E '^[0-9]{3}$' | sort | uniq -c | sort -rn | \
        awk '{printf "%s %s, ", $2, $1}'))"
echo "output, server log and report: $work"
exit "$status"
