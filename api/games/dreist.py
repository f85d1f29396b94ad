"""DREIst! in the API (API.md, "dreist"): series and solo entries and states, and the
referee's two questions: a laying judged (``/api/referee/dreist``) and Egon's turn
(``/api/referee/egon``).  Cards are number cards (``5R``); a display is its rows of eight
characters.  Shapes only here: the engine judges, citing R33-R35."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, post_load, validate

from api.games.base import GameApi, RefereeQuestion
from api.schemas.fields import CardField, PlayerCounts, StrictBoolean, StrictInteger
from api.schemas.matches import NoteSchema
from api.schemas.tricks import BoundedList, cards
from engine.cards.dreist import DECK_96, NUMBER_CARDS
from engine.dreist import DreistEntry
from engine.dreist.display import MAX_ROWS

NAMES = fields.List(fields.String())
#: A turn can lay at most the hand plus what the DREIers let him draw: bounded generously.
LAY_MAX = 40


class DreistEntrySchema(Schema):
    """A series game (the cards each had left) or a solo game (won or not)."""

    seq = StrictInteger(required=True, validate=validate.Range(min=1))
    remaining = PlayerCounts(metadata={"description": "Series: cards left in hand and pile per player (the "
                                                      "finisher 0)"})
    abandoned = StrictBoolean(metadata={"description": "Series: the game was stopped with nobody at 0"})
    won = StrictBoolean(metadata={"description": "Solo: the player beat Egon in this game"})

    @post_load
    def make_entry(self, data: dict[str, Any], **kwargs: Any) -> tuple[int | None, DreistEntry]:
        seq = data.pop("seq", None)
        return seq, DreistEntry(**data)


class DreistNeedsSchema(Schema):
    mode = fields.String(metadata={"enum": ["series", "solo"]})
    game = fields.Integer()
    starting_player = fields.String(allow_none=True)
    players = NAMES
    fields_ = fields.List(fields.String(), data_key="fields", attribute="fields")
    most = fields.Integer(metadata={"description": "Series: the cards in play (96 less the remainder set aside)"})
    games = fields.Integer(metadata={"description": "Series: games in the series (one per player)"})
    player_cards = fields.Integer()
    egon_cards = fields.Integer()
    last_game = fields.Integer()


class DreistStateSchema(Schema):
    players = NAMES
    rules = fields.Dict(keys=fields.String(), values=fields.String())
    finished = fields.Boolean()
    totals = PlayerCounts(metadata={"description": "Series: cards left, added up over the games"})
    games = fields.Integer(metadata={"description": "Series: games played"})
    starting_player = fields.String(allow_none=True)
    starter = fields.String(metadata={"description": "Series: the starting player of game 1"})
    leaders = NAMES
    series_length = fields.Integer()
    game = fields.Integer(metadata={"description": "Solo: the game to play next (or the last one, when over)"})
    player_cards = fields.Integer()
    egon_cards = fields.Integer()
    best = fields.Integer(allow_none=True, metadata={"description": "Solo: the most cards Egon was beaten with"})
    rating = fields.String(allow_none=True)
    games_won = fields.Integer()
    needs = fields.Nested(DreistNeedsSchema, allow_none=True)


class DreistResultSchema(Schema):
    game = fields.Integer()
    remaining = PlayerCounts()
    won = fields.Boolean()
    cards = fields.Integer(metadata={"description": "Solo: the player's cards in this game"})
    notes = fields.List(fields.Nested(NoteSchema))
    needs = fields.Nested(DreistNeedsSchema)


# --- the referee --------------------------------------------------------------------------

DISPLAY = BoundedList(fields.String(validate=validate.Length(max=8)), max_items=MAX_ROWS, required=True, metadata={
    "description": "Rows below the base, nearest first, eight characters each: R Y T V or ."})


class PlacementQuestionSchema(Schema):
    card = CardField(NUMBER_CARDS, required=True, metadata={"description": "e.g. 5R"})
    row = StrictInteger(required=True, validate=validate.Range(min=1, max=MAX_ROWS + 1),
                        metadata={"description": "1: the row directly below the base"})


class _RefereeSchema(Schema):
    game = fields.String(allow_none=True, validate=validate.OneOf(["dreist"]), metadata={
        "description": "dreist, or left out: the path names the game (API.md's bodies have none)"})
    display = DISPLAY
    single_below_card = StrictBoolean(metadata={"description": "R35 house rule: a single card touching only one "
                                                               "below it may be attached"})

    @post_load
    def for_engine(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        data.pop("game", None)
        return data


class LayQuestionSchema(_RefereeSchema):
    lay = BoundedList(BoundedList(fields.Nested(PlacementQuestionSchema), max_items=LAY_MAX), max_items=LAY_MAX,
                      required=True, metadata={"description": "The plays of the turn, each the cards laid together"})
    hand = cards(NUMBER_CARDS, LAY_MAX, metadata={"description": "The hand (for the DREIste Geschenk)"})

    @post_load
    def as_tuples(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        data["lay"] = [[(p["card"], p["row"]) for p in play] for play in data["lay"]]
        return data


class EgonQuestionSchema(_RefereeSchema):
    turned = cards(NUMBER_CARDS, len(DECK_96), required=True, metadata={"description": "Egon's cards in turning order"})


class PlacementSchema(Schema):
    card = fields.String()
    row = fields.Integer()
    dreier = fields.String(allow_none=True, metadata={"enum": ["row", "column", None]})
    cleared = fields.List(fields.String(), metadata={"description": "Cells cleared, \"row,column\" from 1"})


class LayRulingSchema(Schema):
    legal = fields.Boolean()
    rule = fields.String(allow_none=True)
    clause = fields.String(allow_none=True, metadata={"enum": ["occupied", "colour", "single", "connection",
                                                               "together", "column", None]})
    path = fields.String(allow_none=True, metadata={"description": "The offending card: play.card from 0"})
    placements = fields.List(fields.Nested(PlacementSchema))
    draws = fields.Integer()
    geschenk = fields.Boolean(metadata={"description": "The whole hand was laid: the DREIste Geschenk"})
    display = fields.List(fields.String())
    reason = fields.String()


class EgonRulingSchema(Schema):
    placements = fields.List(fields.Nested(PlacementSchema))
    discarded = fields.List(fields.String())
    kept = fields.List(fields.String(), metadata={"description": "Cards he never turned: they stay on his pile"})
    done = fields.Boolean(metadata={"description": "He laid two (or three) cards; false: turn over more"})
    display = fields.List(fields.String())
    reason = fields.String()


API = GameApi(
    name="dreist",
    entry=DreistEntrySchema,
    state=DreistStateSchema,
    result=DreistResultSchema,
    referee={
        "dreist": RefereeQuestion(LayQuestionSchema, LayRulingSchema, "Judge a laying (R35)"),
        "egon": RefereeQuestion(EgonQuestionSchema, EgonRulingSchema, "Egon's turn (R35, solo)"),
    },
)
