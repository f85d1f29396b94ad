"""Clubs: the same people, evening after evening (API.md "Clubs", RULES.md R36-R38).

Revision ID: 0007_clubs
Revises: 0006_match_rates
Create Date: 2026-12-02

Checked by hand: ``clubs`` (name, time zone, money rates, the three tokens' hashes, a
revision for its live stream), ``club_members`` (a person: renamed, merged or anonymised,
never deleted), ``club_matches`` (a match of the club: its players' members and its
summary, the game's tallies kept in the transaction of every write to the match).  New
tables only: nothing existing changes.
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_clubs"
down_revision = "0006_match_rates"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "clubs",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("timezone", sa.String(length=64), nullable=False),
        sa.Column("rates", sa.JSON(), nullable=False),
        sa.Column("admin_hash", sa.String(length=64), nullable=False),
        sa.Column("member_hash", sa.String(length=64), nullable=False),
        sa.Column("viewer_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("last_change", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_clubs")),
        sa.UniqueConstraint("admin_hash", name=op.f("uq_clubs_admin_hash")),
        sa.UniqueConstraint("member_hash", name=op.f("uq_clubs_member_hash")),
        sa.UniqueConstraint("viewer_hash", name=op.f("uq_clubs_viewer_hash")),
    )
    op.create_index(op.f("ix_clubs_created_at"), "clubs", ["created_at"], unique=False)
    op.create_table(
        "club_members",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("club_id", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("anonymised", sa.Boolean(), nullable=False),
        sa.Column("merged_into", sa.String(length=16), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name=op.f("fk_club_members_club_id_clubs")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_members")),
    )
    op.create_index("ix_club_members_club_id", "club_members", ["club_id"], unique=False)
    op.create_table(
        "club_matches",
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.Column("club_id", sa.String(length=16), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("tallies", sa.JSON(), nullable=False),
        sa.Column("standing", sa.JSON(), nullable=False),
        sa.Column("first_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name=op.f("fk_club_matches_club_id_clubs")),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], name=op.f("fk_club_matches_match_id_matches")),
        sa.PrimaryKeyConstraint("match_id", name=op.f("pk_club_matches")),
    )
    op.create_index("ix_club_matches_club_id", "club_matches", ["club_id"], unique=False)


def downgrade():
    op.drop_index("ix_club_matches_club_id", table_name="club_matches")
    op.drop_table("club_matches")
    op.drop_index("ix_club_members_club_id", table_name="club_members")
    op.drop_table("club_members")
    op.drop_index(op.f("ix_clubs_created_at"), table_name="clubs")
    op.drop_table("clubs")
