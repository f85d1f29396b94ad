"""The shape of a Dreeg hand entry (API.md, "dreeg"); what it means is the engine's job.

The schema checks types only: which names are players, whether points add up, which
fields a sub-game wants are all decided by the engine, which cites the rule.  Unknown
fields are refused (marshmallow's default ``RAISE``), so a typo never passes silently.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, post_load, validate

from api.schemas.fields import CardField, PlayerCounts, StrictBoolean, StrictInteger, SuitField
from engine.dreeg.entries import DreegEntry, Meld

NAME = {"metadata": {"description": "A player's name as given when the match was created"}}


class MeldSchema(Schema):
    """A marriage (Ansage): King and Ober of ``suit`` shown by ``player`` (T6)."""

    player = fields.String(required=True, **NAME)
    suit = SuitField(required=True, metadata={"description": "H, S, E or G (or its name)"})
    trick = StrictInteger(metadata={"description": "On which lead it was shown (1-based)"})

    @post_load
    def make_meld(self, data: dict[str, Any], **kwargs: Any) -> Meld:
        return Meld(**data)


class DreegEntrySchema(Schema):
    """One Dreeg hand: a summary (points, tricks, last trick) or the plays trick by trick."""

    seq = StrictInteger(required=True, validate=validate.Range(min=1),
                        metadata={"description": "The number this hand gets: the match's next_seq"})
    dealer = fields.String(**NAME)
    points = PlayerCounts(metadata={"description": "Card points per active player, melds not included"})
    tricks = PlayerCounts(metadata={"description": "Tricks won per active player"})
    last_trick = fields.String(**NAME)
    trump = SuitField()
    melds = fields.List(fields.Nested(MeldSchema))
    claim = fields.String(**NAME)
    closed_by = fields.String(metadata={"description": "Two players: who closed the stock (zudrehen, T7)"})
    closed_after = StrictInteger(metadata={"description": "Two players: tricks played when the stock was closed"})
    plays = fields.List(fields.List(CardField()),
                        metadata={"description": "T8: the cards of each trick in play order, e.g. [[\"HA\", \"H10\"]]"})
    declarer = fields.String(**NAME)
    surrender = StrictBoolean()
    caller = fields.String(**NAME)
    called_card = CardField()
    partner = fields.String(allow_none=True, metadata={"description": "null: the caller plays alone"})
    durchmarsch = fields.String(**NAME)

    @post_load
    def make_entry(self, data: dict[str, Any], **kwargs: Any) -> tuple[int | None, DreegEntry]:
        seq = data.pop("seq", None)
        if "melds" in data:
            data["melds"] = tuple(data["melds"])
        if "plays" in data:
            data["plays"] = tuple(tuple(trick) for trick in data["plays"])
        return seq, DreegEntry(**data)
