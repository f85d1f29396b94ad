"""Dreierles in the API (API.md, "dreierles"): the deal entry, the ledger state, a deal's
result, and the referee's count of a pile in threes.

The schemas check shape only; who sits out, what a game may carry and what it is worth are
the engine's, which cites the rule.  Unknown fields are refused.  Cards are read in the Cego
pack's notation (:data:`engine.cards.cego.CEGO`): ``D`` is Karo, or the Dame.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, post_load, validate

from api.games.base import Facts, GameApi, RefereeQuestion
from api.schemas.fields import PlayerCounts, StrictBoolean, StrictInteger
from api.schemas.matches import NoteSchema
from api.schemas.tricks import NAME, BoundedList, cards
from engine.cards.cego import CEGO, DECK_54
from engine.dreierles import DreierlesEntry, Extra, GameType
from engine.dreierles.rules import TOTAL

GAMES = [g.value for g in GameType]
EXTRAS = [e.value for e in Extra]
NAMES = fields.List(fields.String())


def bounds(**kwargs: Any) -> fields.List:
    """``[least, most]``."""
    return fields.List(fields.Integer(), validate=validate.Length(equal=2), **kwargs)


class DreierlesEntrySchema(Schema):
    """One deal: the game, its declarer and his points (or cards) and extras; or the three
    players' points and tricks of a Räuber; or who took the last trick of a Drescher."""

    seq = StrictInteger(required=True, validate=validate.Range(min=1),
                        metadata={"description": "The number this deal gets: the match's next_seq"})
    dealer = fields.String(**NAME)
    game = fields.String(required=True, validate=validate.OneOf(GAMES), metadata={"enum": GAMES})
    declarer = fields.String(**NAME)
    declarer_points = StrictInteger(metadata={"description": "The declarer's points counted in threes (0-70)"})
    cards = cards(CEGO, len(DECK_54), metadata={"description": "The declarer's whole pile, counted by R26"})
    extras = BoundedList(fields.String(validate=validate.OneOf(EXTRAS)), max_items=len(EXTRAS) * 2,
                         metadata={"description": "R28 extras, each +1 Fach", "items": {"enum": EXTRAS}})
    discard_error = StrictBoolean(metadata={"description": "R31: discarded wrongly, lost eightfold"})
    points = PlayerCounts(metadata={"description": "Räuber: points of the three active players"})
    tricks = PlayerCounts(metadata={"description": "Räuber: tricks of the three active players (16 in all)"})
    last_trick = fields.String(**NAME)
    blind_points = StrictInteger(metadata={"description": "Räuber: the Blinder counted in threes (2-26)"})

    @post_load
    def make_entry(self, data: dict[str, Any], **kwargs: Any) -> tuple[int | None, DreierlesEntry]:
        seq = data.pop("seq", None)
        data["game"] = GameType(data["game"])
        if "extras" in data:
            data["extras"] = tuple(Extra(e) for e in data["extras"])
        if "cards" in data:
            data["cards"] = tuple(data["cards"])
        return seq, DreierlesEntry(**data)


# --- the state and what the next deal needs ------------------------------------------------


class FachTableSchema(Schema):
    won_from = fields.Integer(metadata={"description": "R26: the declarer wins with this many points"})
    won = fields.List(fields.List(fields.Integer()), metadata={
        "description": "R27: [points from, Fach] for the winning side's points"})
    type = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={"description": "R28, by ladder"})
    extra = fields.Integer()
    lost_double = fields.Boolean()
    eightfold = fields.Integer(metadata={"description": "R31"})
    durchmarsch = fields.Integer(metadata={"description": "Points a Solo with Durchmarsch must make (all)"})


class DreierlesNeedsSchema(Schema):
    deal = fields.Integer()
    dealer = fields.String()
    forehand = fields.String(metadata={"description": "Vorn: the first active player on the dealer's right"})
    active = NAMES
    sitting_out = NAMES
    next_dealers = fields.List(fields.String(), metadata={"description": "Who deals after this deal, in turn"})
    games = fields.List(fields.String(metadata={"enum": GAMES}))
    discards = fields.List(fields.String(), metadata={"description": "Games where a discard error can happen"})
    extras = fields.Dict(keys=fields.String(), values=fields.List(fields.String()),
                         metadata={"description": "Each extra and the games it applies to (R28)"})
    fach = fields.Nested(FachTableSchema)
    fields_ = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), data_key="fields",
                          attribute="fields",
                          metadata={"description": "The fields of a declarer game, a Räuber, a Drescher"})
    total = fields.Integer()
    tricks = fields.Integer()
    blind_rest = fields.String(metadata={"description": "R28: the Blinder's cards not bought count for the declarer "
                                                        "or the defenders (house rule)"})
    declarer_points = fields.Dict(keys=fields.String(metadata={"enum": GAMES}), values=bounds(), metadata={
        "description": "R26, R28: per declarer's game, the least and most points his pile can count"})
    discard_error_points = bounds(metadata={"description": "R31: with a discard error any points 0-70 (they count "
                                                           "for nothing)"})
    blind_points = bounds(metadata={"description": "Least and most the Blinder counts"})
    raeuber_blind = fields.String()
    raeuber_points = bounds(metadata={"description": "R30: least and most the three players' points make together "
                                                     "when the Blinder is not entered"})


class DreierlesStateSchema(Schema):
    balance = PlayerCounts(metadata={"description": "Fach per player; sums to 0 (R29)"})
    dealer = fields.String(metadata={"description": "Deals the next deal"})
    sitting_out = NAMES
    active = NAMES
    forehand = fields.String()
    deals = fields.Integer()
    players = NAMES
    rules = fields.Dict(keys=fields.String(), values=fields.String())
    needs = fields.Nested(DreierlesNeedsSchema)


# --- a result ---------------------------------------------------------------------------


class PartsSchema(Schema):
    points = fields.Integer(metadata={"description": "R27: Fach from the winning side's points"})
    type = fields.Integer(metadata={"description": "R28: Fach for the game type"})
    extras = fields.Dict(keys=fields.String(), values=fields.Integer())
    doubled = fields.Boolean(metadata={"description": "R27: lost, and lost games count double"})
    eightfold = fields.Boolean(metadata={"description": "R31: a discard error"})


class DreierlesResultSchema(Schema):
    deal = fields.Integer()
    dealer = fields.String()
    active = NAMES
    sitting_out = NAMES
    forehand = fields.String()
    game = fields.String(metadata={"enum": GAMES})
    declarer = fields.String(allow_none=True)
    declarer_points = fields.Integer(allow_none=True)
    defender_points = fields.Integer(allow_none=True)
    won = fields.Boolean(allow_none=True, metadata={"description": "null: Räuber, Drescher"})
    fach = fields.Integer(metadata={"description": "The game's value per opponent (Räuber: per payment)"})
    parts = fields.Nested(PartsSchema, allow_none=True)
    settlement = PlayerCounts(metadata={"description": "Fach won (+) or paid (-) per player; sums to 0"})
    balance = PlayerCounts(metadata={"description": "The ledger after this deal"})
    notes = fields.List(fields.Nested(NoteSchema))
    needs = fields.Nested(DreierlesNeedsSchema, metadata={"description": "What this deal needed (for a correction)"})


# --- the referee: a pile counted in threes -------------------------------------------------


class CountQuestionSchema(Schema):
    game = fields.String(required=True, metadata={"description": "dreierles", "enum": ["dreierles"]})
    cards = cards(CEGO, len(DECK_54), required=True, metadata={"description": "The pile to count"})

    @post_load
    def for_engine(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {"cards": tuple(data["cards"])}


class PacketSchema(Schema):
    cards = fields.List(fields.String())
    points = fields.Integer()
    thirds = fields.Integer()
    rule = fields.String(metadata={"description": "How the packet counts, in the Accept-Language"})


class CountRulingSchema(Schema):
    cards = fields.Integer()
    points = fields.Integer(metadata={"description": "Rounded to the nearest point (R26)"})
    thirds = fields.Integer()
    exact = fields.String(metadata={"description": "e.g. 23 1/3"})
    packets = fields.List(fields.Nested(PacketSchema))
    leftover = fields.Nested(PacketSchema, allow_none=True)
    reason = fields.String()


# --- the facts its phone draws from -------------------------------------------------------


class DreierlesFactsSchema(Schema):
    points = fields.Integer(required=True, metadata={
        "description": "R26: what the pack holds counted in threes (70); the two sides of a deal make it"})


def facts() -> dict[str, Any]:
    return {"points": TOTAL}


API = GameApi(
    name="dreierles",
    entry=DreierlesEntrySchema,
    state=DreierlesStateSchema,
    result=DreierlesResultSchema,
    referee={"count": RefereeQuestion(CountQuestionSchema, CountRulingSchema, "Count a pile in threes")},
    facts=Facts(DreierlesFactsSchema, facts),
)
