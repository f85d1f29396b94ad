"""A match's money rates (RULES.md R37): whole cents per unit, by name, as each game declares
them (Dreierles ``per_fach``); 0 is not played for money.  Given at creation, changed by a
scorer (``PATCH /api/matches/{id}``), shown with the match with the audit trail of changes.

The schemas check the shape (names to whole numbers); which names the game has and how
large a rate may be are the engine's (``Game.resolve_rates``), which cites R37."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.schemas.fields import StrictInteger
from engine.game import RATE_MOST, Game

RATES_DESCRIPTION = (f"Money rates by name (the game's: GET /api/games, `rates`), whole cents per unit, 0 (not "
                     f"played for money) to {RATE_MOST}; R37")


def rates_field(**kwargs: Any) -> fields.Dict:
    """``{name: whole cents}`` as a request gives it."""
    return fields.Dict(keys=fields.String(validate=validate.Length(min=1, max=32)), values=StrictInteger(),
                       metadata={"description": RATES_DESCRIPTION}, **kwargs)


def game_rates_schema(game: Game[Any, Any, Any], prefix: str) -> type[Schema]:
    """The rates ``game`` takes, for the OpenAPI document."""
    return type(f"{prefix}RatesSchema", (Schema,), {
        name: StrictInteger(validate=validate.Range(min=0, max=RATE_MOST),
                            metadata={"description": "Whole cents (R37); 0: not played for money", "default": 0})
        for name in game.money_rates
    })


class MatchPatchSchema(Schema):
    """What a scorer may change of a match after its creation: its money rates (the ones
    named; the others stay)."""

    rates = rates_field(required=True)


class MatchAuditSchema(Schema):
    """A change of the match itself: when, by which token kind, what it was and became."""

    action = fields.String(metadata={"description": "rates"})
    at = fields.String(metadata={"description": "ISO 8601, UTC"})
    by = fields.String(metadata={"description": "scorer (the token kind)"})
    rates = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={"description": "The rates after"})
    previous = fields.Dict(keys=fields.String(), values=fields.Integer(),
                           metadata={"description": "The rates before"})
