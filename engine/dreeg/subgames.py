"""The four kinds of Dreeg sub-game: what a hand of each is worth in strokes.

Each ``play_*`` function takes one entry of its sub-game at a table, establishes the
facts of the hand (R15 or T8) and returns who is due how many strokes, with the notes
that explain it.  Erasing, dropping out and blobs are the same for all and live in
:mod:`engine.dreeg.game`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.cards import Rank, Suit, card
from engine.dreeg.entries import UNSET, DreegEntry
from engine.dreeg.hand import HandFacts, Table, facts_from_entry, group_tricks, meld_points
from engine.dreeg.rules import CLAIM_TARGET, DEUTSCH_AWARDS, SubGame, kamerun_awards
from engine.dreeg.scoring import rank_places
from engine.errors import RuleViolation
from engine.game import Note
from engine.tricks import PlayRules

HEART_ACE = card(Suit.HEARTS, Rank.ACE)
SCHNEIDER_LINE = 33  # R8: the other side's 33 card points (exactly 33 counts as "33 or more")
SURRENDER_STROKES = 2  # R7
WRONG_CLAIM_STROKES = 2  # R8
DURCHMARSCH_STROKES = 3  # R12


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a side game and what it made (card points with counted marriages)."""

    name: str
    players: tuple[str, ...]
    points: int
    tricks: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "players": list(self.players), "points": self.points, "tricks": self.tricks}


@dataclass(frozen=True, slots=True)
class Scored:
    """What a hand is worth before erasing: totals with marriages, strokes due, notes."""

    totals: Mapping[str, int]
    due: Mapping[str, int]
    notes: list[Note]
    facts: HandFacts | None
    sides: tuple[Side, ...] = field(default=())


Player = Callable[[DreegEntry, Table, Mapping[str, str]], Scored]


# --- Deutsch (R5, R6, R10) -----------------------------------------------------------


def play_deutsch(entry: DreegEntry, table: Table, rules: Mapping[str, str], *, trump_optional: bool = False) -> Scored:
    """R5: each for himself, claims only with two active players."""
    facts = facts_from_entry(entry, table, claims_allowed=table.size == 2, trump_optional=trump_optional)
    return score_each_for_himself(facts, table)


def score_each_for_himself(facts: HandFacts, table: Table) -> Scored:
    """R5: places by card points with marriages (R10, the melder's own trick): 3/2/1/0,
    2/1/0 or 1/0; ties by R6.  With two players a claim of 66 ends the hand: right, the
    claimer erases 1; wrong, his opponent does."""
    counts = {name: facts.tricks[name] > 0 for name in table.active}
    added, notes = meld_points(facts, counts=counts)
    totals = {name: facts.points[name] + added[name] for name in table.active}
    if facts.claim is not None:
        due, claim_notes = _score_two_player_claim(facts.claim, totals, table)
        return Scored(totals, due, notes + claim_notes, facts)
    awards = DEUTSCH_AWARDS[table.size]
    notes.append(Note("R5", "deutsch_places", {"players": table.size, "awards": "/".join(map(str, awards))}))
    due, tie_notes = rank_places(totals, awards, last_trick=facts.last_trick, worst=min)
    return Scored(totals, due, notes + tie_notes, facts)


def _score_two_player_claim(claimer: str, totals: Mapping[str, int], table: Table) -> tuple[dict[str, int], list[Note]]:
    opponent = next(n for n in table.active if n != claimer)
    right = totals[claimer] >= CLAIM_TARGET
    code = "claim_right" if right else "claim_wrong"
    note = Note("R5", code, {"player": claimer, "total": totals[claimer], "opponent": opponent})
    return {claimer: 1 if right else 0, opponent: 0 if right else 1}, [note]


# --- Ace of Hearts (R7, R8, R9) --------------------------------------------------------


def play_ace_of_hearts(entry: DreegEntry, table: Table, rules: Mapping[str, str]) -> Scored:
    """R7: the holder of the heart ace names trumps and plays alone against the others
    (house rule ``aoh: each_for_himself``: scored like Deutsch); he may surrender before
    play (each opponent erases 2).  Two active players: no sides, more card points wins."""
    if table.size == 2:
        return _two_players(entry, table, "R7")
    declarer = _require_active(entry.declarer, "declarer", table, rule="R7")
    if entry.surrender:
        return _surrender(entry, declarer, table)
    if rules["aoh"] == "each_for_himself":
        facts = facts_from_entry(entry, table, claims_allowed=False)
        _check_heart_ace(facts, declarer)
        scored = score_each_for_himself(facts, table)
        return replace(scored, notes=[Note("R7", "aoh_each_for_himself", {"player": declarer}), *scored.notes])
    opponents = tuple(n for n in table.active if n != declarer)
    sided = replace(table, sides=((declarer,), opponents))
    facts = facts_from_entry(entry, sided, claims_allowed=True)
    _check_heart_ace(facts, declarer)
    return score_sides(facts, sided, ("declarer", "opponents"), rules)


def _surrender(entry: DreegEntry, declarer: str, table: Table) -> Scored:
    for name in ("points", "tricks", "last_trick", "claim", "plays", "closed_by", "closed_after"):
        if getattr(entry, name) is not None:
            raise RuleViolation("surrender_ends_hand", rule="R7", field=name, name=name)
    if entry.melds:
        raise RuleViolation("surrender_ends_hand", rule="R7", field="melds", name="melds")
    due = {name: 0 if name == declarer else SURRENDER_STROKES for name in table.active}
    note = Note("R7", "aoh_surrender", {"player": declarer, "strokes": SURRENDER_STROKES})
    return Scored(dict.fromkeys(table.active, 0), due, [note], None)


def _check_heart_ace(facts: HandFacts, declarer: str) -> None:
    """R7: the declarer is the holder of the heart ace (checked when the cards are known)."""
    if facts.played is not None and HEART_ACE not in facts.played.held[declarer]:
        holder = next((n for n, cards in facts.played.held.items() if HEART_ACE in cards), None)
        raise RuleViolation("declarer_not_ace_holder", rule="R7", field="declarer", player=declarer, holder=holder)


# --- Rufen (R11, R8, R9, T5) -------------------------------------------------------------


def play_rufen(entry: DreegEntry, table: Table, rules: Mapping[str, str]) -> Scored:
    """R11: forehand calls a card; its suit is trumps; its holder is his partner (or he
    plays alone when he holds it himself).  Four players: two against two or one
    against three; three players: two against one or one against two.  Two players:
    no sides, more card points wins."""
    if table.size == 2:
        return _two_players(entry, table, "R11")
    caller = _require_active(entry.caller, "caller", table, rule="R11")
    if caller != table.forehand:
        raise RuleViolation("caller_not_forehand", rule="R11", field="caller", player=caller,
                            forehand=table.forehand)
    called = entry.called_card
    if called is None:
        raise RuleViolation("field_missing", rule="R11", field="called_card", name="called_card")
    if entry.trump is not None and entry.trump is not called.suit:
        raise RuleViolation("rufen_trump_is_called_suit", rule="R11", field="trump")
    play_rules = PlayRules(trump=called.suit, called_card=called, caller=caller)
    if entry.plays is not None:
        facts = facts_from_entry(entry, replace(table, side_game=True), claims_allowed=True, play_rules=play_rules)
        partner = _partner_from_cards(entry, facts, caller, called)
        sided = replace(table, sides=_rufen_sides(caller, partner, table))
    else:
        partner = _partner_given(entry, caller, table)
        sided = replace(table, sides=_rufen_sides(caller, partner, table))
        facts = facts_from_entry(entry, sided, claims_allowed=True, play_rules=play_rules)
    scored = score_sides(facts, sided, ("caller", "opponents"), rules)
    note = Note("R11", "rufen_partner" if partner else "rufen_alone",
                {"player": caller, "card": str(called), "partner": partner or ""})
    return replace(scored, notes=[note, *scored.notes])


def _partner_given(entry: DreegEntry, caller: str, table: Table) -> str | None:
    if entry.partner is UNSET:
        raise RuleViolation("partner_required", rule="R11", field="partner")
    if entry.partner is None:
        return None
    partner = _require_active(entry.partner, "partner", table, rule="R11")
    if partner == caller:
        raise RuleViolation("partner_is_caller", rule="R11", field="partner")
    return partner


def _partner_from_cards(entry: DreegEntry, facts: HandFacts, caller: str, called: Any) -> str | None:
    """T8: the cards show who held the called card; a partner entered must agree."""
    holder = next(n for n, cards in facts.played.held.items() if called in cards) if facts.played else None
    partner = None if holder in (None, caller) else holder
    if entry.partner is not UNSET and entry.partner != partner:
        raise RuleViolation("partner_mismatch", rule="R11", field="partner", given=entry.partner or "-",
                            holder=holder or "-", card=str(called))
    return partner


def _rufen_sides(caller: str, partner: str | None, table: Table) -> tuple[tuple[str, ...], tuple[str, ...]]:
    ours = (caller,) if partner is None else tuple(n for n in table.active if n in (caller, partner))
    return ours, tuple(n for n in table.active if n not in ours)


# --- side games (R8, R9, R10) ---------------------------------------------------------------


def score_sides(facts: HandFacts, table: Table, names: tuple[str, str], rules: Mapping[str, str]) -> Scored:
    """R8 (a claim of 66) and R9 (played out): a side with 66 or more against one with
    less: each of its members erases 1 if the other side has 33 or more, 2 if less but
    a trick, 3 if no trick.  A wrong claim: each of the other side erases 2.  Both sides
    66 or more, or both less: the side that took the last trick erases 1 each."""
    own = rules["meld_trick"] == "own"
    counts = {n: (facts.tricks[n] if own else group_tricks(facts.tricks, table.group_of(n))) > 0
              for n in table.active}
    added, notes = meld_points(facts, counts=counts)
    totals = {n: facts.points[n] + added[n] for n in table.active}
    sides = tuple(
        Side(name, group, sum(totals[n] for n in group), group_tricks(facts.tricks, group))
        for name, group in zip(names, table.sides)
    )
    due = dict.fromkeys(table.active, 0)
    if facts.claim is not None:
        claiming = next(s for s in sides if facts.claim in s.players)
        other = next(s for s in sides if s is not claiming)
        if claiming.points >= CLAIM_TARGET:
            strokes, why = _schneider(other)
            winners = claiming
            notes.append(Note("R8", "side_claim_right", {"player": facts.claim, "side": list(claiming.players),
                                                        "total": claiming.points}))
            notes.append(Note("R8", why, {"side": list(other.players), "total": other.points, "strokes": strokes}))
        else:
            strokes, winners = WRONG_CLAIM_STROKES, other
            notes.append(Note("R8", "side_claim_wrong", {"player": facts.claim, "total": claiming.points,
                                                        "side": list(other.players), "strokes": strokes}))
    else:
        over = [s for s in sides if s.points >= CLAIM_TARGET]
        if len(over) == 1:
            winners = over[0]
            loser = next(s for s in sides if s is not winners)
            strokes, why = _schneider(loser)
            notes.append(Note("R9", "side_won", {"side": list(winners.players), "total": winners.points}))
            notes.append(Note("R8", why, {"side": list(loser.players), "total": loser.points, "strokes": strokes}))
        else:
            winners = next(s for s in sides if facts.last_trick in s.players)
            strokes = 1
            code = "sides_both_over" if over else "sides_both_under"
            notes.append(Note("R9", code, {"side": list(winners.players), "last_trick": facts.last_trick}))
    for name in winners.players:
        due[name] = strokes
    return Scored(totals, due, notes, facts, sides)


#: R8's scale by the other side's result: (strokes, the note that explains them).
SCALE_33, SCALE_UNDER_33, SCALE_NO_TRICK = (1, "other_33"), (2, "other_under_33"), (3, "other_no_trick")


def _schneider(other: Side) -> tuple[int, str]:
    """R8's scale by the other side: 1 if it has 33 or more, 2 if less but a trick, 3."""
    if other.points >= SCHNEIDER_LINE:
        return SCALE_33
    if other.tricks > 0:
        return SCALE_UNDER_33
    return SCALE_NO_TRICK


def _two_players(entry: DreegEntry, table: Table, rule: str) -> Scored:
    """R7 / R11 with two active players: no sides; scored like Deutsch with two (R5)."""
    for name in ("declarer", "caller"):
        if getattr(entry, name) is not None:
            _require_active(getattr(entry, name), name, table, rule=rule)
    if entry.surrender:
        raise RuleViolation("surrender_two_players", rule="R7", field="surrender")
    if rule == "R7" and entry.plays is not None:
        raise RuleViolation("aoh_two_plays", rule="T8", field="plays")
    scored = play_deutsch(entry, table, {}, trump_optional=rule == "R7")
    return replace(scored, notes=[Note(rule, "two_players_more_points", {}), *scored.notes])


# --- Kamerun (R12, R4, T4) -------------------------------------------------------------


def play_kamerun(entry: DreegEntry, table: Table, rules: Mapping[str, str]) -> Scored:
    """R12: no trumps, no marriages; most card points erases 3, then 2, 1, 0 (three
    players by house rule 2/1/0 or 3/2/0; two players 1/0); a player without a trick
    erases nothing; ties by R6, the worst place for the tied.  Durchmarsch: all tricks,
    each opponent erases 3; otherwise the announcer does."""
    play_rules = PlayRules(trump=None, kamerun_lead=True, marriages=False)
    facts = facts_from_entry(entry, table, claims_allowed=False, play_rules=play_rules)
    totals = dict(facts.points)
    if entry.durchmarsch is not None:
        return _durchmarsch(entry.durchmarsch, facts, table, totals)
    awards = kamerun_awards(table.size, rules["kamerun3"])
    notes = [Note("R12", "kamerun_places", {"players": table.size, "awards": "/".join(map(str, awards))})]
    due, tie_notes = rank_places(totals, awards, last_trick=facts.last_trick, worst=max)
    notes.extend(tie_notes)
    for name in table.active:
        if facts.tricks[name] == 0 and due[name]:
            notes.append(Note("R12", "kamerun_no_trick", {"player": name, "due": due[name]}))
            due[name] = 0
    return Scored(totals, due, notes, facts)


def _durchmarsch(announcer: str, facts: HandFacts, table: Table, totals: dict[str, int]) -> Scored:
    _require_active(announcer, "durchmarsch", table, rule="R12")
    first = facts.played.tricks[0].winner if facts.played is not None else None
    if facts.tricks[announcer] == 0 or (first is not None and first != announcer):
        raise RuleViolation("durchmarsch_not_first_trick", rule="R12", field="durchmarsch", player=announcer)
    if facts.tricks[announcer] == table.tricks_per_hand:
        due = {n: 0 if n == announcer else DURCHMARSCH_STROKES for n in table.active}
        note = Note("R12", "durchmarsch_made", {"player": announcer, "strokes": DURCHMARSCH_STROKES})
    else:
        due = {n: DURCHMARSCH_STROKES if n == announcer else 0 for n in table.active}
        note = Note("R12", "durchmarsch_failed", {"player": announcer, "strokes": DURCHMARSCH_STROKES})
    return Scored(totals, due, [note], facts)


# --- common ---------------------------------------------------------------------------------


def _require_active(name: str | None, field_name: str, table: Table, *, rule: str) -> str:
    if name is None:
        raise RuleViolation("field_missing", rule=rule, field=field_name, name=field_name)
    if name not in table.active:
        code = "unknown_player" if name not in table.players else "player_dropped_out"
        raise RuleViolation(code, rule="R3" if code == "player_dropped_out" else rule, field=field_name, name=name)
    return name


PLAYERS: dict[SubGame, Player] = {
    SubGame.DEUTSCH: play_deutsch,
    SubGame.ACE_OF_HEARTS: play_ace_of_hearts,
    SubGame.RUFEN: play_rufen,
    SubGame.KAMERUN: play_kamerun,
}
