"""Sixty-Six and Schnapsen in the API (API.md, "sixtysix"): the deal entry, the Bummerl
state, a deal's result, and the referee's questions for two-player play ("may I play
this card?", "may I exchange or close?", "what may I do now?", a disputed deal replayed).

The schemas check shape only; what an ending needs, whether the figures fit a deck and
who scores are decided by the engine, which cites the rule.  Unknown fields are refused.
Cards and suits are read in the German pack's notation (French names accepted).
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
from engine.game import NAME_MAX
from engine.sixtysix import DECKS, AtClose, Ending, Exchange, SixtySixEntry, Variant
from engine.sixtysix.referee import parse_variant

MeldSchema = meld_schema(GERMAN)
ENDINGS = [e.value for e in Ending]
VARIANTS = [v.value for v in Variant]
NAMES = fields.List(fields.String())
#: A deal of Sixty-Six has at most 12 tricks of two cards.
TRICKS_MAX = 12
MELDS_MAX = 4


class AtCloseSchema(Schema):
    points = StrictInteger(required=True, metadata={"description": "The closer's opponent's card points in tricks"})
    tricks = StrictInteger(required=True, metadata={"description": "The closer's opponent's tricks"})

    @post_load
    def make(self, data: dict[str, Any], **kwargs: Any) -> AtClose:
        return AtClose(**data)


class ExchangeSchema(Schema):
    player = fields.String(required=True, **NAME)
    trick = StrictInteger(metadata={"description": "The lead (1-based) on which the trump card was exchanged"})

    @post_load
    def make(self, data: dict[str, Any], **kwargs: Any) -> Exchange:
        return Exchange(**data)


# --- an entry ---------------------------------------------------------------------------


class SixtySixEntrySchema(Schema):
    """One deal: how it ended and the figures that ending needs, the plays trick by trick, or
    quickly who won and his game points (``winner``, ``game_points``: no figures)."""

    seq = StrictInteger(required=True, validate=validate.Range(min=1),
                        metadata={"description": "The number this deal gets: the match's next_seq"})
    dealer = fields.String(**NAME)
    ended_by = fields.String(validate=validate.OneOf(ENDINGS), metadata={
        "enum": ENDINGS, "description": "claim (R17/R18), played_out (R21), closed (R19) or renonce (R20); "
                                        "derived from plays when left out"})
    points = PlayerCounts(metadata={"description": "Card points in tricks per player: no marriages, no last-trick "
                                                   "ten (R23)"})
    tricks = PlayerCounts(metadata={"description": "Tricks won per player"})
    trump = SuitField(GERMAN, metadata={
        "description": "Required with marriages (40 in trumps, 20 otherwise) and with plays"})
    melds = BoundedList(fields.Nested(MeldSchema), max_items=MELDS_MAX)
    claim = fields.String(metadata={"description": "Who claimed 66 (ausgemeldet)"})
    last_trick = fields.String(metadata={"description": "Played out: who took the last trick (R21)"})
    closed_by = fields.String(metadata={"description": "Closed: who closed the stock (zugedreht, T7/R19)"})
    closed_after = StrictInteger(metadata={"description": "Tricks played when the stock was closed"})
    at_close = fields.Nested(AtCloseSchema, metadata={
        "description": "Closed: the closer's opponent's card points and tricks at the closing (R19)"})
    renonce_by = fields.String(metadata={"description": "Renonce: who broke the obligation (R20)"})
    plays = BoundedList(cards(GERMAN, 2), max_items=TRICKS_MAX, metadata={
        "description": "T8: the two cards of each trick in play order, e.g. [[\"HA\", \"H9\"]]"})
    exchange = fields.Nested(ExchangeSchema, metadata={"description": "T7: the trump nine (Unter) exchanged"})
    winner = fields.String(metadata={
        "description": "A quick deal, without figures: who won it (with game_points; ended_by optional, no other "
                       "field)"})
    game_points = StrictInteger(metadata={"description": "A quick deal: the winner's game points, 1, 2 or 3 (R17)"})

    @post_load
    def make_entry(self, data: dict[str, Any], **kwargs: Any) -> tuple[int | None, SixtySixEntry]:
        if "ended_by" in data:
            data["ended_by"] = Ending(data["ended_by"])
        return tricks.trick_entry(data, SixtySixEntry)


# --- the state and what the next deal needs -----------------------------------------------


class DealSumsSchema(Schema):
    points = fields.Integer(metadata={"description": "Card points of a deal played out (120)"})
    tricks = fields.Integer(metadata={"description": "Tricks of a deal played out (12; Schnapsen 10)"})


class HelpSchema(Schema):
    code = fields.String()
    en = fields.String()
    de = fields.String()


class MarriageValuesSchema(Schema):
    trump = fields.Integer()
    plain = fields.Integer()


class SixtySixNeedsSchema(Schema):
    """What the next deal needs (in a result: what that deal needed)."""

    deal = fields.Integer(metadata={"description": "The deal's number in the match"})
    bummerl = fields.Integer(metadata={"description": "The running Bummerl's number"})
    dealer = fields.String()
    forehand = fields.String(metadata={"description": "Leads the first trick: the dealer's opponent"})
    players = NAMES
    variant = fields.String(metadata={"enum": VARIANTS})
    sums = fields.Nested(DealSumsSchema)
    hand_size = fields.Integer(metadata={"description": "Cards in each hand (6; Schnapsen 5)"})
    stock = fields.Integer(metadata={"description": "Cards in the stock after the deal, the trump card included"})
    close_after = fields.List(fields.Integer(), metadata={"description": "Tricks after which the stock may be closed"})
    ended_by = fields.List(fields.String(metadata={"enum": ENDINGS}))
    required = fields.Dict(keys=fields.String(), values=fields.List(fields.String()),
                           metadata={"description": "The fields each ending needs"})
    refused = fields.Dict(keys=fields.String(), values=fields.List(fields.String()),
                          metadata={"description": "The fields each ending never takes"})
    fields_ = fields.List(fields.String(), data_key="fields", attribute="fields")
    last_trick_ten = fields.Boolean(metadata={"description": "R21: Sixty-Six adds 10 for the last trick"})
    last_trick_bonus = fields.Integer()
    carry = fields.Integer(metadata={"description": "R21: points waiting for the next deal's winner"})
    quick_points = fields.List(fields.Integer(), metadata={
        "description": "The game points a quick deal may bring (R17): 1, 2, 3"})
    claim_target = fields.Integer()
    schneider_line = fields.Integer()
    marriage = fields.Nested(MarriageValuesSchema)
    lowest_trump = fields.String(metadata={"description": "The rank exchanged for the trump card (T7): 9 or U"})
    style = fields.String(metadata={"enum": ["soft", "hard"]})
    help = fields.List(fields.Nested(HelpSchema), metadata={"description": "R23: the soft or hard game's help"})


class BummerlSchema(Schema):
    number = fields.Integer()
    winner = fields.String()
    loser = fields.String(metadata={"description": "Who got the Bummerl"})
    count = fields.Integer(metadata={"description": "1, or 2 for a Schneider (single in tournament mode)"})
    schneider = fields.Boolean()


class BummerlRecordSchema(BummerlSchema):
    deals = fields.Integer()
    score = PlayerCounts(metadata={"description": "The score its last deal left (the winner at 0)"})


class SixtySixStateSchema(Schema):
    variant = fields.String(metadata={"enum": VARIANTS})
    score = PlayerCounts(metadata={"description": "Counting down from 7 in the running Bummerl (R22)"})
    bummerl = PlayerCounts(metadata={"description": "Bummerl received"})
    dealer = fields.String(allow_none=True, metadata={"description": "Deals the next deal"})
    forehand = fields.String(allow_none=True)
    carry = fields.Integer(metadata={"description": "R21: tie points waiting for the next deal's winner"})
    finished = fields.Boolean()
    winner = fields.String(allow_none=True)
    deals = fields.Integer(metadata={"description": "Deals played"})
    bummerl_number = fields.Integer(metadata={"description": "The running Bummerl (or the last one, when finished)"})
    deals_in_bummerl = fields.Integer()
    target = fields.Integer(metadata={"description": "Bummerl a player must receive to lose the match"})
    bummerls = fields.List(fields.Nested(BummerlRecordSchema))
    players = NAMES
    rules = fields.Dict(keys=fields.String(), values=fields.String())
    needs = fields.Nested(SixtySixNeedsSchema, allow_none=True, metadata={"description": "null once the match is over"})


# --- a result ---------------------------------------------------------------------------


class AtCloseDumpSchema(Schema):
    points = fields.Integer()
    tricks = fields.Integer()


class RenonceSchema(Schema):
    player = fields.String()
    trick = fields.Integer(allow_none=True)
    card = fields.String(allow_none=True)


class DealDerivedSchema(tricks.TrickDerivedSchema):
    at_close = fields.Nested(AtCloseDumpSchema, allow_none=True)
    renonce = fields.Nested(RenonceSchema, allow_none=True)


class SixtySixResultSchema(Schema):
    deal = fields.Integer()
    dealer = fields.String()
    forehand = fields.String()
    ended_by = fields.String(allow_none=True, metadata={
        "enum": [*ENDINGS, None], "description": "null: a quick deal that did not say"})
    quick = fields.Boolean(metadata={"description": "Entered without figures (winner and game points only)"})
    winner = fields.String(allow_none=True, metadata={"description": "null: 65 to 65 carried (R21)"})
    claim = fields.String(allow_none=True, metadata={
        "description": "Who claimed 66 (null: nobody); after a closing entered without claim, the closer when the "
                       "figures fall short of the deal (R23)"})
    game_points = fields.Integer(metadata={
        "description": "The deal's own game points (0-3), without the carry (carry_used is added on top)"})
    carry_used = fields.Integer()
    carry = fields.Integer(metadata={"description": "Waiting after this deal"})
    totals = PlayerCounts(metadata={"description": "Card points with counted marriages and the last-trick ten"})
    score = PlayerCounts(metadata={"description": "The Bummerl score after this deal (before a new Bummerl starts)"})
    bummerl = fields.Nested(BummerlSchema, allow_none=True, metadata={"description": "The Bummerl this deal decided"})
    finished = fields.Boolean()
    notes = fields.List(fields.Nested(NoteSchema))
    derived = fields.Nested(DealDerivedSchema, metadata={"description": "What the plays came to (T8)"})
    needs = fields.Nested(SixtySixNeedsSchema, metadata={"description": "What this deal needed (for a correction)"})


# --- the referee ------------------------------------------------------------------------

HAND_MAX = len(DECK_24)


class _RefereeSchema(Schema):
    game = fields.String(required=True, metadata={"description": "sixtysix", "enum": ["sixtysix"]})
    variant = fields.String(metadata={"enum": VARIANTS, "description": "sixtysix (default) or schnapsen"})

    @post_load
    def for_engine(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        data.pop("game")
        data["variant"] = parse_variant(data.get("variant"))
        return data


class DealPlayQuestionSchema(_RefereeSchema):
    """May I play this card?"""

    trump = SuitField(GERMAN, required=True, allow_none=True, metadata={"description": "The trump suit"})
    hand = cards(GERMAN, HAND_MAX, required=True, metadata={"description": "The cards in the player's hand"})
    trick = cards(GERMAN, 1, required=True, metadata={"description": "The card led ([] on a lead)"})
    card = CardField(GERMAN, required=True, metadata={"description": "The card the player wants to play"})
    stock_open = StrictBoolean(metadata={"description": "The stock is open: two or more cards, not closed (T2)"})


class StockQuestionSchema(_RefereeSchema):
    """May I exchange the trump nine (Unter) or close the stock?"""

    action = fields.String(required=True, validate=validate.OneOf(["exchange", "close"]),
                           metadata={"enum": ["exchange", "close"]})
    on_lead = StrictBoolean(required=True, metadata={"description": "The player is on lead"})
    tricks_won = StrictInteger(required=True, validate=validate.Range(min=0, max=TRICKS_MAX))
    stock = StrictInteger(required=True, validate=validate.Range(min=0, max=HAND_MAX),
                          metadata={"description": "Cards in the stock, the face-up trump card included"})
    closed = StrictBoolean(metadata={"description": "The stock is already closed"})
    style = fields.String(validate=validate.OneOf(["soft", "hard"]), metadata={"enum": ["soft", "hard"]})


class StockRulingSchema(Schema):
    action = fields.String()
    legal = fields.Boolean()
    rule = fields.String(allow_none=True)
    code = fields.String()
    reason = fields.String(metadata={"description": "In the Accept-Language (en/de)"})


class ActionsQuestionSchema(_RefereeSchema):
    """What may I do now?"""

    hand = cards(GERMAN, HAND_MAX, required=True, metadata={"description": "The cards in the player's hand (1-6)"})
    trump_card = CardField(GERMAN, metadata={
        "description": "The face-up trump card under the stock (leave out once it has been drawn and give trump)"})
    trump = SuitField(GERMAN, metadata={"description": "The trump suit, once the face-up card has been drawn"})
    stock = StrictInteger(required=True, validate=validate.Range(min=0, max=HAND_MAX),
                          metadata={"description": "Cards left in the stock, the face-up trump card included"})
    closed = StrictBoolean(metadata={"description": "The stock has been closed (T7)"})
    trick = cards(GERMAN, 1, metadata={"description": "The card the opponent led ([] or left out: the player leads)"})
    tricks_won = StrictInteger(required=True, validate=validate.Range(min=0, max=TRICKS_MAX),
                               metadata={"description": "Tricks the player has won in this deal"})
    marriages = BoundedList(SuitField(GERMAN), max_items=MELDS_MAX, metadata={
        "description": "Suits of the marriages shown in this deal so far; one whose King and Ober the player still "
                       "holds is the one he has just shown on this lead"})
    style = fields.String(validate=validate.OneOf(["soft", "hard"]), metadata={"enum": ["soft", "hard"]})


class ActionSchema(Schema):
    action = fields.String(metadata={"enum": ["play", "marriage", "exchange", "close", "claim"]})
    card = fields.String(allow_none=True, metadata={"description": "play: the card; exchange: the lowest trump"})
    suit = fields.String(allow_none=True, metadata={"description": "marriage: its suit"})
    legal = fields.Boolean()
    rule = fields.String(allow_none=True, metadata={"description": "The rule that forbids it; null when legal"})
    code = fields.String(metadata={"description": "A stable code of the verdict"})
    reason = fields.String(metadata={"description": "Why, or what follows, in the Accept-Language (en/de)"})


class SituationSchema(Schema):
    rule = fields.String(metadata={"description": "T2 while the stock is open, else T1"})
    text = fields.String(metadata={"description": "In the Accept-Language (en/de)"})


class ActionsRulingSchema(Schema):
    """Every action the player might take now, each with its verdict."""

    on_lead = fields.Boolean()
    stock_open = fields.Boolean(metadata={"description": "Two or more cards in the stock and not closed (T2)"})
    trump = fields.String()
    situation = fields.Nested(SituationSchema)
    actions = fields.List(fields.Nested(ActionSchema), metadata={
        "description": "Each card of the hand, each marriage it holds, the exchange, the closing and a claim of 66"})
    legal_cards = fields.List(fields.String(), metadata={"description": "The cards that may be played now"})


class DealHandQuestionSchema(tricks.DisputedHandMixin, _RefereeSchema):
    """A disputed deal, replayed trick by trick."""

    players = BoundedList(fields.String(validate=validate.Length(min=1, max=NAME_MAX)), max_items=2, required=True)
    leader = fields.String(required=True, metadata={"description": "Who led the first trick (forehand)"})
    trump = SuitField(GERMAN, required=True, metadata={"description": "The trump suit"})
    plays = BoundedList(cards(GERMAN, 2), max_items=TRICKS_MAX, required=True)
    melds = BoundedList(fields.Nested(MeldSchema), max_items=MELDS_MAX)
    closed_by = fields.String()
    closed_after = StrictInteger()
    claim = fields.String(metadata={"description": "Who claimed 66 after the last trick given"})


class DealEntrySchema(Schema):
    """The entry a ``POST .../hands`` would accept for the replayed deal (add ``seq``)."""

    ended_by = fields.String(metadata={"enum": ENDINGS})
    points = PlayerCounts()
    tricks = PlayerCounts()
    trump = fields.String()
    melds = fields.List(fields.Dict())
    claim = fields.String()
    last_trick = fields.String()
    closed_by = fields.String()
    closed_after = fields.Integer()
    at_close = fields.Nested(AtCloseDumpSchema)
    renonce_by = fields.String()


class DealPlayRulingSchema(PlayRulingSchema):
    """May this card be played (T1, or T2 while the stock is open)?"""


class SixtySixHandRulingSchema(HandRulingSchema):
    entry = fields.Nested(DealEntrySchema)


# --- the facts its phone draws from -------------------------------------------------------


class DeckFactsSchema(Schema):
    """R16: what a variant deals."""

    cards = fields.List(fields.String(), required=True, metadata={"description": "The deck, suit by suit, high to low"})
    hand = fields.Integer(required=True, metadata={"description": "Cards in each hand (6; Schnapsen 5)"})
    stock = fields.Integer(required=True, metadata={
        "description": "Cards in the stock after the deal, the face-up trump card included"})
    tricks = fields.Integer(required=True, metadata={"description": "Tricks of a deal played out"})
    close_after = fields.List(fields.Integer(), required=True, metadata={
        "description": "T7: the tricks after which the stock may be closed"})
    lowest_trump = fields.String(required=True, metadata={
        "description": "T7: the rank exchanged for the face-up trump card (9; Schnapsen U)"})


class SixtySixFactsSchema(Schema):
    decks = fields.Dict(keys=fields.String(metadata={"enum": VARIANTS}), values=fields.Nested(DeckFactsSchema),
                        required=True, metadata={"description": "R16: each variant's deck, by variant"})


def facts() -> dict[str, Any]:
    return {"decks": {variant.value: {
        "cards": [str(c) for c in deck.cards],
        "hand": deck.hand,
        "stock": deck.stock,
        "tricks": deck.tricks,
        "close_after": list(range(deck.close_after_max + 1)),
        "lowest_trump": deck.lowest_trump.code,
    } for variant, deck in DECKS.items()}}


API = GameApi(
    name="sixtysix",
    entry=SixtySixEntrySchema,
    state=SixtySixStateSchema,
    result=SixtySixResultSchema,
    referee={
        "play": RefereeQuestion(DealPlayQuestionSchema, DealPlayRulingSchema, "May I play this card?"),
        "stock": RefereeQuestion(StockQuestionSchema, StockRulingSchema, "May I exchange or close the stock?"),
        "actions": RefereeQuestion(ActionsQuestionSchema, ActionsRulingSchema, "What may I do now?"),
        "hand": RefereeQuestion(DealHandQuestionSchema, SixtySixHandRulingSchema, "Replay a disputed deal"),
    },
    facts=Facts(SixtySixFactsSchema, facts),
)
