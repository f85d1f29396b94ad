"""The four kinds of Dreeg sub-game: what a hand of each is worth in strokes.

Each kind is a class beside the others, overriding only the rules that differ from
:class:`Deutsch` (python-chess's variants are the model): which fields a hand takes,
how its cards are played, who may claim 66, and how the hand is scored.  Every one
establishes the facts of the hand (R15 or T8) and returns who is due how many strokes,
with the notes that explain it.  Erasing, dropping out and blobs are the same for all
and live in :mod:`engine.dreeg.game`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from engine.cards.german import Card, Rank, Suit, card
from engine.dreeg.entries import UNSET, DreegEntry
from engine.dreeg.hand import Claims, HandFacts, Table, facts_from_entry
from engine.dreeg.rules import (
    CLAIM_TARGET,
    CLOSE_AFTER_MAX,
    DEUTSCH_AWARDS,
    DURCHMARSCH_STROKES,
    SCHNEIDER_LINE,
    SURRENDER_STROKES,
    WRONG_CLAIM_STROKES,
    SubGame,
    kamerun_awards,
)
from engine.dreeg.scoring import rank_places
from engine.errors import RuleViolation
from engine.game import Note
from engine.tricks.melds import meld_points
from engine.tricks.play import KamerunRules, PlayedHand, RufenRules, TrickRules
from engine.tricks.summary import Group, group_tricks

HEART_ACE = card(Suit.HEARTS, Rank.ACE)

#: Fields every sub-game takes (API.md, "dreeg"); each kind adds or drops its own.
COMMON_FIELDS = frozenset({"dealer", "points", "tricks", "last_trick", "trump", "melds", "claim", "closed_by",
                           "closed_after", "plays"})

#: The rule that gives a sub-game its own fields: one of them in another sub-game's hand
#: breaks that rule (R1 only orders the sub-games).
OWN_FIELDS = {"declarer": "R7", "surrender": "R7", "caller": "R11", "called_card": "R11", "partner": "R11",
              "durchmarsch": "R12"}


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a side game and what it made (card points with counted marriages).
    ``players`` lists the side's leading player (declarer, caller) first."""

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


# --- Deutsch (R5, R6, R10) -----------------------------------------------------------


class Deutsch:
    """R5: each for himself; 3/2/1/0 (2/1/0, 1/0) strokes by card points with marriages,
    ties by R6; with two active players a claim of 66 may end the hand.  Erasing is
    good: a player at 0 drops out, the last one left loses (R3)."""

    kind: ClassVar[SubGame] = SubGame.DEUTSCH
    fields: ClassVar[frozenset[str]] = COMMON_FIELDS
    erasing_is_good: ClassVar[bool] = True
    has_trump: ClassVar[bool] = True

    def refuse_field(self, name: str) -> RuleViolation:
        """A field this sub-game does not take, citing the rule that leaves it out."""
        return RuleViolation("field_not_in_subgame", rule=OWN_FIELDS.get(name, "R1"), field=name, name=name,
                             subgame=self.kind)

    def claims(self, table: Table, rules: Mapping[str, str]) -> Claims | None:
        """R5: only with two active players (any time after winning a trick, R8)."""
        return Claims() if table.size == 2 else None

    def trick_rules(self, entry: DreegEntry, table: Table) -> TrickRules:
        """T1 with the trump the entry names (T8: a hand played trick by trick needs it)."""
        if entry.plays is not None and entry.trump is None:
            raise RuleViolation("trump_required", rule="T8", field="trump")
        return TrickRules(entry.trump)

    def facts(self, entry: DreegEntry, table: Table, rules: Mapping[str, str], **options: Any) -> HandFacts:
        return facts_from_entry(entry, table, claims=self.claims(table, rules), rules=self.trick_rules(entry, table),
                                **options)

    def score(self, entry: DreegEntry, table: Table, rules: Mapping[str, str]) -> Scored:
        return score_each_for_himself(self.facts(entry, table, rules), table)

    # --- what the next hand needs --------------------------------------------------------

    def required(self, table: Table, rules: Mapping[str, str]) -> list[str]:
        """Fields a hand played out must give (R15: card points and tricks of every active
        player; R6: the last trick; the trump, which values the marriages)."""
        return ["points", "tricks", "last_trick"]

    def needs(self, table: Table, rules: Mapping[str, str], *, forehands: Mapping[str, str]) -> dict[str, Any]:
        claims = self.claims(table, rules)
        two = table.size == 2
        unused = {"dealer", "plays"} | ({"closed_by", "closed_after"} if not two else set()) \
            | ({"claim"} if claims is None else set())
        return {
            "fields": sorted(self.fields - unused),
            "required": self.required(table, rules),
            "trump": "choose" if self.has_trump else "none",
            "claim": list(table.active) if claims is not None else [],
            "claim_deadline": claims.deadline if claims is not None else None,
            "closing": {"players": list(table.active), "after": list(range(CLOSE_AFTER_MAX + 1))}
            if two and "closed_by" in self.fields else None,
            "sides": None,
        }


def score_each_for_himself(facts: HandFacts, table: Table) -> Scored:
    """R5: places by card points with marriages (R10, the melder's own trick): 3/2/1/0,
    2/1/0 or 1/0; ties by R6.  With two players a claim of 66 ends the hand: right, the
    claimer erases 1; wrong, his opponent does."""
    counts = {name: facts.tricks[name] > 0 for name in table.active}
    added, notes = meld_points(facts.melds, table.active, facts.trump, counts=counts)
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


# --- side games (R8, R9, R10) ---------------------------------------------------------------


class SideGame(Deutsch):
    """A side game (Ace of Hearts solo, Rufen) with three or four active players: a side
    of one or two against the rest (R8, R9).  Any member of a side may claim 66 once the
    side has won a trick, but not after the second-to-last trick has been led (R8).  With
    two active players there are no sides: the hand is scored like Deutsch with two."""

    #: the name of the side that plays against the rest (the other is "opponents")
    leading_side: ClassVar[str] = "declarer"
    #: the rule of this sub-game with two players
    rule: ClassVar[str] = "R7"

    def claims(self, table: Table, rules: Mapping[str, str]) -> Claims | None:
        if table.size == 2:
            return Claims()
        return Claims(deadline=table.tricks_per_hand - 2)

    def score(self, entry: DreegEntry, table: Table, rules: Mapping[str, str]) -> Scored:
        if table.size == 2:
            return self.score_two(entry, table, rules)
        return self.score_sides(entry, table, rules)

    def score_sides(self, entry: DreegEntry, table: Table, rules: Mapping[str, str]) -> Scored:
        raise NotImplementedError

    def score_two(self, entry: DreegEntry, table: Table, rules: Mapping[str, str],
                  **options: Any) -> Scored:
        """R7 / R11 with two active players: no sides; scored like Deutsch with two (R5)."""
        for name in ("declarer", "caller"):
            if getattr(entry, name) is not None:
                _require_active(getattr(entry, name), name, table, rule=self.rule)
        if entry.surrender:
            raise RuleViolation("surrender_two_players", rule="R7", field="surrender")
        scored = score_each_for_himself(Deutsch.facts(self, entry, table, rules, **options), table)
        return replace(scored, notes=[Note(self.rule, "two_players_more_points", {}), *scored.notes])

    def needs(self, table: Table, rules: Mapping[str, str], *, forehands: Mapping[str, str]) -> dict[str, Any]:
        needs = super().needs(table, rules, forehands=forehands)
        if table.size == 2:
            needs["fields"] = [f for f in needs["fields"] if f in COMMON_FIELDS]
        return needs


def score_sides(facts: HandFacts, table: Table, names: tuple[str, str], rules: Mapping[str, str]) -> Scored:
    """R8 (a claim of 66) and R9 (played out): a side with 66 or more against one with
    less: each of its members erases 1 if the other side has 33 or more, 2 if less but
    a trick, 3 if no trick.  A wrong claim: each of the other side erases 2.  Both sides
    66 or more, or both less: the side that took the last trick erases 1 each."""
    own = rules["meld_trick"] == "own"
    counts = {n: (facts.tricks[n] if own else group_tricks(facts.tricks, table.group_of(n))) > 0
              for n in table.active}
    added, notes = meld_points(facts.melds, table.active, facts.trump, counts=counts)
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


def _schneider(other: Side) -> tuple[int, str]:
    """R8's scale by the other side: 1 if it has 33 or more, 2 if less but a trick, 3."""
    if other.points >= SCHNEIDER_LINE:
        return 1, "other_33"
    if other.tricks > 0:
        return 2, "other_under_33"
    return 3, "other_no_trick"


# --- Ace of Hearts (R7, R8, R9) --------------------------------------------------------


class AceOfHearts(SideGame):
    """R7: the holder of the heart ace (the declarer) names trumps and plays alone
    against the others (house rule ``aoh: each_for_himself``: scored like Deutsch); he
    may surrender before play (each opponent erases 2).  Two active players: no trump
    until the heart ace appears, no sides, more card points wins."""

    kind = SubGame.ACE_OF_HEARTS
    fields = COMMON_FIELDS | {"declarer", "surrender"}
    leading_side = "declarer"
    rule = "R7"

    def claims(self, table: Table, rules: Mapping[str, str]) -> Claims | None:
        if table.size > 2 and rules["aoh"] == "each_for_himself":
            return None  # R7: scored like Deutsch, where three or four never claim (R8)
        return SideGame.claims(self, table, rules)

    def score_two(self, entry: DreegEntry, table: Table, rules: Mapping[str, str],
                  **options: Any) -> Scored:
        if entry.plays is not None:
            raise RuleViolation("aoh_two_plays", rule="T8", field="plays")
        return SideGame.score_two(self, entry, table, rules, trump_optional=True)

    def score_sides(self, entry: DreegEntry, table: Table, rules: Mapping[str, str]) -> Scored:
        declarer = _require_active(entry.declarer, "declarer", table, rule="R7")
        if entry.surrender:
            return _surrender(entry, declarer, table)
        if rules["aoh"] == "each_for_himself":
            facts = self.facts(entry, table, rules)
            _check_heart_ace(facts, declarer)
            scored = score_each_for_himself(facts, table)
            return replace(scored, notes=[Note("R7", "aoh_each_for_himself", {"player": declarer}), *scored.notes])
        opponents = tuple(n for n in table.active if n != declarer)
        sided = replace(table, sides=((declarer,), opponents))
        facts = self.facts(entry, sided, rules)
        _check_heart_ace(facts, declarer)
        return score_sides(facts, sided, ("declarer", "opponents"), rules)

    def required(self, table: Table, rules: Mapping[str, str]) -> list[str]:
        return (["declarer"] if table.size > 2 else []) + super().required(table, rules)

    def needs(self, table: Table, rules: Mapping[str, str], *, forehands: Mapping[str, str]) -> dict[str, Any]:
        needs = super().needs(table, rules, forehands=forehands)
        if table.size == 2:
            needs["trump"] = "optional"  # R7: no trump until the heart ace appears
        elif rules["aoh"] != "each_for_himself":
            needs["sides"] = "declarer"
        return needs


def _surrender(entry: DreegEntry, declarer: str, table: Table) -> Scored:
    """R7: a surrender before play ends the hand: each opponent erases 2."""
    for name in ("points", "tricks", "last_trick", "claim", "plays", "closed_by", "closed_after"):
        if getattr(entry, name) is not None:
            raise RuleViolation("surrender_ends_hand", rule="R7", field=name, name=name)
    if entry.melds:
        raise RuleViolation("surrender_ends_hand", rule="R7", field="melds", name="melds")
    due = {name: 0 if name == declarer else SURRENDER_STROKES for name in table.active}
    note = Note("R7", "aoh_surrender", {"player": declarer, "strokes": SURRENDER_STROKES})
    return Scored(dict.fromkeys(table.active, 0), due, [note], None)


def _check_heart_ace(facts: HandFacts, declarer: str) -> None:
    """R7: the declarer is the holder of the heart ace.  The cards disprove it only when
    someone else played the heart ace; a hand ended by a claim before it was played
    takes the declarer from the entry (T8)."""
    if facts.played is None:
        return
    holder = next((n for n, cards in facts.played.held.items() if HEART_ACE in cards), None)
    if holder is not None and holder != declarer:
        raise RuleViolation("declarer_not_ace_holder", rule="R7", field="declarer", player=declarer, holder=holder)


# --- Rufen (R11, R8, R9, T5) -------------------------------------------------------------


class Rufen(SideGame):
    """R11: forehand calls a card; its suit is trumps; its holder is his partner (or he
    plays alone when he holds it himself).  Four players: two against two or one
    against three; three players: two against one or one against two.  Two players:
    no sides, more card points wins."""

    kind = SubGame.RUFEN
    fields = COMMON_FIELDS | {"caller", "called_card", "partner"}
    leading_side = "caller"
    rule = "R11"

    def trick_rules(self, entry: DreegEntry, table: Table) -> TrickRules:
        """T5 on the first trick, with the called card's suit as trumps (three or four
        players; with two, the trump is named as in Deutsch)."""
        called = entry.called_card
        if called is None or table.size == 2:
            return super().trick_rules(entry, table)
        return RufenRules(called.suit, called_card=called)

    def score_sides(self, entry: DreegEntry, table: Table, rules: Mapping[str, str]) -> Scored:
        caller = _require_active(entry.caller, "caller", table, rule="R11")
        if caller != table.forehand:
            raise RuleViolation("caller_not_forehand", rule="R11", field="caller", player=caller,
                                forehand=table.forehand)
        called = entry.called_card
        if called is None:
            raise RuleViolation("field_missing", rule="R11", field="called_card", name="called_card")
        if entry.trump is not None and entry.trump is not called.suit:
            raise RuleViolation("rufen_trump_is_called_suit", rule="R11", field="trump")
        if entry.plays is not None:
            def sides_of_play(played: PlayedHand) -> tuple[Group, ...]:
                return _rufen_sides(caller, _partner_from_cards(entry, played, caller, called, table), table)

            facts = self.facts(entry, table, rules, sides_of_play=sides_of_play)
            sided = replace(table, sides=facts.groups)
            partner = sided.sides[0][1] if len(sided.sides[0]) > 1 else None
        else:
            partner = _partner_given(entry, caller, table)
            sided = replace(table, sides=_rufen_sides(caller, partner, table))
            facts = self.facts(entry, sided, rules)
        scored = score_sides(facts, sided, ("caller", "opponents"), rules)
        note = Note("R11", "rufen_partner" if partner else "rufen_alone",
                    {"player": caller, "card": called, "partner": partner or ""})
        return replace(scored, notes=[note, *scored.notes])

    def required(self, table: Table, rules: Mapping[str, str]) -> list[str]:
        return (["caller", "called_card", "partner"] if table.size > 2 else []) + super().required(table, rules)

    def needs(self, table: Table, rules: Mapping[str, str], *, forehands: Mapping[str, str]) -> dict[str, Any]:
        needs = super().needs(table, rules, forehands=forehands)
        if table.size > 2:
            needs["trump"] = "called"  # R11: the called card's suit is trumps
            needs["sides"] = "caller"
            needs["caller"] = dict(forehands)  # R11: the forehand calls
        return needs


def _partner_given(entry: DreegEntry, caller: str, table: Table) -> str | None:
    if entry.partner is UNSET:
        raise RuleViolation("partner_required", rule="R11", field="partner")
    if entry.partner is None:
        return None
    partner = _require_active(entry.partner, "partner", table, rule="R11")
    if partner == caller:
        raise RuleViolation("partner_is_caller", rule="R11", field="partner")
    return partner


def _partner_from_cards(entry: DreegEntry, played: PlayedHand, caller: str, called: Card,
                        table: Table) -> str | None:
    """T8: the cards show who held the called card; a partner entered must agree.  A
    called card never played (a claim ended the hand) is taken from the entry."""
    holder = next((n for n, cards in played.held.items() if called in cards), None)
    if holder is None:
        return _partner_given(entry, caller, table)
    partner = None if holder == caller else holder
    if entry.partner is not UNSET and entry.partner != partner:
        raise RuleViolation("partner_mismatch", rule="R11", field="partner", given=entry.partner or "-",
                            holder=holder, card=called)
    return partner


def _rufen_sides(caller: str, partner: str | None, table: Table) -> tuple[Group, Group]:
    """The caller's side (caller first, then his partner) and the rest, clockwise."""
    ours = (caller,) if partner is None else (caller, partner)
    return ours, tuple(n for n in table.active if n not in ours)


# --- Kamerun (R12, R4, T4) -------------------------------------------------------------


class Kamerun(Deutsch):
    """R12: no trumps, no marriages, no claims; most card points erases 3, then 2, 1, 0
    (three players by house rule 2/1/0 or 3/2/0; two players 1/0); a player without a
    trick erases nothing; ties by R6, the worst place for the tied.  Durchmarsch: all
    tricks, each opponent erases 3; otherwise the announcer does.  Erasing is bad: the
    sub-game ends as soon as anyone reaches 0 (R4)."""

    kind = SubGame.KAMERUN
    fields = (COMMON_FIELDS - {"trump", "melds", "claim", "closed_by", "closed_after"}) | {"durchmarsch"}
    erasing_is_good = False
    has_trump = False

    def claims(self, table: Table, rules: Mapping[str, str]) -> Claims | None:
        return None

    def refuse_field(self, name: str) -> RuleViolation:
        """R12: no trump and no marriages, so no trump card to turn down (T7's closing);
        R8: no claim of 66."""
        refusal = KAMERUN_REFUSALS.get(name)
        if refusal is None:
            return super().refuse_field(name)
        code, rule = refusal
        return RuleViolation(code, rule=rule, field=name)

    def trick_rules(self, entry: DreegEntry, table: Table) -> TrickRules:
        return KamerunRules()

    def score(self, entry: DreegEntry, table: Table, rules: Mapping[str, str]) -> Scored:
        facts = self.facts(entry, table, rules)
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

    def needs(self, table: Table, rules: Mapping[str, str], *, forehands: Mapping[str, str]) -> dict[str, Any]:
        needs = super().needs(table, rules, forehands=forehands)
        needs["durchmarsch"] = list(table.active)
        return needs


#: Kamerun's refusals of the other sub-games' common fields: (code, rule).
KAMERUN_REFUSALS = {"trump": ("kamerun_no_trump", "R12"), "melds": ("kamerun_no_marriages", "R12"),
                    "claim": ("kamerun_no_claim", "R8"), "closed_by": ("kamerun_no_closing", "R12"),
                    "closed_after": ("kamerun_no_closing", "R12")}


def _durchmarsch(announcer: str, facts: HandFacts, table: Table, totals: dict[str, int]) -> Scored:
    """R12: only the winner of the first trick may announce Durchmarsch: all tricks, each
    opponent erases 3; otherwise he erases 3 and nobody else anything."""
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


#: Every kind of sub-game, by the name R1 gives it.
SUBGAMES: dict[SubGame, Deutsch] = {kind.kind: kind for kind in (Deutsch(), AceOfHearts(), Rufen(), Kamerun())}
