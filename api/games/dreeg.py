"""Dreeg in the API (API.md, "dreeg"): its entry, state and result schemas and its
referee's questions ("may I play this card?", a disputed hand replayed).

The schemas check shape only: which names are players, whether points add up, which
fields a sub-game wants are decided by the engine, which cites the rule.  Unknown
fields are refused (marshmallow's default ``RAISE``), so a typo never passes silently.
Cards and suits are read in the German pack's notation (:data:`engine.cards.german.GERMAN`).
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, post_load, validate

from api.games.base import Facts, GameApi, RefereeQuestion
from api.schemas import tricks
from api.schemas.fields import CardField, PlayerCounts, StrictBoolean, StrictInteger, SuitField
from api.schemas.matches import NoteSchema
from api.schemas.tricks import NAME, BoundedList, HandRulingSchema, PlayRulingSchema, cards, meld_schema
from engine.cards.german import DECK_24, GERMAN
from engine.dreeg import DreegEntry, SubGame
from engine.dreeg.referee import parse_subgame
from engine.dreeg.rules import TRICKS_PER_HAND
from engine.game import NAME_MAX

MeldSchema = meld_schema(GERMAN)
SUBGAMES = [s.value for s in SubGame]
NAMES = fields.List(fields.String())
PLAYER_NAMES: dict[str, Any] = {"keys": fields.String(), "values": fields.String()}


# --- an entry ---------------------------------------------------------------------------


class DreegEntrySchema(Schema):
    """One Dreeg hand: a summary (points, tricks, last trick) or the plays trick by trick."""

    seq = StrictInteger(required=True, validate=validate.Range(min=1),
                        metadata={"description": "The number this hand gets: the match's next_seq"})
    dealer = fields.String(**NAME)
    points = PlayerCounts(metadata={"description": "Card points per active player, melds not included"})
    tricks = PlayerCounts(metadata={"description": "Tricks won per active player"})
    last_trick = fields.String(**NAME)
    trump = SuitField(GERMAN)
    melds = fields.List(fields.Nested(MeldSchema))
    claim = fields.String(**NAME)
    closed_by = fields.String(metadata={"description": "Two players: who closed the stock (zudrehen, T7)"})
    closed_after = StrictInteger(metadata={"description": "Two players: tricks played when the stock was closed"})
    plays = fields.List(fields.List(CardField(GERMAN)),
                        metadata={"description": "T8: the cards of each trick in play order, e.g. [[\"HA\", \"H10\"]]"})
    declarer = fields.String(**NAME)
    surrender = StrictBoolean()
    caller = fields.String(**NAME)
    called_card = CardField(GERMAN)
    partner = fields.String(allow_none=True, metadata={"description": "null: the caller plays alone"})
    durchmarsch = fields.String(**NAME)

    @post_load
    def make_entry(self, data: dict[str, Any], **kwargs: Any) -> tuple[int | None, DreegEntry]:
        return tricks.trick_entry(data, DreegEntry)


# --- the state and what the next hand needs ---------------------------------------------


class SubGameSchema(Schema):
    number = fields.Integer(metadata={"description": "1-8"})
    type = fields.String(metadata={"enum": SUBGAMES})


class SubGameRecordSchema(SubGameSchema):
    losers = NAMES
    hands = fields.Integer()
    strokes = PlayerCounts(metadata={"description": "The slates as the sub-game's last hand left them"})


class SumsSchema(Schema):
    points = fields.Integer(metadata={"description": "Card points of a hand played out (R15)"})
    tricks = fields.Integer(metadata={"description": "Tricks of a hand played out"})


class ClosingNeedsSchema(Schema):
    players = NAMES
    after = fields.List(fields.Integer(), metadata={"description": "Tricks after which the stock may be closed (T7)"})


class DreegNeedsSchema(Schema):
    """What the next hand needs (or, in a result, what that hand needed): a form asks
    only this, and never works a rule out itself."""

    subgame = fields.Nested(SubGameSchema)
    hand = fields.Integer(metadata={"description": "The hand's number within its sub-game"})
    players = fields.List(fields.String(), metadata={"description": "Active players, clockwise: points and tricks"})
    dealer = fields.String(allow_none=True, metadata={"description": "Who deals (null: chosen, R13)"})
    choose_dealer = fields.List(fields.String(), allow_none=True,
                                metadata={"description": "The loser(s) who choose the dealer (R13)"})
    dealers = fields.List(fields.String(), metadata={"description": "Who may be named dealer"})
    forehand = fields.Dict(**PLAYER_NAMES, metadata={"description": "Forehand for each possible dealer (R13)"})
    next_dealers = fields.List(fields.String(), allow_none=True, metadata={
        "description": "Who deals the hands after this one, in turn, unless a sub-game ends first (R13)"})
    sums = fields.Nested(SumsSchema)
    fields_ = fields.List(fields.String(), data_key="fields", attribute="fields",
                          metadata={"description": "The entry fields this hand takes"})
    required = fields.List(fields.String(), metadata={"description": "Fields a hand played out must give"})
    trump = fields.String(metadata={"enum": ["choose", "called", "optional", "none"], "description":
                                    "choose: name the trump; called: the called card's suit (R11); optional: "
                                    "maybe none (two-player Ace of Hearts, R7); none: Kamerun (R12)"})
    claim = fields.List(fields.String(), metadata={"description": "Who may claim 66 (R5, R8); [] nobody"})
    claim_deadline = fields.Integer(allow_none=True, metadata={
        "description": "Most tricks played at a claim (R8: not after the second-to-last trick has been led)"})
    closing = fields.Nested(ClosingNeedsSchema, allow_none=True, metadata={"description": "Two players (T7)"})
    sides = fields.String(allow_none=True, metadata={"enum": ["declarer", "caller", None]})
    caller = fields.Dict(**PLAYER_NAMES, metadata={"description": "Rufen: the caller for each possible dealer"})
    durchmarsch = fields.List(fields.String(), metadata={"description": "Kamerun: who may announce Durchmarsch"})


class DreegStateSchema(Schema):
    subgame = fields.Nested(SubGameSchema)
    order = fields.List(fields.String(metadata={"enum": SUBGAMES}), metadata={"description": "R1"})
    strokes = PlayerCounts(metadata={"description": "Strokes left on each slate (0-7)"})
    active = NAMES
    blobs = PlayerCounts()
    dealer = fields.String(allow_none=True, metadata={"description": "Deals the next hand; null while chosen"})
    chooser = fields.List(fields.String(), allow_none=True)
    forehand = fields.String(allow_none=True)
    finished = fields.Boolean()
    winners = NAMES
    subgames = fields.List(fields.Nested(SubGameRecordSchema))
    hands = fields.Integer(metadata={"description": "Hands played in the current sub-game"})
    tricks_per_hand = fields.Integer()
    players = NAMES
    rules = fields.Dict(keys=fields.String(), values=fields.String())
    needs = fields.Nested(DreegNeedsSchema, allow_none=True, metadata={"description": "null once the game is over"})


# --- a result ---------------------------------------------------------------------------


class SideSchema(Schema):
    name = fields.String(metadata={"enum": ["declarer", "caller", "opponents"]})
    players = fields.List(fields.String(), metadata={"description": "The declarer or caller first"})
    points = fields.Integer(metadata={"description": "Card points with counted marriages"})
    tricks = fields.Integer()


class StepSchema(Schema):
    due = fields.Integer()
    players = NAMES
    losers = NAMES


class DerivedSchema(tricks.TrickDerivedSchema):
    """What the plays came to (T8)."""


class DreegResultSchema(Schema):
    subgame = fields.Nested(SubGameSchema)
    dealer = fields.String()
    forehand = fields.String()
    totals = PlayerCounts(metadata={"description": "Card points with counted marriages"})
    due = PlayerCounts(metadata={"description": "Before capping and before Kamerun steps stop"})
    subtract = PlayerCounts(metadata={"description": "Strokes actually erased"})
    dropped = NAMES
    losers = NAMES
    notes = fields.List(fields.Nested(NoteSchema))
    sides = fields.List(fields.Nested(SideSchema))
    steps = fields.List(fields.Nested(StepSchema))
    derived = fields.Nested(DerivedSchema, metadata={"description": "What the plays came to (T8)"})
    needs = fields.Nested(DreegNeedsSchema, metadata={"description": "What this hand needed (for a correction)"})


# --- the referee ------------------------------------------------------------------------

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


class _RefereeSchema(Schema):
    """What both questions share: the game and the sub-game."""

    game = fields.String(required=True, metadata={"description": "dreeg", "enum": ["dreeg"]})
    subgame = fields.String(metadata={"description": "deutsch (default), ace_of_hearts, rufen or kamerun",
                                      "enum": SUBGAMES})

    @post_load
    def for_engine(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """The engine's keyword arguments."""
        data.pop("game")
        data["subgame"] = parse_subgame(data.get("subgame"))
        return data


class PlayQuestionSchema(_RefereeSchema):
    """May I play this card?"""

    trump = SuitField(GERMAN, required=True, allow_none=True, metadata={"description": "The trump suit; null: none"})
    hand = cards(GERMAN, HAND_MAX, required=True, metadata={"description": "The cards in the player's hand"})
    trick = cards(GERMAN, TRICK_SO_FAR_MAX, required=True,
                  metadata={"description": "The cards already in the trick, in play order ([] on a lead)"})
    card = CardField(GERMAN, required=True, metadata={"description": "The card the player wants to play"})
    stock_open = StrictBoolean(metadata={"description": "Two players: the stock is open (T2, no obligations)"})
    previous_lead = SuitField(GERMAN, metadata={"description": "Kamerun: the suit led to the previous trick (T4)"})
    called_card = CardField(GERMAN, metadata={"description": "Rufen: the called card (T5)"})
    first_trick = StrictBoolean(metadata={"description": "Rufen: this is the first trick (T5)"})


class HandQuestionSchema(tricks.DisputedHandMixin, _RefereeSchema):
    """A disputed hand, replayed trick by trick."""

    players = BoundedList(fields.String(validate=validate.Length(min=1, max=NAME_MAX)), max_items=PLAYERS_MAX,
                          required=True, metadata={"description": "The two to four active players, clockwise"})
    leader = fields.String(required=True, metadata={"description": "Who led the first trick (forehand)"})
    trump = SuitField(GERMAN, required=True, allow_none=True, metadata={"description": "The trump suit; null: none"})
    plays = BoundedList(cards(GERMAN, TRICK_MAX), max_items=TRICKS_MAX, required=True,
                        metadata={"description": "T8: the cards of each trick in play order"})
    melds = BoundedList(fields.Nested(MeldSchema), max_items=MELDS_MAX)
    called_card = CardField(GERMAN, metadata={"description": "Rufen: the called card"})
    closed_by = fields.String(metadata={"description": "Two players: who closed the stock (T7)"})
    closed_after = StrictInteger(metadata={"description": "Two players: tricks played when the stock was closed"})
    claim = fields.String(metadata={"description": "Who claimed 66 after the last trick given (R8): the hand "
                                                   "ends there"})


class RefereeEntrySchema(DreegEntrySchema):
    """The summary entry a ``POST .../hands`` would accept (add ``seq``)."""

    class Meta:
        exclude = ("seq",)


class DreegHandRulingSchema(HandRulingSchema):
    entry = fields.Nested(RefereeEntrySchema)


# --- the facts its phone draws from -------------------------------------------------------


class DreegFactsSchema(Schema):
    subgames = fields.List(fields.String(metadata={"enum": SUBGAMES}), required=True,
                           metadata={"description": "R1: the kinds of sub-game"})
    tricks = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, metadata={
        "description": "Tricks in a hand by the number of active players: {\"2\": 12, \"3\": 8, \"4\": 6}"})


def facts() -> dict[str, Any]:
    return {"subgames": SUBGAMES, "tricks": {str(players): n for players, n in sorted(TRICKS_PER_HAND.items())}}


API = GameApi(
    name="dreeg",
    entry=DreegEntrySchema,
    state=DreegStateSchema,
    result=DreegResultSchema,
    referee={
        "play": RefereeQuestion(PlayQuestionSchema, PlayRulingSchema, "May I play this card?"),
        "hand": RefereeQuestion(HandQuestionSchema, DreegHandRulingSchema, "Replay a disputed hand"),
    },
    facts=Facts(DreegFactsSchema, facts),
)
