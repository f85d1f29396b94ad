"""The Alembic migrations build the schema the models describe, partial index included."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from flask_migrate import upgrade

from api import MIGRATIONS, create_app
from api.extensions import db


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
    assert {"matches", "entries", "hand_results", "idempotency_records", "rulings", "alembic_version"} <= tables
    assert "last_change" in match_columns
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
