"""Schemas of tournaments (API.md, "Tournaments"; RULES.md R24).

A creation request and the organiser's entries are loaded here (shape only: fields,
types, bounds); the engine (``engine.tournament``) decides whether an entry fits the
tournament.  Unknown fields are refused, so a typo never passes silently.  The answers
are documented here and written by the package's other modules.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from api.schemas.fields import HouseRuleValue, StrictBoolean, StrictInteger
from engine.tournament.draw import SEED_LEAST, SEED_MOST

NAME_MAX = 60
HEX64 = r"^[0-9a-f]{64}$"
NUMBER_RE = r"^[LR][1-9][0-9]{0,3}$"
PLAYERS_MAX = 1024

_player = {"description": "A player's name: 1 to 24 characters after trimming, as for a match"}


def _name(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=100), metadata=_player, **kwargs)


class TournamentCreateSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=200), metadata={
        "description": "The tournament's name: 1 to 60 characters after trimming, no control or invisible "
                       "characters (checked as players' names are)"})
    cards = StrictInteger(required=True, validate=validate.Range(min=1, max=1 << 20), metadata={
        "description": "Entry cards issued: a power of two, 4 to 1024 (R24)"})
    max_per_player = StrictInteger(validate=validate.Range(min=1, max=1 << 20), metadata={
        "description": "The most cards one player may buy (1 to cards)", "default": 3})
    prizes = StrictInteger(validate=validate.Range(min=1, max=1 << 20), metadata={
        "description": "Prize places (1 to cards; default 8, or one per card with fewer than 8 cards)"})
    multiple_prizes = StrictBoolean(metadata={
        "description": "Whether one player may win several prizes (R24)", "default": True})
    match_rules = fields.Dict(keys=fields.String(), values=HouseRuleValue(), metadata={
        "description": "House rules of the tables' sixtysix matches (variant, wrong_claim, closing, tie, style; "
                       "each a string, boolean or whole number, as for a match); "
                       "tournament is always \"true\" and bummerl \"2\""})


# --- entries ------------------------------------------------------------------------------


class _EntrySchema(Schema):
    seq = StrictInteger(required=True, validate=validate.Range(min=1), metadata={
        "description": "The number this entry gets: the tournament's next_seq"})


def _kind(name: str) -> fields.String:
    return fields.String(required=True, validate=validate.OneOf([name]))


class BuyEntrySchema(_EntrySchema):
    """A sale of entry cards (sales only; the per-player maximum and the cards issued are checked)."""

    kind = _kind("buy")
    player = _name(required=True)
    cards = StrictInteger(required=True, validate=validate.Range(min=1, max=1 << 20))


class RefundEntrySchema(_EntrySchema):
    """A mistaken sale taken back (sales only)."""

    kind = _kind("refund")
    player = _name(required=True)
    cards = StrictInteger(required=True, validate=validate.Range(min=1, max=1 << 20))


class CommitEntrySchema(_EntrySchema):
    """The SHA-256 (lowercase hex) of the next computed draw's seed, published before that draw."""

    kind = _kind("commit")
    hash = fields.String(required=True, validate=validate.Regexp(HEX64))


class DrawSeedEntrySchema(_EntrySchema):
    """A computed draw: the seed whose hash was committed (16 to 200 printable characters)."""

    kind = _kind("draw")
    seed = fields.String(required=True, validate=validate.Length(min=SEED_LEAST, max=SEED_MOST))


class DrawNumbersEntrySchema(_EntrySchema):
    """A draw made with real pots: each player's numbers in draw order (``L3``, ``R1``)."""

    kind = _kind("draw")
    numbers = fields.Dict(
        keys=fields.String(validate=validate.Length(min=1, max=100)),
        values=fields.List(fields.String(validate=validate.Regexp(NUMBER_RE)), validate=validate.Length(
            min=1, max=PLAYERS_MAX)),
        required=True, validate=validate.Length(min=1, max=PLAYERS_MAX),
        metadata={"description": "{player: [\"L3\", \"R1\", ...]}"})


class ResultEntrySchema(_EntrySchema):
    """The winner of the current round's pairing at table ``number``, entered by hand."""

    kind = _kind("result")
    number = StrictInteger(required=True, validate=validate.Range(min=1, max=1 << 20))
    winner = _name(required=True)
    replace = StrictBoolean(metadata={"description": "Corrects a result entered by hand in the current round"})


class SettleEntrySchema(_EntrySchema):
    """A prize tie settled at the table: its players in the order decided."""

    kind = _kind("settle")
    order = fields.List(_name(), required=True, validate=validate.Length(min=1, max=PLAYERS_MAX))


ENTRY_SCHEMAS: dict[str, type[Schema]] = {
    "TournamentBuy": BuyEntrySchema, "TournamentRefund": RefundEntrySchema, "TournamentCommit": CommitEntrySchema,
    "TournamentDrawSeed": DrawSeedEntrySchema, "TournamentDrawNumbers": DrawNumbersEntrySchema,
    "TournamentResult": ResultEntrySchema, "TournamentSettle": SettleEntrySchema,
}
KINDS = ("buy", "refund", "commit", "draw", "result", "settle")
_loaders = {name: schema() for name, schema in ENTRY_SCHEMAS.items()}


def load_entry(body: Any) -> tuple[int, dict[str, Any]]:
    """``(seq, entry)`` of an organiser's entry, shape checked (422 ``invalid_fields``)."""
    if not isinstance(body, dict):
        raise ValidationError({"body": ["An entry is a JSON object."]})
    kind = body.get("kind")
    if kind not in KINDS:
        raise ValidationError({"kind": [f"One of: {', '.join(KINDS)}."]})
    if kind == "draw":
        if ("seed" in body) == ("numbers" in body):
            raise ValidationError({"seed": ["A draw has either a seed or numbers."]})
        name = "TournamentDrawSeed" if "seed" in body else "TournamentDrawNumbers"
    else:
        name = f"Tournament{kind.title()}"
    data: dict[str, Any] = _loaders[name].load(body)
    seq = data.pop("seq")
    return seq, data


# --- answers ------------------------------------------------------------------------------


class MatchSummarySchema(Schema):
    score = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Each player's points in the running Bummerl, counting down from 7"})
    bummerl = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Bummerl each player has received"})
    deals = fields.Integer()
    finished = fields.Boolean()
    winner = fields.String(allow_none=True)


class CardSchema(Schema):
    player = fields.String()
    card = fields.Integer(allow_none=True, metadata={
        "description": "The card's number among its holder's cards, stable through the tournament (1 = bought "
                       "first; docs/tournament.md), shown as Wastl ①; null for a player who bought one card"})


class TableCardSchema(CardSchema):
    fell = fields.Boolean(metadata={"description": "Whether this card fell at this table (its holder lost, or met "
                                                   "himself and gave it up)"})


class PairingSchema(Schema):
    number = fields.Integer(metadata={"description": "The table number"})
    players = fields.List(fields.String(), metadata={"description": "[left holder, right holder]; [a] for a bye"})
    cards = fields.List(fields.Nested(TableCardSchema), metadata={
        "description": "The entry cards at this table, in the order of players: a player with two cards in the "
                       "round is told apart by their numbers"})
    bye = fields.Boolean()
    self = fields.Boolean(metadata={"description": "A player meets himself: he gives up one card"})
    winner = fields.String(allow_none=True)
    loser = fields.String(allow_none=True)
    by = fields.String(allow_none=True, metadata={"description": "bye, self, hand, match, or null (waiting)"})
    match_id = fields.String(allow_none=True, metadata={"description": "The table's sixtysix match, once opened"})
    match = fields.Nested(MatchSummarySchema, metadata={
        "description": "Current round only, once the match is opened: where it stands"})


class RoundSchema(Schema):
    round = fields.Integer()
    cards = fields.Integer()
    seed = fields.String(allow_none=True)
    hash = fields.String(allow_none=True)
    numbers = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))
    pairings = fields.List(fields.Nested(PairingSchema))


class PlayerSchema(Schema):
    name = fields.String()
    bought = fields.Integer(metadata={"description": "Cards bought"})
    cards = fields.Integer(metadata={"description": "Cards still in play"})
    out_round = fields.Integer(allow_none=True, metadata={"description": "The round he lost his last card in"})
    held_cards = fields.List(fields.Integer(), allow_none=True, metadata={
        "description": "The numbers of the cards he still holds; null for a player who bought one card"})


class CommitSchema(Schema):
    hash = fields.String(metadata={"description": "SHA-256 (hex) of the next computed draw's seed"})


class DrawOrderSchema(Schema):
    player = fields.String()
    cards = fields.Integer()


class PrizeSchema(Schema):
    place = fields.Integer()
    places = fields.List(fields.Integer(), metadata={"description": "[from, to]: the band the place is in"})
    player = fields.String()
    card = fields.Integer(allow_none=True, metadata={
        "description": "The number of the player's card on this place; null for a player who bought one card"})
    still_in = fields.List(fields.Integer(), metadata={
        "description": "While the tournament runs: the numbers of the cards the player still plays with (this "
                       "card fell, another is still in); empty otherwise"})


class PrizeTieSchema(Schema):
    places = fields.List(fields.Integer(), metadata={"description": "[from, to]"})
    players = fields.List(fields.String())
    round = fields.Integer()
    cards = fields.List(fields.Nested(CardSchema), metadata={"description": "The tied cards, in the order of players"})


class TournamentStateSchema(Schema):
    """The engine's state (``engine.tournament.state_to_json``) with each pairing's match."""

    phase = fields.String(metadata={"description": "sales, playing or finished"})
    round = fields.Integer(metadata={"description": "The current round (0 in sales)"})
    rounds_total = fields.Integer()
    size = fields.Integer(metadata={"description": "Cards issued"})
    sold = fields.Integer()
    cards = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Cards each player holds, in purchase order"})
    players = fields.List(fields.Nested(PlayerSchema), metadata={"description": "In purchase order"})
    commit = fields.Nested(CommitSchema, allow_none=True)
    can_commit = fields.Boolean()
    can_draw = fields.Boolean()
    draw_order = fields.List(fields.Nested(DrawOrderSchema), metadata={"description": "Who draws the next round"})
    pairings = fields.List(fields.Nested(PairingSchema), metadata={"description": "The current round's"})
    rounds = fields.List(fields.Nested(RoundSchema))
    prizes = fields.List(fields.Nested(PrizeSchema))
    prize_tie = fields.Nested(PrizeTieSchema, allow_none=True)
    settled = fields.List(fields.String(), allow_none=True)
    winner = fields.String(allow_none=True)


class TournamentSchema(Schema):
    id = fields.String()
    name = fields.String()
    config = fields.Dict(metadata={"description": "cards, max_per_player, prizes, multiple_prizes"})
    match_rules = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "The house rules every table's sixtysix match is opened with"})
    created_at = fields.String(metadata={"description": "ISO 8601, UTC"})
    role = fields.String(metadata={"description": "organiser or viewer: what the token used may do"})
    view_url = fields.String(metadata={"description": "Opens the board (viewer token in the fragment)"})
    state = fields.Nested(TournamentStateSchema)
    revision = fields.Integer(metadata={
        "description": "Grows on every entry and every write to one of the tournament's matches"})
    next_seq = fields.Integer(metadata={"description": "The seq the next entry must carry"})
    last_change = fields.Dict(allow_none=True, metadata={
        "description": "What made the latest revision: {action: entry|match|open, seq?, number?, match_id?}"})


class TournamentCreatedSchema(TournamentSchema):
    organiser_token = fields.String(metadata={"description": "Reads and writes; never shown again"})
    viewer_token = fields.String(metadata={"description": "Reads only (the board)"})
    join_url = fields.String(metadata={"description": "Opens the tournament as organiser (token in the fragment)"})


class TournamentEntryRecordSchema(Schema):
    seq = fields.Integer()
    body = fields.Dict(metadata={"description": "The entry as the engine applied it (no seq)"})
    source = fields.String(metadata={"description": "organiser, or match (a finished match recorded it)"})
    match_id = fields.String(allow_none=True)
    recorded_at = fields.String(metadata={"description": "ISO 8601, UTC"})


class TournamentEntriesSchema(Schema):
    entries = fields.List(fields.Nested(TournamentEntryRecordSchema))


class TournamentEntryWrittenSchema(Schema):
    seq = fields.Integer()
    entry = fields.Dict(metadata={"description": "The entry as recorded"})
    state = fields.Nested(TournamentStateSchema)
    revision = fields.Integer()
    next_seq = fields.Integer()


class PairingMatchSchema(Schema):
    """The table's match: its tokens and links (the same on every call), and the match."""

    round = fields.Integer()
    number = fields.Integer()
    match_id = fields.String()
    scorer_token = fields.String(metadata={"description": "The table's two phones share it (join_url's QR)"})
    viewer_token = fields.String()
    join_url = fields.String(metadata={"description": "Opens the match as scorer (token in the fragment)"})
    view_url = fields.String(metadata={"description": "Opens the match as viewer"})
    match = fields.Dict(metadata={"description": "The match as GET /api/matches/{id} shows it"})

