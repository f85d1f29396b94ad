"""Schemas of clubs (API.md "Clubs"; RULES.md R36-R38), for the OpenAPI document.

The requests are small and checked by :mod:`api.club.writes` after the token (each refusal
naming its field); the answers are written by :mod:`api.club.reads`."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.schemas.matches import MatchCreateSchema

_cents = {"description": "Whole cents"}
_member_id = {"description": "A member's id"}


class RatesSchema(Schema):
    per_blob = fields.Integer(metadata={"description": "Dreeg: cents per blob of a finished Partie, into the kitty "
                                                       "(R37)"})
    per_bummerl = fields.Integer(metadata={"description": "Sixty-Six: cents the receiver of a Bummerl pays (R37)"})
    per_fach = fields.Integer(metadata={"description": "Dreierles: cents per Fach of each deal's settlement (R37)"})
    per_point = fields.Integer(metadata={"description": "DREIst!: cents per point of a series' difference (R37)"})


class ClubCreateSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=200), metadata={
        "description": "The club's name: 1 to 60 characters after trimming"})
    members = fields.List(fields.String(), metadata={"description": "Members' names (1 to 24 characters each)"})
    timezone = fields.String(metadata={"description": "IANA time zone of its evenings (R36)",
                                       "default": "Europe/Berlin"})
    rates = fields.Nested(RatesSchema, metadata={"description": "Money rates in whole cents, 0 to 10000 (R37)"})


class ClubDeleteSchema(Schema):
    confirm = fields.String(required=True, metadata={"description": "The club's id, to confirm"})


class ClubPatchSchema(Schema):
    name = fields.String()
    timezone = fields.String()
    rates = fields.Nested(RatesSchema)


class MemberSchema(Schema):
    id = fields.String(metadata=_member_id)
    name = fields.String()
    anonymised = fields.Boolean()


class MemberNameSchema(Schema):
    name = fields.String(required=True)


class MergeSchema(Schema):
    into = fields.String(required=True, metadata={"description": "The member the first one becomes"})


class ClubMatchSchema(Schema):
    id = fields.String()
    game = fields.String()
    players = fields.List(fields.String(), metadata={"description": "Member ids in seating order"})
    player_names = fields.List(fields.String(), metadata={"description": "Their names now"})
    created_at = fields.String()
    first_at = fields.String(allow_none=True, metadata={"description": "Its first entry (its evening, R36)"})
    finished = fields.Boolean()
    evening = fields.String(allow_none=True, metadata={"description": "The evening's date (R36)"})


class EveningRefSchema(Schema):
    date = fields.String()
    matches = fields.List(fields.String())


class FigureSchema(Schema):
    name = fields.String()
    title = fields.Dict(keys=fields.String(), values=fields.String())
    rule = fields.String()
    best = fields.Boolean()
    per = fields.String(allow_none=True)


class ClubSchema(Schema):
    id = fields.String()
    name = fields.String()
    timezone = fields.String()
    rates = fields.Nested(RatesSchema)
    created_at = fields.String()
    revision = fields.Integer()
    last_change = fields.Dict(allow_none=True)
    access = fields.String(metadata={"description": "admin, member or viewer"})
    members = fields.List(fields.Nested(MemberSchema))
    matches = fields.List(fields.Nested(ClubMatchSchema))
    evenings = fields.List(fields.Nested(EveningRefSchema))
    tonight = fields.String(metadata={"description": "The date of the evening it is now (R36)"})
    games = fields.Dict(keys=fields.String(), values=fields.List(fields.Nested(FigureSchema)),
                        metadata={"description": "Each game's season figures (R38)"})
    member_token = fields.String(metadata={"description": "The members' token: in the admin's and a member's answer"})
    viewer_token = fields.String(metadata={"description": "The viewers' token"})
    join_url = fields.String(metadata={"description": "The members' link: in the admin's and a member's answer"})
    view_url = fields.String(metadata={"description": "The viewers' link"})


class ClubCreatedSchema(ClubSchema):
    admin_token = fields.String()
    admin_url = fields.String()


class ClubMatchCreateSchema(MatchCreateSchema):
    """The body of POST /api/matches; the players are members' names (a new one becomes a member)."""


class TransferSchema(Schema):
    from_ = fields.String(data_key="from", metadata={"description": "A member's id or \"kitty\""})
    to = fields.String(metadata={"description": "A member's id or \"kitty\""})
    cents = fields.Integer(metadata=_cents)


class EveningSchema(Schema):
    date = fields.String()
    matches = fields.List(fields.String())
    net = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Each member's net in cents (R37)"})
    kitty = fields.Integer(metadata={"description": "What the kitty gets, in cents (R37)"})
    transfers = fields.List(fields.Nested(TransferSchema), metadata={
        "description": "The payments that settle the evening: at most one fewer than the parties with a balance"})


class EveningsSchema(Schema):
    evenings = fields.List(fields.Nested(EveningSchema), metadata={"description": "Newest first"})


class SeasonMemberSchema(Schema):
    id = fields.String()
    name = fields.String()
    anonymised = fields.Boolean()
    games = fields.Dict(keys=fields.String(), values=fields.Dict(), metadata={
        "description": "Per game the figures of R38 by name, cents, played, ranked, rating (null until five "
                       "ranked results)"})


class SeasonSchema(Schema):
    from_ = fields.String(data_key="from", allow_none=True)
    to = fields.String(allow_none=True)
    members = fields.List(fields.Nested(SeasonMemberSchema))
    games = fields.Dict(keys=fields.String(), values=fields.List(fields.Nested(FigureSchema)))


class HeadToHeadSchema(Schema):
    id = fields.String()
    name = fields.String()
    games = fields.Dict(keys=fields.String(), values=fields.Dict(keys=fields.String(), values=fields.Integer()),
                        metadata={"description": "Per game: won, lost, tied against him"})


class MemberPageSchema(MemberSchema):
    games = fields.Dict(keys=fields.String(), values=fields.Dict())
    head_to_head = fields.List(fields.Nested(HeadToHeadSchema))
    series = fields.List(fields.Dict(), metadata={"description": "Per evening, oldest first: date, cents, balance, "
                                                               "per game won/lost/tied"})


class SourceSchema(Schema):
    match = fields.String()
    seq = fields.Integer(allow_none=True)
    evening = fields.String()
    amount = fields.Float()


class SourcesSchema(Schema):
    member = fields.String()
    game = fields.String()
    figure = fields.String()
    sources = fields.List(fields.Nested(SourceSchema))


class ClubMatchCreatedSchema(Schema):
    class Meta:
        unknown = "include"

    id = fields.String()
    club = fields.String()
    scorer_token = fields.String()
    viewer_token = fields.String()
    join_url = fields.String()
    view_url = fields.String()
    new_members = fields.List(fields.Nested(MemberSchema))
