"""What a deployment may open on PostgreSQL, checked against the server's ``max_connections``
when a worker starts (gunicorn.conf.py), so that a pool too large is a clear message at start,
not ``too many clients`` under a club night's load.

Every gunicorn worker of every app server holds, at most, its pool
(``KREIDE_DB_POOL_SIZE`` kept + ``KREIDE_DB_MAX_OVERFLOW`` under load, api.config.engine_options)
and one connection of its own listening for other servers' writes while it has live streams
open (api.events.Listener).  The deployment's ``KREIDE_SERVERS`` servers are taken to run as
many workers as this one.  Beside them :data:`SPARE` connections stay free for what the
``kreide`` user runs next to the servers: the migration (two: its lock and Alembic's), the
purge from cron, a backup and an operator's psql.  PostgreSQL keeps
``superuser_reserved_connections`` (and, from version 16, ``reserved_connections``) for
others; they are not the deployment's to use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine
from sqlalchemy.pool import NullPool

#: connections per worker beside its pool: the LISTEN connection for live events
LISTENERS_PER_WORKER = 1
#: connections left free for the migration, the purge, a backup and psql
SPARE = 5
#: seconds a worker's start waits for PostgreSQL before it gives up checking (and serves)
CHECK_TIMEOUT = 5

_SETTINGS = text("SELECT name, setting::int FROM pg_settings WHERE name IN "
                 "('max_connections', 'superuser_reserved_connections', 'reserved_connections')")


@dataclass(frozen=True)
class Budget:
    """The most connections a deployment's app servers may open at once."""

    servers: int
    workers: int
    pool_size: int
    max_overflow: int

    @property
    def per_worker(self) -> int:
        return self.pool_size + self.max_overflow + LISTENERS_PER_WORKER

    @property
    def total(self) -> int:
        return self.servers * self.workers * self.per_worker

    def explain(self) -> str:
        return (f"KREIDE_SERVERS={self.servers} x {self.workers} workers x (KREIDE_DB_POOL_SIZE={self.pool_size} "
                f"+ KREIDE_DB_MAX_OVERFLOW={self.max_overflow} + {LISTENERS_PER_WORKER} listener)")


def budget(config: Mapping[str, Any], *, workers: int) -> Budget:
    """The budget of a deployment configured as ``config`` (the app's), ``workers`` per server."""
    return Budget(servers=int(config["KREIDE_SERVERS"]), workers=workers,
                  pool_size=int(config["KREIDE_DB_POOL_SIZE"]), max_overflow=int(config["KREIDE_DB_MAX_OVERFLOW"]))


def shortfall(wanted: Budget, settings: dict[str, int]) -> str | None:
    """None when ``wanted`` and the spare connections fit the server's ``settings``
    (``pg_settings``: ``max_connections`` and the reserved ones); else one line saying the
    numbers and what to change."""
    reserved = settings.get("superuser_reserved_connections", 0) + settings.get("reserved_connections", 0)
    usable = settings["max_connections"] - reserved
    if wanted.total + SPARE <= usable:
        return None
    fitting = max(0, (usable - SPARE) // (wanted.servers * wanted.workers) - LISTENERS_PER_WORKER)
    return (f"PostgreSQL allows {usable} connections (max_connections={settings['max_connections']} - {reserved} "
            f"reserved), but this deployment may open {wanted.total} ({wanted.explain()}) + {SPARE} spare: "
            f"lower KREIDE_DB_POOL_SIZE + KREIDE_DB_MAX_OVERFLOW to {fitting} or less in all (or KREIDE_SERVERS, "
            f"WEB_CONCURRENCY), or raise max_connections in postgresql.conf")


def for_checks(engine: Engine) -> Engine:
    """An engine to the same database that gives up connecting after :data:`CHECK_TIMEOUT`
    seconds (PostgreSQL; SQLite's own engine otherwise): a database host that does not answer
    must not hold a worker's start past gunicorn's timeout."""
    if engine.dialect.name != "postgresql":
        return engine
    return create_engine(engine.url, poolclass=NullPool,
                         connect_args={"connect_timeout": CHECK_TIMEOUT, "application_name": "kreide"})


def check(engine: Engine, config: Mapping[str, Any], *, workers: int) -> str | None:
    """:func:`shortfall` for the server behind ``engine``; None on another database."""
    if engine.dialect.name != "postgresql":
        return None
    with engine.connect() as connection:
        settings = {name: value for name, value in connection.execute(_SETTINGS)}
    return shortfall(budget(config, workers=workers), settings)
