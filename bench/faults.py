"""Faults under load: the recipe of deploy/ keeps every hand, answers outages and recovers by itself.

On loopback, the shipped recipe (bench/recipe.py): a throwaway PostgreSQL (scripts/pg.sh), two app
servers started as deploy/kreide@.service starts gunicorn (with deploy/kreide.env; the schema migrated
once before, as kreide-migrate.service does), and Caddy with
``tls internal`` (deploy/Caddyfile) in front of both. For each fault in turn, ``--tables`` tables
post Dreeg hands through Caddy over HTTPS (bench/load.py's clients: every write with an
``Idempotency-Key``, retried with backoff after a network error or a 5xx), and beside each table a
phone follows its match live (``/api/matches/{id}/events`` through Caddy, reconnecting with
``Last-Event-ID`` when the stream breaks, moving on with the table to its next match). After
``--seconds`` of load, the fault:

(a) ``kill -9`` of one app server (arbiter and workers), started again as its unit would be
    ``--restart-after`` seconds later; the fault ends when it is ready again;
(b) a PostgreSQL restart (``pg_ctl restart -m fast``);
(c) PostgreSQL stopped for ``--outage`` seconds (20), then started;
(d) ``max_connections`` exhausted: connections opened with psycopg until the server refuses one,
    held ``--hold`` seconds (10), released.

Then ``--seconds`` more of load, the writes in flight answered, and for the fault:

- acknowledged / stored / lost / duplicated hands, read from the database afterwards with
  bench/load.py's checker (every snapshot the fold of its log, every key's record its hand);
- the statuses the tables saw from the fault on (a 500 is flagged, and any 5xx but 502/503/504);
- seconds from the fault's end until every table has written again (target under 5 s), and for
  (a) from the kill until every table wrote through the other server (target under 2 s);
- whether every phone reached the final revision of every match its table played (the last
  revision it saw against the match's revision in the database), and its reconnects.

A summary table ends the run, a verdict per target (met / MISSED); ``--strict`` exits 1 on a miss.
``--bounded`` is the short version of (a) and (b) that tests/deploy/test_faults.py runs in
``make test``. Loopback only; everything started is stopped at the end.

    .venv/bin/python bench/faults.py [--tables 20] [--seconds 10] [--only a,b,c,d] [--bounded] [--strict]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import ssl
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from load import Load, Table, Verdict, database, verify

from bench.recipe import (
    MIGRATE,
    READINESS_PATH,
    UPSTREAMS_SETTING,
    Recipe,
    RecipeFailed,
    RecipeUnavailable,
    Site,
    ready,
    recipe,
    site_up,
    wait_until,
)

#: Targets of issue 21.
RESUME_WITHIN = 5.0  # seconds from a fault's end until every table writes again
OTHER_SERVER_WITHIN = 2.0  # seconds from one server's death until every table writes through the other
RETRY_LATER = {502, 503, 504}  # the 5xx a client may see during a fault: try again later
NETWORK = "network error"  # what a table saw when no answer came (reset, refused, timed out)
#: The recipe's settings changed for the run: every table creates matches from 127.0.0.1, far
#: more than the 30 a minute one phone may.
SETTINGS = {"KREIDE_LIMIT_CREATE": "1000000/minute"}


# --- a phone following its table --------------------------------------------------------------


class Phone:
    """A phone beside one table, following the table's current match live through Caddy.

    It reads the event stream (HTTP/1.0, so the body is the stream itself), remembers the last
    revision it saw of each match, reconnects with ``Last-Event-ID`` when the stream ends or
    fails (after 0.2 s, doubling up to 2 s while it keeps failing), and moves on to the table's
    next match once it has seen the last revision the table was told of in the one before."""

    def __init__(self, site: Site, table: Table, done: threading.Event) -> None:
        self.site = site
        self.table = table
        self.done = done
        self.context = site.context()
        self.seen: dict[str, int] = {}  # match id -> last revision seen
        self.connects = 0
        self.answers: Counter[int | str] = Counter()  # status of each connect, or NETWORK
        self.pause = 0.2

    def matches(self) -> list[tuple[str, str]]:
        """The table's matches so far, in order: (id, viewer token)."""
        return [(a.answer["id"], a.answer["viewer_token"]) for a in list(self.table.asked)
                if a.kind == "match" and a.acknowledged]

    def told(self, match_id: str) -> int:
        """The last revision the table was told of in ``match_id`` (0: none)."""
        return max((a.answer["revision"] for a in list(self.table.asked)
                    if a.kind == "hand" and a.match_id == match_id and a.acknowledged), default=0)

    def run(self) -> None:
        index = 0
        while not self.done.is_set():
            matches = self.matches()
            if index >= len(matches):
                self.done.wait(0.05)
                continue
            match_id, viewer = matches[index]
            if self.moved_on(match_id, index):
                index += 1
                continue
            self.follow(match_id, viewer, index)

    def moved_on(self, match_id: str, index: int) -> bool:
        return index + 1 < len(self.matches()) and self.seen.get(match_id, -1) >= self.told(match_id)

    def follow(self, match_id: str, viewer: str, index: int) -> None:
        """One connection to the match's stream, until it ends, fails, or the phone moves on."""
        self.connects += 1
        headers = f"GET /api/matches/{match_id}/events HTTP/1.0\r\nHost: 127.0.0.1:{self.site.port}\r\n" \
                  f"Authorization: Bearer {viewer}\r\nAccept: text/event-stream\r\n"
        if match_id in self.seen:
            headers += f"Last-Event-ID: {self.seen[match_id]}\r\n"
        try:
            with socket.create_connection(("127.0.0.1", self.site.port), timeout=5) as raw, \
                    self.context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
                tls.sendall(headers.encode() + b"\r\n")
                tls.settimeout(1.0)
                status, rest = self._head(tls)
                self.answers[status] += 1
                if status != 200:
                    self._failed()
                    return
                self.pause = 0.2
                self._read(tls, rest, match_id, index)
        except (OSError, ssl.SSLError, ValueError):
            self.answers[NETWORK] += 1
            self._failed()

    def _head(self, tls: ssl.SSLSocket) -> tuple[int, bytes]:
        """The answer's status and what came after its headers."""
        data = b""
        deadline = time.monotonic() + 10
        while b"\r\n\r\n" not in data:
            try:
                chunk = tls.recv(65536)
            except TimeoutError:
                if time.monotonic() > deadline:
                    raise
                continue
            if not chunk:
                raise ConnectionError("closed before the headers")
            data += chunk
        head, _, rest = data.partition(b"\r\n\r\n")
        return int(head.split(b" ", 2)[1]), rest

    def _read(self, tls: ssl.SSLSocket, data: bytes, match_id: str, index: int) -> None:
        """Revisions from ``id:`` lines until the stream ends, or the phone is done or moves on."""
        while True:
            *lines, data = data.split(b"\n")
            for line in lines:
                if line.startswith(b"id:"):
                    self.seen[match_id] = max(self.seen.get(match_id, -1), int(line[3:]))
            if self.done.is_set() or self.moved_on(match_id, index):
                return
            try:
                chunk = tls.recv(65536)
            except TimeoutError:
                continue
            if not chunk:  # the stream ended (a server gone, or its age): reconnect at once
                return
            data += chunk

    def _failed(self) -> None:
        self.done.wait(self.pause)
        self.pause = min(self.pause * 2, 2.0)


@dataclass
class Streams:
    """What the phones saw of their tables' matches."""

    matches: int = 0  # matches the tables were told of
    reached: int = 0  # of them, those whose phone saw the revision the database holds
    connects: int = 0
    answers: Counter[int | str] = field(default_factory=Counter)
    missed: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return self.matches > 0 and self.reached == self.matches

    @property
    def failed(self) -> int:
        return sum(count for status, count in self.answers.items() if status != 200)


def final_revisions(url: str, ids: list[str]) -> dict[str, int]:
    """Each match's revision in the database at ``url``."""
    from sqlalchemy import select

    from api.extensions import db
    from api.models import Match

    with database(url):
        rows = db.session.execute(select(Match.id, Match.revision).where(Match.id.in_(ids)))
        return {match_id: revision for match_id, revision in rows}


@contextmanager
def phones(site: Site, load: Load) -> Iterator[list[Phone]]:
    """A phone beside every table of ``load``, each in its own thread, stopped at the end."""
    done = threading.Event()
    following = [Phone(site, table, done) for table in load.clients]
    threads = [threading.Thread(target=phone.run, name=f"phone-{n}", daemon=True) for n, phone in enumerate(following)]
    for thread in threads:
        thread.start()
    try:
        yield following
    finally:
        done.set()
        for thread in threads:
            thread.join(15)


def streams_reached(url: str, following: list[Phone], wait: float) -> Streams:
    """Wait up to ``wait`` s for every phone to see the revision the database holds of each
    match its table played; what they saw."""
    told = {match_id: phone for phone in following for match_id, _ in phone.matches()}
    revisions = final_revisions(url, sorted(told))
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline and any(told[m].seen.get(m, -1) < r for m, r in revisions.items()):
        time.sleep(0.1)
    result = Streams(matches=len(revisions))
    for match_id, revision in sorted(revisions.items()):
        seen = told[match_id].seen.get(match_id)
        if seen == revision:
            result.reached += 1
        elif len(result.missed) < 5:
            result.missed.append(f"match {match_id}: revision {revision}, its phone saw {seen}")
    for phone in following:
        result.connects += phone.connects
        result.answers.update(phone.answers)
    return result


# --- the faults ----------------------------------------------------------------------------------


@dataclass
class Fault:
    key: str
    title: str
    cause: Callable[[Recipe, argparse.Namespace], str]  # does it, until it ends; a note on how it went


def kill_one_server(up: Recipe, args: argparse.Namespace) -> str:
    up.kill_server(0)
    time.sleep(args.restart_after)
    restarted = up.start_server(0)
    return f"server 0 started again {args.restart_after:.0f} s after the kill, ready {restarted:.1f} s later"


def restart_postgresql(up: Recipe, args: argparse.Namespace) -> str:
    began = time.perf_counter()
    up.cluster.pg_ctl("restart", "-m", "fast")
    return f"pg_ctl restart -m fast took {time.perf_counter() - began:.1f} s"


def stop_postgresql(up: Recipe, args: argparse.Namespace) -> str:
    options = up.cluster.options()
    up.cluster.pg_ctl("stop", "-m", "fast")
    time.sleep(args.outage)
    began = time.perf_counter()
    up.cluster.pg_ctl("start", "-o", options)
    return f"stopped {args.outage:.0f} s, pg_ctl start took {time.perf_counter() - began:.1f} s"


def exhaust_connections(up: Recipe, args: argparse.Namespace) -> str:
    conninfo = up.cluster.url.replace("postgresql+psycopg://", "postgresql://")
    held: list[psycopg.Connection[tuple[object, ...]]] = []
    refusal = "never refused"
    try:
        while len(held) < 5000:
            try:
                held.append(psycopg.connect(conninfo, connect_timeout=5, autocommit=True))
            except psycopg.OperationalError as error:
                refusal = str(error).strip().splitlines()[-1]
                break
        time.sleep(args.hold)
    finally:
        for connection in held:
            connection.close()
    return f"{len(held)} more connections held {args.hold:.0f} s (then the server said: {refusal})"


FAULTS = {
    "a": Fault("a", "kill -9 of one app server, restart", kill_one_server),
    "b": Fault("b", "PostgreSQL restart", restart_postgresql),
    "c": Fault("c", "PostgreSQL stopped, started again", stop_postgresql),
    "d": Fault("d", "max_connections exhausted", exhaust_connections),
}


# --- one fault under load ------------------------------------------------------------------------


@dataclass
class Outcome:
    fault: Fault
    note: str
    verdict: Verdict
    before: Counter[int | str]  # statuses the tables saw before the fault
    during: Counter[int | str]  # ... from the fault on
    resumed: float | None  # seconds from the fault's end until every table had written again
    other_server: float | None  # (a) seconds from the kill until every table had written again
    streams: Streams
    refused: list[str]

    @property
    def seen(self) -> Counter[int | str]:
        """Every status the tables and the phones saw, before the fault and after."""
        return self.before + self.during + self.streams.answers

    @property
    def five_hundreds(self) -> int:
        return self.seen[500]

    @property
    def other_5xx(self) -> dict[int | str, int]:
        """5xx but 500 and the three that say "try again later"."""
        return {s: n for s, n in self.seen.items()
                if isinstance(s, int) and s > 500 and s not in RETRY_LATER}

    def checks(self) -> dict[str, bool]:
        """Each target of issue 21 for this fault: met or not."""
        found = {
            "0 lost": self.verdict.lost == 0,
            "0 duplicated": self.verdict.duplicated == 0 and self.verdict.inconsistent == 0,
            "no 500": self.five_hundreds == 0,
            "5xx only 502/503/504": not self.other_5xx,
            f"writes again < {RESUME_WITHIN:.0f} s": self.resumed is not None and self.resumed < RESUME_WITHIN,
            "streams complete": self.streams.complete,
        }
        if self.fault.key == "a":
            found[f"other server < {OTHER_SERVER_WITHIN:.0f} s"] = (
                self.other_server is not None and self.other_server < OTHER_SERVER_WITHIN)
        return found


def seen_so_far(load: Load) -> Counter[int | str]:
    """The statuses the tables have seen so far, and their answers lost (NETWORK)."""
    seen: Counter[int | str] = Counter()
    for table in load.clients:
        while True:
            try:
                statuses = list(table.statuses.items())
                break
            except RuntimeError:  # the table added a status while it was read
                continue
        for status, count in statuses:
            seen[status] += count
        seen[NETWORK] += table.lost_answers
    return +seen  # without the zeros


def written_again(load: Load, since: float) -> float | None:
    """Seconds from ``since`` (perf_counter) until the last table had a write acknowledged
    (a hand or a new match); None when one has not."""
    latest = 0.0
    for table in load.clients:
        after = [a.first_sent + a.acknowledged_after for a in list(table.asked)
                 if a.acknowledged_after is not None and a.first_sent + a.acknowledged_after >= since]
        if not after:
            return None
        latest = max(latest, min(after) - since)
    return latest


def run_fault(up: Recipe, fault: Fault, args: argparse.Namespace, seed: int) -> Outcome:
    """Load and phones, the fault, load again; the database checked against what was asked."""
    wait_until(lambda: site_up(up.site) and all(ready(s.port) for s in up.servers), [], [], "the recipe", 60)
    context = up.site.context()
    load = Load(up.site.port, args.tables, 0.0, timeout=10, drain=30, seed=seed,
                connect=lambda: http.client.HTTPSConnection("127.0.0.1", up.site.port, context=context, timeout=10))
    load.start()
    with phones(up.site, load) as following:
        time.sleep(args.seconds)
        before, in_flight = seen_so_far(load), load.in_flight()
        began = time.perf_counter()
        note = f"{fault.cause(up, args)}; {in_flight} writes in flight as it began"
        ended = time.perf_counter()
        time.sleep(args.seconds)
        load.finish()
        during = seen_so_far(load) - before
        resumed, other = written_again(load, ended), written_again(load, began)
        verdict = verify(up.cluster.url, load.tally.asked)
        streams = streams_reached(up.cluster.url, following, args.stream_wait)
    return Outcome(fault, note, verdict, before, during, resumed, other if fault.key == "a" else None, streams,
                   load.tally.refused)


# --- what is printed ---------------------------------------------------------------------------


def statuses(seen: Counter[int | str]) -> str:
    parts = []
    for status, count in sorted(seen.items(), key=lambda item: str(item[0])):
        flag = " (!)" if isinstance(status, int) and status >= 500 and status not in RETRY_LATER else ""
        parts.append(f"{status}: {count}{flag}")
    return ", ".join(parts) or "none"


def seconds(value: float | None) -> str:
    return "never" if value is None else f"{value:.1f} s"


def show(outcome: Outcome) -> None:
    v, s = outcome.verdict, outcome.streams
    print(f"\n({outcome.fault.key}) {outcome.fault.title}: {outcome.note}")
    print(f"  hands: {v.acknowledged_hands} acknowledged, {v.stored_hands} stored, {v.lost} lost, "
          f"{v.duplicated} duplicated, {v.inconsistent} inconsistent ({v.matches} matches, "
          f"{v.unanswered} writes unanswered at the end)")
    print(f"  statuses before the fault: {statuses(outcome.before)}")
    print(f"  statuses from the fault on: {statuses(outcome.during)}")
    if outcome.five_hundreds:
        print(f"  ! {outcome.five_hundreds} answers were 500 (tables and phones)")
    if outcome.other_5xx:
        print(f"  ! 5xx other than 502/503/504: {outcome.other_5xx}")
    print(f"  every table wrote again {seconds(outcome.resumed)} after the fault ended "
          f"(target < {RESUME_WITHIN:.0f} s)")
    if outcome.fault.key == "a":
        print(f"  every table wrote through the other server {seconds(outcome.other_server)} after the kill "
              f"(target < {OTHER_SERVER_WITHIN:.0f} s)")
    print(f"  streams: {s.reached} of {s.matches} matches seen to their final revision by their phone; "
          f"{s.connects} connects, {s.failed} failed ({statuses(s.answers)})")
    for text in v.problems[:10] + s.missed + outcome.refused[:5]:
        print(f"    ! {text}")


def summary(outcomes: list[Outcome]) -> bool:
    print(f"\n{'fault':<40} {'acked':>6} {'lost':>5} {'dup':>4} {'500':>5} {'5xx?':>5} {'resumed':>8} "
          f"{'other':>7} {'streams':>9}  verdict")
    met = True
    for o in outcomes:
        missed = [name for name, ok in o.checks().items() if not ok]
        met = met and not missed
        other = seconds(o.other_server) if o.fault.key == "a" else "-"
        print(f"({o.fault.key}) {o.fault.title:<36} {o.verdict.acknowledged_hands:>6} {o.verdict.lost:>5} "
              f"{o.verdict.duplicated + o.verdict.inconsistent:>4} {o.five_hundreds:>5} "
              f"{sum(o.other_5xx.values()):>5} {seconds(o.resumed):>8} {other:>7} "
              f"{o.streams.reached:>4}/{o.streams.matches:<4}  "
              + ("met" if not missed else "MISSED: " + ", ".join(missed)))
    print(f"targets: 0 lost, 0 duplicated, no 500, no 5xx but 502/503/504, every table writing again "
          f"< {RESUME_WITHIN:.0f} s after the fault, (a) the other server serving every table "
          f"< {OTHER_SERVER_WITHIN:.0f} s after the kill, every stream at its table's final state")
    return met


def header(up: Recipe, args: argparse.Namespace, faults: list[Fault]) -> str:
    conninfo = up.cluster.url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(conninfo, autocommit=True) as connection:
        row = connection.execute("SHOW max_connections").fetchone()
    workers = up.env.get("WEB_CONCURRENCY", "?")
    return (f"Kreide faults: {', '.join(f.key for f in faults)}; {args.tables} tables and as many phones through "
            f"Caddy (tls internal), {args.seconds:.0f} s of load before and after each fault; "
            f"{len(up.servers)} app servers x {workers} workers ({UPSTREAMS_SETTING}="
            f"{' '.join(s.upstream for s in up.servers)}), PostgreSQL max_connections {row[0] if row else '?'}; "
            f"ready: {READINESS_PATH}; migrations once: {MIGRATE}; "
            f"settings changed for the run: {json.dumps(SETTINGS)}; {os.cpu_count()} CPUs shared with the clients")


def run(args: argparse.Namespace) -> list[Outcome]:
    """The recipe up, each fault of ``args.only`` in turn under load, each shown as it ends."""
    faults = [FAULTS[key] for key in args.only]
    outcomes = []
    with tempfile.TemporaryDirectory(prefix="kreide-faults-") as tmp, \
            recipe(Path(tmp), servers=2, settings=SETTINGS) as up:
        print(header(up, args, faults), flush=True)
        for number, fault in enumerate(faults):
            outcomes.append(run_fault(up, fault, args, seed=number + 1))
            show(outcomes[-1])
            sys.stdout.flush()
    return outcomes


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20, help="tables posting hands, each with a phone following it")
    parser.add_argument("--seconds", type=float, default=10, help="seconds of load before and after each fault")
    parser.add_argument("--only", default="a,b,c,d", help="the faults to run, in order (a,b,c,d)")
    parser.add_argument("--restart-after", type=float, default=5, help="(a): seconds until the server is restarted")
    parser.add_argument("--outage", type=float, default=20, help="(c): seconds PostgreSQL stays stopped")
    parser.add_argument("--hold", type=float, default=10, help="(d): seconds the connections are held")
    parser.add_argument("--stream-wait", type=float, default=10,
                        help="seconds the phones get after the load to reach their matches' final revisions")
    parser.add_argument("--bounded", action="store_true",
                        help="the short version for make test: (a) and (b), 6 tables, 2 s of load around each")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    if args.bounded:
        args.only, args.tables, args.seconds, args.restart_after = "a,b", min(args.tables, 6), 2.0, 1.0
        args.stream_wait = 5.0
    args.only = [key.strip() for key in args.only.split(",") if key.strip()]
    unknown = [key for key in args.only if key not in FAULTS]
    if unknown:
        parser.error(f"--only: no fault {', '.join(unknown)} (a, b, c, d)")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    try:
        outcomes = run(args)
    except (RecipeUnavailable, RecipeFailed) as error:
        print(f"bench/faults.py: the recipe is not up: {error}", file=sys.stderr)
        return 2
    met = summary(outcomes)
    return 1 if args.strict and not met else 0


if __name__ == "__main__":
    sys.exit(main())
