"""A match keeps its money rates (R37) and the audit trail of its own changes.

Revision ID: 0006_match_rates
Revises: 0005_tournaments
Create Date: 2026-12-02

Checked by hand: ``matches.rates`` holds the table's rates in whole cents by name (the
game's, e.g. Dreierles ``{"per_fach": 5}``; 0: not played for money), set at creation and
changed by its scorer (``PATCH /api/matches/{id}``); ``matches.audit`` lists those changes
(when, by which token kind, the rates before and after).  Both are nullable: a match created
before them has none (read as every rate 0, no change).  ``batch_alter_table`` adds the
columns on SQLite and PostgreSQL alike.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_match_rates"
down_revision = "0005_tournaments"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rates", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("audit", sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("audit")
        batch_op.drop_column("rates")
