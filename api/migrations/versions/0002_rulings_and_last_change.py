"""The referee's rulings kept per match, and what made a match's latest revision.

Revision ID: 0002_rulings_and_last_change
Revises: 0001_initial
Create Date: 2026-12-06

Checked by hand: ``rulings`` is append-only (question and answer as JSON, the answer in
English and German); ``matches.last_change`` (``{"action", "seq"}``) is what the live
events report with each revision, null for matches written before it existed.
"""

import sqlalchemy as sa
from alembic import op

revision = "0002_rulings_and_last_change"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("last_change", sa.JSON(), nullable=True))
    op.create_table(
        "rulings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("question", sa.JSON(), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("rule", sa.String(length=8), nullable=True),
        sa.Column("legal", sa.Boolean(), nullable=False),
        sa.Column("note", sa.String(length=500), nullable=True),
        sa.Column("token_kind", sa.String(length=8), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("kind IN ('play', 'hand')", name=op.f("ck_rulings_kind")),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], name=op.f("fk_rulings_match_id_matches")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rulings")),
    )
    with op.batch_alter_table("rulings", schema=None) as batch_op:
        batch_op.create_index("uq_rulings_match_id_number", ["match_id", "number"], unique=True)


def downgrade():
    with op.batch_alter_table("rulings", schema=None) as batch_op:
        batch_op.drop_index("uq_rulings_match_id_number")
    op.drop_table("rulings")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("last_change")
