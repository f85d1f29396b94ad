"""Preisschnapsen tournaments: the tournament, its append-only log, its pairings' matches.

Revision ID: 0005_tournaments
Revises: 0004_retention
Create Date: 2026-12-01

Checked by hand: ``tournaments`` is a tournament's configuration and a snapshot of its
state (like ``matches``); ``tournament_entries`` its log (one entry per seq, never
updated); ``tournament_matches`` links a pairing (round, table number) to the ``sixtysix``
match opened for it, each match to one pairing.  Plain ``create_table``/``create_index``:
the same on SQLite and PostgreSQL.
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_tournaments"
down_revision = "0004_retention"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("match_rules", sa.JSON(), nullable=False),
        sa.Column("organiser_hash", sa.String(length=64), nullable=False),
        sa.Column("viewer_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("next_seq", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("last_change", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournaments")),
        sa.UniqueConstraint("organiser_hash", name=op.f("uq_tournaments_organiser_hash")),
        sa.UniqueConstraint("viewer_hash", name=op.f("uq_tournaments_viewer_hash")),
    )
    op.create_index(op.f("ix_tournaments_created_at"), "tournaments", ["created_at"], unique=False)
    op.create_table(
        "tournament_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.String(length=16), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("match_id", sa.String(length=16), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("source IN ('organiser', 'match')", name=op.f("ck_tournament_entries_source")),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"],
                                name=op.f("fk_tournament_entries_tournament_id_tournaments")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_entries")),
    )
    op.create_index("uq_tournament_entries_tournament_id_seq", "tournament_entries", ["tournament_id", "seq"],
                    unique=True)
    op.create_table(
        "tournament_matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.String(length=16), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], name=op.f("fk_tournament_matches_match_id_matches")),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"],
                                name=op.f("fk_tournament_matches_tournament_id_tournaments")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_matches")),
        sa.UniqueConstraint("match_id", name=op.f("uq_tournament_matches_match_id")),
    )
    op.create_index("uq_tournament_matches_pairing", "tournament_matches", ["tournament_id", "round", "number"],
                    unique=True)


def downgrade():
    op.drop_index("uq_tournament_matches_pairing", table_name="tournament_matches")
    op.drop_table("tournament_matches")
    op.drop_index("uq_tournament_entries_tournament_id_seq", table_name="tournament_entries")
    op.drop_table("tournament_entries")
    op.drop_index(op.f("ix_tournaments_created_at"), table_name="tournaments")
    op.drop_table("tournaments")
