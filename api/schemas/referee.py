"""The referee's questions and answers (API.md, "Referee"): no match, no token.

The request schemas check shape and size only, and hand the engine its keyword
arguments; what is legal is :mod:`engine.referee`'s question.  Every list is bounded
and refused by its length before any card in it is parsed, so no request can make the
server work hard: a hand holds at most 24 cards, a trick at most 3 cards already played,
and a disputed hand at most 12 tricks of at most 4 cards.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, post_load, validate

from api.schemas.dreeg import NAME, DreegEntrySchema, MeldSchema
from api.schemas.fields import CardField, StrictBoolean, StrictInteger, SuitField
from engine.cards import DECK_24
from engine.dreeg.rules import SubGame
from engine.game import NAME_MAX
from engine.referee import check_game, parse_subgame

#: A hand holds at most the whole deck.
HAND_MAX = len(DECK_24)
#: Cards already in the trick when a card is asked about: at most three of four players.
TRICK_SO_FAR_MAX = 3
#: A disputed hand: two players play twelve tricks (R5), every trick has at most four cards.
TRICKS_MAX = 12
TRICK_MAX = 4
#: Players named (the engine wants two to four) and marriages (one per lead at most).
PLAYERS_MAX = 16
MELDS_MAX = TRICKS_MAX

SUBGAMES = [s.value for s in SubGame]


class BoundedList(fields.List):
    """A list refused by its length before any item is loaded; documented as ``maxItems``."""

    def __init__(self, inner: fields.Field, *, max_items: int, **kwargs: Any) -> None:
        self.length = validate.Length(max=max_items)
        super().__init__(inner, validate=self.length, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if isinstance(value, list):
            self.length(value)
        return super()._deserialize(value, attr, data, **kwargs)


def cards(max_items: int, **kwargs: Any) -> BoundedList:
    return BoundedList(CardField(), max_items=max_items, **kwargs)


class _RefereeSchema(Schema):
    """What both questions share: the game (only Dreeg has a referee yet) and the sub-game."""

    game = fields.String(required=True, metadata={"description": "dreeg (the only game with a referee yet)"})
    subgame = fields.String(metadata={"description": "deutsch (default), ace_of_hearts, rufen or kamerun",
                                      "enum": SUBGAMES})

    @post_load
    def for_engine(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """The engine's keyword arguments; a game without a referee is refused as the
        engine refuses a game it cannot score (``game_not_available``)."""
        check_game(data.pop("game"))
        data["subgame"] = parse_subgame(data.get("subgame"))
        return data


class PlayQuestionSchema(_RefereeSchema):
    """May I play this card?"""

    trump = SuitField(required=True, allow_none=True, metadata={"description": "The trump suit; null: none"})
    hand = cards(HAND_MAX, required=True, metadata={"description": "The cards in the player's hand"})
    trick = cards(TRICK_SO_FAR_MAX, required=True,
                  metadata={"description": "The cards already in the trick, in play order ([] on a lead)"})
    card = CardField(required=True, metadata={"description": "The card the player wants to play"})
    stock_open = StrictBoolean(metadata={"description": "Two players: the stock is open (T2, no obligations)"})
    previous_lead = SuitField(metadata={"description": "Kamerun: the suit led to the previous trick (T4)"})
    called_card = CardField(metadata={"description": "Rufen: the called card (T5)"})
    first_trick = StrictBoolean(metadata={"description": "Rufen: this is the first trick (T5)"})


class HandQuestionSchema(_RefereeSchema):
    """A disputed hand, replayed trick by trick."""

    players = BoundedList(fields.String(validate=validate.Length(min=1, max=NAME_MAX)), max_items=PLAYERS_MAX,
                          required=True, metadata={"description": "The two to four active players, clockwise"})
    leader = fields.String(required=True, metadata={"description": "Who led the first trick (forehand)"})
    trump = SuitField(required=True, allow_none=True, metadata={"description": "The trump suit; null: none"})
    plays = BoundedList(cards(TRICK_MAX), max_items=TRICKS_MAX, required=True,
                        metadata={"description": "T8: the cards of each trick in play order"})
    melds = BoundedList(fields.Nested(MeldSchema), max_items=MELDS_MAX)
    called_card = CardField(metadata={"description": "Rufen: the called card"})
    closed_by = fields.String(metadata={"description": "Two players: who closed the stock (T7)"})
    closed_after = StrictInteger(metadata={"description": "Two players: tricks played when the stock was closed"})

    @post_load
    def as_tuples(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        if "melds" in data:
            data["melds"] = [(m.player, m.suit, m.trick) for m in data["melds"]]
        return data


# --- answers ----------------------------------------------------------------------------


class PlayRulingSchema(Schema):
    legal = fields.Boolean()
    rule = fields.String(allow_none=True, metadata={"description": "T-number broken; null when legal"})
    code = fields.String(metadata={"description": "legal, or the stable code of the reason"})
    reason = fields.String(metadata={"description": "In the Accept-Language (en/de)"})
    legal_cards = fields.List(fields.String(), metadata={"description": "Every card of the hand that may be played"})


class ViolationSchema(Schema):
    trick = fields.Integer(allow_none=True, metadata={"description": "1-based; null for a marriage not shown"})
    player = fields.String(allow_none=True, **NAME)
    card = fields.String(allow_none=True)
    rule = fields.String(allow_none=True)
    code = fields.String()
    field = fields.String(allow_none=True, metadata={"description": "e.g. plays.1.2 (0-based trick and position)"})
    reason = fields.String(metadata={"description": "In the Accept-Language (en/de)"})


class PlayedCardSchema(Schema):
    player = fields.String()
    card = fields.String()


class TrickRulingSchema(Schema):
    number = fields.Integer(metadata={"description": "1-based"})
    leader = fields.String()
    cards = fields.List(fields.Nested(PlayedCardSchema))
    winner = fields.String()
    points = fields.Integer(metadata={"description": "Card points in the trick"})
    violations = fields.List(fields.Nested(ViolationSchema))


class TotalsSchema(Schema):
    points = fields.Dict(keys=fields.String(), values=fields.Integer())
    tricks = fields.Dict(keys=fields.String(), values=fields.Integer())
    last_trick = fields.String(allow_none=True)


class RefereeEntrySchema(DreegEntrySchema):
    """The summary entry a ``POST .../hands`` would accept (add ``seq``)."""

    class Meta:
        exclude = ("seq",)


class HandRulingSchema(Schema):
    legal = fields.Boolean(metadata={"description": "No rule was broken"})
    tricks = fields.List(fields.Nested(TrickRulingSchema))
    totals = fields.Nested(TotalsSchema)
    violations = fields.List(fields.Nested(ViolationSchema), metadata={"description": "Every broken rule, in order"})
    entry = fields.Nested(RefereeEntrySchema)
