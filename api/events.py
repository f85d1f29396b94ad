"""Live updates: ``GET /api/matches/{id}/events`` as a server-sent event stream.

Each process (gunicorn worker) has one :class:`Notifier`.  Its background thread,
started with the first subscriber and ended with the last, asks the database for the
revisions of the subscribed matches every ``KREIDE_EVENTS_POLL`` seconds (one query
for all of them) and wakes the subscribers of every match whose revision moved, so a
write in another worker is seen within one poll interval.  A write in this process
wakes them at once after its commit (:func:`notify`).  A woken stream reads the match
row once and sends its state; changes that arrive together are sent as one event (the
latest revision; a client catches up by ``revision``, never by counting events).

Streams hold a worker thread each, so they are bounded per process
(``KREIDE_EVENTS_MAX``), and :func:`close_all` ends them all when the worker shuts
down (``gunicorn.conf.py`` calls it on SIGTERM/SIGINT/SIGQUIT).
"""

from __future__ import annotations

import json
import logging
import threading
import time
import weakref
from collections.abc import Iterator
from typing import Any

from flask import Flask, Response, current_app, has_app_context, request
from sqlalchemy import bindparam, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from api.errors import Problem
from api.models import Match

EXTENSION = "kreide_events"
MATCHES = Match.__table__
KEEP_ALIVE = ": keep-alive\n\n"

_REVISIONS = select(MATCHES.c.id, MATCHES.c.revision).where(MATCHES.c.id.in_(bindparam("ids", expanding=True)))
_ROW = select(MATCHES.c.version, MATCHES.c.revision, MATCHES.c.next_seq, MATCHES.c.state,
              MATCHES.c.last_change).where(MATCHES.c.id == bindparam("match_id"))

#: Every notifier of this process, so a shutdown can end all streams.
_NOTIFIERS: weakref.WeakSet[Notifier] = weakref.WeakSet()
log = logging.getLogger(__name__)


class Subscription:
    """One open stream: woken when its match may have changed, or closed."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.closed = False
        self._woken = threading.Event()

    def wake(self) -> None:
        self._woken.set()

    def close(self) -> None:
        self.closed = True
        self._woken.set()

    def wait(self, timeout: float) -> bool:
        """True when woken (or closed) within ``timeout``; the wake-up is consumed, so
        a change after this returns wakes the next wait."""
        woken = self._woken.wait(timeout)
        self._woken.clear()
        return woken


class Notifier:
    """This process's subscribers by match, and the thread that polls their revisions."""

    def __init__(self, engine: Engine, *, interval: float, limit: int) -> None:
        self.engine = engine
        self.interval = interval
        self.limit = limit
        self._lock = threading.Lock()
        self._subscribers: dict[str, set[Subscription]] = {}
        self._known: dict[str, int] = {}  # revision last seen per subscribed match
        self._count = 0
        self._thread: threading.Thread | None = None
        self._closing = threading.Event()
        _NOTIFIERS.add(self)

    @property
    def count(self) -> int:
        return self._count

    def subscribe(self, match_id: str) -> Subscription:
        """A new subscription; ``503`` when this process has ``limit`` streams open
        or is shutting down.  Starts the polling thread if it is not running."""
        with self._lock:
            if self._closing.is_set():
                raise Problem(503, "shutting_down", headers={"Retry-After": "2"})
            if self._count >= self.limit:
                raise Problem(503, "too_many_streams", headers={"Retry-After": "5"})
            subscription = Subscription(match_id)
            self._subscribers.setdefault(match_id, set()).add(subscription)
            self._count += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="kreide-events", daemon=True)
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
            if not subscribers:
                del self._subscribers[subscription.match_id]
                self._known.pop(subscription.match_id, None)

    def notify(self, match_id: str, revision: int) -> None:
        """A write in this process committed ``revision``: wake the match's streams now."""
        with self._lock:
            subscribers = self._subscribers.get(match_id)
            if not subscribers:
                return
            self._known[match_id] = max(revision, self._known.get(match_id, revision))
            for subscription in subscribers:
                subscription.wake()

    def close(self) -> None:
        """End every stream (worker shutdown); later subscriptions are refused."""
        self._closing.set()
        with self._lock:
            for subscribers in self._subscribers.values():
                for subscription in subscribers:
                    subscription.close()

    # --- the polling thread ----------------------------------------------------------

    def _run(self) -> None:
        while not self._closing.is_set():
            with self._lock:
                if not self._subscribers:
                    self._thread = None  # the next subscriber starts a new one
                    return
                ids = list(self._subscribers)
            try:
                with self.engine.connect() as connection:
                    revisions: dict[str, int] = dict(connection.execute(_REVISIONS, {"ids": ids}).all())
            except SQLAlchemyError as error:
                log.warning("events: polling failed: %s", error)
                self._closing.wait(max(1.0, self.interval))
                continue
            self._wake_moved(revisions)
            self._closing.wait(self.interval)
        with self._lock:
            self._thread = None

    def _wake_moved(self, revisions: dict[str, int]) -> None:
        """Wake the streams of every match whose revision is not the one last seen (a
        match seen for the first time wakes too: its streams re-read and find out)."""
        with self._lock:
            for match_id, revision in revisions.items():
                if self._known.get(match_id) == revision or match_id not in self._subscribers:
                    continue
                self._known[match_id] = revision
                for subscription in self._subscribers[match_id]:
                    subscription.wake()


def init_events(app: Flask, engine: Engine) -> None:
    app.extensions[EXTENSION] = Notifier(
        engine, interval=float(app.config["KREIDE_EVENTS_POLL"]), limit=int(app.config["KREIDE_EVENTS_MAX"]),
    )


def notifier() -> Notifier:
    return current_app.extensions[EXTENSION]


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
    escapes every line break inside strings, so player names cannot break the frame)."""
    data = {"version": row.version, "revision": row.revision, "next_seq": row.next_seq, "state": row.state,
            "change": row.last_change}
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"id: {row.revision}\nevent: state\ndata: {text}\n\n"


def stream(owner: Notifier, subscription: Subscription, *, after: int | None, keep_alive: float,
           max_age: float, logger: logging.Logger) -> Iterator[str]:
    """The event stream of one subscription (already subscribed, so no change between
    the first read and the first wait is missed).  Sends the current state first unless
    the client has already seen ``after``, then one event per wake-up that finds a new
    revision, and a keep-alive comment when nothing happened for ``keep_alive`` s (a
    client that went away is noticed there, when the write fails).  After ``max_age``
    seconds the stream ends; the client reconnects with ``Last-Event-ID``."""
    sent = after
    opened = False
    ends = time.monotonic() + max_age
    try:
        while not subscription.closed and time.monotonic() < ends:
            try:
                with owner.engine.connect() as connection:
                    row = connection.execute(_ROW, {"match_id": subscription.match_id}).first()
            except SQLAlchemyError as error:
                logger.warning("events: match %s not read, stream ended: %s", subscription.match_id, error)
                return
            if row is None:
                return
            if row.revision != sent:
                sent = row.revision
                yield event_text(row)
            elif not opened:
                yield KEEP_ALIVE  # the client is up to date: the headers go out now all the same
            opened = True
            while not subscription.wait(keep_alive) and time.monotonic() < ends:
                yield KEEP_ALIVE
    finally:
        owner.unsubscribe(subscription)


def last_event_id() -> int | None:
    """The revision the client has seen: ``Last-Event-ID`` (a reconnect) or ``?after=``.
    Anything but a whole number is ignored: the client then gets the current state."""
    raw = request.headers.get("Last-Event-ID") or request.args.get("after") or ""
    raw = raw.strip()
    return int(raw) if raw.isdigit() and len(raw) <= 12 else None


def open_stream(match_id: str) -> Response:
    """Subscribe (``503`` problem JSON when this worker is full) and answer with the
    stream; the subscription ends with the stream, however it ends."""
    owner = notifier()
    subscription = owner.subscribe(match_id)
    config = current_app.config
    body = stream(owner, subscription, after=last_event_id(), keep_alive=float(config["KREIDE_EVENTS_KEEPALIVE"]),
                  max_age=float(config["KREIDE_EVENTS_MAX_AGE"]), logger=current_app.logger)
    response = Response(body, mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(lambda: owner.unsubscribe(subscription))
    return response
