"""Migrations once per deploy: ``flask --app wsgi kreide migrate`` run by several servers at
once (real processes) migrates once, behind the migration lock, on PostgreSQL and on SQLite;
where a database's schema stands against the code's (api.schema.migrations_state)."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from api import MIGRATIONS, create_app
from api.extensions import db
from api.schema import AHEAD, BEHIND, CURRENT, EMPTY, MIGRATION_LOCK, code_heads, migrate, migrations_state
from bench.harness import free_port, start_server, stop_server
from tests.api.test_migrations import differences
from tests.conftest import on_postgresql, postgres

REPO = Path(__file__).resolve().parents[2]
WAITING = "kreide migrate: waiting for another server's migration to finish"


@contextmanager
def lock_held(url: str) -> Iterator[None]:
    """The migration lock held by the test, as a server in the middle of migrating holds it."""
    if url.startswith("postgresql"):
        engine = create_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
        with engine.connect() as connection:
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            yield
        engine.dispose()
        return
    with open(f"{url.removeprefix('sqlite:///')}.migration-lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


#: Several servers' ``flask --app wsgi kreide migrate`` at once: the app is made once (its
#: making costs seconds of CPU), then one process is forked per server, as gunicorn forks its
#: workers, each running the command with connections of its own and its output in ``<n>.out``.
SERVERS = """
import os, sys, traceback
from wsgi import app

count, outdir = int(sys.argv[1]), sys.argv[2]
children = []
for n in range(count):
    pid = os.fork()
    if pid:
        children.append(pid)
        continue
    out = os.open(os.path.join(outdir, f"{n}.out"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(out, 1)
    os.dup2(out, 2)
    code = 1
    try:
        with app.app_context():
            app.cli.main(args=["kreide", "migrate"], prog_name="flask")
    except SystemExit as exit:
        code = exit.code or 0
    except BaseException:
        traceback.print_exc()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
sys.exit(max(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) != 0 for pid in children))
"""


def servers_start_together(url: str, count: int, outdir: Path) -> list[str]:
    """``count`` servers run the migrate command at once: all of them wait on the lock the test
    holds (each says so), then are let go together; their outputs once they are done."""
    environ = {name: value for name, value in os.environ.items() if not name.startswith("KREIDE_")}
    environ["DATABASE_URL"] = url
    outs = [outdir / f"{n}.out" for n in range(count)]
    with lock_held(url):
        servers = subprocess.Popen([sys.executable, "-c", SERVERS, str(count), str(outdir)], cwd=REPO, env=environ,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 60
        while not all(out.exists() and out.read_text().startswith(WAITING) for out in outs):
            if servers.poll() is not None or time.monotonic() > deadline:
                servers.kill()
                pytest.fail("not every server waited for the lock:\n" + servers.communicate()[0] + "\n".join(
                    out.read_text() for out in outs if out.exists()))
            time.sleep(0.05)
    output, _ = servers.communicate(timeout=60)
    assert servers.returncode == 0, output + "\n".join(out.read_text() for out in outs)
    return [line for out in outs for line in out.read_text().splitlines()
            if line.startswith("kreide migrate:") and line != WAITING]


def assert_migrated_once(url: str, outputs: list[str]) -> None:
    head = code_heads()[0]
    assert sorted(outputs) == sorted(
        [f"kreide migrate: migrated from an empty database to {head}"]
        + [f"kreide migrate: nothing to do: the database's schema is at the code's head ({head})"]
        * (len(outputs) - 1))
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "KREIDE_BENCH": False})
    with app.app_context(), db.engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [head]
        assert migrations_state(connection).status == CURRENT
    assert differences(app) == []
    with app.app_context():
        db.engine.dispose()


@pytest.mark.postgresql_only
def test_four_servers_starting_together_on_a_fresh_postgresql_database_migrate_once(tmp_path: Path) -> None:
    url = postgres().create()  # an empty database: no alembic_version yet
    assert_migrated_once(url, servers_start_together(url, 4, tmp_path))


@pytest.mark.sqlite_only
def test_four_servers_starting_together_on_a_fresh_sqlite_file_migrate_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kreide.sqlite3'}"
    assert_migrated_once(url, servers_start_together(url, 4, tmp_path))


# --- where the schema stands (the readiness check's question) -------------------------------------


@pytest.fixture
def empty(tmp_path: Path) -> Iterator[Flask]:
    url = postgres().create() if on_postgresql() else f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "KREIDE_BENCH": False})
    yield app
    with app.app_context():
        db.engine.dispose()


def test_an_old_database_is_behind_until_migrated_then_current(empty: Flask) -> None:
    with empty.app_context():
        state = migrations_state()
        assert (state.status, state.database, state.is_behind) == (EMPTY, (), True)
        assert "kreide migrate" in state.describe()

        upgrade(directory=str(MIGRATIONS), revision="0005_tournaments")
        state = migrations_state()
        assert (state.status, state.database, state.is_behind) == (BEHIND, ("0005_tournaments",), True)
        assert state.describe() == (f"the database's schema is at 0005_tournaments, the code's at {code_heads()[0]}: "
                                    "run `flask --app wsgi kreide migrate`")
        assert state.as_dict() == {"status": BEHIND, "database": ["0005_tournaments"], "code": list(code_heads())}

        before, after = migrate()
        assert before == state
        assert (after.status, after.database, after.is_behind) == (CURRENT, code_heads(), False)
        if on_postgresql():  # the lock is given back, not kept by a connection back in the pool
            with db.engine.connect() as connection:
                held = connection.execute(text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"))
                assert held.scalar() == 0
        assert migrate() == (after, after)  # once at head: nothing to do


def test_a_server_on_a_database_behind_its_code_is_not_ready_until_migrated(empty: Flask) -> None:
    """The proxy sends no requests to a server whose schema is older than its code: its
    readiness answers 503 (database "behind") until the deploy's migration has run."""
    with empty.app_context():
        upgrade(directory=str(MIGRATIONS), revision="0005_tournaments")
    client = empty.test_client()
    answer = client.get("/api/ready", headers={"Accept-Language": "de"})
    assert answer.status_code == 503 and answer.headers["Retry-After"]
    problem = answer.get_json()
    assert (problem["code"], problem["database"]) == ("not_ready", "behind")
    assert problem["detail"] == ("Dieser Server ist nicht bereit: ein Datenbankschema so neu wie der Code dieses "
                                 "Servers (die Migrationen sind noch nicht gelaufen) ist nicht verfügbar.")
    with empty.app_context():
        migrate()
    answer = client.get("/api/ready")
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["database"] == "ok"


def test_a_database_a_newer_release_migrated_is_ahead_and_left_alone(empty: Flask) -> None:
    with empty.app_context():
        upgrade(directory=str(MIGRATIONS))
        with db.engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = '0099_from_the_future'"))
        state = migrations_state()
        assert (state.status, state.is_behind) == (AHEAD, False)  # old servers keep serving a rolling update
        assert "newer than this code knows" in state.describe()
        assert migrate() == (state, state)


@pytest.mark.sqlite_only  # the servers' own files; no database server involved
@pytest.mark.parametrize("database, said", [
    pytest.param("sqlite:///{workdir}/never-migrated.sqlite3",
                 "kreide: the database has no schema yet, the code's is at {head}: run "
                 "`flask --app wsgi kreide migrate` (not ready until then)", id="a schema behind the code"),
    pytest.param("postgresql+psycopg://kreide@127.0.0.1:{closed}/kreide",
                 "kreide: the database could not be checked at start", id="a database that does not answer"),
])
def test_a_server_starts_and_says_so_when_its_database_is_behind_or_away(tmp_path: Path, database: str,
                                                                           said: str) -> None:
    """Neither stops the server: it serves (health answers) and its readiness tells."""
    url = database.format(workdir=tmp_path, closed=free_port())
    server = start_server(tmp_path, free_port(), {"WEB_CONCURRENCY": "1"}, database_url=url, upgrade=False)
    stop_server(server, quick=True)
    assert said.format(head=code_heads()[0]) in (tmp_path / "gunicorn.log").read_text()
