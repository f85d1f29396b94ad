"""Live updates: ``GET /api/matches/{id}/events`` as a server-sent event stream.

Each process (gunicorn worker) has one :class:`Notifier` holding its open streams by
match.  A write wakes the streams of its match in three ways:

- in the writing process, at once after the commit (:func:`notify`);
- on PostgreSQL, in every other process of every app server sharing the database,
  through ``LISTEN``/``NOTIFY``: the write sends ``NOTIFY kreide_events, '<match>:<revision>'``
  inside its transaction (:func:`publish`; PostgreSQL delivers it only if the write
  commits), and each process keeps one listening connection while it has streams open
  (:class:`Listener`).  After that connection is lost and made again, every stream of
  the process re-reads its match, so nothing missed in between stays missed;
- on SQLite (one machine), by polling: a background task asks for the revisions of the
  subscribed matches every ``KREIDE_EVENTS_POLL`` seconds (one query for all of them).

A stream follows a *key*: a match's id, or ``<kind>:<id>`` for another kind of row with
a revision (a room's row, as a tournament's board: ``t:<id>``, registered at app
creation by :func:`register_kind` with its table and how its event reads).  Everything
below works by key alike.

A woken stream sends the match's state if its revision moved; the row is read once per
revision and process however many phones follow the match (:meth:`Notifier.event`).
Changes that arrive together are sent as one event (the latest revision; a client
catches up by ``revision``, never by counting events).

Streams are cheap under the evented worker (``gunicorn.conf.py``: one greenlet each, no
OS thread), but bounded all the same, per process: in all (``KREIDE_EVENTS_MAX``, then
``503``), per token (``KREIDE_STREAMS_PER_TOKEN``) and per client address
(``KREIDE_STREAMS_PER_ADDRESS``, then ``429``), so one viewer link shared too widely
cannot take the streams of the other tables.  A stream whose phone went away is noticed
within ``KREIDE_EVENTS_PROBE`` seconds (its socket reads as closed) and freed;
:func:`close_all` ends them all when the worker shuts down.
"""

from __future__ import annotations

import json
import logging
import select
import socket
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from flask import Flask, Response, current_app, has_app_context, request
from sqlalchemy import Table, bindparam, text
from sqlalchemy import select as sql_select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from api import outage
from api.config import CONNECT_TIMEOUT
from api.errors import Problem
from api.models import Match

EXTENSION = "kreide_events"
CHANNEL = "kreide_events"
MATCHES = Match.__table__
KEEP_ALIVE = ": keep-alive\n\n"

_REVISIONS = sql_select(MATCHES.c.id, MATCHES.c.revision).where(
    MATCHES.c.id.in_(bindparam("ids", expanding=True)))
_ROW = sql_select(MATCHES.c.version, MATCHES.c.revision, MATCHES.c.next_seq, MATCHES.c.state,
                  MATCHES.c.last_change, MATCHES.c.rates).where(MATCHES.c.id == bindparam("match_id"))
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


@dataclass(frozen=True)
class Kind:
    """Another kind of row a stream can follow: its ``table`` (with ``id`` and
    ``revision`` columns, polled on SQLite) and ``read(connection, id)``, its newest
    ``(revision, event text)`` or None when it is gone."""

    table: Table
    read: Callable[[Connection, str], tuple[int, str] | None]
    #: the least time between two events of one stream (s): a big event that changes with
    #: every deal of a hall (a tournament's board) is sent at most so often, the latest
    #: revision each time, so its cost does not grow with the number of tables playing
    pace: float = 0.0


#: Kinds by prefix: a stream key ``<prefix>:<id>``; a key without a colon is a match.
KINDS: dict[str, Kind] = {}


def register_kind(prefix: str, kind: Kind) -> None:
    KINDS[prefix] = kind


def stream_key(prefix: str, ident: str) -> str:
    return f"{prefix}:{ident}"


def _split(key: str) -> tuple[str | None, str]:
    prefix, colon, ident = key.partition(":")
    return (prefix, ident) if colon else (None, key)

#: Every notifier of this process, so a shutdown can end all streams.
_NOTIFIERS: weakref.WeakSet[Notifier] = weakref.WeakSet()
log = logging.getLogger(__name__)


class Subscription:
    """One open stream: woken when its match may have changed, or closed."""

    def __init__(self, match_id: str, token: str, address: str) -> None:
        self.match_id = match_id
        self.token = token
        self.address = address
        self.closed = False
        self._woken = threading.Event()

    def wake(self) -> None:
        self._woken.set()

    def close(self) -> None:
        self.closed = True
        self._woken.set()

    def wait(self, timeout: float) -> bool:
        """True when woken (or closed) within ``timeout``; the wake-up is consumed, so
        a change after this returns wakes the next wait.

        A wake-up that comes after the timeout has fired but before this stream runs again
        (gevent's ``Event.wait`` then answers False: a worker busy for a moment, say) is
        taken, not cleared away: it would be lost until the next change of the match.  The
        flag is cleared only when a wake-up is taken, and before the match is read again."""
        if self._woken.wait(timeout) or self._woken.is_set():
            self._woken.clear()
            return True
        return False


class Notifier:
    """This process's streams by match, the caps on them, and what wakes them."""

    def __init__(self, engine: Engine, *, interval: float, limit: int, per_token: int, per_address: int) -> None:
        self.engine = engine
        self.interval = interval
        self.limit = limit
        self.per_token = per_token
        self.per_address = per_address
        self.listens = engine.dialect.name == "postgresql"
        self._lock = threading.Lock()
        self._subscribers: dict[str, set[Subscription]] = {}
        self._by_token: dict[str, int] = {}
        self._by_address: dict[str, int] = {}
        self._known: dict[str, int] = {}  # newest revision heard of, per subscribed match
        self._events: dict[str, tuple[int, str]] = {}  # the last event read, per subscribed match
        self._count = 0
        self._thread: threading.Thread | None = None
        self._closing = threading.Event()
        _NOTIFIERS.add(self)

    @property
    def count(self) -> int:
        return self._count

    def subscribe(self, match_id: str, *, token: str = "", address: str = "") -> Subscription:
        """A new subscription; ``503`` when this process is full or shutting down,
        ``429`` when the token or the address already holds its share.  Starts the
        background task (listening or polling) if it is not running."""
        with self._lock:
            if self._closing.is_set():
                raise Problem(503, "shutting_down", headers={"Retry-After": "2"})
            if self._count >= self.limit:
                raise Problem(503, "too_many_streams", headers={"Retry-After": "5"})
            if self._by_token.get(token, 0) >= self.per_token:
                raise Problem(429, "streams_per_token", limit=self.per_token, headers={"Retry-After": "10"})
            if self._by_address.get(address, 0) >= self.per_address:
                raise Problem(429, "streams_per_address", limit=self.per_address, headers={"Retry-After": "10"})
            subscription = Subscription(match_id, token, address)
            self._subscribers.setdefault(match_id, set()).add(subscription)
            self._by_token[token] = self._by_token.get(token, 0) + 1
            self._by_address[address] = self._by_address.get(address, 0) + 1
            self._count += 1
            if self._thread is None:
                run = self._listen if self.listens else self._poll
                self._thread = threading.Thread(target=run, name="kreide-events", daemon=True)
                self._thread.start()
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        """Idempotent: a stream ends once, whether by its generator or its response."""
        with self._lock:
            subscribers = self._subscribers.get(subscription.match_id)
            if subscribers is None or subscription not in subscribers:
                return
            subscribers.discard(subscription)
            self._count -= 1
            _decrement(self._by_token, subscription.token)
            _decrement(self._by_address, subscription.address)
            if not subscribers:
                del self._subscribers[subscription.match_id]
                self._known.pop(subscription.match_id, None)
                self._events.pop(subscription.match_id, None)

    def notify(self, match_id: str, revision: int | None) -> None:
        """``match_id`` moved on to ``revision`` (None: to something not known): wake its streams."""
        with self._lock:
            subscribers = self._subscribers.get(match_id)
            if not subscribers:
                return
            known = self._known.get(match_id)
            if revision is not None and known is not None and revision <= known:
                return  # heard of already (our own write, then its NOTIFY)
            if revision is not None:
                self._known[match_id] = revision
            else:
                self._events.pop(match_id, None)
            for subscription in subscribers:
                subscription.wake()

    def wake_all(self) -> None:
        """Every stream re-reads its match (after notifications may have been missed)."""
        with self._lock:
            self._known.clear()
            self._events.clear()
            for subscribers in self._subscribers.values():
                for subscription in subscribers:
                    subscription.wake()

    def event(self, match_id: str) -> tuple[int, str] | None:
        """The match's newest ``(revision, event text)``: read from the database once per
        revision for all its streams in this process; None when the match is gone."""
        with self._lock:
            cached = self._events.get(match_id)
            known = self._known.get(match_id)
        if cached is not None and known is not None and cached[0] >= known:
            return cached
        prefix, ident = _split(match_id)
        with self.engine.connect() as connection:
            if prefix is not None:
                read = KINDS[prefix].read(connection, ident)
            else:
                row = connection.execute(_ROW, {"match_id": match_id}).first()
                read = None if row is None else (row.revision, event_text(row))
        if read is None:
            return None
        made = read
        with self._lock:
            subscribers = self._subscribers.get(match_id)
            if subscribers:
                if made[0] >= self._events.get(match_id, (-1, ""))[0]:
                    self._events[match_id] = made
                heard = self._known.get(match_id)
                if heard is None or made[0] > heard:
                    # newer than anything heard of: the match's other streams must not
                    # wait for a notice that will now be taken as one already heard
                    self._known[match_id] = made[0]
                    for subscription in subscribers:
                        subscription.wake()
        return made

    def close(self) -> None:
        """End every stream (worker shutdown); later subscriptions are refused."""
        self._closing.set()
        with self._lock:
            for subscribers in self._subscribers.values():
                for subscription in subscribers:
                    subscription.close()

    def _idle(self) -> bool:
        """True (and the task forgotten) when nobody follows a match any more."""
        with self._lock:
            if self._subscribers and not self._closing.is_set():
                return False
            self._thread = None  # the next subscriber starts a new one
            return True

    # --- SQLite: polling -------------------------------------------------------------

    def _poll(self) -> None:
        while not self._idle():
            with self._lock:
                ids = list(self._subscribers)
            try:
                with self.engine.connect() as connection:
                    revisions = _revisions(connection, ids)
            except SQLAlchemyError as error:
                if not outage.noticed(self.engine, error):  # an outage is logged once, not every poll
                    log.warning("events: polling failed: %s", error)
                self._closing.wait(max(1.0, self.interval))
                continue
            for match_id, revision in revisions.items():
                self.notify(match_id, revision)
            self._closing.wait(self.interval)

    # --- PostgreSQL: LISTEN ------------------------------------------------------------

    def _listen(self) -> None:
        listener = Listener(self.engine)
        try:
            while not self._idle():
                try:
                    if listener.connect():
                        self.wake_all()  # anything sent while we were not listening is re-read
                    for match_id, revision in listener.receive(timeout=1.0):
                        self.notify(match_id, revision)
                except Exception as error:  # a lost connection, a restarted server: listen again
                    if not outage.noticed(self.engine, error):
                        log.warning("events: listening failed: %s", error)
                    listener.close()
                    self._closing.wait(1.0)
        finally:
            listener.close()


class Listener:
    """One psycopg connection (autocommit) listening on :data:`CHANNEL`."""

    def __init__(self, engine: Engine) -> None:
        self.url = engine.url.set(drivername="postgresql")
        self.connection: Any = None

    def connect(self) -> bool:
        """Connect and LISTEN unless already listening; True when it did."""
        if self.connection is not None and not self.connection.closed:
            return False
        import psycopg

        self.connection = psycopg.connect(self.url.render_as_string(hide_password=False), autocommit=True,
                                          connect_timeout=CONNECT_TIMEOUT)
        self.connection.execute(f"LISTEN {CHANNEL}")
        return True

    def receive(self, timeout: float) -> Iterator[tuple[str, int | None]]:
        """The notifications that arrive within ``timeout`` seconds, as (match, revision)."""
        for notification in self.connection.notifies(timeout=timeout):
            # '<key>:<revision>'; a key may hold a colon itself ('t:<id>')
            match_id, colon, revision = notification.payload.rpartition(":")
            if not colon:
                match_id, revision = revision, ""
            yield match_id, int(revision) if revision.isdigit() else None

    def close(self) -> None:
        if self.connection is not None:
            try:
                self.connection.close()
            except Exception:  # closing a broken connection: nothing left to do
                pass
            self.connection = None


def _revisions(connection: Connection, keys: list[str]) -> dict[str, int]:
    """The revisions of the followed rows, by key: one query per kind followed."""
    by_kind: dict[str | None, list[str]] = {}
    for key in keys:
        prefix, ident = _split(key)
        by_kind.setdefault(prefix, []).append(ident)
    revisions: dict[str, int] = {}
    for prefix, ids in by_kind.items():
        if prefix is None:
            rows = connection.execute(_REVISIONS, {"ids": ids})
            revisions.update((match_id, revision) for match_id, revision in rows)
        elif prefix in KINDS:
            table = KINDS[prefix].table
            rows = connection.execute(sql_select(table.c.id, table.c.revision).where(table.c.id.in_(ids)))
            revisions.update((stream_key(prefix, ident), revision) for ident, revision in rows)
    return revisions


def _decrement(counts: dict[str, int], key: str) -> None:
    left = counts.get(key, 0) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


def init_events(app: Flask, engine: Engine) -> None:
    config = app.config
    app.extensions[EXTENSION] = Notifier(
        engine, interval=float(config["KREIDE_EVENTS_POLL"]), limit=int(config["KREIDE_EVENTS_MAX"]),
        per_token=int(config["KREIDE_STREAMS_PER_TOKEN"]), per_address=int(config["KREIDE_STREAMS_PER_ADDRESS"]),
    )


def notifier() -> Notifier:
    return current_app.extensions[EXTENSION]


def publish(connection: Connection, match_id: str, revision: int) -> None:
    """Inside a write's transaction: tell every process listening (PostgreSQL only;
    delivered when, and only if, the transaction commits)."""
    if connection.dialect.name == "postgresql":
        connection.execute(_NOTIFY, {"channel": CHANNEL, "payload": f"{match_id}:{revision}"})


def notify(match_id: str, revision: int) -> None:
    """Called by a write after its commit (a no-op outside an app)."""
    if has_app_context() and EXTENSION in current_app.extensions:
        current_app.extensions[EXTENSION].notify(match_id, revision)


def close_all() -> None:
    """End every stream of this process: the worker is shutting down."""
    for each in list(_NOTIFIERS):
        each.close()


# --- the stream ------------------------------------------------------------------------


def event_text(row: Any) -> str:
    """One ``state`` event: ``id`` is the revision; the data is JSON on one line (JSON
    escapes every line break inside strings, so player names cannot break the frame).  It
    carries the match's money rates (R37) too, so a rate changed on one phone shows on all."""
    data = {"version": row.version, "revision": row.revision, "next_seq": row.next_seq, "state": row.state,
            "change": row.last_change, "rates": row.rates or {}}
    text_ = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"id: {row.revision}\nevent: state\ndata: {text_}\n\n"


def client_gone(sock: Any) -> bool:
    """True when the client's side of ``sock`` is closed (it reads as end of file).
    Never blocks: the socket is only read (peeked) when select says it is readable."""
    if sock is None:
        return False
    try:
        readable, _, _ = select.select([sock], [], [], 0)
        return bool(readable) and sock.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):  # closed or reset under us
        return True


def stream(owner: Notifier, subscription: Subscription, *, after: int | None, keep_alive: float,
           max_age: float, probe: float, sock: Any, logger: logging.Logger) -> Iterator[str]:
    """The event stream of one subscription (already subscribed, so no change between
    the first read and the first wait is missed).  Sends the current state first unless
    the client has already seen ``after``, then one event per wake-up that finds a new
    revision, and a keep-alive comment when nothing happened for ``keep_alive`` s.
    Every ``probe`` s it looks whether the client went away (``sock`` closed) and ends.
    After ``max_age`` seconds the stream ends; the client reconnects with ``Last-Event-ID``."""
    sent = after
    opened = False
    ends = time.monotonic() + max_age
    prefix, _ident = _split(subscription.match_id)
    pace = KINDS[prefix].pace if prefix in KINDS else 0.0
    last_sent = 0.0
    try:
        while not subscription.closed and time.monotonic() < ends:
            if pace and (wait := last_sent + pace - time.monotonic()) > 0:
                time.sleep(wait)  # cooperative under the evented worker
            try:
                current = owner.event(subscription.match_id)
            except SQLAlchemyError as error:  # the phone reconnects; an outage is logged once (api.outage)
                if not outage.noticed(owner.engine, error):
                    logger.warning("events: match %s not read, stream ended: %s", subscription.match_id, error)
                return
            if current is None:
                return
            revision, event = current
            if revision != sent:
                sent = revision
                last_sent = time.monotonic()
                yield event
            elif not opened:
                yield KEEP_ALIVE  # the client is up to date: the headers go out now all the same
            opened = True
            quiet_since = time.monotonic()
            while not subscription.wait(min(probe, keep_alive)):
                now = time.monotonic()
                if now >= ends or client_gone(sock):
                    return
                if now - quiet_since >= keep_alive:
                    quiet_since = now
                    yield KEEP_ALIVE
    finally:
        owner.unsubscribe(subscription)


def last_event_id() -> int | None:
    """The revision the client has seen: ``Last-Event-ID`` (a reconnect) or ``?after=``.
    Anything but a whole number is ignored: the client then gets the current state."""
    raw = request.headers.get("Last-Event-ID") or request.args.get("after") or ""
    raw = raw.strip()
    return int(raw) if raw.isdigit() and len(raw) <= 12 else None


def open_stream(match_id: str, token: str) -> Response:
    """Subscribe (a problem when this worker, the token or the address is at its cap)
    and answer with the stream; the subscription ends with the stream, however it ends.
    ``token`` identifies the caller's token (its hash), never the token itself."""
    owner = notifier()
    subscription = owner.subscribe(match_id, token=token, address=request.remote_addr or "")
    config = current_app.config
    body = stream(owner, subscription, after=last_event_id(), keep_alive=float(config["KREIDE_EVENTS_KEEPALIVE"]),
                  max_age=float(config["KREIDE_EVENTS_MAX_AGE"]), probe=float(config["KREIDE_EVENTS_PROBE"]),
                  sock=request.environ.get("gunicorn.socket"), logger=current_app.logger)
    response = Response(body, mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(lambda: owner.unsubscribe(subscription))
    return response
