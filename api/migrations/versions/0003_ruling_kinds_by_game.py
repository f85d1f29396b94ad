"""A ruling's kind is any question its game's referee answers, not only play and hand.

Revision ID: 0003_ruling_kinds_by_game
Revises: 0002_rulings_and_last_change
Create Date: 2026-12-01

Checked by hand: the check constraint ``ck_rulings_kind`` (``kind IN ('play', 'hand')``)
goes, and ``kind`` grows to 32 characters, so a game's own questions (Dreierles'
``count``, DREIst!'s ``dreist`` and ``egon``) can be kept as precedent without touching
this table again; the API checks the kind against the match's game.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_ruling_kinds_by_game"
down_revision = "0002_rulings_and_last_change"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("rulings", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_rulings_kind"), type_="check")
        batch_op.alter_column("kind", existing_type=sa.String(length=8), type_=sa.String(length=32),
                              existing_nullable=False)


def downgrade():
    with op.batch_alter_table("rulings", schema=None) as batch_op:
        batch_op.alter_column("kind", existing_type=sa.String(length=32), type_=sa.String(length=8),
                              existing_nullable=False)
        batch_op.create_check_constraint("kind", "kind IN ('play', 'hand')")
