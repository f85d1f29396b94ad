"""A database that cannot serve is answered, not crashed on (api/outage.py).

Every route answers ``503 database_unavailable`` (problem JSON, ``Retry-After``) while the
database is gone, read-only or out of connections; nothing is half-written; the worker logs
the episode once (a WARNING when it starts, an INFO when the database answers again) and no
traceback; writes resume by themselves; ``/api/ready`` says 503 meanwhile and ``/api/health``
stays 200.  On SQLite the database's folder vanishes (renamed away and back) or is opened
read-only; on PostgreSQL a server of the test's own is stopped and started, and on the
suite's server a database is made read-only, its role runs out of connections and the pool
of a worker runs dry.  The classifier is a table of what is an outage and what is a bug.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import psycopg.errors as pg
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, exc, text
from sqlalchemy.engine import make_url

from api import create_app
from api.extensions import db
from api.outage import RETRY_AFTER, outage_of
from tests.api.conftest import PLAYERS, assert_problem, bearer, deutsch_hand
from tests.conftest import PUBLIC_URL, SUITE_CREATE_LIMIT, make_app, schema_at_head

REPO = Path(__file__).resolve().parents[2]
KEY = "outage-hand-2"


# --- the classifier --------------------------------------------------------------------------


def sqlite_error(sql: str, *, uri: str) -> sqlite3.Error:
    """A real error of SQLite's, from ``sql`` on the database at ``uri`` (read-only, missing)."""
    try:
        connection = sqlite3.connect(uri, uri=True)
        connection.execute(sql)
    except sqlite3.Error as error:
        return error
    raise AssertionError(f"{sql} did not fail")


def wrapped(error: Exception, kind: type[exc.DBAPIError] = exc.OperationalError, **flags: Any) -> exc.DBAPIError:
    """As SQLAlchemy raises a driver's error."""
    return kind("SELECT 1", {}, error, **flags)


@pytest.fixture(scope="module")
def ro_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("classifier") / "ro.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE t (a INTEGER PRIMARY KEY)")
        connection.execute("INSERT INTO t VALUES (1)")
    return f"file:{path}?mode=ro"


OUTAGES: list[Any] = [
    pytest.param(lambda f: wrapped(pg.AdminShutdown("terminating connection due to administrator command")),
                 "57P01", id="PostgreSQL shut down by an administrator (57P01)"),
    pytest.param(lambda f: wrapped(pg.CannotConnectNow("the database system is starting up")),
                 "57P03", id="PostgreSQL starting up (57P03)"),
    pytest.param(lambda f: wrapped(pg.TooManyConnections("sorry, too many clients already")),
                 "53300", id="PostgreSQL out of connections (53300)"),
    pytest.param(lambda f: wrapped(pg.ReadOnlySqlTransaction("cannot execute UPDATE in a read-only transaction"),
                                   exc.InternalError),
                 "25006", id="PostgreSQL read-only: a hot standby (25006)"),
    pytest.param(lambda f: wrapped(pg.ConnectionFailure("connection failure")), "08006",
                 id="PostgreSQL connection failure (class 08)"),
    pytest.param(lambda f: wrapped(pg.DiskFull("could not extend file")), "53100", id="PostgreSQL disk full (53100)"),
    pytest.param(lambda f: wrapped(psycopg.OperationalError(
        'connection failed: connection to server at "127.0.0.1", port 1 failed: Connection refused\n\tIs the server '
        "running on that host and accepting TCP/IP connections?")), "Connection refused",
                 id="PostgreSQL unreachable: psycopg's connection failure"),
    pytest.param(lambda f: wrapped(psycopg.InterfaceError("the connection is closed"), exc.InterfaceError),
                 "the connection is closed", id="psycopg: a closed connection"),
    pytest.param(lambda f: psycopg.OperationalError("consuming input failed: server closed the connection"),
                 "server closed", id="psycopg's own, unwrapped (the live events' listener)"),
    pytest.param(lambda f: wrapped(pg.UniqueViolation("lost with the connection"), exc.IntegrityError,
                                   connection_invalidated=True),
                 "lost with the connection", id="any error SQLAlchemy found the connection lost in"),
    pytest.param(lambda f: exc.TimeoutError("QueuePool limit of size 10 overflow 20 reached, connection timed out, "
                                            "timeout 10.00"), "QueuePool limit",
                 id="the worker's pool ran dry (pool timeout)"),
    pytest.param(lambda f: wrapped(sqlite_error("INSERT INTO t VALUES (2)", uri=f)), "SQLITE_READONLY",
                 id="SQLite read-only: attempt to write a readonly database"),
    pytest.param(lambda f: wrapped(sqlite_error("SELECT 1", uri="file:/nonexistent/folder/kreide.sqlite3")),
                 "SQLITE_CANTOPEN", id="SQLite's file unreachable: unable to open database file"),
]


@pytest.mark.parametrize(("make", "named"), OUTAGES)
def test_an_outage_is_told_from_its_error(make: Callable[[str], BaseException], named: str, ro_file: str) -> None:
    outage = outage_of(make(ro_file))
    assert outage is not None
    assert named in outage.reason
    assert "\n" not in outage.reason and len(outage.reason) <= 200
    assert outage.writes_only == (named in ("25006", "SQLITE_READONLY"))


NOT_OUTAGES: list[Any] = [
    pytest.param(lambda f: wrapped(pg.UniqueViolation("duplicate key value"), exc.IntegrityError),
                 id="PostgreSQL: a unique constraint (23505) is the 500's"),
    pytest.param(lambda f: wrapped(pg.UndefinedTable('relation "matches" does not exist'), exc.ProgrammingError),
                 id="PostgreSQL: a missing table (42P01), migrations not run"),
    pytest.param(lambda f: wrapped(pg.SerializationFailure("could not serialize access")),
                 id="PostgreSQL: a serialization failure (40001) is retried by api.store"),
    pytest.param(lambda f: wrapped(pg.QueryCanceled("canceling statement due to statement timeout")),
                 id="PostgreSQL: a statement cancelled (57014)"),
    pytest.param(lambda f: wrapped(sqlite_error("INSERT INTO t VALUES (1)", uri=f.replace("mode=ro", "mode=rw")),
                                   exc.IntegrityError), id="SQLite: a unique constraint"),
    pytest.param(lambda f: wrapped(sqlite_error("SELECT * FROM nowhere", uri=f)), id="SQLite: no such table"),
    pytest.param(lambda f: exc.InvalidRequestError("This session is in 'prepared' state"),
                 id="SQLAlchemy misused: a bug"),
    pytest.param(lambda f: KeyError("points"), id="a programming bug"),
]


@pytest.mark.parametrize("make", NOT_OUTAGES)
def test_anything_else_is_no_outage(make: Callable[[str], BaseException], ro_file: str) -> None:
    assert outage_of(make(ro_file)) is None


def test_a_bug_in_the_database_layer_still_reaches_the_500_handler(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise wrapped(pg.UniqueViolation("duplicate key value"), exc.IntegrityError)

    monkeypatch.setattr("api.auth.load_match", broken)
    assert_problem(client.get("/api/matches/AbCdEfGh123", headers=bearer("t")), 500, "internal")
    assert [r.message for r in caplog.records if r.levelno >= logging.WARNING] == ["unexpected error"]


# --- the routes during an outage -------------------------------------------------------------


def unavailable(response: Any) -> None:
    """503 database_unavailable, problem JSON with Retry-After, in the reader's language."""
    problem = assert_problem(response, 503, "database_unavailable")
    assert problem["type"] == "urn:kreide:problem:database_unavailable"
    assert response.headers["Retry-After"] == str(RETRY_AFTER)
    assert response.headers["Cache-Control"] == "no-store"


def not_ready(client: FlaskClient, database: str) -> None:
    response = client.get("/api/ready", headers={"Accept-Language": "de"})
    problem = assert_problem(response, 503, "not_ready")
    assert problem["database"] == database
    assert "Datenbank" in problem["detail"]
    assert response.headers["Retry-After"] == str(RETRY_AFTER)
    assert response.headers["Cache-Control"] == "no-store"


def every_route_refuses(client: FlaskClient, match: dict[str, Any]) -> None:
    """Reads and writes of matches, tournaments and clubs, and a live stream: 503 each."""
    scorer, url = bearer(match["scorer_token"]), f"/api/matches/{match['id']}"
    for response in (
        client.get(url, headers=scorer),
        client.get(f"{url}/hands", headers=scorer),
        client.get(f"{url}/events", headers=scorer),
        client.post(f"{url}/hands", json=deutsch_hand(2), headers={**scorer, "Idempotency-Key": KEY}),
        client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}),
        client.get("/api/tournaments/AbCdEfGh123", headers=bearer("t")),
        client.get("/api/clubs/AbCdEfGh123", headers=bearer("t")),
    ):
        unavailable(response)
    assert client.get("/api/health").status_code == 200  # liveness: the process answers


def outage_lines(caplog: pytest.LogCaptureFixture) -> list[tuple[int, str]]:
    """What the app logged about the database: no traceback, nothing but the episode."""
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"
    return [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "api.outage" and r.levelno >= logging.INFO
            and "database" in r.getMessage()]


def assert_logged(caplog: pytest.LogCaptureFixture, *expected: tuple[int, str]) -> None:
    """The app's lines about the database are these (level, pattern), in order: one line when
    an episode starts, one when it ends, nothing per request."""
    lines = outage_lines(caplog)
    assert len(lines) == len(expected), lines
    for (level, line), (want, pattern) in zip(lines, expected):
        assert level == want and re.search(pattern, line), (line, pattern)


def down(reason: str) -> tuple[int, str]:
    return logging.WARNING, "^database unavailable: .*" + re.escape(reason)


def back(answered: int) -> tuple[int, str]:
    return logging.INFO, rf"^database available again after \d+\.\d s, {answered} requests? answered 503$"


def a_hand_recorded(client: FlaskClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """A new Dreeg match with hand 1; the match as read."""
    created = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS})
    assert created.status_code == 201
    match = created.get_json()
    scorer = bearer(match["scorer_token"])
    assert client.post(f"/api/matches/{match['id']}/hands", json=deutsch_hand(1), headers=scorer).status_code == 201
    return match, client.get(f"/api/matches/{match['id']}", headers=scorer).get_json()


def writes_resume(client: FlaskClient, match: dict[str, Any], before: dict[str, Any]) -> None:
    """The match is as it was (nothing half-written), and the refused hand goes in now, once."""
    scorer, url = bearer(match["scorer_token"]), f"/api/matches/{match['id']}"
    assert client.get(url, headers=scorer).get_json() == before
    for _ in range(2):  # sent again, as the phone's outbox does, with its key: recorded once
        sent = client.post(f"{url}/hands", json=deutsch_hand(2), headers={**scorer, "Idempotency-Key": KEY})
        assert sent.status_code == 201, sent.get_json()
    now = client.get(url, headers=scorer).get_json()
    assert (now["revision"], now["next_seq"]) == (before["revision"] + 1, 3)


@pytest.mark.sqlite_only
def test_sqlite_file_gone_and_back(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The folder of the database vanishes (a lost mount) while the worker's connections are
    gone too; everything is 503 until it is back, then writes go on by themselves."""
    folder = tmp_path / "data"
    folder.mkdir()
    app = make_app(folder / "kreide.sqlite3")
    client = app.test_client()
    match, before = a_hand_recorded(client)
    folder.rename(tmp_path / "elsewhere")
    with app.app_context():
        db.engine.dispose()
    every_route_refuses(client, match)
    not_ready(client, "unavailable")
    (tmp_path / "elsewhere").rename(folder)
    writes_resume(client, match, before)
    assert client.get("/api/ready").get_json() == {"status": "ok", "database": "ok", "rate_limits": "not used"}
    assert_logged(caplog, down("SQLITE_CANTOPEN unable to open database file"), back(8))
    assert match["scorer_token"] not in caplog.text and match["viewer_token"] not in caplog.text


def test_a_connection_lost_after_the_answer_was_made_does_not_turn_it_into_a_500(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The database goes between a view's answer and the end of its request (a PostgreSQL
    restart just then, as bench/faults.py met it on a live stream's start): the session's
    closing rollback fails. The answer made stands; the connection is thrown away, not pooled,
    and the next request is served."""
    app = make_app(tmp_path / "kreide.sqlite3")
    client = app.test_client()
    match, before = a_hand_recorded(client)
    with app.app_context():
        dialect = db.engine.dialect
    lost: Exception = (psycopg.OperationalError("consuming input failed: server closed the connection unexpectedly")
                       if dialect.name == "postgresql"
                       else sqlite_error("SELECT 1", uri="file:/nonexistent/folder/kreide.sqlite3"))
    rollback = dialect.do_rollback
    failing = [True]

    def fails_once(dbapi_connection: Any) -> None:
        if failing:
            failing.pop()
            raise lost
        rollback(dbapi_connection)

    monkeypatch.setattr(dialect, "do_rollback", fails_once)
    url, viewer = f"/api/matches/{match['id']}", bearer(match["viewer_token"])
    answer = client.get(url, headers=viewer)
    assert not failing, "the request's session was rolled back at its end"
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["state"] == before["state"]
    again = client.get(url, headers=viewer)
    assert again.status_code == 200 and again.get_json() == answer.get_json()
    assert "Traceback" not in caplog.text


@pytest.mark.sqlite_only
def test_sqlite_read_only_refuses_writes_and_serves_reads(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A database file the worker may only read: every write 503 and the match unchanged;
    reads are served, and they do not end the episode (only a write would)."""
    path = tmp_path / "kreide.sqlite3"
    client = make_app(path).test_client()
    match, before = a_hand_recorded(client)
    reader = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///file:{path}?mode=ro&uri=true",
                         "KREIDE_LIMIT_CREATE": SUITE_CREATE_LIMIT, "KREIDE_PUBLIC_URL": PUBLIC_URL})
    try:
        phone = reader.test_client()
        scorer, url = bearer(match["scorer_token"]), f"{'/api/matches/'}{match['id']}"
        for _ in range(2):
            unavailable(phone.post(f"{url}/hands", json=deutsch_hand(2), headers={**scorer, "Idempotency-Key": KEY}))
            assert phone.get(url, headers=scorer).get_json() == before
        unavailable(phone.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}))
        assert_logged(caplog, down("SQLITE_READONLY attempt to write a readonly database"))
    finally:
        with reader.app_context():
            db.engine.dispose()
    writes_resume(client, match, before)


def test_a_stream_open_when_the_database_goes_keeps_quiet(
        app: Flask, client: FlaskClient, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """A live stream whose read meets the outage ends (the phone reconnects) and is counted in
    the episode, not logged on its own."""
    match, _before = a_hand_recorded(client)
    response = client.get(f"/api/matches/{match['id']}/events", headers=bearer(match["viewer_token"]))
    chunks = iter(response.response)
    assert b"event: state" in next(chunks)

    def gone(*_args: Any, **_kwargs: Any) -> Any:
        raise wrapped(pg.AdminShutdown("terminating connection due to administrator command"))

    with app.app_context():
        notifier = app.extensions["kreide_events"]
    monkeypatch.setattr(notifier, "event", gone)
    notifier.wake_all()
    assert list(chunks) == []
    response.close()
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == ["database unavailable: 57P01 terminating connection due to administrator command"]


# --- readiness ----------------------------------------------------------------------------


def test_ready_when_the_database_answers(client: FlaskClient) -> None:
    response = client.get("/api/ready")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "database": "ok", "rate_limits": "not used"}
    assert response.headers["Cache-Control"] == "no-store"
    for _ in range(40):  # no rate limit, no token: a proxy may ask every second
        assert client.get("/api/ready").status_code == 200


def test_not_ready_when_the_shared_rate_limit_store_is_down(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Counts kept in Redis (``KREIDE_RATELIMIT_STORAGE_URI``): its ping must answer too
    (the storage's own ``check()``, as Flask-Limiter asks it)."""
    storage = app.extensions["kreide_limits"]["limiter"].storage
    monkeypatch.setitem(app.config, "RATELIMIT_STORAGE_URI", "redis://127.0.0.1:6379")
    monkeypatch.setattr(storage, "check", lambda: True)
    assert client.get("/api/ready").get_json() == {"status": "ok", "database": "ok", "rate_limits": "ok"}
    monkeypatch.setattr(storage, "check", lambda: False)
    response = client.get("/api/ready")
    problem = assert_problem(response, 503, "not_ready")
    assert (problem["database"], problem["rate_limits"]) == ("ok", "unavailable")
    assert problem["detail"] == ("This server is not ready: the shared store of the rate limits (Redis) "
                                 "is not available.")
    assert response.headers["Retry-After"] == str(RETRY_AFTER)


def test_readiness_is_in_the_openapi_document(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    ready = spec["paths"]["/api/ready"]["get"]
    assert {"200", "503"} <= set(ready["responses"])
    assert "Retry-After" in ready["responses"]["503"]["headers"]
    assert "security" not in ready
    assert "database" in spec["paths"]["/api/health"]["get"]["description"]


# --- PostgreSQL ------------------------------------------------------------------------------


def pg_bindir() -> str:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: [int(x) for x in p.parent.name.split(".")])
    return os.environ.get("PG_BINDIR") or str(found[-1])


def pg_ctl(folder: Path, *args: str) -> None:
    as_owner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    done = subprocess.run([*as_owner, f"{pg_bindir()}/pg_ctl", "-D", str(folder / "data"), "-l",
                           str(folder / "server.log"), "-w", *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture
def own_server() -> Iterator[tuple[Path, str]]:
    """A PostgreSQL cluster of this test's own (scripts/pg.sh), to stop and start; in a folder
    of /tmp's own, as make test-pg's (the server's user must reach it, and pytest makes its
    own folders private again whenever a run starts)."""
    folder = Path(tempfile.mkdtemp(prefix="kreide-outage-pg."))
    started = subprocess.run(["bash", str(REPO / "scripts" / "pg.sh"), "start", str(folder)],
                             capture_output=True, text=True)
    log = folder / "server.log"
    assert started.returncode == 0, started.stderr + (log.read_text() if log.exists() else "")
    try:
        yield folder, started.stdout.strip()
    finally:
        subprocess.run(["bash", str(REPO / "scripts" / "pg.sh"), "stop", str(folder)], check=False)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def app_on() -> Iterator[Callable[..., Flask]]:
    """Apps on a database of the test's own, with the schema; disposed afterwards."""
    made: list[Flask] = []

    def make(url: str, **config: Any) -> Flask:
        app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "KREIDE_PUBLIC_URL": PUBLIC_URL,
                          "KREIDE_LIMIT_CREATE": SUITE_CREATE_LIMIT, **config})
        made.append(app)
        with app.app_context():
            schema_at_head(db.engine)
        return app

    yield make
    for app in made:
        with app.app_context():
            db.engine.dispose()


@pytest.mark.postgresql_only
def test_postgresql_stopped_and_started(own_server: tuple[Path, str], app_on: Callable[..., Flask],
                                        caplog: pytest.LogCaptureFixture) -> None:
    """The server is stopped (a restart, an outage): every request 503 within the connect
    timeout, never 500; started again, the pool's dead connections are replaced unasked."""
    folder, url = own_server
    app = app_on(url)
    client = app.test_client()
    match, before = a_hand_recorded(client)
    pg_ctl(folder, "-m", "fast", "stop")
    every_route_refuses(client, match)
    not_ready(client, "unavailable")
    pg_ctl(folder, "restart")  # on the same port (postmaster.opts)
    writes_resume(client, match, before)
    assert client.get("/api/ready").get_json()["database"] == "ok"
    assert_logged(caplog, down("Connection refused"), back(8))


@contextmanager
def database_of_its_own(**role: str) -> Iterator[tuple[str, Any]]:
    """A fresh database on the suite's server (and a role of its own if ``role``): its URL
    and an admin engine."""
    server = make_url(os.environ["KREIDE_TEST_DATABASE_URL"]).set(drivername="postgresql+psycopg")
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    name = f"kreide_outage_{uuid.uuid4().hex[:10]}"
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
        if role:
            connection.execute(text(f'CREATE ROLE "{name}" LOGIN'))
            connection.execute(text(f'ALTER DATABASE "{name}" OWNER TO "{name}"'))
    url = server.set(database=name, username=name if role else server.username)
    try:
        yield url.render_as_string(hide_password=False), admin
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            if role:
                connection.execute(text(f'DROP ROLE IF EXISTS "{name}"'))
        admin.dispose()


def cut(admin: Any, database: str) -> None:
    """Every connection to ``database`` ended by the server (57P01), as a failover does."""
    with admin.connect() as connection:
        connection.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :name"),
                           {"name": database})


@pytest.mark.postgresql_only
def test_postgresql_read_only_refuses_writes(app_on: Callable[..., Flask], caplog: pytest.LogCaptureFixture) -> None:
    """A database that turned read-only (a hot standby, 25006): writes 503 with the match
    unchanged, reads served, readiness 503 read-only; writable again, writes go on."""
    with database_of_its_own() as (url, admin):
        name = make_url(url).database
        client = app_on(url).test_client()
        match, before = a_hand_recorded(client)
        with admin.connect() as connection:
            connection.execute(text(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'))
        cut(admin, name)
        scorer, hands = bearer(match["scorer_token"]), f"/api/matches/{match['id']}/hands"
        unavailable(client.post(hands, json=deutsch_hand(2), headers={**scorer, "Idempotency-Key": KEY}))
        assert client.get(f"/api/matches/{match['id']}", headers=scorer).get_json() == before
        not_ready(client, "read-only")
        with admin.connect() as connection:
            connection.execute(text(f'ALTER DATABASE "{name}" RESET default_transaction_read_only'))
        cut(admin, name)
        writes_resume(client, match, before)
        assert_logged(caplog, down("25006 cannot execute UPDATE in a read-only transaction"), back(1))


@pytest.mark.postgresql_only
def test_postgresql_out_of_connections(app_on: Callable[..., Flask], caplog: pytest.LogCaptureFixture) -> None:
    """The server takes no more connections (53300), then the worker's own pool runs dry:
    503 both times, no 500, and writes go on once connections are to be had."""
    with database_of_its_own(role="own") as (url, admin):
        name = make_url(url).database
        app = app_on(url, KREIDE_DB_POOL_SIZE=1, KREIDE_DB_MAX_OVERFLOW=0, KREIDE_DB_POOL_TIMEOUT=0.2)
        client = app.test_client()
        match, before = a_hand_recorded(client)
        with admin.connect() as connection:
            connection.execute(text(f'ALTER ROLE "{name}" CONNECTION LIMIT 0'))
        cut(admin, name)
        scorer, hands = bearer(match["scorer_token"]), f"/api/matches/{match['id']}/hands"
        unavailable(client.post(hands, json=deutsch_hand(2), headers={**scorer, "Idempotency-Key": KEY}))
        not_ready(client, "unavailable")
        with admin.connect() as connection:
            connection.execute(text(f'ALTER ROLE "{name}" CONNECTION LIMIT -1'))
        with app.app_context(), db.engine.connect() as held:  # another request holds the one connection
            held.execute(text("SELECT 1"))
            unavailable(client.post(hands, json=deutsch_hand(2), headers={**scorer, "Idempotency-Key": KEY}))
        writes_resume(client, match, before)
        assert_logged(caplog, down("too many connections for role"), back(2),
                      down("no connection free in the pool: QueuePool limit"), back(1))
