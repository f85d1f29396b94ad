"""The database's schema against the code's: migrated once per deploy, behind a lock.

``flask --app wsgi kreide migrate`` (deploy/kreide-migrate.service, ``make db-upgrade``)
brings the schema to the code's head with Alembic.  Any number of processes may run it at
once, on a fresh database or an old one: each first takes the migration lock, so one
migrates while the others wait, then find the schema at head and do nothing.

- PostgreSQL: a session advisory lock (``pg_advisory_lock`` on :data:`MIGRATION_LOCK`, the
  same key for every server) held by a connection of its own for the whole upgrade; it is
  released when the command ends, or dies with its connection if the process does.
- SQLite: an exclusive ``flock`` on a file beside the database (``<database>.migration-lock``),
  released when the process ends.

:func:`migrations_state` compares the revision the database is at with the code's, for the
readiness check and for a worker's start: a server whose database is behind its code must
say so, not serve against the old schema.
"""

from __future__ import annotations

import fcntl
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

import click
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

from api import MIGRATIONS
from api.extensions import db
from api.retention import cli

#: pg_advisory_lock's key for the migrations: "kreide:m" as a 64-bit number
MIGRATION_LOCK = int.from_bytes(b"kreide:m", "big")
MIGRATE_COMMAND = "flask --app wsgi kreide migrate"

CURRENT, BEHIND, AHEAD, EMPTY = "current", "behind", "ahead", "empty"


@dataclass(frozen=True)
class MigrationsState:
    """The Alembic revisions the database is at (``database``; none when it was never
    migrated) and the code's heads (``code``)."""

    database: tuple[str, ...]
    code: tuple[str, ...]

    @property
    def status(self) -> str:
        """``current``; ``behind`` (the code has migrations the database lacks); ``empty``
        (never migrated); ``ahead`` (a revision this code does not know: a newer release
        migrated the database)."""
        if not self.database:
            return EMPTY
        if set(self.database) == set(self.code):
            return CURRENT
        if not set(self.database) <= known_revisions():
            return AHEAD
        return BEHIND

    @property
    def is_behind(self) -> bool:
        """True when this code must not serve on the database yet (behind, or empty)."""
        return self.status in (BEHIND, EMPTY)

    def describe(self) -> str:
        """One line for an operator."""
        database, code = ", ".join(self.database), ", ".join(self.code)
        if self.status == CURRENT:
            return f"the database's schema is at the code's head ({code})"
        if self.status == AHEAD:
            return f"the database's schema ({database}) is newer than this code knows (head {code})"
        if self.status == EMPTY:
            return f"the database has no schema yet, the code's is at {code}: run `{MIGRATE_COMMAND}`"
        return f"the database's schema is at {database}, the code's at {code}: run `{MIGRATE_COMMAND}`"

    def as_dict(self) -> dict[str, object]:
        return {"status": self.status, "database": list(self.database), "code": list(self.code)}


@cache
def _scripts() -> ScriptDirectory:
    return ScriptDirectory(str(MIGRATIONS))


@cache
def code_heads() -> tuple[str, ...]:
    """The head revisions of the migrations shipped with this code (read once per process)."""
    return tuple(sorted(_scripts().get_heads()))


@cache
def known_revisions() -> frozenset[str]:
    return frozenset(script.revision for script in _scripts().walk_revisions())


def migrations_state(connection: Connection | None = None) -> MigrationsState:
    """Where the database's schema stands against the code's: two small queries on
    ``connection``, or on a connection of the app's pool (in an app context).  Raises
    SQLAlchemy's errors when the database cannot be reached."""
    if connection is None:
        with db.engine.connect() as own:
            return migrations_state(own)
    database = MigrationContext.configure(connection).get_current_heads()
    return MigrationsState(tuple(sorted(database)), code_heads())


@contextmanager
def migration_lock(engine: Engine, *, waiting: Callable[[], None]) -> Iterator[None]:
    """Held by one process at a time per database; ``waiting()`` is called once when
    another holds it (then this one waits for it)."""
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            if not connection.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": MIGRATION_LOCK}).scalar():
                waiting()
                connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            try:
                yield
            finally:  # a session's lock outlives its return to the pool: given back here
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
        return
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:":
        yield  # SQLite in memory: no other process sees it
        return
    with open(f"{database}.migration-lock", "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            waiting()
            fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def migrate(*, waiting: Callable[[], None] = lambda: None) -> tuple[MigrationsState, MigrationsState]:
    """Bring the app's database to the code's head under the migration lock (in an app
    context): the state found once the lock was held, and the state left.  A database that
    is current, or ahead of this code, is left alone."""
    with migration_lock(db.engine, waiting=waiting):
        before = migrations_state()
        if before.is_behind:
            upgrade(directory=str(MIGRATIONS))
        return before, migrations_state()


@click.command("migrate")
def migrate_command() -> None:
    """Bring the database's schema up to date (once per deploy: deploy/kreide-migrate.service).
    Safe to run from several servers at once: one migrates, the others wait and find
    nothing to do."""
    def waiting() -> None:
        click.echo("kreide migrate: waiting for another server's migration to finish")

    before, after = migrate(waiting=waiting)
    if before.status == AHEAD:
        click.echo(f"kreide migrate: nothing done: {before.describe()}")
    elif before.status == CURRENT:
        click.echo(f"kreide migrate: nothing to do: {after.describe()}")
    else:
        click.echo(f"kreide migrate: migrated from {', '.join(before.database) or 'an empty database'} "
                   f"to {', '.join(after.database)}")


def init_schema(app: Flask) -> None:
    """``flask kreide migrate`` beside the other maintenance commands."""
    cli.add_command(migrate_command)
