"""From an entry to the facts of a Dreeg hand: card points, tricks, last trick, marriages.

A summary entry is checked against what a deck allows (R15, with the trick core's
:mod:`engine.tricks.summary`); a trick-by-trick entry is replayed card by card (T1-T8)
and the summary derived from it.  A claim of 66 (R5, R8) and a closed stock (T7) end a
hand early; who may claim, and when, is the sub-game's :class:`Claims`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from engine.cards.german import DECK_24, Suit
from engine.dreeg.entries import DreegEntry
from engine.dreeg.rules import CLOSE_AFTER_MAX, TWO_PLAYER_HAND, TWO_PLAYER_STOCK
from engine.errors import Problems, RuleViolation
from engine.tricks.melds import Meld, check_meld_leads, check_melds
from engine.tricks.play import PlayedHand, TrickRules, replay
from engine.tricks.stock import free_tricks
from engine.tricks.summary import (
    Group,
    HandShape,
    Seats,
    check_counts,
    check_last_trick,
    group_of,
    group_tricks,
    per_player,
)


@dataclass(frozen=True, slots=True)
class Table:
    """Who plays this hand: the active players clockwise, the dealer and forehand, and
    (side games) the sides whose card points count together."""

    active: tuple[str, ...]
    players: tuple[str, ...]
    dealer: str
    forehand: str
    tricks_per_hand: int
    sides: tuple[Group, ...] = ()

    @property
    def size(self) -> int:
        return len(self.active)

    @property
    def groups(self) -> tuple[Group, ...]:
        """Who is checked together by R15: the sides of a side game (a side's total may
        stand on one member), else every player for himself."""
        return self.sides or tuple((name,) for name in self.active)

    def group_of(self, name: str) -> Group:
        return group_of(self.groups, name)

    @property
    def seats(self) -> Seats:
        """R3: a player who has dropped out gets no cards and is named in no entry."""
        return Seats(self.players, self.active, out=("player_dropped_out", "R3"))

    @property
    def shape(self) -> HandShape:
        return HandShape(DECK_24, self.size, self.tricks_per_hand)


@dataclass(frozen=True, slots=True)
class Claims:
    """Who may claim 66 and until when (R5, R8).  ``deadline``: the most tricks that may
    have been played at a claim (side games: none once the second-to-last trick has been
    led); ``None``: any time (two players)."""

    deadline: int | None = None


@dataclass(frozen=True, slots=True)
class Closing:
    """Two players: the stock closed (zudrehen, T7) by ``player`` after ``after`` tricks
    (``None``: not said).  From then on no cards are drawn and T1 applies."""

    player: str
    after: int | None


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What happened in one hand, whichever way it was entered."""

    points: Mapping[str, int]  # card points taken in tricks, melds not included
    tricks: Mapping[str, int]
    last_trick: str | None
    melds: tuple[Meld, ...]
    trump: Suit | None
    claim: str | None
    played: PlayedHand | None = None
    closing: Closing | None = None
    groups: tuple[Group, ...] = field(default=())


SidesOfPlay = Callable[[PlayedHand], tuple[Group, ...]]


def facts_from_entry(entry: DreegEntry, table: Table, *, claims: Claims | None, rules: TrickRules,
                     trump_optional: bool = False, sides_of_play: SidesOfPlay | None = None) -> HandFacts:
    """The facts of the hand: derived from ``plays`` (T8) or checked from the summary (R15).

    ``rules`` is how the sub-game's cards are played (trumps, T4, T5); ``claims`` who may
    claim 66, ``None`` where nobody may (Kamerun, Deutsch with three or four).  Where the
    sides are known only from the cards (Rufen: who held the called card), a
    trick-by-trick entry finds them with ``sides_of_play``."""
    if entry.claim is not None:
        _check_claim_allowed(entry.claim, table, claims)
    closing = _check_closing(entry, table)
    check_melds(entry.melds, table.seats)
    if entry.melds and rules.trump is None and not trump_optional:
        raise RuleViolation("trump_required", rule="R10", field="trump")
    if entry.plays is not None:
        return _facts_from_plays(entry, table, closing, rules, claims, sides_of_play)
    return _facts_from_summary(entry, table, closing, rules.trump, claims)


# --- claims (R5, R8) --------------------------------------------------------------------


def _check_claim_allowed(claim: str, table: Table, claims: Claims | None) -> None:
    refusal = table.seats.refuse(claim, "claim")
    if refusal is not None:
        raise refusal
    if claims is None:
        raise RuleViolation("claim_not_allowed", rule="R8", field="claim", active=table.size)


def _check_claim(entry: DreegEntry, claims: Claims | None, *, played: int, side_tricks: int,
                 melded: bool) -> None:
    """R8: the claimer's side has won a trick, or he has just shown a marriage (without
    leading); in side games, not after the second-to-last trick has been led."""
    if claims is not None and claims.deadline is not None and played > claims.deadline:
        raise RuleViolation("claim_too_late", rule="R8", field="claim", played=played, latest=claims.deadline)
    if side_tricks == 0 and not melded:
        raise RuleViolation("claim_without_trick", rule="R8", field="claim", player=entry.claim)


# --- summary entries (R15) -------------------------------------------------------------


def _facts_from_summary(entry: DreegEntry, table: Table, closing: Closing | None, trump: Suit | None,
                        claims: Claims | None) -> HandFacts:
    problems = Problems()
    for name in ("points", "tricks"):
        if getattr(entry, name) is None:
            problems.add(RuleViolation("field_required", rule="R15", field=name, name=name))
    problems.check()
    given = per_player({"points": entry.points, "tricks": entry.tricks}, table.seats, rule="R15")
    points, tricks = given["points"], given["tricks"]
    claimed = entry.claim is not None
    check_counts(points, tricks, table.groups, table.shape, complete=not claimed and closing is None, rule="R15")
    if closing is not None:
        _check_closed_counts(closing, tricks, table, claimed=claimed)
    last = check_last_trick(entry.last_trick, tricks, table.groups, table.seats, required=None if claimed else "R15",
                            rule="R15")
    if entry.claim is not None:
        played = sum(tricks.values())
        # T6, R8: a side without a trick was on lead only at the first lead (the forehand),
        # so a marriage shown with the claim is one shown by him before any trick.
        melded = played == 0 and entry.claim == table.forehand and any(m.player == entry.claim for m in entry.melds)
        _check_claim(entry, claims, played=played, side_tricks=group_tricks(tricks, table.group_of(entry.claim)),
                     melded=melded)
    check_meld_leads(entry.melds, tricks, table.groups, first_leader=table.forehand)
    return HandFacts(points, tricks, last, entry.melds, trump, entry.claim, closing=closing, groups=table.groups)


# --- closing the stock (T7) ------------------------------------------------------------


def _check_closing(entry: DreegEntry, table: Table) -> Closing | None:
    """T7: only with two players, by an active player, while four or more cards remain in
    the stock (after at most four tricks); the forehand may close before the first lead."""
    if entry.closed_by is None:
        if entry.closed_after is not None:
            raise RuleViolation("closed_after_without_closer", rule="T7", field="closed_by")
        return None
    if table.size != 2:
        raise RuleViolation("closing_two_players", rule="T7", field="closed_by", active=table.size)
    refusal = table.seats.refuse(entry.closed_by, "closed_by")
    if refusal is not None:
        raise refusal
    after = entry.closed_after
    if after is not None and not 0 <= after <= CLOSE_AFTER_MAX:
        raise RuleViolation("close_stock_too_small", rule="T7", field="closed_after")
    if after == 0 and entry.closed_by != table.forehand:
        raise RuleViolation("close_not_on_lead", rule="T7", field="closed_by")
    return Closing(entry.closed_by, after)


def _check_closed_counts(closing: Closing, tricks: Mapping[str, int], table: Table, *, claimed: bool) -> None:
    """After closing, each player plays out the six cards he holds: a hand played out
    has ``after + 6`` tricks.  The closer was on lead, so (unless he closed before the
    first lead as forehand) he had won a trick."""
    if tricks[closing.player] == 0 and not (closing.after in (0, None) and closing.player == table.forehand):
        raise RuleViolation("close_not_on_lead", rule="T7", field="closed_by")
    if claimed:
        return
    total = sum(tricks.values())
    least, most = (closing.after, closing.after) if closing.after is not None else (0, CLOSE_AFTER_MAX)
    if not least + TWO_PLAYER_HAND <= total <= most + TWO_PLAYER_HAND:
        expected = (str(least + TWO_PLAYER_HAND) if least == most
                    else f"{least + TWO_PLAYER_HAND}-{most + TWO_PLAYER_HAND}")
        raise RuleViolation("tricks_after_closing", rule="T7", field="tricks", total=total, expected=expected)


# --- trick-by-trick entries (T8) ------------------------------------------------------


def _facts_from_plays(entry: DreegEntry, table: Table, closing: Closing | None, rules: TrickRules,
                      claims: Claims | None, sides_of_play: SidesOfPlay | None) -> HandFacts:
    problems = Problems()
    for name in ("points", "tricks", "last_trick"):
        if getattr(entry, name) is not None:
            problems.add(RuleViolation("plays_and_summary", rule="T8", field=name, name=name))
    problems.check()
    if closing is not None and closing.after is None:
        raise RuleViolation("closed_after_required", rule="T8", field="closed_after")
    plays = entry.plays or ()
    expected = table.tricks_per_hand if closing is None else (closing.after or 0) + TWO_PLAYER_HAND
    if len(plays) > expected or (len(plays) != expected and entry.claim is None):
        raise RuleViolation("plays_count", rule="T8", field="plays", got=len(plays), expected=expected)
    rules = replace(rules, free_tricks=free_tricks(players=table.size, stock=TWO_PLAYER_STOCK,
                                                   closed_after=closing.after if closing else None))
    played = replay(table.active, table.forehand, plays, rules=rules, claim=entry.claim,
                    marriages=[(m.player, m.suit, m.trick) for m in entry.melds])
    if closing is not None and (len(played.tricks) <= (closing.after or 0)
                                or played.tricks[closing.after or 0].leader != closing.player):
        raise RuleViolation("close_not_on_lead", rule="T7", field="closed_by")
    if sides_of_play is not None:
        table = replace(table, sides=sides_of_play(played))
    melds = tuple(Meld(m.player, m.suit, m.trick) for m in played.marriages)
    if entry.claim is not None:
        unled = len(played.tricks) + 1
        _check_claim(entry, claims, played=len(played.tricks),
                     side_tricks=group_tricks(played.tricks_won, table.group_of(entry.claim)),
                     melded=any(m.player == entry.claim and m.trick == unled for m in melds))
    last = None if entry.claim is not None else played.last_trick
    return HandFacts(dict(played.points), dict(played.tricks_won), last, melds, rules.trump, entry.claim, played,
                     closing, table.groups)
