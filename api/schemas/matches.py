"""Schemas of matches, games and the write answers (API.md, "Matches")."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.schemas.hands import DreegHandSchema
from api.schemas.rulings import RulingSchema


class MatchCreateSchema(Schema):
    game = fields.String(required=True, metadata={"description": "dreeg, sixtysix, dreierles or dreist"})
    players = fields.List(
        fields.String(), required=True, validate=validate.Length(max=16),
        metadata={"description": "Names in clockwise seating order (the game decides how many)"},
    )
    rules = fields.Dict(keys=fields.String(), values=fields.String(),
                        metadata={"description": "House rules by name; defaults fill the rest"})
    dealer = fields.String(metadata={"description": "The first dealer (default: the first player)"})


class MatchSchema(Schema):
    id = fields.String()
    game = fields.String()
    players = fields.List(fields.String())
    rules = fields.Dict(keys=fields.String(), values=fields.String())
    dealer = fields.String(allow_none=True, metadata={"description": "The first dealer"})
    created_at = fields.String(metadata={"description": "ISO 8601, UTC"})
    version = fields.Integer(metadata={"description": "Hands that count (voided ones do not)"})
    revision = fields.Integer(metadata={"description": "Records in the match's log; grows on every write"})
    next_seq = fields.Integer(metadata={"description": "The seq the next hand must carry"})
    state = fields.Dict(metadata={"description": "The game's state (API.md, by game)"})
    access = fields.String(metadata={"description": "scorer or viewer: what the token used may do"})


class MatchCreatedSchema(MatchSchema):
    scorer_token = fields.String(metadata={"description": "Reads and writes; share it through the QR code"})
    viewer_token = fields.String(metadata={"description": "Reads only"})
    join_url = fields.String(metadata={"description": "Opens the match as scorer (token in the fragment)"})
    view_url = fields.String(metadata={"description": "Opens the match as viewer"})


class HandWrittenSchema(Schema):
    hand = fields.Nested(DreegHandSchema)
    state = fields.Dict()
    version = fields.Integer()
    revision = fields.Integer()
    next_seq = fields.Integer()


class HandsSchema(Schema):
    hands = fields.List(fields.Nested(DreegHandSchema))


class VoidSchema(Schema):
    """A void carries no fields (an empty body or ``{}``)."""


class RecordSchema(Schema):
    record = fields.Integer(metadata={"description": "Position in the log, from 1"})
    seq = fields.Integer()
    action = fields.String(metadata={"description": "hand, void or replace"})
    body = fields.Dict(allow_none=True)
    by = fields.String()
    at = fields.String()


class ExportSchema(Schema):
    match = fields.Nested(MatchSchema)
    records = fields.List(fields.Nested(RecordSchema))
    hands = fields.List(fields.Nested(DreegHandSchema))
    rulings = fields.List(fields.Nested(RulingSchema), metadata={"description": "The referee's rulings, oldest first"})


class HouseRuleSchema(Schema):
    name = fields.String()
    values = fields.List(fields.String())
    default = fields.String()
    rule = fields.String()
    description = fields.Dict(keys=fields.String(), values=fields.String())


class GameSchema(Schema):
    name = fields.String()
    title = fields.Dict(keys=fields.String(), values=fields.String())
    available = fields.Boolean()
    players = fields.List(fields.Integer())
    variants = fields.List(fields.Raw())
    rules = fields.List(fields.Nested(HouseRuleSchema))


class GamesSchema(Schema):
    games = fields.List(fields.Nested(GameSchema))


class HealthSchema(Schema):
    status = fields.String()
