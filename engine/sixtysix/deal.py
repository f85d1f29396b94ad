"""From an entry to the facts of a deal: how it ended, card points, tricks, marriages.

A summary entry is checked against what the deck allows (R23, with the trick core's
:mod:`engine.tricks.summary`) and against what its ending needs; a trick-by-trick entry
is replayed card by card (T2 while the stock is open, T1 after it is exhausted or
closed, T6, T7) and the summary derived from it, a broken T1 obligation becoming the
Renonce that ends the deal (R20).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.cards.german import Card, Suit, card
from engine.errors import Problems, RuleViolation
from engine.i18n import Term
from engine.sixtysix.entries import AtClose, Ending, Exchange, SixtySixEntry
from engine.sixtysix.moves import claim_refusal, close_refusal, exchange_refusal, marriage_leads, marriage_refusal
from engine.sixtysix.rules import LAST_TRICK_POINTS, RENONCE_POINTS, Deck
from engine.tricks.counting import is_reachable
from engine.tricks.melds import Meld, check_meld_leads, check_melds
from engine.tricks.play import PlayedHand, TrickRules, replay
from engine.tricks.stock import free_tricks
from engine.tricks.summary import HandShape, Seats, check_counts, check_last_trick, per_player

#: The fields each ending needs (R17-R21); ``points`` and ``tricks`` are optional after a Renonce.
REQUIRED: dict[Ending, tuple[str, ...]] = {
    Ending.CLAIM: ("claim", "points", "tricks"),
    Ending.PLAYED_OUT: ("points", "tricks", "last_trick"),
    Ending.CLOSED: ("closed_by", "at_close", "points", "tricks"),
    Ending.RENONCE: ("renonce_by",),
}
#: The fields an ending never takes (a typo or a wrong ending never passes silently).
REFUSED: dict[Ending, tuple[str, ...]] = {
    Ending.CLAIM: ("last_trick", "closed_by", "closed_after", "at_close", "renonce_by"),
    Ending.PLAYED_OUT: ("claim", "closed_by", "closed_after", "at_close", "renonce_by"),
    Ending.CLOSED: ("last_trick", "renonce_by"),
    Ending.RENONCE: ("claim", "last_trick", "closed_by", "closed_after", "at_close"),
}
RULE_OF: dict[Ending, str] = {Ending.CLAIM: "R17", Ending.PLAYED_OUT: "R21", Ending.CLOSED: "R19",
                              Ending.RENONCE: "R20"}


@dataclass(frozen=True, slots=True)
class Table:
    """The two players (seating order), this deal's dealer and forehand, the deck, and
    the style (``soft`` or ``hard``, R23)."""

    players: tuple[str, str]
    dealer: str
    forehand: str
    deck: Deck
    hard: bool = False

    def other(self, name: str) -> str:
        return self.players[1] if name == self.players[0] else self.players[0]

    @property
    def seats(self) -> Seats:
        return Seats(self.players, self.players)

    @property
    def shape(self) -> HandShape:
        return HandShape(self.deck.cards, 2, self.deck.tricks)

    @property
    def groups(self) -> tuple[tuple[str], ...]:
        return tuple((name,) for name in self.players)


@dataclass(frozen=True, slots=True)
class Closing:
    """T7/R19: who closed the stock, after how many tricks (``None``: not said), his
    opponent's card points and tricks at that moment, and whether the closer claimed
    (named, or read from figures short of the deal: R23's decisions)."""

    player: str
    after: int | None
    at_close: AtClose
    claimed: bool = False


@dataclass(frozen=True, slots=True)
class Renonce:
    """R20: who broke T1; from the plays, on which trick, with which card and how."""

    player: str
    trick: int | None = None
    card: Card | None = None
    code: str | None = None


@dataclass(frozen=True, slots=True)
class DealFacts:
    """What happened in one deal, whichever way it was entered."""

    ending: Ending
    points: Mapping[str, int]  # card points taken in tricks: no marriages, no last-trick ten
    tricks: Mapping[str, int]
    melds: tuple[Meld, ...]
    trump: Suit | None
    claim: str | None = None
    last_trick: str | None = None
    closing: Closing | None = None
    renonce: Renonce | None = None
    exchange: Exchange | None = None
    played: PlayedHand | None = None


def facts_from_entry(entry: SixtySixEntry, table: Table) -> DealFacts:
    """The facts of the deal: derived from ``plays`` (T8) or checked from the summary (R23)."""
    for index, meld in enumerate(entry.melds):
        if meld.trick is not None and not 1 <= meld.trick <= table.deck.tricks:
            raise RuleViolation("ss_meld_trick_range", rule="T6", field=f"melds.{index}.trick",
                                most=table.deck.tricks)
        refusal = marriage_refusal(on_lead=True, first_lead=meld.trick == 1, hard=table.hard)
        if refusal is not None:
            raise RuleViolation(f"ss_{refusal[1]}", rule=refusal[0], field=f"melds.{index}", player=meld.player)
    check_melds(entry.melds, table.seats, rule="T6")
    if entry.melds and entry.trump is None:
        raise RuleViolation("ss_trump_required_melds", rule="R10", field="trump")
    _check_names(entry, table)
    if entry.plays is not None:
        return _facts_from_plays(entry, table)
    return _facts_from_summary(entry, table)


def _check_names(entry: SixtySixEntry, table: Table) -> None:
    problems = Problems()
    for name in ("claim", "last_trick", "closed_by", "renonce_by"):
        value = getattr(entry, name)
        if value is not None:
            refusal = table.seats.refuse(value, name)
            if refusal is not None:
                problems.add(refusal)
    if entry.exchange is not None:
        refusal = table.seats.refuse(entry.exchange.player, "exchange.player")
        if refusal is not None:
            problems.add(refusal)
    problems.check()


# --- a quick deal: who won and his game points, without figures -------------------------------

#: The fields a quick deal takes (API.md, "a quick deal").
QUICK_FIELDS = ("dealer", "ended_by", "winner", "game_points")
#: R17: a deal scores its winner 1, 2 or 3 game points, never more.
QUICK_POINTS = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class QuickDeal:
    """A deal entered without figures: its winner, his game points, how it ended if said."""

    winner: str
    game_points: int
    ending: Ending | None


def quick_deal(entry: SixtySixEntry, table: Table) -> QuickDeal:
    """A quick deal: nothing can be checked but the range of its game points, 1 to 3
    (R17), 3 after a Renonce (R20), 1 for Schnapsen played out (R21), and that no figure
    is mixed in (R23: a deal is entered with its figures, or quickly without any)."""
    problems = Problems()
    for name in entry.given():
        if name not in QUICK_FIELDS:
            problems.add(RuleViolation("ss_quick_no_figures", rule="R23", field=name, what=Term(f"ss_field_{name}")))
    if entry.winner is None:
        problems.add(RuleViolation("ss_quick_winner_required", rule="R23", field="winner"))
    else:
        refusal = table.seats.refuse(entry.winner, "winner")
        if refusal is not None:
            problems.add(refusal)
    if entry.game_points is None:
        problems.add(RuleViolation("ss_quick_points_required", rule="R17", field="game_points"))
    elif entry.game_points not in QUICK_POINTS:
        problems.add(RuleViolation("ss_quick_points_range", rule="R17", field="game_points", given=entry.game_points))
    problems.check()
    assert entry.winner is not None and entry.game_points is not None
    ending = entry.ended_by
    if ending is Ending.RENONCE and entry.game_points != RENONCE_POINTS:
        raise RuleViolation("ss_quick_points_renonce", rule="R20", field="game_points", given=entry.game_points)
    if ending is Ending.PLAYED_OUT and not table.deck.last_trick_ten and entry.game_points != LAST_TRICK_POINTS:
        raise RuleViolation("ss_quick_points_schnapsen", rule="R21", field="game_points", given=entry.game_points)
    return QuickDeal(entry.winner, entry.game_points, ending)


# --- what each ending takes ---------------------------------------------------------------


def _check_fields(entry: SixtySixEntry, ending: Ending, *, derived: frozenset[str] = frozenset()) -> None:
    """Every field the ending needs is there and none it never takes (R17-R21)."""
    problems = Problems()
    for name in REQUIRED[ending]:
        if name not in derived and getattr(entry, name) is None:
            problems.add(RuleViolation("ss_field_required", rule=RULE_OF[ending], field=name,
                                       ending=Term(f"ss_end_{ending}"), what=Term(f"ss_ask_{name}")))
    for name in REFUSED[ending]:
        if getattr(entry, name) is not None:
            problems.add(RuleViolation("ss_field_not_for_ending", rule=RULE_OF[ending], field=name,
                                       ending=Term(f"ss_end_{ending}"), what=Term(f"ss_field_{name}")))
    problems.check()


# --- summary entries (R23) ------------------------------------------------------------------


def _facts_from_summary(entry: SixtySixEntry, table: Table) -> DealFacts:
    if entry.ended_by is None:
        raise RuleViolation("ss_ended_by_required", rule="R23", field="ended_by")
    ending = entry.ended_by
    _check_fields(entry, ending)
    if entry.exchange is not None:
        _check_exchange_timing(entry.exchange, table, closed_after=entry.closed_after)
    points: dict[str, int] = {}
    tricks: dict[str, int] = {}
    if ending is Ending.RENONCE and entry.points is None and entry.tricks is None:
        pass  # R20: the figures do not matter
    else:
        problems = Problems()
        for name in ("points", "tricks"):
            if getattr(entry, name) is None:
                problems.add(RuleViolation("ss_field_required", rule="R23", field=name,
                                           ending=Term(f"ss_end_{ending}"), what=Term(f"ss_ask_{name}")))
        problems.check()
        for name in ("points", "tricks"):
            values = getattr(entry, name) or {}
            for given_name in values:
                refusal = table.seats.refuse(given_name, f"{name}.{given_name}")
                if refusal is not None:
                    problems.add(refusal)
            for player in table.players:
                if player not in values:
                    problems.add(RuleViolation("ss_player_missing", rule="R23", field=f"{name}.{player}",
                                               player=player, what=Term(name)))
        problems.check()
        given = per_player({"points": entry.points, "tricks": entry.tricks}, table.seats, rule="R23")
        points, tricks = given["points"], given["tricks"]
        check_counts(points, tricks, table.groups, table.shape, complete=ending is Ending.PLAYED_OUT, rule="R23")
    closing = _summary_closing(entry, table, points, tricks) if ending is Ending.CLOSED else None
    claim = entry.claim
    if closing is not None and closing.claimed:
        claim = closing.player
    last = check_last_trick(entry.last_trick, tricks, table.groups, table.seats,
                            required="R21" if ending is Ending.PLAYED_OUT else None, rule="R23")
    if points:
        check_meld_leads(entry.melds, tricks, table.groups, first_leader=table.forehand)
        played_tricks = sum(tricks.values())
        if entry.exchange is not None and entry.exchange.trick is not None and \
                entry.exchange.trick > played_tricks + 1:
            raise RuleViolation("ss_after_the_end", rule="T7", field="exchange.trick", played=played_tricks)
        leads = min(played_tricks + 1, table.deck.tricks)
        for index, meld in enumerate(entry.melds):
            if meld.trick is not None and meld.trick > leads:
                raise RuleViolation("ss_meld_trick_range", rule="T6", field=f"melds.{index}.trick", most=leads)
    if claim is not None:
        played = sum(tricks.values())
        melded = played == 0 and claim == table.forehand and any(m.player == claim for m in entry.melds)
        _check_claim(claim, table, won=tricks[claim], melded=melded)
    renonce = Renonce(entry.renonce_by) if entry.renonce_by is not None else None
    return DealFacts(ending, points, tricks, entry.melds, entry.trump, claim, last, closing, renonce,
                     entry.exchange)


def _check_claim(claimer: str, table: Table, *, on_lead: bool = True, won: int, melded: bool) -> None:
    """R17 / T6: the player on lead claims after winning a trick, or right after showing
    a marriage (then without leading).  Before the first trick only the forehand is on
    lead, and only in the soft game may he show a marriage then (R23)."""
    refusal = claim_refusal(on_lead=on_lead, tricks_won=won, melded=melded, hard=table.hard)
    if refusal is not None:
        rule, code = refusal
        raise RuleViolation(f"ss_{code}", rule=rule, field="claim" if code.startswith("claim") else "melds",
                            player=claimer)


def _summary_closing(entry: SixtySixEntry, table: Table, points: Mapping[str, int],
                     tricks: Mapping[str, int]) -> Closing:
    """T7/R19: the closer was on lead with four or more cards left in the stock; his
    opponent's figures at the closing are no more than his final ones and can be made
    with the cards he had taken; after the closing each player plays out his hand."""
    assert entry.closed_by is not None and entry.at_close is not None
    closer, deck = entry.closed_by, table.deck
    opponent = table.other(closer)
    after, at = entry.closed_after, entry.at_close
    problems = Problems()
    if after is not None and _too_late_to_close(after, deck):
        problems.add(RuleViolation("ss_close_too_late", rule="T7", field="closed_after", most=deck.close_after_max))
    if not 0 <= at.tricks <= deck.close_after_max:
        problems.add(RuleViolation("ss_at_close_tricks_range", rule="T7", field="at_close.tricks",
                                   most=deck.close_after_max, player=opponent))
    elif at.tricks > tricks[opponent]:
        problems.add(RuleViolation("ss_at_close_above_final", rule="R23", field="at_close.tricks", player=opponent,
                                   what=Term("tricks"), given=at.tricks, final=tricks[opponent]))
    if at.points < 0 or at.points > points[opponent]:
        problems.add(RuleViolation("ss_at_close_above_final", rule="R23", field="at_close.points", player=opponent,
                                   what=Term("points"), given=at.points, final=points[opponent]))
    problems.check()
    if at.tricks == 0 and at.points != 0:
        raise RuleViolation("points_without_trick", rule="R23", field="at_close.points", player=opponent,
                            points=at.points)
    if at.tricks > 0 and not is_reachable(at.points, 2 * at.tricks, deck.cards):
        raise RuleViolation("points_unreachable", rule="R23", field="at_close.points", player=opponent,
                            points=at.points, cards=2 * at.tricks)
    if after is not None:
        if after > sum(tricks.values()):
            raise RuleViolation("ss_after_the_end", rule="T7", field="closed_after", played=sum(tricks.values()))
        if at.tricks > after:
            raise RuleViolation("ss_at_close_tricks_after", rule="T7", field="at_close.tricks", player=opponent,
                                after=after)
        closer_then = after - at.tricks
        _check_closer_on_lead(closer == table.forehand if after == 0 else closer_then > 0, after, deck)
        if closer_then > tricks[closer]:
            raise RuleViolation("ss_at_close_tricks_after", rule="T7", field="closed_after", player=closer,
                                after=after)
    else:
        _check_closer_on_lead(tricks[closer] > 0 or closer == table.forehand, None, deck)
    total = sum(tricks.values())
    least, most = _closed_deal_tricks(closer, after, at, table)
    if total > most:
        expected = f"≤ {most}" if entry.claim is not None else str(least) if least == most else f"{least}-{most}"
        raise RuleViolation("ss_tricks_after_closing", rule="T7", field="tricks", total=total, expected=expected)
    # R23's decisions: without ``claim``, figures short of the deal are the closer's claim
    return Closing(closer, after, at, claimed=entry.claim == closer or (entry.claim is None and total < least))


def _closed_deal_tricks(closer: str, after: int | None, at: AtClose, table: Table) -> tuple[int, int]:
    """T7: the tricks of a deal closed after ``after`` tricks and played to the end: those
    before the closing and a hand's worth after it.  Not noted, the closing came after at
    least the opponent's tricks then, and one more the closer won to be on lead (unless
    he was forehand and nobody had a trick), and after at most as many as leave four
    cards in the stock."""
    if after is None:
        least = at.tricks if closer == table.forehand and at.tricks == 0 else at.tricks + 1
        after_range = (least, table.deck.close_after_max)
    else:
        after_range = (after, after)
    return after_range[0] + table.deck.hand, after_range[1] + table.deck.hand


def _too_late_to_close(after: int, deck: Deck) -> bool:
    """T7: after ``after`` tricks fewer than four cards are left in the stock to close."""
    return after < 0 or close_refusal(on_lead=True, stock=_stock_after(after, deck), closed=False) is not None


def _check_closer_on_lead(on_lead: bool, after: int | None, deck: Deck) -> None:
    """T7: the closer was on lead (after ``after`` tricks, ``None``: not noted)."""
    refusal = close_refusal(on_lead=on_lead, stock=_stock_after(after or 0, deck), closed=False)
    if refusal is not None:
        raise RuleViolation(f"ss_{refusal[1]}", rule=refusal[0], field="closed_by")


def _stock_after(tricks: int, deck: Deck) -> int:
    """Cards left in the stock after ``tricks`` tricks while it is open: two are drawn after each."""
    return deck.stock - 2 * tricks


def _check_exchange_timing(exchange: Exchange, table: Table, *, closed_after: int | None,
                           on_lead: bool = True, won: int | None = None) -> None:
    """T7: the exchange is made on a lead after winning a trick (so not on the first
    lead) while the stock is open (two or more cards, not closed); in the hard game not
    while only one covered card is left (R23).  ``on_lead`` and ``won`` (tricks won
    before that lead) are what the plays show; a summary shows only the lead's number."""
    t = exchange.trick
    if t is None:
        return
    closed = closed_after is not None and t - 1 > closed_after
    refusal = exchange_refusal(on_lead=on_lead, tricks_won=(1 if t > 1 else 0) if won is None else won,
                               stock=_stock_after(t - 1, table.deck), closed=closed, hard=table.hard)
    if refusal is not None:
        rule, code = refusal
        raise RuleViolation(f"ss_{code}", rule=rule,
                            field="exchange.player" if code == "exchange_not_on_lead" else "exchange.trick")


# --- trick-by-trick entries (T8) ------------------------------------------------------------


def lowest_trump(table: Table, trump: Suit) -> Card:
    """T7: the trump nine (Schnapsen: the trump Unter)."""
    return card(trump, table.deck.lowest_trump)


def _facts_from_plays(entry: SixtySixEntry, table: Table) -> DealFacts:
    problems = Problems()
    for name in ("points", "tricks", "last_trick", "at_close"):
        if getattr(entry, name) is not None:
            problems.add(RuleViolation("ss_plays_and_summary", rule="T8", field=name,
                                       what=Term(f"ss_field_{name}")))
    if entry.trump is None:
        problems.add(RuleViolation("ss_trump_required_plays", rule="T8", field="trump"))
    if entry.closed_by is not None and entry.closed_after is None:
        problems.add(RuleViolation("ss_closed_after_required", rule="T8", field="closed_after"))
    if entry.closed_after is not None and entry.closed_by is None:
        problems.add(RuleViolation("ss_closed_after_without_closer", rule="T7", field="closed_by"))
    if entry.ended_by is Ending.RENONCE and entry.renonce_by is None:
        problems.add(RuleViolation("ss_field_required", rule="R20", field="renonce_by",
                                   ending=Term("ss_end_renonce"), what=Term("ss_ask_renonce_by")))
    problems.check()
    assert entry.trump is not None
    deck = table.deck
    after = entry.closed_after
    if after is not None and _too_late_to_close(after, deck):
        raise RuleViolation("ss_close_too_late", rule="T7", field="closed_after", most=deck.close_after_max)
    rules = TrickRules(entry.trump, free_tricks(players=2, stock=deck.stock, closed_after=after))
    plays = entry.plays or ()
    for t, trick in enumerate(plays):
        for position, c in enumerate(trick):
            if c not in deck.cards:
                raise RuleViolation("ss_card_not_in_deck", rule="R16", field=f"plays.{t}.{position}", card=c,
                                    variant=deck.variant)
    played = replay(table.players, table.forehand, plays, rules=rules, claim=entry.claim, strict=False,
                    marriages=[(m.player, m.suit, m.trick) for m in entry.melds])
    renonce = _renonce_in(played)
    ending = _ending(entry, renonce)
    expected = deck.tricks if after is None else after + deck.hand
    claim = entry.claim
    if ending is Ending.CLOSED and claim is None and len(plays) < expected and played.on_lead == entry.closed_by:
        claim = entry.closed_by  # R23's decisions: the closer on lead claimed where the plays stop
    if len(plays) > expected or (len(plays) != expected and ending is Ending.PLAYED_OUT) or \
            (len(plays) != expected and ending is Ending.CLOSED and claim is None):
        raise RuleViolation("ss_plays_count", rule="T8", field="plays", got=len(plays), expected=expected)
    if entry.ended_by is not None and entry.ended_by is not ending:
        raise RuleViolation("ss_plays_show_other_ending", rule="T8", field="ended_by", given=entry.ended_by,
                            derived=ending)
    if renonce is None and entry.renonce_by is not None:
        renonce = Renonce(entry.renonce_by)  # T8: what the plays cannot show is taken from the entry
    elif renonce is not None and entry.renonce_by not in (None, renonce.player):
        raise RuleViolation("ss_plays_show_other_renonce", rule="T8", field="renonce_by", player=renonce.player,
                            trick=renonce.trick)
    _check_marriages_hard(played, table)
    if after is not None and after > len(played.tricks):
        raise RuleViolation("ss_after_the_end", rule="T7", field="closed_after", played=len(played.tricks))
    if entry.exchange is not None and entry.exchange.trick is not None and \
            entry.exchange.trick > len(played.tricks) + 1:
        raise RuleViolation("ss_after_the_end", rule="T7", field="exchange.trick", played=len(played.tricks))
    closing = _plays_closing(entry, played, table, claimed=claim == entry.closed_by) \
        if entry.closed_by is not None else None
    if entry.exchange is not None:
        _check_exchange_in_plays(entry.exchange, played, table, trump=entry.trump, closed_after=after)
    if claim is not None and ending is not Ending.RENONCE:
        unled = len(played.tricks) + 1
        melded = any(m.player == claim and m.trick == unled for m in played.marriages)
        _check_claim(claim, table, on_lead=played.on_lead == claim, won=played.tricks_won[claim], melded=melded)
    melds = tuple(Meld(m.player, m.suit, m.trick) for m in played.marriages)
    last = played.last_trick if ending is Ending.PLAYED_OUT else None
    claim = claim if ending in (Ending.CLAIM, Ending.CLOSED) else None
    return DealFacts(ending, dict(played.points), dict(played.tricks_won), melds, entry.trump, claim, last, closing,
                     renonce, entry.exchange, played)


def _renonce_in(played: PlayedHand) -> Renonce | None:
    """R20, T7: the first broken T1 obligation is the Renonce that ends the deal; any
    other broken rule (a marriage never shown, T6) refuses the entry."""
    for violation in played.violations:
        if violation.rule != "T1":
            raise violation
    if not played.violations:
        return None
    first = played.violations[0]
    return Renonce(first.params["player"], first.params["trick"], first.params["card"], first.code)


def _ending(entry: SixtySixEntry, renonce: Renonce | None) -> Ending:
    if renonce is not None or entry.renonce_by is not None:
        return Ending.RENONCE
    if entry.closed_by is not None:
        return Ending.CLOSED
    if entry.claim is not None:
        return Ending.CLAIM
    return Ending.PLAYED_OUT


def _check_marriages_hard(played: PlayedHand, table: Table) -> None:
    """R23, the hard game: no marriage on the first lead, and the King is led from it."""
    if not table.hard:
        return
    for index, meld in enumerate(played.marriages):
        refusal = marriage_refusal(on_lead=True, first_lead=meld.trick == 1, hard=table.hard)
        if refusal is not None:
            raise RuleViolation(f"ss_{refusal[1]}", rule=refusal[0], field=f"melds.{index}", player=meld.player)
        if meld.trick <= len(played.tricks) and \
                played.tricks[meld.trick - 1].cards[0] not in marriage_leads(meld.suit, hard=True):
            raise RuleViolation("ss_hard_king_first", rule="R23", field=f"plays.{meld.trick - 1}.0",
                                player=meld.player, suit=meld.suit)


def _plays_closing(entry: SixtySixEntry, played: PlayedHand, table: Table, *, claimed: bool) -> Closing:
    """T7: the closer was on lead at the closing; his opponent's figures then are read
    off the tricks before it."""
    assert entry.closed_by is not None and entry.closed_after is not None
    after, closer = entry.closed_after, entry.closed_by
    leader = played.tricks[after].leader if len(played.tricks) > after else played.on_lead
    _check_closer_on_lead(leader == closer, after, table.deck)
    opponent = table.other(closer)
    before = played.tricks[:after]
    at = AtClose(sum(t.points for t in before if t.winner == opponent), sum(1 for t in before if t.winner == opponent))
    return Closing(closer, after, at, claimed)


def _check_exchange_in_plays(exchange: Exchange, played: PlayedHand, table: Table, *, trump: Suit,
                             closed_after: int | None) -> None:
    """T7 against the plays: the exchanger was on lead, had won a trick, and the lowest
    trump had not been played yet."""
    t = exchange.trick
    if t is None:
        return
    _check_exchange_timing(exchange, table, closed_after=closed_after)
    before = played.tricks[:t - 1]
    leader = played.tricks[t - 1].leader if len(played.tricks) >= t else played.on_lead
    _check_exchange_timing(exchange, table, closed_after=closed_after, on_lead=leader == exchange.player,
                           won=sum(1 for trick in before if trick.winner == exchange.player))
    nine = lowest_trump(table, trump)
    if any(nine in trick.cards for trick in before):
        raise RuleViolation("ss_exchange_card_gone", rule="T7", field="exchange.trick", card=nine)
