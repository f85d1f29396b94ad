"""From an entry to the facts of a hand: card points, tricks, last trick, marriages.

A summary entry is checked against what a deck allows (R15); a trick-by-trick entry is
replayed card by card (T1-T8) and the summary derived from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from engine.cards import DECK_24, DECK_POINTS, Suit
from engine.counting import fits_one_deck, is_reachable
from engine.dreeg.entries import DreegEntry, Meld
from engine.dreeg.rules import CLOSE_AFTER_MAX, MARRIAGE_PLAIN, MARRIAGE_TRUMP, TWO_PLAYER_HAND
from engine.errors import RuleViolation
from engine.game import Note
from engine.tricks import PlayedHand, PlayRules, replay


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


@dataclass(frozen=True, slots=True)
class Closing:
    """Two players: the stock closed (zudrehen, T7) by ``player`` after ``after`` tricks
    (``None``: not said).  From then on no cards are drawn and T1 applies."""

    player: str
    after: int | None


@dataclass(frozen=True, slots=True)
class Table:
    """Who plays this hand: the active players clockwise, the dealer and forehand."""

    active: tuple[str, ...]
    players: tuple[str, ...]
    dealer: str
    forehand: str
    tricks_per_hand: int
    sides: tuple[tuple[str, ...], ...] = ()  # side games: whose card points count together
    side_game: bool = False  # a side game whose sides are not known yet (Rufen entered by plays)

    @property
    def size(self) -> int:
        return len(self.active)

    @property
    def groups(self) -> tuple[tuple[str, ...], ...]:
        """Who is checked together by R15: the sides of a side game (a side's total may
        stand on one member), else every player for himself."""
        return self.sides or tuple((name,) for name in self.active)

    def group_of(self, name: str) -> tuple[str, ...]:
        return next(group for group in self.groups if name in group)


def facts_from_entry(entry: DreegEntry, table: Table, *, claims_allowed: bool,
                     play_rules: PlayRules | None = None, trump_optional: bool = False) -> HandFacts:
    """The facts of the hand: derived from ``plays`` (T8) or checked from the summary (R15).

    ``play_rules`` says how the sub-game's cards are played (trumps, T4, T5); by
    default the entry's trump with T1."""
    rules = play_rules or PlayRules(trump=entry.trump)
    if entry.claim is not None:
        _check_claim_allowed(entry.claim, table, claims_allowed)
    closing = _check_closing(entry, table)
    _check_melds(entry.melds, rules.trump, table, trump_optional=trump_optional)
    if entry.plays is not None:
        return _facts_from_plays(entry, table, closing, rules)
    return _facts_from_summary(entry, table, closing, rules.trump)


def _check_claim_in_time(tricks_played: int, table: Table) -> None:
    """R8: in a side game no claim may be made once the second-to-last trick has been
    led, so at most all tricks but two have been played."""
    if (table.sides or table.side_game) and tricks_played > table.tricks_per_hand - 2:
        raise RuleViolation("claim_too_late", rule="R8", field="claim", played=tricks_played,
                            latest=table.tricks_per_hand - 2)


# --- summary entries (R15) -------------------------------------------------------------


def _facts_from_summary(entry: DreegEntry, table: Table, closing: Closing | None, trump: Suit | None) -> HandFacts:
    for name in ("points", "tricks"):
        if getattr(entry, name) is None:
            raise RuleViolation("field_required", rule="R15", field=name, name=name)
    points = _per_player(entry.points, table, "points")
    tricks = _per_player(entry.tricks, table, "tricks")
    claimed = entry.claim is not None
    _check_counts(points, tricks, table, complete=not claimed and closing is None)
    if closing is not None:
        _check_closed_counts(closing, tricks, table, claimed=claimed)
    last = _check_last_trick(entry.last_trick, tricks, table, claimed=claimed)
    if claimed and group_tricks(tricks, table.group_of(entry.claim)) == 0:
        raise RuleViolation("claim_without_trick", rule="R8", field="claim", player=entry.claim)
    if claimed:
        _check_claim_in_time(sum(tricks.values()), table)
    _check_meld_leads(entry.melds, tricks, table)
    return HandFacts(points, tricks, last, entry.melds, trump, entry.claim, closing=closing)


def _per_player(values: Mapping[str, int], table: Table, field: str) -> dict[str, int]:
    """Every active player exactly once; nobody who sits out or is unknown."""
    for name in values:
        if name not in table.players:
            raise RuleViolation("unknown_player", field=f"{field}.{name}", name=name)
        if name not in table.active:
            raise RuleViolation("player_dropped_out", rule="R3", field=f"{field}.{name}", name=name)
    for name in table.active:
        if name not in values:
            raise RuleViolation("player_missing", rule="R15", field=f"{field}.{name}", name=name, what=field)
    return {name: values[name] for name in table.active}


def _check_counts(points: dict[str, int], tricks: dict[str, int], table: Table, *, complete: bool) -> None:
    """R15: tricks sum to the hand's tricks and points to 120 (less after a claim or a
    closed stock: the cards nobody took); every total is reachable with the cards its
    player (in a side game: its side) took; all totals fit one deck."""
    for name in table.active:
        if tricks[name] < 0 or tricks[name] > table.tricks_per_hand:
            raise RuleViolation("tricks_range", rule="R15", field=f"tricks.{name}", player=name,
                                most=table.tricks_per_hand)
        if not 0 <= points[name] <= DECK_POINTS:
            raise RuleViolation("points_range", rule="R15", field=f"points.{name}", player=name)
    trick_sum, point_sum = sum(tricks.values()), sum(points.values())
    if not complete:
        if trick_sum > table.tricks_per_hand:
            raise RuleViolation("tricks_sum_claim", rule="R15", field="tricks", total=trick_sum,
                                expected=table.tricks_per_hand)
        if point_sum > DECK_POINTS:
            raise RuleViolation("points_sum_claim", rule="R15", field="points", total=point_sum)
    else:
        if trick_sum != table.tricks_per_hand:
            raise RuleViolation("tricks_sum", rule="R15", field="tricks", total=trick_sum,
                                expected=table.tricks_per_hand)
        if point_sum != DECK_POINTS:
            raise RuleViolation("points_sum", rule="R15", field="points", total=point_sum)
    piles = [(sum(tricks[n] for n in group) * table.size, sum(points[n] for n in group), group)
             for group in table.groups]
    for cards, total, group in piles:
        if cards == 0 and total != 0:
            raise RuleViolation("points_without_trick", rule="R15", field=_field("points", group),
                                player=_who(group), points=total)
    for cards, total, group in piles:
        if not is_reachable(total, cards):
            raise RuleViolation("points_unreachable", rule="R15", field=_field("points", group),
                                player=_who(group), points=total, cards=cards)
    rest = (len(DECK_24) - trick_sum * table.size, DECK_POINTS - point_sum)
    if not fits_one_deck([(cards, total) for cards, total, _ in piles] + [rest]):
        raise RuleViolation("points_not_one_deck", rule="R15", field="points",
                            totals=[f"{_who(group)} {total}" for _, total, group in piles])


def _field(name: str, group: tuple[str, ...]) -> str:
    """``points.Anna`` for one player; ``points`` for a side."""
    return f"{name}.{group[0]}" if len(group) == 1 else name


def _who(group: tuple[str, ...]) -> str:
    return " + ".join(group)


def group_tricks(tricks: Mapping[str, int], group: tuple[str, ...]) -> int:
    return sum(tricks[name] for name in group)


def _check_last_trick(last: str | None, tricks: Mapping[str, int], table: Table, *, claimed: bool) -> str | None:
    if last is None:
        if claimed:
            return None
        raise RuleViolation("last_trick_required", rule="R6", field="last_trick")
    if last not in table.active:
        code = "unknown_player" if last not in table.players else "player_dropped_out"
        raise RuleViolation(code, rule="R3" if code == "player_dropped_out" else None, field="last_trick", name=last)
    if group_tricks(tricks, table.group_of(last)) == 0:
        raise RuleViolation("last_trick_without_trick", rule="R15", field="last_trick", player=last)
    return last


# --- marriages (T6, R10) --------------------------------------------------------------


def _check_melds(melds: Sequence[Meld], trump: Suit | None, table: Table, *, trump_optional: bool = False) -> None:
    """Each suit's marriage at most once (R10), shown by an active player; the trump must
    be known to value it (40 in trumps, 20 otherwise) unless the hand may have had none
    (two-player Ace of Hearts before the heart ace appears: every marriage is 20, R7)."""
    seen: set[Suit] = set()
    for index, meld in enumerate(melds):
        if meld.player not in table.active:
            code = "unknown_player" if meld.player not in table.players else "player_dropped_out"
            raise RuleViolation(code, rule="R3" if code == "player_dropped_out" else None,
                                field=f"melds.{index}.player", name=meld.player)
        if meld.suit in seen:
            raise RuleViolation("marriage_twice", rule="R10", field=f"melds.{index}.suit", suit=str(meld.suit))
        seen.add(meld.suit)
    if melds and trump is None and not trump_optional:
        raise RuleViolation("trump_required", rule="R10", field="trump")


def _check_meld_leads(melds: Sequence[Meld], tricks: Mapping[str, int], table: Table) -> None:
    """T6: a marriage is shown on a lead, one per lead.  A player leads the first trick
    if he is forehand and after every trick he wins, so he (in a side game, his side)
    cannot have shown more marriages than that."""
    for group in table.groups:
        shown = sum(1 for m in melds if m.player in group)
        leads = group_tricks(tricks, group) + (1 if table.forehand in group else 0)
        if shown > leads:
            raise RuleViolation("marriage_without_lead", rule="T6", field="melds", player=_who(group),
                                shown=shown, leads=leads)


def meld_points(facts: HandFacts, *, counts: Mapping[str, bool]) -> tuple[dict[str, int], list[Note]]:
    """R10: a marriage adds 40 in trumps, 20 otherwise, once its player (or side, per
    ``counts``) has won a trick."""
    added = dict.fromkeys(facts.points, 0)
    notes = []
    for meld in facts.melds:
        value = MARRIAGE_TRUMP if meld.suit is facts.trump else MARRIAGE_PLAIN
        if counts[meld.player]:
            added[meld.player] += value
            notes.append(Note("R10", "marriage_counts", {"player": meld.player, "suit": str(meld.suit), "value": value}))
        else:
            notes.append(Note("R10", "marriage_void", {"player": meld.player, "suit": str(meld.suit), "value": value}))
    return added, notes


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
    if entry.closed_by not in table.active:
        code = "unknown_player" if entry.closed_by not in table.players else "player_dropped_out"
        raise RuleViolation(code, rule="R3" if code == "player_dropped_out" else None, field="closed_by",
                            name=entry.closed_by)
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
        raise RuleViolation("tricks_after_closing", rule="T7", field="tricks", total=total,
                            expected=f"{least + TWO_PLAYER_HAND}-{most + TWO_PLAYER_HAND}"
                            if least != most else least + TWO_PLAYER_HAND)


# --- claims (R5, R8) ------------------------------------------------------------------


def _check_claim_allowed(claim: str, table: Table, allowed: bool) -> None:
    if claim not in table.active:
        code = "unknown_player" if claim not in table.players else "player_dropped_out"
        raise RuleViolation(code, rule="R3" if code == "player_dropped_out" else None, field="claim", name=claim)
    if not allowed:
        raise RuleViolation("claim_not_allowed", rule="R8", field="claim", active=table.size)


# --- trick-by-trick entries (T8) ------------------------------------------------------


def _facts_from_plays(entry: DreegEntry, table: Table, closing: Closing | None, rules: PlayRules) -> HandFacts:
    for name in ("points", "tricks", "last_trick"):
        if getattr(entry, name) is not None:
            raise RuleViolation("plays_and_summary", rule="T8", field=name, name=name)
    if rules.trump is None and not rules.kamerun_lead:
        raise RuleViolation("trump_required", rule="T8", field="trump")
    if closing is not None and closing.after is None:
        raise RuleViolation("closed_after_required", rule="T8", field="closed_after")
    plays = entry.plays or ()
    expected = table.tricks_per_hand if closing is None else closing.after + TWO_PLAYER_HAND
    if (len(plays) != expected and entry.claim is None) or not 0 < len(plays) <= expected:
        raise RuleViolation("plays_count", rule="T8", field="plays", got=len(plays), expected=expected)
    if entry.claim is not None:
        _check_claim_in_time(len(plays), table)
    rules = replace(rules, free_tricks=_free_tricks(table, closing))
    played = replay(table.active, table.forehand, plays, rules=rules,
                    marriages=[(m.player, m.suit, m.trick) for m in entry.melds])
    if closing is not None and (len(played.tricks) <= closing.after
                                or played.tricks[closing.after].leader != closing.player):
        raise RuleViolation("close_not_on_lead", rule="T7", field="closed_by")
    if entry.claim is not None and played.last_trick != entry.claim:
        raise RuleViolation("claim_not_after_trick", rule="R8", field="claim", player=entry.claim)
    melds = tuple(Meld(m.player, m.suit, m.trick) for m in played.marriages)
    last = None if entry.claim is not None else played.last_trick
    return HandFacts(dict(played.points), dict(played.tricks_won), last, melds, rules.trump, entry.claim, played,
                     closing)


def _free_tricks(table: Table, closing: Closing | None) -> int:
    """T2: with two players the tricks played while the stock is open carry no
    obligation: the first six (each trick draws two of the twelve), or those before the
    stock was closed (T7).  Three and four players are bound from the first card (T1)."""
    if table.size != 2:
        return 0
    return TWO_PLAYER_HAND if closing is None else closing.after
