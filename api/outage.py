"""A database that cannot serve: answered, not crashed on.

A database that is unreachable, restarting, out of connections or read-only makes any
request that needs it answer ``503 database_unavailable`` (problem JSON, ``Retry-After``),
never ``500``: the phone keeps what it was sending and sends it again (its outbox), and a
write refused so changed nothing (its transaction never committed).  What counts as such
an outage is :func:`outage_of`'s to say; anything else (a refused constraint, a bug)
still reaches the ``500`` handler with its traceback.

The connection a failed request held is invalidated (closed, not given back to the pool),
and the pool checks every other one before use (``pool_pre_ping``), so the first request
after the database is back writes again: nobody restarts anything.

Each worker logs an outage once, not per request (logger ``api.outage``, at INFO unless
set otherwise): a WARNING ``database unavailable: <reason>`` at its first failure and an
INFO ``database available again after N s, M requests answered 503`` at the first
statement that succeeds afterwards (an episode of a read-only database ends with the first
write that succeeds).  The reasons are the driver's first line (no SQL, no parameters, so
never a token or its hash).

``GET /api/ready`` asks :func:`readiness`: the database answers a ``SELECT 1`` within
about two seconds and takes writes, and the rate limits' shared store (Redis) answers its
ping when one is configured.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from dataclasses import dataclass
from typing import Any

import psycopg
from flask import Flask, Response, current_app
from sqlalchemy import event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from api.errors import Problem, unexpected
from api.extensions import db
from engine.i18n import Term

#: Seconds a client is asked to wait before it tries again.
RETRY_AFTER = 2
#: The readiness check's budget for the database's answer (ms; PostgreSQL's statement_timeout).
READY_TIMEOUT_MS = 2000

# PostgreSQL (SQLSTATE): class 08 the connection; 53 out of resources (53300 too many
# connections); 58 the server's own I/O; 57P01-57P05 shut down by an administrator, crashed,
# starting up (cannot connect now), database dropped, idle session ended; 25006 a read-only
# transaction (a hot standby, a database set read-only).  Not 57014 (a statement cancelled),
# nor the races api.store retries (40001, 40P01, 55P03).
_PG_CLASSES = ("08", "53", "58", "57P")
_PG_STATES = {"25006"}
_PG_READ_ONLY = "25006"
# SQLite (primary result codes): read-only, disk I/O error, disk full, cannot open the file,
# locking protocol.  Not BUSY/LOCKED (api.store retries those), nor CORRUPT (an operator's
# matter, loud as a 500).
_SQLITE_CODES = {8: "SQLITE_READONLY", 10: "SQLITE_IOERR", 13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN",
                 15: "SQLITE_PROTOCOL"}
_SQLITE_READ_ONLY = 8
_REASON_LENGTH = 160


@dataclass(frozen=True, slots=True)
class Outage:
    """Why the database could not serve: a short ``reason`` for the log, and whether only
    writes are refused (a read-only database still answers reads)."""

    reason: str
    writes_only: bool = False


def outage_of(error: BaseException) -> Outage | None:
    """The outage ``error`` tells of, or None when it is something else (a constraint, a bug).
    ``error`` is SQLAlchemy's (wrapping the driver's) or the driver's own (the live events'
    listening connection)."""
    if isinstance(error, PoolTimeout):
        return Outage(f"no connection free in the pool: {_short(str(error))}")
    original: BaseException | None = error
    if isinstance(error, DBAPIError):
        original = error.orig
        if error.connection_invalidated:
            return Outage(_short(str(original)) or type(original).__name__)
    sqlstate = getattr(original, "sqlstate", None)
    if sqlstate is not None:
        if sqlstate in _PG_STATES or sqlstate.startswith(_PG_CLASSES):
            return Outage(f"{sqlstate} {_short(str(original))}", writes_only=sqlstate == _PG_READ_ONLY)
        return None
    code = getattr(original, "sqlite_errorcode", None)
    if code is not None:
        primary = code & 0xFF
        if primary in _SQLITE_CODES:
            return Outage(f"{_SQLITE_CODES[primary]} {_short(str(original))}",
                          writes_only=primary == _SQLITE_READ_ONLY)
        return None
    # psycopg's own failures carry no SQLSTATE: connecting failed, the connection broke or is closed
    if isinstance(original, (psycopg.OperationalError, psycopg.InterfaceError)):
        return Outage(_short(str(original)) or type(original).__name__)
    return None


def _short(message: str) -> str:
    """The first line of a driver's message, without SQLAlchemy's link to its docs."""
    line = message.strip().splitlines()[0] if message.strip() else ""
    line = line.split(" (Background on this error", 1)[0]
    return line[:_REASON_LENGTH]


class Episodes:
    """One worker's outage episodes of one database: logged once each, counted meanwhile."""

    def __init__(self, logger: logging.Logger) -> None:
        self.logger = logger
        self._lock = threading.Lock()
        self.since: float | None = None  # time.monotonic() of the episode's first failure
        self.writes_only = False
        self.refused = 0

    def failed(self, outage: Outage, *, answered: bool) -> None:
        """A failure: the first opens an episode (one WARNING); ``answered``: a request got 503."""
        with self._lock:
            first = self.since is None
            if first:
                self.since = time.monotonic()
                self.writes_only = outage.writes_only
                self.refused = 0
            elif not outage.writes_only:
                self.writes_only = False
            if answered:
                self.refused += 1
        if first:
            self.logger.warning("database unavailable: %s", outage.reason)

    def answered(self, *, wrote: bool) -> None:
        """A statement succeeded: ends the episode (one INFO), unless only writes failed and
        this was no write."""
        if self.since is None or (self.writes_only and not wrote):
            return
        with self._lock:
            if self.since is None:
                return
            seconds, refused = time.monotonic() - self.since, self.refused
            self.since = None
            self.refused = 0
        self.logger.info("database available again after %.1f s, %d %s answered 503", seconds, refused,
                         "request" if refused == 1 else "requests")


_EPISODES: weakref.WeakKeyDictionary[Engine, Episodes] = weakref.WeakKeyDictionary()


def episodes(engine: Engine) -> Episodes | None:
    """The episodes of ``engine``'s database in this worker (None for an engine no app made)."""
    return _EPISODES.get(engine)


def noticed(engine: Engine, error: BaseException, *, answered: bool = False) -> bool:
    """Whether ``error`` is an outage of ``engine``'s database; if so, counted in its episode
    (logged once), so a background task that meets it need not log it again.  ``answered``:
    a request is answered 503 for it."""
    outage = outage_of(error)
    if outage is None:
        return False
    watch = episodes(engine)
    if watch is not None:
        watch.failed(outage, answered=answered)
    return True


def init_outage(app: Flask, engine: Engine) -> None:
    """Answer outages of ``engine``'s database with 503 and watch for its return."""
    logger = app.logger.getChild("outage")  # "api.outage"
    if logger.level == logging.NOTSET:  # both lines of an episode are logged, whatever the app's level (the
        logger.setLevel(logging.INFO)  # app's other INFO lines, one per hand, are not by default)
    watch = Episodes(logger)
    _EPISODES[engine] = watch

    @event.listens_for(engine, "after_cursor_execute")
    def succeeded(_connection: Any, _cursor: Any, _statement: Any, _parameters: Any, context: Any,
                  _many: bool) -> None:
        if watch.since is not None:
            watch.answered(wrote=bool(context.isinsert or context.isupdate or context.isdelete))

    app.register_error_handler(SQLAlchemyError, _database_error)

    @app.teardown_appcontext
    def close_session(_error: BaseException | None) -> None:
        """The request's session ends before flask-sqlalchemy's own teardown (teardowns run
        last registered first) and cannot fail the request: a connection the database dropped
        after the answer was made (a restart between the view and its end) is thrown away, not
        rolled back (the rollback would fail, and gunicorn would answer 500 to an answer made)."""
        session = db.session()
        connection = session.connection() if session.in_transaction() else None
        try:
            db.session.remove()
        except SQLAlchemyError as error:
            if not noticed(engine, error):
                raise
            if connection is not None and not connection.invalidated:
                connection.invalidate()  # closed at the driver: nothing it held stays held
            try:
                db.session.remove()
            except SQLAlchemyError:
                db.session.registry.clear()


def _database_error(error: SQLAlchemyError) -> Response:
    """An outage: 503 with Retry-After, the request's connection dropped; else a bug (500)."""
    if not noticed(db.engine, error, answered=True):
        return unexpected(error)
    db.session().invalidate()  # closed, not pooled: a read-only or broken connection is not reused
    return unavailable()


def unavailable() -> Response:
    return Problem(503, "database_unavailable", headers={"Retry-After": str(RETRY_AFTER)}).response()


# --- readiness -----------------------------------------------------------------------------

OK, DOWN, READ_ONLY, BEHIND, NOT_USED = "ok", "unavailable", "read-only", "behind", "not used"
_TERMS = {DOWN: "database", READ_ONLY: "database_writes", BEHIND: "database_schema"}
#: engines whose schema this process has seen at (or past) the code's head: it stays there
_SCHEMA_CURRENT: set[str] = set()


@dataclass(frozen=True, slots=True)
class Readiness:
    """What ``GET /api/ready`` reports: the database and the rate limits' shared store."""

    database: str
    rate_limits: str

    @property
    def ready(self) -> bool:
        return self.database == OK and self.rate_limits in (OK, NOT_USED)

    def to_json(self) -> dict[str, str]:
        return {"database": self.database, "rate_limits": self.rate_limits}

    def problem(self) -> Problem:
        """``503 not_ready`` naming what is down, with Retry-After."""
        down = [Term(_TERMS[self.database])] if self.database != OK else []
        if self.rate_limits == DOWN:
            down.append(Term("rate_limits"))
        return Problem(503, "not_ready", headers={"Retry-After": str(RETRY_AFTER)}, extra=self.to_json(), down=down)


def readiness() -> Readiness:
    return Readiness(database=_database_state(), rate_limits=_rate_limit_state())


def _database_state() -> str:
    """``ok``, ``read-only`` or ``unavailable``: one pooled connection (checked before use)
    answers within :data:`READY_TIMEOUT_MS`; on PostgreSQL it must also take writes."""
    engine = db.engine
    try:
        with engine.connect() as connection:
            if engine.dialect.name == "postgresql":
                connection.execute(text(f"SET LOCAL statement_timeout = {READY_TIMEOUT_MS}"))
                read_only = connection.scalar(text("SELECT current_setting('transaction_read_only')")) == "on"
            else:
                read_only = False
                connection.execute(text("SELECT 1"))
            behind = _schema_behind(engine, connection)
            connection.rollback()
            return READ_ONLY if read_only else BEHIND if behind else OK
    except SQLAlchemyError as error:
        if not noticed(engine, error, answered=True):
            raise
        return DOWN


def _schema_behind(engine: Engine, connection: Connection) -> bool:
    """The database's schema is older than this code (the migrations of this deploy have not
    run): asked until it is current once, then never again by this process."""
    from api.schema import migrations_state  # api.schema's command line imports the app

    key = str(engine.url)
    if key in _SCHEMA_CURRENT:
        return False
    if migrations_state(connection).is_behind:
        return True
    _SCHEMA_CURRENT.add(key)
    return False


def _rate_limit_state() -> str:
    """``ok`` or ``unavailable`` when the counts live in a shared store (Redis), which must
    answer its ping; ``not used`` when each worker counts in its own memory."""
    state = current_app.extensions.get("kreide_limits")
    uri = str(current_app.config.get("RATELIMIT_STORAGE_URI") or "memory://")
    if state is None or uri.startswith("memory://"):
        return NOT_USED
    return OK if state["limiter"].storage.check() else DOWN
