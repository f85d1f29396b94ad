"""Schemas of matches and games, the same for every game (API.md, "Matches").

A match's ``state`` and a hand's entry and ``result`` differ by game: each game's API
module (``api/games/<game>.py``) declares them, and :class:`api.games.base.GameApi`
builds that game's match, hand and answer schemas on these.
"""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from marshmallow import Schema, ValidationError, fields, validate

from api.errors import ProblemSchema
from api.schemas.fields import HouseRuleValue
from api.schemas.rates import RATES_DESCRIPTION, MatchAuditSchema, game_rates_schema, rates_field
from engine.game import NAME_MAX, Game
from engine.i18n import LANGUAGES


class MatchCreateSchema(Schema):
    """Loads a creation request; the game then checks players, house rules and dealer
    (with its own reasons and R-numbers).  :func:`match_create_schema` states per game
    what it accepts, for the OpenAPI document."""

    game = fields.String(required=True, metadata={"description": "dreeg, sixtysix, dreierles or dreist"})
    players = fields.List(
        fields.String(), required=True, validate=validate.Length(max=16),
        metadata={"description": "Names in clockwise seating order (the game decides how many)"},
    )
    rules = fields.Dict(keys=fields.String(), values=HouseRuleValue(), metadata={
        "description": "House rules by name, each value a string, boolean or whole number (\"true\" or true, "
                       "\"2\" or 2); defaults fill the rest"})
    dealer = fields.String(metadata={"description": "The first dealer (default: the first player)"})
    rates = rates_field()


def _zone(name: str) -> None:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValidationError("Not a time zone (IANA name, e.g. Europe/Berlin or Europe/Vienna).") from None


class SlateQuerySchema(Schema):
    """How the slate is written: the reader's language (else the request's Accept-Language)
    and the time zone of its times."""

    lang = fields.String(validate=validate.OneOf(LANGUAGES), metadata={
        "description": "de or en: the headings, the words and the CSV's dialect (de: `;` between cells, "
                       "en: `,`); default: Accept-Language"})
    tz = fields.String(validate=[validate.Length(min=1, max=64), _zone], metadata={
        "description": "The time zone of the times (IANA name); default Europe/Berlin (R36's default)"})


class MatchDeleteSchema(Schema):
    confirm = fields.String(required=True, metadata={"description": "The match's id, as a confirmation"})
    exported_revision = fields.Integer(
        required=True, strict=True,
        metadata={"description": "The revision of the export the scorer kept (X-Kreide-Revision of an export); "
                                 "the match must still be at it"},
    )


def match_create_schema(game: Game[Any, Any, Any], prefix: str) -> type[Schema]:
    """A creation request for ``game`` as the game checks it (documentation only): its
    name, its player counts, names of 1 to 24 characters, its house rules and their values."""
    name = validate.Length(min=1, max=NAME_MAX)
    rules = type(f"{prefix}RulesSchema", (Schema,), {
        rule.name: HouseRuleValue(rule.accepted(), metadata={"default": rule.default,
                                                             "description": rule.description.get("en", "")})
        for rule in game.house_rules
    })
    declared = {
        "game": fields.String(required=True, validate=validate.OneOf([game.name])),
        "players": fields.List(fields.String(validate=name), required=True, validate=validate.Length(
            min=min(game.player_counts), max=max(game.player_counts)), metadata={
            "uniqueItems": True, "description": "Names in clockwise seating order, unique; 1 to 24 characters "
                                                 "after trimming, no control characters"}),
        "rules": fields.Nested(rules, metadata={"description": "House rules by name; defaults fill the rest"}),
        "dealer": fields.String(validate=name, metadata={"description": "The first dealer, one of the players "
                                                                       "(default: the first player)"}),
        "rates": fields.Nested(game_rates_schema(game, prefix), metadata={"description": RATES_DESCRIPTION}),
    }
    return type(f"{prefix}MatchCreateSchema", (MatchCreateSchema,), declared)


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
    rates = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={"description": RATES_DESCRIPTION})
    audit = fields.List(fields.Nested(MatchAuditSchema), metadata={
        "description": "Changes of the match itself after its creation (a rate), oldest first"})


class MatchCreatedSchema(MatchSchema):
    scorer_token = fields.String(metadata={"description": "Reads and writes; share it through the QR code"})
    viewer_token = fields.String(metadata={"description": "Reads only"})
    join_url = fields.String(metadata={"description": "Opens the match as scorer (token in the fragment)"})
    view_url = fields.String(metadata={"description": "Opens the match as viewer"})


class AuditSchema(Schema):
    """A later change to a hand: when, by which token kind, and what it was before."""

    action = fields.String(metadata={"description": "void or replace"})
    at = fields.String(metadata={"description": "ISO 8601, UTC"})
    by = fields.String(metadata={"description": "scorer or viewer (the token kind)"})
    previous = fields.Dict(metadata={"description": "The entry as it stood before this change"})


class VoidSchema(Schema):
    """A void carries no fields (an empty body or ``{}``)."""


class RecordSchema(Schema):
    record = fields.Integer(metadata={"description": "Position in the log, from 1"})
    seq = fields.Integer()
    action = fields.String(metadata={"description": "hand, void or replace"})
    body = fields.Dict(allow_none=True)
    by = fields.String()
    at = fields.String()


class HouseRuleSchema(Schema):
    name = fields.String()
    values = fields.List(fields.String())
    default = fields.String()
    rule = fields.String()
    description = fields.Dict(keys=fields.String(), values=fields.String())
    title = fields.Dict(keys=fields.String(), values=fields.String(), metadata={"description": "Its name, by language"})
    labels = fields.Dict(keys=fields.String(), values=fields.Dict(keys=fields.String(), values=fields.String()),
                         metadata={"description": "Each value's name, by language"})


class GameSchema(Schema):
    name = fields.String()
    title = fields.Dict(keys=fields.String(), values=fields.String())
    available = fields.Boolean()
    players = fields.List(fields.Integer())
    players_rule = fields.String(allow_none=True, metadata={"description": "The R-number on how many play"})
    variants = fields.List(fields.Raw())
    rules = fields.List(fields.Nested(HouseRuleSchema))
    referee = fields.List(fields.String(), metadata={"description": "The referee's questions for this game"})
    rates = fields.List(fields.String(), metadata={"description": "Its money rates' names (R37), e.g. per_fach"})
    facts = fields.Dict(metadata={
        "description": "The game's fixed facts its phone draws from (Sixty-Six: the decks of R16; Dreeg: the "
                       "sub-games and the tricks of a hand by players); {} for a game without",
        "allOf": [{"$ref": "#/components/schemas/FactsByGame"}]})


class GamesSchema(Schema):
    games = fields.List(fields.Nested(GameSchema))


class HealthSchema(Schema):
    status = fields.String()


_DATABASE = {"description": "ok, read-only (writes are refused), behind (its schema is older than the code: the "
                            "migrations have not run) or unavailable",
             "enum": ["ok", "read-only", "behind", "unavailable"]}
_RATE_LIMITS = {"description": "The rate limits' shared store (Redis): ok or unavailable; not used when each worker "
                               "counts in its own memory", "enum": ["ok", "unavailable", "not used"]}


class ReadySchema(Schema):
    """``GET /api/ready``: everything this server needs answers."""

    status = fields.String(required=True, metadata={"enum": ["ok"]})
    database = fields.String(required=True, metadata=_DATABASE)
    rate_limits = fields.String(required=True, metadata=_RATE_LIMITS)


class NotReadyProblemSchema(ProblemSchema):
    """``503 not_ready``: what is down (``detail`` names it in words)."""

    database = fields.String(required=True, metadata=_DATABASE)
    rate_limits = fields.String(required=True, metadata=_RATE_LIMITS)


class NetworkSchema(Schema):
    addresses = fields.List(fields.String(), metadata={
        "description": "Addresses of this server on the local network (http://192.168.x.y:8000), when the "
                       "request came to a loopback address; other phones at the table open these"})


class NoteSchema(Schema):
    """One line of a result's explanation: the rule applied, a stable code, its values
    and the sentence in English and German."""

    rule = fields.String(allow_none=True, metadata={"description": "R- or T-number of RULES.md"})
    code = fields.String(metadata={"description": "Stable code of the sentence"})
    params = fields.Dict(metadata={"description": "The values in the sentence (cards and suits as codes)"})
    en = fields.String()
    de = fields.String()
