"""Schemas every trick game shares (Dreeg, Sixty-Six): marriages and the referee's
answers, and bounded lists of cards for its questions.

Every list in a question is bounded and refused by its length before any card in it is
parsed, so no request can make the server work hard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from marshmallow import Schema, fields, post_load, validate

from api.schemas.fields import CardField, PlayerCounts, StrictInteger, SuitField
from engine.cards import CardFamily
from engine.tricks.melds import Meld

NAME: dict[str, Any] = {"metadata": {"description": "A player's name as given when the match was created"}}
Entry = TypeVar("Entry")


def trick_entry(data: dict[str, Any], make: Callable[..., Entry]) -> tuple[int | None, Entry]:
    """``(seq, entry)`` from a trick game's entry as its schema loaded it (``seq`` left out of
    a replacement): the marriages and the tricks played as the tuples the engine keeps."""
    seq = data.pop("seq", None)
    if "melds" in data:
        data["melds"] = tuple(data["melds"])
    if "plays" in data:
        data["plays"] = tuple(tuple(trick) for trick in data["plays"])
    return seq, make(**data)


class BoundedList(fields.List):
    """A list refused by its length before any item is loaded; documented as ``maxItems``."""

    def __init__(self, inner: fields.Field, *, max_items: int, **kwargs: Any) -> None:
        self.length = validate.Length(max=max_items)
        super().__init__(inner, validate=self.length, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if isinstance(value, list):
            self.length(value)
        return super()._deserialize(value, attr, data, **kwargs)


def cards(family: CardFamily, max_items: int, **kwargs: Any) -> BoundedList:
    return BoundedList(CardField(family), max_items=max_items, **kwargs)


_MELD_SCHEMAS: dict[str, type[Schema]] = {}


def meld_schema(family: CardFamily) -> type[Schema]:
    """A marriage (Ansage) in ``family``'s notation: King and Ober of ``suit`` shown by
    ``player`` (T6).  One class per family, shared by its games (one OpenAPI component)."""

    if family.name in _MELD_SCHEMAS:
        return _MELD_SCHEMAS[family.name]

    class MeldSchema(Schema):
        player = fields.String(required=True, **NAME)
        suit = SuitField(family, required=True, metadata={"description": "H, S, E or G (or its name)"})
        trick = StrictInteger(metadata={"description": "On which lead it was shown (1-based; one past the "
                                                       "last trick: shown with a claim of 66, R8)"})

        @post_load
        def make_meld(self, data: dict[str, Any], **kwargs: Any) -> Meld:
            return Meld(**data)

    _MELD_SCHEMAS[family.name] = MeldSchema
    return MeldSchema


# --- a result -----------------------------------------------------------------------------


class TrickDerivedSchema(Schema):
    """What a hand entered trick by trick came to (T8); a game adds what it also derives."""

    points = PlayerCounts()
    tricks = PlayerCounts()
    last_trick = fields.String(allow_none=True)
    melds = fields.List(fields.Dict())
    winners = fields.List(fields.String())


# --- the referee's questions and answers ---------------------------------------------------


class DisputedHandMixin(Schema):
    """A disputed hand's marriages as the engine's referee takes them: (player, suit, trick)."""

    @post_load
    def as_tuples(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        if "melds" in data:
            data["melds"] = [(m.player, m.suit, m.trick) for m in data["melds"]]
        return data



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


class HandRulingSchema(Schema):
    """A replayed hand; a game adds ``entry``: the summary its matches accept."""

    legal = fields.Boolean(metadata={"description": "No rule was broken"})
    tricks = fields.List(fields.Nested(TrickRulingSchema))
    totals = fields.Nested(TotalsSchema)
    violations = fields.List(fields.Nested(ViolationSchema), metadata={"description": "Every broken rule, in order"})
