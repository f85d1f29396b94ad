"""The Alembic migrations build the schema the models describe, partial index included,
on SQLite and on PostgreSQL (the PostgreSQL pass of ``make test``), and go back down."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from api import MIGRATIONS, create_app
from api.extensions import db
from tests.conftest import on_postgresql, postgres

TABLES = {"matches", "entries", "hand_results", "idempotency_records", "rulings"}


@pytest.fixture
def empty(tmp_path: Path) -> Iterator[Flask]:
    """An app on an empty database: a new SQLite file, or a new PostgreSQL database."""
    url = postgres().create() if on_postgresql() else f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "KREIDE_BENCH": False})
    yield app
    with app.app_context():
        db.engine.dispose()


def differences(app: Flask) -> list:
    """What autogenerate would add to make the database match the models (nothing, at head)."""
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={
            "compare_type": True,
            "include_object": lambda obj, name, type_, *_: not (type_ == "table" and name == "bench_rows"),
        })
        return compare_metadata(context, db.metadata)


@pytest.mark.sqlite_only  # the SQLite file's own details
def test_migrations_build_the_schema_on_a_fresh_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "fresh.sqlite3"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "KREIDE_BENCH": False})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
        db.engine.dispose()
    with sqlite3.connect(path) as connection:
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        indexes = dict(connection.execute("SELECT name, sql FROM sqlite_master WHERE type='index' AND sql IS NOT NULL"))
        journal = connection.execute("PRAGMA journal_mode").fetchone()[0]
        match_columns = {row[1] for row in connection.execute("PRAGMA table_info(matches)")}
    connection.close()
    assert TABLES | {"alembic_version"} <= tables
    assert {"last_change", "rates", "audit"} <= match_columns  # 0006_match_rates: R37 kept with the table
    assert "UNIQUE" in indexes["uq_rulings_match_id_number"]
    assert "bench_rows" not in tables
    partial = indexes["uq_entries_hand_seq"]
    assert "UNIQUE" in partial and "WHERE action = 'hand'" in partial
    assert "UNIQUE" in indexes["uq_idempotency_records_scope_key"]
    # 0004_retention: the purge finds old rows by index; a deleted match's id and token hashes
    assert {"ix_matches_created_at", "ix_idempotency_records_created_at", "ix_deleted_matches_scorer_hash",
            "ix_deleted_matches_viewer_hash"} <= indexes.keys()
    assert "deleted_matches" in tables
    assert journal == "wal"


@pytest.mark.postgresql_only
def test_migrations_build_the_schema_on_a_fresh_postgresql_database(empty: Flask) -> None:
    with empty.app_context():
        upgrade(directory=str(MIGRATIONS))
        with db.engine.connect() as connection:
            tables = set(inspect(connection).get_table_names())
            indexes = dict(connection.execute(text("SELECT indexname, indexdef FROM pg_indexes "
                                                   "WHERE schemaname = current_schema()")).all())
            kind = next(column for column in inspect(connection).get_columns("rulings") if column["name"] == "kind")
    assert TABLES | {"alembic_version"} <= tables and "bench_rows" not in tables
    partial = indexes["uq_entries_hand_seq"]
    assert partial.startswith("CREATE UNIQUE INDEX") and "WHERE ((action)::text = 'hand'::text)" in partial
    assert indexes["uq_rulings_match_id_number"].startswith("CREATE UNIQUE INDEX")
    assert indexes["uq_idempotency_records_scope_key"].startswith("CREATE UNIQUE INDEX")
    assert kind["type"].length == 32
    assert differences(empty) == []


def test_migrations_match_the_models_and_go_down_to_nothing_and_up_again(empty: Flask) -> None:
    with empty.app_context():
        upgrade(directory=str(MIGRATIONS))
        assert differences(empty) == []
        downgrade(directory=str(MIGRATIONS), revision="base")
        with db.engine.connect() as connection:
            assert set(inspect(connection).get_table_names()) == {"alembic_version"}
        upgrade(directory=str(MIGRATIONS))
        assert differences(empty) == []
