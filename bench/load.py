"""Many tables at once, answers lost on the way, every hand kept exactly once.

Starts the app under gunicorn (the project's gunicorn.conf.py, whatever worker class it
names; a free port on 127.0.0.1) on a fresh SQLite file, a fresh throwaway PostgreSQL
cluster (``scripts/pg.sh``), or both one after the other, then lets ``--tables`` tables
(default 200) post Dreeg hands concurrently for ``--seconds``: each table is one client
thread with one keep-alive connection, opening a match for four, posting random valid
Deutsch hands (points, tricks, last trick, sometimes the trump) until its first sub-game
is over, then opening the next match.

Every write carries an ``Idempotency-Key`` and is retried with the same key until it is
answered: after a timeout, a reset or refused connection, a 5xx, and after the client
itself hung up right after sending (``--drop``, default 5 % of the requests: a phone
losing its signal).  Afterwards the database is read directly and checked:

- every acknowledged hand (a 2xx received, replays included) is stored exactly once,
  with the body that was sent (lost: 0);
- no hand is stored twice or without having been asked for, no match either
  (duplicated: 0);
- each stored hand has the one idempotency record of its key, which points to it;
- each match's snapshot (state, version, revision, next_seq, last change) equals the
  engine's fold over its stored log, and each hand's stored result the fold's result.

Prints hands/s, p50/p99 latency (per answered request, and from first send to the
acknowledgement), retries, lost/duplicated, and the client's CPU beside the server's
(the client must not be the bottleneck); exits 1 unless every check holds.  Bounded in
time (``--seconds``, ``--drain``) and count (``--max-hands``); loopback only.

    .venv/bin/python bench/load.py [--db sqlite|postgres|both] [--tables 200] [--seconds 30]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness import REPO, free_port, postgres, quantile, server_cpu, sqlite_url, start_server, stop_server

from engine.dreeg import DREEG, DreegEntry
from engine.errors import RuleViolation

PLAYERS = ["Anna", "Benno", "Carla", "Dieter"]
SUITS = ["H", "S", "E", "G"]  # hearts, bells, acorns, leaves (engine.cards.german.Suit)
RETRYABLE = {500, 502, 503, 504}


# --- what a table asks -----------------------------------------------------------------


@dataclass
class Asked:
    """One write a table asked for, under one key, and what became of it."""

    kind: str  # "match" or "hand"
    key: str
    body: dict[str, Any]
    match_id: str | None = None  # for a hand; for a match, known once answered
    status: int | None = None  # the answer's status once answered
    answer: Any = None
    first_sent: float = 0.0
    acknowledged_after: float | None = None  # seconds from the first send to the 2xx
    attempts: int = 0
    last_sent_at: float = 0.0  # wall clock (time.time) of the last attempt

    @property
    def replayed(self) -> bool:
        """Acknowledged by a replay: the hand had been stored before the attempt that got
        the answer was sent (an earlier answer was lost)."""
        if not self.acknowledged or self.kind != "hand" or self.attempts < 2:
            return False
        recorded = datetime.fromisoformat(self.answer["hand"]["recorded_at"].replace("Z", "+00:00"))
        return recorded.timestamp() < self.last_sent_at

    @property
    def acknowledged(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


@dataclass
class Tally:
    """What all tables did, merged under a lock."""

    asked: list[Asked] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)  # each answered request
    statuses: Counter[int] = field(default_factory=Counter)
    dropped: int = 0  # the client hung up right after sending
    lost_answers: int = 0  # timeouts, resets, refused connections
    retried_5xx: int = 0
    refused: list[str] = field(default_factory=list)  # unexpected 4xx: the load itself is wrong
    lock: threading.Lock = field(default_factory=threading.Lock)

    def merge(self, table: Table) -> None:
        with self.lock:
            self.asked.extend(table.asked)
            self.latencies.extend(table.latencies)
            self.statuses.update(table.statuses)
            self.dropped += table.dropped
            self.lost_answers += table.lost_answers
            self.retried_5xx += table.retried_5xx
            self.refused.extend(table.refused)


class GaveUp(Exception):
    """The drain deadline passed with a request still unanswered."""


#: Deutsch summaries the engine accepts, by the number of active players, with the players
#: as places in the list of the active ones: drawn once (checking each against the engine
#: costs the client more than sending it), then dealt out to the tables at random.
_POOL: dict[int, list[tuple[list[int], list[int], int]]] = {}
_POOL_LOCK = threading.Lock()
POOL_SIZE = 500


def _pool(size: int, total_points: int, total_tricks: int) -> list[tuple[list[int], list[int], int]]:
    with _POOL_LOCK:
        if size not in _POOL:
            _POOL[size] = _draw_pool(size, total_points, total_tricks)
        return _POOL[size]


def _draw_pool(size: int, total_points: int, total_tricks: int) -> list[tuple[list[int], list[int], int]]:
    """Tricks dealt out at random, card points split among the players who took one, the
    last trick to one of them; kept when the engine has nothing against it (R15: points a
    player's cards cannot make), for a fresh Deutsch game of ``size`` players (the sums a
    summary must make depend only on how many are active)."""
    rng = random.Random(size)
    names = [f"P{n}" for n in range(size)]
    state = DREEG.start(names)
    needs = DREEG.needs(state)
    assert needs is not None and (needs["sums"]["points"], needs["sums"]["tricks"]) == (total_points, total_tricks)
    pool: list[tuple[list[int], list[int], int]] = []
    while len(pool) < POOL_SIZE:
        tricks = [0] * size
        for _ in range(total_tricks):
            tricks[rng.randrange(size)] += 1
        takers = [n for n in range(size) if tricks[n]]
        cuts = sorted(rng.randint(0, total_points) for _ in range(len(takers) - 1))
        points = [0] * size
        for n, low, high in zip(takers, [0, *cuts], [*cuts, total_points]):
            points[n] = high - low
        last = rng.choice(takers)
        try:
            DREEG.apply(state, DreegEntry(points=dict(zip(names, points)), tricks=dict(zip(names, tricks)),
                                          last_trick=names[last]))
        except RuleViolation:
            continue
        pool.append((points, tricks, last))
    return pool


def prepare_hands() -> None:
    """Draw the pools for four, three and two active players before the clock starts."""
    for size in (4, 3, 2):
        needs = DREEG.needs(DREEG.start([f"P{n}" for n in range(size)]))
        assert needs is not None
        _pool(size, needs["sums"]["points"], needs["sums"]["tricks"])


def random_hand(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    """A random Deutsch summary for the next hand of ``state`` (the match as last
    answered): one of the pool's, dealt to the active players in a random order, with
    the trump named half of the time."""
    needs = state["needs"]
    active: list[str] = list(needs["players"])
    points, tricks, last = rng.choice(_pool(len(active), needs["sums"]["points"], needs["sums"]["tricks"]))
    rng.shuffle(active)
    hand: dict[str, Any] = {"points": dict(zip(active, points)), "tricks": dict(zip(active, tricks)),
                            "last_trick": active[last]}
    if rng.random() < 0.5:
        hand["trump"] = rng.choice(SUITS)
    return hand


def playing_deutsch(state: dict[str, Any]) -> bool:
    """The first sub-game (Deutsch) still goes on; after it the table opens a new match."""
    needs = state.get("needs")
    return bool(needs) and needs["subgame"]["type"] == "deutsch" and needs["dealer"] is not None


class Table:
    """One table's phone: one keep-alive connection, one write at a time, each retried
    with its key until answered."""

    def __init__(self, port: int, seed: int, *, drop: float, timeout: float, stop: threading.Event,
                 drain_until: Callable[[], float], budget: Callable[[], bool],
                 connect: Callable[[], http.client.HTTPConnection] | None = None) -> None:
        # plain HTTP to the server itself, unless the load goes through a proxy (bench/faults.py)
        self.connect = connect or (lambda: http.client.HTTPConnection("127.0.0.1", port, timeout=timeout))
        self.rng = random.Random(seed)
        self.drop = drop
        self.timeout = timeout
        self.stop = stop
        self.drain_until = drain_until
        self.budget = budget
        self.connection: http.client.HTTPConnection | None = None
        self.asked: list[Asked] = []
        self.latencies: list[float] = []
        self.statuses: Counter[int] = Counter()
        self.dropped = self.lost_answers = self.retried_5xx = 0
        self.refused: list[str] = []
        self.in_flight = False  # a write sent and not yet answered

    def run(self) -> None:
        match: dict[str, Any] | None = None
        state: dict[str, Any] = {}
        try:
            while not self.stop.is_set():
                if match is None or not playing_deutsch(state):
                    match = self.open_match()
                    if match is None:
                        return
                    state = match["state"]
                if not self.budget():
                    return
                body = {"seq": match["next_seq"], **random_hand(self.rng, state)}
                asked = self.ask("hand", f"/api/matches/{match['id']}/hands", body,
                                 {"Authorization": f"Bearer {match['scorer_token']}"}, match["id"])
                if not asked.acknowledged:
                    match = None
                    continue
                state = asked.answer["state"]
                match["next_seq"] = asked.answer["next_seq"]
        except GaveUp:
            pass
        finally:
            if self.connection is not None:
                self.connection.close()

    def open_match(self) -> dict[str, Any] | None:
        asked = self.ask("match", "/api/matches", {"game": "dreeg", "players": PLAYERS}, {}, None)
        if not asked.acknowledged:
            return None
        asked.match_id = asked.answer["id"]
        return dict(asked.answer)

    def ask(self, kind: str, path: str, body: dict[str, Any], headers: dict[str, str],
            match_id: str | None) -> Asked:
        """Send until answered (any status but a 5xx); the same key every time."""
        asked = Asked(kind, secrets.token_urlsafe(24), body, match_id, first_sent=time.perf_counter())
        self.asked.append(asked)  # asked from now on, answered or not
        data = json.dumps(body).encode()
        all_headers = {"Content-Type": "application/json", "Idempotency-Key": asked.key, **headers}
        pause = 0.02
        while True:
            if self.stop.is_set() and time.monotonic() > self.drain_until():
                raise GaveUp
            asked.attempts += 1
            asked.last_sent_at = time.time()
            self.in_flight = True
            try:
                status, answer, elapsed = self.send(path, data, all_headers)
            except (OSError, http.client.HTTPException):
                self.lost_answers += 1
                self.close()
                time.sleep(pause * (0.5 + self.rng.random()))  # a server down: do not hammer it
                pause = min(pause * 2, 0.5)
                continue
            if status is None:  # hung up on purpose; the phone finds its signal again a moment later
                self.dropped += 1
                time.sleep(self.rng.uniform(0.05, 0.5))
                continue
            self.latencies.append(elapsed)
            self.statuses[status] += 1
            if status in RETRYABLE:
                self.retried_5xx += 1
                time.sleep(pause * (0.5 + self.rng.random()))
                pause = min(pause * 2, 0.5)
                continue
            asked.status, asked.answer = status, answer
            self.in_flight = False
            if asked.acknowledged:
                asked.acknowledged_after = time.perf_counter() - asked.first_sent
            else:
                self.refused.append(f"{status} {kind} {path}: {json.dumps(answer)[:300]}")
            return asked

    def send(self, path: str, data: bytes, headers: dict[str, str]) -> tuple[int | None, Any, float]:
        if self.connection is None:
            self.connection = self.connect()
        start = time.perf_counter()
        self.connection.request("POST", path, body=data, headers=headers)
        if self.rng.random() < self.drop:
            self.close()  # the request is out; the answer will find nobody
            return None, None, 0.0
        response = self.connection.getresponse()
        raw = response.read()
        elapsed = time.perf_counter() - start
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        try:
            answer = json.loads(raw) if raw else None
        except ValueError:  # an error page, not the API's JSON: kept as text
            answer = raw.decode(errors="replace")
        return response.status, answer, elapsed

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


@dataclass
class Load:
    """Tables posting hands in threads until ``stop`` (then ``drain`` seconds to get the
    writes in flight answered)."""

    port: int
    tables: int
    drop: float
    timeout: float = 10.0
    drain: float = 30.0
    max_hands: int = 1_000_000
    seed: int = 1
    connect: Callable[[], http.client.HTTPConnection] | None = None  # each table's connection: HTTP to port
    stop: threading.Event = field(default_factory=threading.Event)
    tally: Tally = field(default_factory=Tally)
    threads: list[threading.Thread] = field(default_factory=list)
    clients: list[Table] = field(default_factory=list)
    started: float = 0.0
    _stopped_at: float = float("inf")
    _hands_left: int = 0
    _budget_lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self) -> None:
        prepare_hands()
        self._hands_left = self.max_hands
        self.started = time.perf_counter()
        for number in range(self.tables):
            table = Table(self.port, self.seed * 100_003 + number, drop=self.drop, timeout=self.timeout,
                          stop=self.stop, drain_until=lambda: self._stopped_at + self.drain, budget=self._take,
                          connect=self.connect)
            thread = threading.Thread(target=self._run, args=(table,), name=f"table-{number}", daemon=True)
            self.threads.append(thread)
            self.clients.append(table)
            thread.start()

    def in_flight(self) -> int:
        """Writes sent and not answered yet, this moment."""
        return sum(table.in_flight for table in self.clients)

    def acknowledged(self) -> int:
        """Hands acknowledged so far (read without the tables' lock: a moment's count)."""
        return sum(a.acknowledged for table in self.clients for a in list(table.asked) if a.kind == "hand")

    def _take(self) -> bool:
        with self._budget_lock:
            self._hands_left -= 1
            return self._hands_left >= 0

    def _run(self, table: Table) -> None:
        try:
            table.run()
        finally:
            self.tally.merge(table)

    def finish(self) -> float:
        """Stop asking, wait for the writes in flight; the seconds the load ran."""
        self._stopped_at = time.monotonic()
        self.stop.set()
        seconds = time.perf_counter() - self.started
        for thread in self.threads:
            thread.join(self.drain + self.timeout + 5)
        return seconds


# --- what the database holds -----------------------------------------------------------


@dataclass
class Verdict:
    """What the database was found to hold against what the tables asked for."""

    acknowledged_hands: int = 0
    stored_hands: int = 0
    matches: int = 0
    lost: int = 0  # acknowledged, not stored (or stored with another body)
    duplicated: int = 0  # stored twice, or stored though nobody asked for it
    inconsistent: int = 0  # snapshot, results or idempotency records not matching the log
    unanswered: int = 0  # given up at the drain deadline (stored or not, both allowed)
    problems: list[str] = field(default_factory=list)

    def fail(self, counter: str, text: str) -> None:
        setattr(self, counter, getattr(self, counter) + 1)
        if len(self.problems) < 20:
            self.problems.append(text)

    @property
    def ok(self) -> bool:
        return not (self.lost or self.duplicated or self.inconsistent)


def key_hash(key: str) -> str:
    """How api/idempotency.py stores a key."""
    from api.idempotency import _key_hash

    return _key_hash(key)


def _normal(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True))


@contextmanager
def database(url: str) -> Iterator[None]:
    """An app context on ``url`` (the app's own models, session and reading functions)."""
    from api import create_app
    from api.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "KREIDE_BENCH": False})
    with app.app_context():
        try:
            yield
        finally:
            db.session.remove()
            db.engine.dispose()


def verify(url: str, asked: list[Asked]) -> Verdict:
    """Read the database at ``url`` and check it against what was ``asked`` (see the
    module's docstring).  Only the matches the tables' keys created are looked at, so a
    database shared with others can be checked too."""
    with database(url):
        return _verify(asked)


def _verify(asked: list[Asked]) -> Verdict:
    from sqlalchemy import func, select

    import engine
    from api.extensions import db
    from api.games import load_entry
    from api.models import HAND, Entry, IdempotencyRecord, Match, Ruling
    from api.services import CREATE_SCOPE, history

    verdict = Verdict()
    session = db.session
    by_hash = {key_hash(a.key): a for a in asked}
    hands_asked = {(a.match_id, a.body["seq"]): a for a in asked if a.kind == "hand"}
    verdict.unanswered = sum(a.status is None for a in asked)

    # matches: one per creation key at most, each made by one of ours
    created: dict[str, Asked] = {}
    for record in session.execute(select(IdempotencyRecord).where(IdempotencyRecord.scope == CREATE_SCOPE)).scalars():
        mine = by_hash.get(record.key_hash)
        if mine is None:
            continue  # another client's match (a shared database)
        match_id = record.response["id"]
        if match_id in created:
            verdict.fail("duplicated", f"match {match_id}: two creation records")
        created[match_id] = mine
        if mine.acknowledged and mine.answer["id"] != match_id:
            verdict.fail("duplicated", f"creation key answered {mine.answer['id']} but recorded {match_id}")
    for a in asked:
        if a.kind == "match" and a.acknowledged and a.answer["id"] not in created:
            verdict.fail("lost", f"match {a.answer['id']}: acknowledged, not stored")
    ids = sorted(created)
    verdict.matches = len(ids)

    rows: dict[str, list[Any]] = {mid: [] for mid in ids}
    for chunk in _chunks(ids, 500):
        for row in session.execute(select(Entry).where(Entry.match_id.in_(chunk)).order_by(Entry.id)).scalars():
            rows[row.match_id].append(row)
    stored: Counter[tuple[str, int]] = Counter()
    for mid, entries in rows.items():
        for row in entries:
            if row.action != HAND:
                verdict.fail("duplicated", f"match {mid}: a {row.action} of hand {row.seq} nobody asked for")
                continue
            stored[(mid, row.seq)] += 1
            verdict.stored_hands += 1
            mine = hands_asked.get((mid, row.seq))
            if mine is None:
                verdict.fail("duplicated", f"match {mid}: hand {row.seq} stored, nobody asked for it")
            elif _normal(row.body) != _normal(mine.body):
                verdict.fail("duplicated", f"match {mid}: hand {row.seq} stored as {row.body}, asked {mine.body}")
    for (mid, seq), count in stored.items():
        if count > 1:
            verdict.fail("duplicated", f"match {mid}: hand {seq} stored {count} times")
    for (mid, seq), a in hands_asked.items():
        if a.acknowledged:
            verdict.acknowledged_hands += 1
            if stored[(mid, seq)] == 0:
                verdict.fail("lost", f"match {mid}: hand {seq} acknowledged ({a.status}), not stored")
            elif a.answer.get("hand", {}).get("seq") != seq:
                verdict.fail("inconsistent", f"match {mid}: hand {seq} answered for hand {a.answer.get('hand')}")

    # idempotency records: one per stored hand, under the key it was asked with, pointing to it
    seqs: dict[str, list[int]] = {mid: [] for mid in ids}
    for mid, seq in stored:
        seqs[mid].append(seq)
    for chunk in _chunks(ids, 500):
        records = session.execute(select(IdempotencyRecord).where(IdempotencyRecord.scope.in_(chunk))).scalars()
        keyed: Counter[tuple[str, int]] = Counter()
        for record in records:
            seq = (record.response.get("hand") or {}).get("seq")
            mine = by_hash.get(record.key_hash)
            if stored[(record.scope, seq)] != 1:
                verdict.fail("inconsistent", f"match {record.scope}: a key's record points to hand {seq}, not stored")
            if mine is None or mine.match_id != record.scope or mine.body["seq"] != seq:
                verdict.fail("inconsistent", f"match {record.scope}: hand {seq}'s record under a key not its own")
            elif mine.acknowledged and _normal(mine.answer) != _normal(record.response):
                verdict.fail("inconsistent", f"match {record.scope}: hand {seq} answered otherwise than recorded")
            keyed[(record.scope, seq)] += 1
        for mid in chunk:
            for seq in seqs[mid]:
                if keyed[(mid, seq)] != 1:
                    verdict.fail("inconsistent", f"match {mid}: hand {seq} has {keyed[(mid, seq)]} key records")

    # every snapshot is the fold of its log
    rulings = dict(session.execute(select(Ruling.match_id, func.count()).where(Ruling.match_id.in_(ids))
                                   .group_by(Ruling.match_id)).all()) if ids else {}
    for mid in ids:
        match = session.get(Match, mid)
        assert match is not None
        _check_fold(verdict, match, rows[mid], rulings.get(mid, 0), history, load_entry, engine.get_game)
    return verdict


def _check_fold(verdict: Verdict, match: Any, entries: list[Any], rulings: int, history: Callable[..., Any],
                load_entry: Callable[..., Any], get_game: Callable[[str], Any]) -> None:
    """The match's snapshot against the engine folded over its log, as the app reads it
    (``api.services.history``: replacements and voids folded in) and as it folds it
    (``api.games.load_entry``, then the game's ``start`` and ``apply``)."""
    game = get_game(match.game)
    state = game.start(match.players, rules=match.rules, dealer=match.first_dealer)
    hands = history(match)
    counted = 0
    for seq, hand in sorted(hands.items()):
        if hand.voided:
            continue
        counted += 1
        try:
            outcome = game.apply(state, load_entry(match.game, hand.body)[1])
        except Exception as error:  # a rule broken, or a body the game's schema refuses
            verdict.fail("inconsistent", f"match {match.id}: hand {seq} does not replay: {error!r}"[:400])
            return
        state = outcome.state
        if _normal(game.result_to_json(outcome.result)) != _normal(hand.result):
            verdict.fail("inconsistent", f"match {match.id}: hand {seq}'s stored result is not the fold's")
    expected = {"state": game.state_to_json(state), "version": counted,
                "revision": len(entries) + rulings, "next_seq": max(hands, default=0) + 1,
                "last_change": {"action": entries[-1].action, "seq": entries[-1].seq} if entries else None}
    if sorted(hands) != list(range(1, len(hands) + 1)):
        verdict.fail("inconsistent", f"match {match.id}: hands {sorted(hands)} have gaps")
    for name, value in expected.items():
        if _normal(getattr(match, name)) != _normal(value):
            verdict.fail("inconsistent", f"match {match.id}: {name} is {getattr(match, name)!r}, the log says "
                                         f"{value!r}"[:400])


def _chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


# --- the run ---------------------------------------------------------------------------


def worker_class() -> str:
    """The worker class gunicorn.conf.py names (read, not assumed)."""
    script = ("import runpy; s = runpy.run_path('gunicorn.conf.py'); "
              "print(s.get('workers', 1), 'x', s.get('worker_class', 'sync'))")
    # in a process of its own: the file may import the worker's library (gevent patches)
    found = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=False)
    return found.stdout.strip() or "? (gunicorn.conf.py not read)"


@dataclass
class Row:
    """One line of the summary table."""

    name: str
    seconds: float
    tally: Tally
    verdict: Verdict
    client_cpu: float | None
    server_cpu: float | None
    extra: str = ""

    @property
    def hands_per_second(self) -> float:
        return self.verdict.acknowledged_hands / self.seconds

    HEADER = (f"{'database':<10} {'hands':>7} {'hands/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'ack p99':>8} "
              f"{'dropped':>7} {'lost-ans':>8} {'5xx':>5} {'lost':>5} {'dup':>4} {'incons':>6}  client/server CPU")

    def line(self) -> str:
        acks = [a.acknowledged_after for a in self.tally.asked if a.acknowledged_after is not None]
        client = "-" if self.client_cpu is None else f"{self.client_cpu:.1f}"
        server = "-" if self.server_cpu is None else f"{self.server_cpu:.1f}"
        p50, p99 = (quantile(self.tally.latencies, q) * 1000 for q in (0.5, 0.99))
        return (f"{self.name:<10} {self.verdict.acknowledged_hands:>7} {self.hands_per_second:>8.0f} "
                f"{p50:>7.1f} {p99:>7.1f} "
                f"{quantile(acks, 0.99) * 1000:>8.0f} {self.tally.dropped:>7} {self.tally.lost_answers:>8} "
                f"{self.tally.retried_5xx:>5} {self.verdict.lost:>5} {self.verdict.duplicated:>4} "
                f"{self.verdict.inconsistent:>6}  {client} s / {server} s{self.extra}")


def report(rows: list[Row], title: str) -> bool:
    print(f"\n{title}")
    print("  " + Row.HEADER)
    for row in rows:
        print("  " + row.line())
    ok = True
    for row in rows:
        v = row.verdict
        retried = sum(a.acknowledged and a.attempts > 1 for a in row.tally.asked if a.kind == "hand")
        replays = sum(a.replayed for a in row.tally.asked)
        print(f"  {row.name}: {v.matches} matches, {v.stored_hands} hands stored, {v.acknowledged_hands} acknowledged "
              f"({retried} after a retry, {replays} of them by a replay: stored before the retry was sent), "
              f"{v.unanswered} requests unanswered at the end (stored or not, both allowed), "
              f"statuses {dict(sorted(row.tally.statuses.items()))}")
        if row.client_cpu is not None and row.server_cpu:
            answered = max(1, len(row.tally.latencies))
            client, server = row.client_cpu / answered * 1000, row.server_cpu / answered * 1000
            print(f"  {row.name}: CPU per answered request: client {client:.2f} ms, server {server:.2f} ms "
                  f"(client/server {row.client_cpu / row.server_cpu:.0%})")
        for text in v.problems + row.tally.refused[:10]:
            print(f"    ! {text}")
        if row.tally.refused:
            print(f"    ! {len(row.tally.refused)} requests refused with a 4xx: the load is wrong")
        ok = ok and v.ok and not row.tally.refused and v.acknowledged_hands > 0
    print("  invariants: " + ("hold" if ok else "BROKEN"))
    return ok


@contextmanager
def databases(which: str, workdir: Path) -> Iterator[list[tuple[str, str]]]:
    """``[(name, DATABASE_URL)]`` for ``--db``: a new SQLite file, a throwaway cluster, or both."""
    found: list[tuple[str, str]] = []
    if which in ("sqlite", "both"):
        found.append(("sqlite", sqlite_url(workdir)))
    if which in ("postgres", "both"):
        with postgres() as url:
            found.append(("postgres", url))
            yield found
        return
    yield found


def run_one(name: str, url: str, workdir: Path, args: argparse.Namespace) -> Row:
    port = free_port()
    server = start_server(workdir, port, database_url=url)
    load = Load(port, args.tables, args.drop, timeout=args.timeout, drain=args.drain,
                max_hands=args.max_hands, seed=args.seed)
    prepare_hands()  # not the client's cost per request
    cpu_before, server_before = time.process_time(), server_cpu(server.pid)
    try:
        load.start()
        deadline = time.monotonic() + args.seconds
        while time.monotonic() < deadline and any(t.is_alive() for t in load.threads):
            time.sleep(0.1)
        seconds = load.finish()
        server_after = server_cpu(server.pid)
    finally:
        stop_server(server)
    client = time.process_time() - cpu_before
    used = None if server_before is None or server_after is None else server_after - server_before
    verdict = verify(url, load.tally.asked)
    return Row(name, seconds, load.tally, verdict, client, used)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables (client threads)")
    parser.add_argument("--seconds", type=float, default=30, help="how long the tables post hands")
    parser.add_argument("--max-hands", type=int, default=100_000, help="hands at most, over all tables")
    parser.add_argument("--drop", type=float, default=0.05, help="share of requests the client hangs up on")
    parser.add_argument("--timeout", type=float, default=10, help="seconds before an answer counts as lost")
    parser.add_argument("--drain", type=float, default=30, help="seconds to get the writes in flight answered")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    rows = []
    with tempfile.TemporaryDirectory(prefix="kreide-load-") as tmp, databases(args.db, Path(tmp)) as found:
        for name, url in found:
            workdir = Path(tmp) / name
            workdir.mkdir()
            rows.append(run_one(name, url, workdir, args))
    ok = report(rows, f"Kreide load: {args.tables} tables for {args.seconds:.0f} s, {args.drop:.0%} of requests "
                      f"dropped by the client, gunicorn workers: {worker_class()} (gunicorn.conf.py), "
                      f"{os.cpu_count()} CPUs shared with the client")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
