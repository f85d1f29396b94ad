"""Matches, the append-only log of entries, the results cache, idempotency records.

Revision ID: 0001_initial
Revises:
Create Date: 2026-11-29

Checked by hand: JSON columns for players, rules, state, bodies and answers; the
partial unique index ``uq_entries_hand_seq`` (one ``hand`` record per match and seq,
voids and replacements share the seq) on SQLite and PostgreSQL.
"""

import sqlalchemy as sa
from alembic import op

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "matches",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("first_dealer", sa.String(length=100), nullable=True),
        sa.Column("scorer_hash", sa.String(length=64), nullable=False),
        sa.Column("viewer_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("next_seq", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_matches")),
        sa.UniqueConstraint("scorer_hash", name=op.f("uq_matches_scorer_hash")),
        sa.UniqueConstraint("viewer_hash", name=op.f("uq_matches_viewer_hash")),
    )
    op.create_table(
        "entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=8), nullable=False),
        sa.Column("body", sa.JSON(), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("token_kind", sa.String(length=8), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("action IN ('hand', 'void', 'replace')", name=op.f("ck_entries_action")),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], name=op.f("fk_entries_match_id_matches")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_entries")),
    )
    with op.batch_alter_table("entries", schema=None) as batch_op:
        batch_op.create_index("ix_entries_match_id_id", ["match_id", "id"], unique=False)
        batch_op.create_index(
            "uq_entries_hand_seq", ["match_id", "seq"], unique=True,
            sqlite_where=sa.text("action = 'hand'"), postgresql_where=sa.text("action = 'hand'"),
        )
    op.create_table(
        "hand_results",
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], name=op.f("fk_hand_results_match_id_matches")),
        sa.PrimaryKeyConstraint("match_id", "seq", name=op.f("pk_hand_results")),
    )
    op.create_table(
        "idempotency_records",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("scope", sa.String(length=16), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("response", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_idempotency_records")),
    )
    with op.batch_alter_table("idempotency_records", schema=None) as batch_op:
        batch_op.create_index("uq_idempotency_records_scope_key", ["scope", "key_hash"], unique=True)


def downgrade():
    with op.batch_alter_table("idempotency_records", schema=None) as batch_op:
        batch_op.drop_index("uq_idempotency_records_scope_key")
    op.drop_table("idempotency_records")
    op.drop_table("hand_results")
    with op.batch_alter_table("entries", schema=None) as batch_op:
        batch_op.drop_index("uq_entries_hand_seq", sqlite_where=sa.text("action = 'hand'"),
                            postgresql_where=sa.text("action = 'hand'"))
        batch_op.drop_index("ix_entries_match_id_id")
    op.drop_table("entries")
    op.drop_table("matches")
