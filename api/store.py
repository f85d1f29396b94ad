"""Writes: one transaction each, guarded by the match's revision, retried on a lost race.

A write is decided against the match as it was read (``revision``); storing it appends
its log records, moves the snapshot on with ``UPDATE ... WHERE revision = ?`` and adds
the idempotency record, all in one transaction.  If another write got in first, the
update matches no row: everything is rolled back and the request is decided again from
the top (where it usually becomes a replay or a ``409``).  SQLite may also answer
"database is locked" under load, PostgreSQL a serialization failure or a deadlock;
those are retried the same way.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from flask import Response, current_app
from sqlalchemy import Row, bindparam, delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError, OperationalError

from api import events, idempotency
from api.errors import Problem
from api.extensions import db
from api.models import Entry, HandResult, Match, Ruling

MATCHES = Match.__table__
ENTRIES = Entry.__table__
RESULTS = HandResult.__table__
RULINGS = Ruling.__table__
ATTEMPTS = 8
BUSY_SECONDS = 10.0

# The hot path's statements, built once (a hand is benchmarked against a bare insert).
_SELECT_MATCH = select(MATCHES).where(MATCHES.c.id == bindparam("match_id"))
_MOVE_ON = (
    update(MATCHES)
    .where(MATCHES.c.id == bindparam("match_id"), MATCHES.c.revision == bindparam("seen_revision"))
    .values(revision=bindparam("new_revision"), version=bindparam("new_version"),
            next_seq=bindparam("new_next_seq"), state=bindparam("new_state"),
            last_change=bindparam("new_change"))
)
_APPEND = insert(ENTRIES)
_APPEND_RULING = insert(RULINGS)
_CACHE_RESULTS = insert(RESULTS)


_ONE_WRITER = threading.Lock()


@contextmanager
def writing() -> Iterator[None]:
    """SQLite has one writer at a time: the threads of a process queue here, woken at
    once, instead of polling in SQLite's busy handler (which sleeps 1, 2, 5, 10 ms...)."""
    if db.engine.dialect.name != "sqlite":
        yield
        return
    with _ONE_WRITER:
        yield


class LostRace(Exception):
    """Another write moved the match on between our read and our write."""


@dataclass(slots=True)
class Change:
    """What one write does to a match, decided before anything is stored.  Each log
    record and each ruling is one revision of the match."""

    status: int
    answer: dict[str, Any]
    at: datetime
    records: list[dict[str, Any]]  # {"seq", "action", "body", "result"}
    version: int
    next_seq: int
    state: dict[str, Any]
    results: dict[int, Any] = field(default_factory=dict)  # results cache: seq -> result (None: voided)
    rewrite_from: int | None = None  # drop cached results from this seq on first
    rulings: list[dict[str, Any]] = field(default_factory=list)  # rows of ``rulings`` (no match_id)
    # a change of the match itself: what changed (``rates``) and the columns it sets
    setting: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    # a new hand as the engine folded it: (state before, entry, outcome), for the hooks that
    # count what it adds (a club's summary); never stored
    folded: tuple[Any, Any, Any] | None = None

    @property
    def revisions(self) -> int:
        return len(self.records) + len(self.rulings) + (1 if self.setting else 0)

    @property
    def unchanged(self) -> bool:
        """Nothing to store: a setting given as it already stands."""
        return not self.revisions

    @property
    def last_change(self) -> dict[str, Any]:
        """What the live events report for the revision this change ends on."""
        if self.setting:
            return {"action": self.setting, "seq": None}
        if self.rulings:
            return {"action": "ruling", "seq": None}
        return {"action": self.records[-1]["action"], "seq": self.records[-1]["seq"]}


def iso(moment: datetime) -> str:
    """ISO 8601 in UTC with milliseconds (SQLite gives back naive UTC datetimes)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def json_response(status: int, data: Any, headers: Mapping[str, str] | None = None) -> Response:
    text = json.dumps(data, separators=(",", ":"))
    return Response(text, status, headers=dict(headers or {}), mimetype="application/json")


# what new_match_id makes (token_urlsafe): anything else names no row, and is not sent
# to the database (PostgreSQL refuses NUL and lone surrogates in text with an error)
_POSSIBLE_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")


def possible_id(ident: str) -> bool:
    """Whether ``ident`` could be an id Kreide made (a match's, a tournament's): only such
    a one is looked up."""
    return _POSSIBLE_ID.fullmatch(ident) is not None


def load_match(match_id: str) -> Row[Any] | None:
    if not possible_id(match_id):
        return None
    return db.session.connection().execute(_SELECT_MATCH, {"match_id": match_id}).first()


# --- the writer's snapshot cache ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A match as this worker last wrote or read it, with the same fields as its row."""

    id: str
    game: str
    players: list[str]
    rules: dict[str, str]
    first_dealer: str | None
    scorer_hash: str
    viewer_hash: str
    created_at: datetime
    version: int
    revision: int
    next_seq: int
    state: dict[str, Any]
    last_change: dict[str, Any] | None = None
    rates: dict[str, int] | None = None
    audit: list[dict[str, Any]] | None = None


#: A match as read for a request: a row of ``matches`` (attributes as on ``Match``), or
#: the :class:`Snapshot` a write starts from (the same fields).
MatchRow = Row[Any] | Snapshot


class SnapshotCache:
    """The last snapshot of recently written matches, per worker process.

    Writes start from it instead of reading the match again; it is a guess the database
    confirms: the snapshot moves on only ``WHERE revision = ?``, so a write decided on a
    stale snapshot is a lost race and is decided again from a fresh read.  A write that
    a cached snapshot would refuse is also decided again from a fresh read, so nobody is
    refused on stale grounds.  Reads never use it."""

    def __init__(self, size: int = 2048) -> None:
        self._items: OrderedDict[str, Snapshot] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, match_id: str) -> Snapshot | None:
        with self._lock:
            return self._items.get(match_id)

    def put(self, snapshot: Snapshot) -> None:
        with self._lock:
            self._items[snapshot.id] = snapshot
            self._items.move_to_end(snapshot.id)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def forget(self, match_id: str) -> None:
        with self._lock:
            self._items.pop(match_id, None)


SNAPSHOTS = SnapshotCache()


def snapshot_of(row: MatchRow | Snapshot) -> Snapshot:
    return row if isinstance(row, Snapshot) else Snapshot(**row._asdict())


def moved_on(match: MatchRow | Snapshot, change: Change) -> Snapshot:
    """The snapshot after ``change`` has been stored."""
    return replace(snapshot_of(match), version=change.version, revision=match.revision + change.revisions,
                   next_seq=change.next_seq, state=change.state, last_change=change.last_change, **change.settings)


#: What else a write to a match does, in its transaction: ``hook(connection, match, change)``
#: is called by :func:`store` before the commit (``match`` as the write read it).  A hook
#: may refuse the write (raise :class:`~api.errors.Problem`: nothing is stored), lose a race
#: on rows of its own (raise :class:`LostRace` with the match's id: the write is decided
#: again) or return what to run after the commit (waking live streams).  A hook must cost
#: nothing for matches it does not concern.
WriteHook = Callable[[Connection, MatchRow, Change], Callable[[], None] | None]
WRITE_HOOKS: list[WriteHook] = []
#: ``guard(match_id)`` before a match is deleted: raises a Problem to refuse it.
DELETE_GUARDS: list[Callable[[str], None]] = []


def on_write(hook: WriteHook) -> WriteHook:
    """Register a hook of every write to a match (:data:`WRITE_HOOKS`)."""
    if hook not in WRITE_HOOKS:
        WRITE_HOOKS.append(hook)
    return hook


def on_delete(guard: Callable[[str], None]) -> Callable[[str], None]:
    if guard not in DELETE_GUARDS:
        DELETE_GUARDS.append(guard)
    return guard


def store(match: MatchRow, kind: str, change: Change, *, key: str | None, fingerprint: str | None) -> None:
    """Append ``change`` to the match's log in one transaction; :class:`LostRace` if late.

    The snapshot moves first, so the write lock is taken and a lost race found at once.
    After the commit this worker's live-event subscribers are woken at once; the other
    workers and servers hear of it by NOTIFY (PostgreSQL) or their poll (SQLite)."""
    connection = db.session.connection()
    revision = match.revision + change.revisions
    snapshot = {
        "match_id": match.id, "seen_revision": match.revision,
        "new_revision": revision, "new_version": change.version,
        "new_next_seq": change.next_seq, "new_state": change.state, "new_change": change.last_change,
    }
    records = [{"match_id": match.id, "token_kind": kind, "recorded_at": change.at, **record}
               for record in change.records]
    with writing():
        if connection.execute(_MOVE_ON, snapshot).rowcount != 1:
            raise LostRace(match.id)
        if change.settings:
            connection.execute(update(MATCHES).where(MATCHES.c.id == match.id).values(**change.settings))
        if records:
            connection.execute(_APPEND, records)
        if change.rulings:
            connection.execute(_APPEND_RULING, [
                {"match_id": match.id, "token_kind": kind, "recorded_at": change.at, **ruling}
                for ruling in change.rulings
            ])
        if change.rewrite_from is not None:
            connection.execute(delete(RESULTS).where(RESULTS.c.match_id == match.id,
                                                     RESULTS.c.seq >= change.rewrite_from))
        if change.results:
            connection.execute(_CACHE_RESULTS, [
                {"match_id": match.id, "seq": seq, "result": result} for seq, result in change.results.items()
            ])
        if key is not None and fingerprint is not None:
            idempotency.remember(match.id, key, fingerprint, change.status, change.answer)
        events.publish(connection, match.id, revision)
        try:
            after = [then for hook in WRITE_HOOKS if (then := hook(connection, match, change)) is not None]
        except Problem:
            db.session.rollback()
            raise
        db.session.commit()
    SNAPSHOTS.put(moved_on(match, change))
    events.notify(match.id, revision)
    for then in after:
        then()


def with_retries(attempt: Callable[[], Response]) -> Response:
    """Run ``attempt`` until it is not beaten by a concurrent write (or give up: 503).

    A lost race is decided again at once, up to ``ATTEMPTS`` times.  A database that is
    busy (SQLite: the other worker is writing; PostgreSQL: a serialization failure or a
    deadlock) is tried again after a short cooperative sleep, growing from 2 to 50 ms with
    some jitter, for up to ``BUSY_SECONDS``."""
    races = 0
    busy = 0
    gives_up = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            return attempt()
        except LostRace as lost:
            db.session.rollback()
            SNAPSHOTS.forget(str(lost))
            races += 1
        except IntegrityError as error:  # the same hand or key stored by a concurrent write
            db.session.rollback()
            current_app.logger.info("write retried: %s", error.orig)
            races += 1
        except OperationalError as error:
            if not _is_busy(error):
                raise  # a database that cannot serve (api.outage drops the connection: 503) or a bug
            db.session.rollback()
            busy += 1
            if time.monotonic() >= gives_up:
                break
            time.sleep(min(0.050, 0.002 * 2 ** min(busy, 5)) * random.uniform(0.5, 1.0))
        if races >= ATTEMPTS:
            break
    raise Problem(503, "busy", headers={"Retry-After": "1"})


# PostgreSQL's transient refusals, worth another attempt: serialization failure, deadlock
# detected, lock not available
_PG_RETRY = {"40001", "40P01", "55P03"}


def _is_busy(error: OperationalError) -> bool:
    if getattr(error.orig, "sqlstate", None) in _PG_RETRY:
        return True
    text = str(error.orig).lower()
    return "locked" in text or "busy" in text
