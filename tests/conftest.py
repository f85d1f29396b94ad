"""Fixtures shared by the test suites: an app on a fresh database, its client.

The database is a fresh SQLite file (the schema made by ``create_all``), or, when
``KREIDE_TEST_DATABASE_URL`` names a PostgreSQL database (``make test`` starts a throwaway
cluster with scripts/pg.sh for a second pass of tests/api), a database on that server:

- once per session a template database is built by running the Alembic migrations to
  head (so every PostgreSQL pass proves them), and the databases the tests use are copies
  of it (``CREATE DATABASE ... TEMPLATE``), dropped when the session ends;
- an app made for one test (``make_app`` in a test or a function-scoped fixture) shares
  one database with the other tests' apps and starts from empty tables (one ``TRUNCATE``,
  far cheaper than building a schema); two apps made in one test on the same path share
  it, as two workers share a SQLite file;
- an app made for a module or a package (the game folders' ``folder_client``, the fuzz
  fixtures) gets a database of its own, so no test's truncation reaches it.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.pool import NullPool

from api import MIGRATIONS, create_app
from api.config import normal_url
from api.extensions import db
from api.schema import code_heads

PUBLIC_URL = "https://kreide.test"
TEST_DATABASE_URL = normal_url(os.environ.get("KREIDE_TEST_DATABASE_URL") or "") or None

# the scope of the fixture being set up (pytest_fixture_setup), "function" in a test's body
_scopes: list[str] = []
# apps made and not yet handed to a fixture's teardown: each app's engine is disposed when
# the fixture that made it ends, or the test that made it (no connections left to the GC)
_apps: list[Flask] = []


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef: pytest.FixtureDef[Any], request: pytest.FixtureRequest) -> Any:
    _scopes.append(fixturedef.scope)
    made = len(_apps)
    try:
        return (yield)
    finally:
        _scopes.pop()
        for app in _apps[made:]:
            fixturedef.addfinalizer(partial(dispose, app))
        del _apps[made:]


def dispose(app: Flask) -> None:
    with app.app_context():
        db.engine.dispose()


def pytest_configure(config: pytest.Config) -> None:
    if on_postgresql():
        # an app's pool disposed while one of its connections was out (a live stream's
        # notifier thread, say) gets that connection back after the test and leaves it to
        # the garbage collector, which psycopg warns about (sqlite3 does not)
        config.addinivalue_line(
            "filterwarnings", r"ignore:<psycopg\.Connection .* was deleted while still open:ResourceWarning")


def on_postgresql() -> bool:
    return TEST_DATABASE_URL is not None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test about one database runs in that database's pass of ``make test`` and is left
    out of the other (deselected, not skipped: each runs, and can fail, in its own pass)."""
    other = "sqlite_only" if on_postgresql() else "postgresql_only"
    left_out = [item for item in items if item.get_closest_marker(other)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not item.get_closest_marker(other)]


class PostgresDatabases:
    """The databases of one test session on the server at ``KREIDE_TEST_DATABASE_URL``."""

    def __init__(self, url: str) -> None:
        self.url = make_url(url)
        self.prefix = f"kreide_test_{os.getpid()}"
        self.admin: Engine = create_engine(self.url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
        self.created: list[str] = []
        self.numbers = itertools.count(1)
        self.template = self.create("template")
        migrate_to_head(self.template)
        self.shared = self.fresh("shared")
        self.last_path: Path | None = None  # the path the shared database was last emptied for

    def url_of(self, name: str) -> str:
        url: URL = self.url.set(database=name)
        return url.render_as_string(hide_password=False)

    def create(self, suffix: str = "", template: str = "template0") -> str:
        """A new database (empty, or a copy of ``template``): its URL."""
        name = f"{self.prefix}_{suffix or next(self.numbers)}"
        with self.admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
        self.created.append(name)
        return self.url_of(name)

    def fresh(self, suffix: str = "") -> str:
        """A new database with the schema (a copy of the migrated template): its URL."""
        return self.create(suffix, template=f"{self.prefix}_template")

    def for_app(self, path: Path) -> tuple[str, bool]:
        """The URL for an app made for ``path`` in the current scope; whether to empty it."""
        if (_scopes[-1] if _scopes else "function") != "function":
            return self.fresh(), False
        empty = path != self.last_path
        self.last_path = path
        return self.shared, empty

    def drop_all(self) -> None:
        with self.admin.connect() as connection:
            for name in reversed(self.created):
                connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        self.admin.dispose()


_postgres: PostgresDatabases | None = None


def postgres() -> PostgresDatabases:
    """This session's PostgreSQL databases (made on first use)."""
    global _postgres
    assert TEST_DATABASE_URL is not None
    if _postgres is None:
        _postgres = PostgresDatabases(TEST_DATABASE_URL)
    return _postgres


def migrate_to_head(url: str) -> None:
    from flask_migrate import upgrade

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "KREIDE_BENCH": False})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
        db.engine.dispose()


def empty_tables(engine: Engine) -> None:
    """Every table of the models emptied and its ids restarted, in one statement."""
    tables = ", ".join(f'"{table.name}"' for table in db.metadata.sorted_tables)
    with engine.begin() as connection:
        connection.execute(text("SET LOCAL lock_timeout = '10s'"))  # a leaked transaction fails loudly
        connection.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))


#: The suite creates hundreds of matches a minute from the test client's one address (the
#: fuzz tests, the game folders' shared apps): far above the default creation limit of a pub
#: table. tests/api/test_limits.py checks the limits, the defaults included.
SUITE_CREATE_LIMIT = "100000/minute"


def schema_at_head(engine: Engine) -> None:
    """The models' schema made by ``create_all`` (far quicker than the migrations, which the
    PostgreSQL pass runs), marked as at the migrations' head as ``flask db upgrade`` would
    leave it: a server's readiness asks (api.schema.migrations_state)."""
    db.metadata.create_all(engine)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE IF NOT EXISTS alembic_version "
                                "(version_num VARCHAR(32) NOT NULL PRIMARY KEY)"))
        if connection.scalar(text("SELECT count(*) FROM alembic_version")) == 0:
            for head in code_heads():
                connection.execute(text("INSERT INTO alembic_version (version_num) VALUES (:head)"), {"head": head})


def make_app(path: Path, **config: object) -> Flask:
    """An app on a fresh database: the SQLite file ``path``, or on PostgreSQL see above."""
    empty = False
    if on_postgresql():
        uri, empty = postgres().for_app(path)
    else:
        uri = f"sqlite:///{path}"
    app = create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": uri,
        "KREIDE_PUBLIC_URL": PUBLIC_URL,
        "KREIDE_BENCH": False,
        "KREIDE_LIMIT_CREATE": SUITE_CREATE_LIMIT,
        **config,
    })
    with app.app_context():
        if not on_postgresql():
            schema_at_head(db.engine)
        elif empty:
            empty_tables(db.engine)
    _apps.append(app)
    return app


@pytest.fixture(autouse=True)
def _dispose_test_apps() -> Iterator[None]:
    """The apps a test made in its own body."""
    yield
    while _apps:
        dispose(_apps.pop())


@pytest.fixture(scope="session", autouse=True)
def _drop_postgres_databases() -> Iterator[None]:
    yield
    if _postgres is not None:
        _postgres.drop_all()


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return make_app(tmp_path / "kreide.sqlite3")


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
