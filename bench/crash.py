"""``kill -9`` under load: the server dies mid-write, comes back, and no hand is lost.

The tables of bench/load.py post Dreeg hands (every write with an ``Idempotency-Key``,
some answers dropped on purpose) while the whole gunicorn, arbiter and workers, is killed
with SIGKILL ``--kills`` times (default 3) at random moments, each time with writes in
flight, and started again on the same database and port.  The tables retry what was
left unanswered, with the same keys, until it is answered.  Then the database is read
directly and checked as bench/load.py does: every acknowledged hand stored exactly once
with the body sent, nothing stored twice or unasked, every snapshot (state, version,
revision, next_seq, last change) the engine's fold of its log, every idempotency record
pointing to its stored hand.  On SQLite, on a throwaway PostgreSQL (``scripts/pg.sh``),
or both (``--db``).  Prints a summary table; exits 1 unless every check holds.  Bounded
in time and count; loopback only.

    .venv/bin/python bench/crash.py [--db sqlite|postgres|both] [--kills 3] [--tables 40]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from harness import free_port, kill_server, start_server, stop_server
from load import Load, Row, databases, report, verify, worker_class


@dataclass
class Kill:
    after: float  # seconds into the load
    in_flight: int  # writes sent and not answered when the server died
    acknowledged: int  # hands acknowledged before it
    down: float  # seconds until the restarted server answered


@dataclass
class CrashRun:
    row: Row
    kills: list[Kill] = field(default_factory=list)


def crash_run(name: str, url: str, workdir: Path, *, tables: int = 40, kills: int = 3, interval: float = 3.0,
              after: float = 2.0, drop: float = 0.05, seed: int = 1, drain: float = 30.0) -> CrashRun:
    """Load, ``kills`` times kill -9 and restart on the same database, load on for
    ``after`` seconds, let the writes in flight be answered, check the database."""
    rng = random.Random(seed)
    port = free_port()
    server = start_server(workdir, port, database_url=url)
    load = Load(port, tables, drop, timeout=10, drain=drain, seed=seed)
    done: list[Kill] = []
    start = time.perf_counter()
    try:
        load.start()
        for _ in range(kills):
            time.sleep(interval * (0.5 + rng.random()))
            # wait (briefly) for a moment with writes in flight, so the kill lands mid-write
            wait_until = time.monotonic() + 2
            while load.in_flight() == 0 and time.monotonic() < wait_until:
                time.sleep(0.001)
            in_flight, acknowledged = load.in_flight(), load.acknowledged()
            killed_at = time.perf_counter()
            kill_server(server)
            server = start_server(workdir, port, database_url=url, upgrade=False)
            done.append(Kill(killed_at - start, in_flight, acknowledged, time.perf_counter() - killed_at))
        time.sleep(after)
        seconds = load.finish()
    finally:
        stop_server(server)
    verdict = verify(url, load.tally.asked)
    extra = "  kills: " + ", ".join(f"at {k.after:.1f} s ({k.in_flight} in flight, down {k.down:.1f} s)"
                                    for k in done)
    return CrashRun(Row(name, seconds, load.tally, verdict, None, None, extra), done)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--kills", type=int, default=3, help="kill -9 and restart this many times per database")
    parser.add_argument("--tables", type=int, default=40, help="concurrent tables (client threads)")
    parser.add_argument("--interval", type=float, default=3.0, help="mean seconds of load between kills")
    parser.add_argument("--after", type=float, default=2.0, help="seconds of load after the last restart")
    parser.add_argument("--drop", type=float, default=0.05, help="share of requests the client hangs up on")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    runs = []
    with tempfile.TemporaryDirectory(prefix="kreide-crash-") as tmp, databases(args.db, Path(tmp)) as found:
        for name, url in found:
            workdir = Path(tmp) / name
            workdir.mkdir()
            runs.append(crash_run(name, url, workdir, tables=args.tables, kills=args.kills, interval=args.interval,
                                  after=args.after, drop=args.drop, seed=args.seed))
    ok = report([run.row for run in runs],
                f"Kreide crash: {args.tables} tables, kill -9 of the whole gunicorn ({worker_class()}) "
                f"{args.kills} times per database, restarted on the same database")
    for run in runs:
        if sum(kill.in_flight for kill in run.kills) == 0:
            print(f"  {run.row.name}: no write was in flight at any kill: nothing was proved")
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
