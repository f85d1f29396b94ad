"""The Obers' API side: its entry, state and result schemas and its referee's questions,
in the long pack's notation (``H7``, ``EO``)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, post_load

from api.games.base import GameApi, RefereeQuestion
from api.schemas.fields import CardField, PlayerCounts, StrictInteger
from api.schemas.matches import NoteSchema
from api.schemas.tricks import BoundedList, HandRulingSchema, PlayRulingSchema, cards
from engine.cards.german import DECK_32, GERMAN_32
from tests.tricks_game.game import PLAYERS, TRICKS, ObersEntry


def _plays(**kwargs: Any) -> BoundedList:
    return BoundedList(cards(GERMAN_32, PLAYERS), max_items=TRICKS, **kwargs)


class ObersEntrySchema(Schema):
    seq = StrictInteger(required=True)
    leader = fields.String(required=True)
    plays = _plays(required=True)

    @post_load
    def make_entry(self, data: dict[str, Any], **kwargs: Any) -> tuple[int | None, ObersEntry]:
        return data.get("seq"), ObersEntry(data["leader"], tuple(tuple(t) for t in data["plays"]))


class ObersStateSchema(Schema):
    players = fields.List(fields.String())
    rules = fields.Dict(keys=fields.String(), values=fields.String())
    points = PlayerCounts()
    hands = fields.Integer()
    needs = fields.Dict()


class ObersResultSchema(Schema):
    points = PlayerCounts()
    tricks = PlayerCounts()
    last_trick = fields.String(allow_none=True)
    notes = fields.List(fields.Nested(NoteSchema))


class _Question(Schema):
    game = fields.String(required=True)

    @post_load
    def for_engine(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        data.pop("game")
        return data


class PlayQuestionSchema(_Question):
    hand = cards(GERMAN_32, len(DECK_32), required=True)
    trick = cards(GERMAN_32, PLAYERS - 1, required=True)
    card = CardField(GERMAN_32, required=True)


class HandQuestionSchema(_Question):
    players = BoundedList(fields.String(), max_items=PLAYERS, required=True)
    leader = fields.String(required=True)
    plays = _plays(required=True)


class ObersPlayRulingSchema(PlayRulingSchema):
    """The trick games' answer, as a component of its own."""


class ObersHandRulingSchema(HandRulingSchema):
    entry = fields.Dict()


API = GameApi(
    name="obers",
    entry=ObersEntrySchema,
    state=ObersStateSchema,
    result=ObersResultSchema,
    referee={
        "play": RefereeQuestion(PlayQuestionSchema, ObersPlayRulingSchema, "May I play this card?"),
        "hand": RefereeQuestion(HandQuestionSchema, ObersHandRulingSchema, "Replay a disputed hand"),
    },
)
