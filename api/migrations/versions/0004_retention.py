"""Retention: indexes for the purge, and what is left of a deleted match.

Revision ID: 0004_retention
Revises: 0003_ruling_kinds_by_game
Create Date: 2026-12-01

The purge (``api.retention``) looks for matches and idempotency records older than a
cut-off: ``created_at`` is indexed on both, so it never scans a whole table.
``deleted_matches`` keeps the id and the tokens' hashes of a match its scorer deleted, so
its links answer 410 for a while instead of counting as failed token attempts.  Plain
``create_index``/``create_table``: the same on SQLite and PostgreSQL.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_retention"
down_revision = "0003_ruling_kinds_by_game"
branch_labels = None
depends_on = None


def upgrade():
    op.create_index(op.f("ix_matches_created_at"), "matches", ["created_at"], unique=False)
    op.create_index(op.f("ix_idempotency_records_created_at"), "idempotency_records", ["created_at"],
                    unique=False)
    op.create_table(
        "deleted_matches",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("scorer_hash", sa.String(length=64), nullable=False),
        sa.Column("viewer_hash", sa.String(length=64), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deleted_matches")),
    )
    op.create_index(op.f("ix_deleted_matches_scorer_hash"), "deleted_matches", ["scorer_hash"], unique=False)
    op.create_index(op.f("ix_deleted_matches_viewer_hash"), "deleted_matches", ["viewer_hash"], unique=False)
    op.create_index(op.f("ix_deleted_matches_deleted_at"), "deleted_matches", ["deleted_at"], unique=False)


def downgrade():
    op.drop_index(op.f("ix_deleted_matches_deleted_at"), table_name="deleted_matches")
    op.drop_index(op.f("ix_deleted_matches_viewer_hash"), table_name="deleted_matches")
    op.drop_index(op.f("ix_deleted_matches_scorer_hash"), table_name="deleted_matches")
    op.drop_table("deleted_matches")
    op.drop_index(op.f("ix_idempotency_records_created_at"), table_name="idempotency_records")
    op.drop_index(op.f("ix_matches_created_at"), table_name="matches")
