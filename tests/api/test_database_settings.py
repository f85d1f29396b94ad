"""DATABASE_URL and the engine options: PostgreSQL through psycopg 3, SQLite by default."""

from __future__ import annotations

import pytest

from api.config import REPO, Config, database_url, engine_options


@pytest.mark.parametrize(("given", "used"), [
    ("postgres://k:pw@db:5432/kreide", "postgresql+psycopg://k:pw@db:5432/kreide"),
    ("postgresql://k@127.0.0.1/kreide", "postgresql+psycopg://k@127.0.0.1/kreide"),
    ("postgresql+psycopg://k@127.0.0.1/kreide", "postgresql+psycopg://k@127.0.0.1/kreide"),
    ("sqlite:////srv/kreide.sqlite3", "sqlite:////srv/kreide.sqlite3"),
])
def test_database_url_speaks_psycopg_3_to_postgresql(given: str, used: str) -> None:
    assert database_url({"DATABASE_URL": given}) == used


def test_without_database_url_it_is_the_sqlite_file_in_instance() -> None:
    assert database_url({}) == f"sqlite:///{REPO / 'instance' / 'kreide.sqlite3'}"


def test_postgresql_pools_are_checked_and_bounded_and_sqlite_keeps_the_defaults() -> None:
    config = vars(Config({"KREIDE_DB_POOL_SIZE": "4", "KREIDE_DB_MAX_OVERFLOW": "6", "KREIDE_DB_POOL_TIMEOUT": "2.5"}))
    options = engine_options("postgresql+psycopg://k@127.0.0.1/kreide", config)
    assert options["pool_pre_ping"] is True
    assert (options["pool_size"], options["max_overflow"], options["pool_timeout"]) == (4, 6, 2.5)
    defaults = engine_options("postgresql+psycopg://k@127.0.0.1/kreide", vars(Config({})))
    assert (defaults["pool_size"], defaults["max_overflow"], defaults["pool_timeout"]) == (10, 20, 10)
    assert engine_options("sqlite:////srv/kreide.sqlite3", config) == {}
