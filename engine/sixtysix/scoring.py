"""What a deal is worth: its winner and game points (RULES.md R17-R21).

Card points become totals (marriages that count, R10; the last-trick ten, R21); the
ending decides who scores how much; every step is a :class:`~engine.game.Note` citing
its rule, so the history explains each deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.game import Note
from engine.i18n import Term, render
from engine.sixtysix.deal import RULE_OF, DealFacts, QuickDeal, Table
from engine.sixtysix.entries import Ending
from engine.sixtysix.rules import (
    CLAIM_POINTS_NO_TRICK,
    CLAIM_POINTS_PLAIN,
    CLAIM_POINTS_SCHNEIDER,
    CLAIM_TARGET,
    CLOSE_FAILED,
    CLOSE_FAILED_NO_TRICK,
    FLAT_WRONG_CLAIM,
    FLAT_WRONG_CLAIM_NO_TRICK,
    LAST_TRICK_POINTS,
    LAST_TRICK_TEN,
    RENONCE_POINTS,
    SCHNEIDER_LINE,
)
from engine.tricks.melds import Meld, value


@dataclass(frozen=True, slots=True)
class Scored:
    """A deal's verdict before the Bummerl: ``winner`` (``None``: nobody, a 65:65 tie
    carried, R21), its game points, the totals it was decided on, and whether it adds
    to the carry."""

    winner: str | None
    game_points: int
    totals: Mapping[str, int]
    notes: list[Note] = field(default_factory=list)
    tie: bool = False


def score_quick(quick: QuickDeal) -> Scored:
    """A deal entered without figures: its winner scores the game points given (R22
    counts them down as any), noted as entered without figures."""
    rule = RULE_OF[quick.ending] if quick.ending is not None else "R22"
    note = Note(rule, "ss_quick_deal", {"player": quick.winner, "n": quick.game_points})
    return Scored(quick.winner, quick.game_points, {}, [note])


def claim_points(tricks: int, total: int) -> int:
    """R17: what a right claim scores by the opponent's tricks and total: 3 if he has no
    trick, 2 if he has fewer than 33, 1 if he has 33 or more."""
    if tricks == 0:
        return CLAIM_POINTS_NO_TRICK
    return CLAIM_POINTS_SCHNEIDER if total < SCHNEIDER_LINE else CLAIM_POINTS_PLAIN


def _marriages(melds: tuple[Meld, ...], facts: DealFacts, players: tuple[str, ...],
               tricks: Mapping[str, int]) -> tuple[dict[str, int], list[Note]]:
    """R10: a marriage counts once its melder has won a trick (by the end of the deal,
    or by the claim that ended it)."""
    added = dict.fromkeys(players, 0)
    notes = []
    for meld in melds:
        worth = value(meld, facts.trump)
        params = {"player": meld.player, "suit": meld.suit, "value": worth}
        if tricks.get(meld.player, 0) > 0:
            added[meld.player] += worth
            notes.append(Note("R10", "marriage_counts", params))
        else:
            notes.append(Note("R10", "marriage_void", params))
    return added, notes


def score(facts: DealFacts, table: Table, rules: Mapping[str, str]) -> Scored:
    """The deal's winner and game points, by how it ended."""
    if facts.ending is Ending.RENONCE:
        assert facts.renonce is not None
        return _renonce(facts, table)
    added, notes = _marriages(facts.melds, facts, table.players, facts.tricks)
    totals = {name: facts.points[name] + added[name] for name in table.players}
    last = _last_trick_ten(facts, table)
    if last is not None:
        totals[last] += LAST_TRICK_TEN
        notes.append(Note("R21", "ss_last_trick_ten", {"player": last}))
    if facts.ending is Ending.CLAIM:
        assert facts.claim is not None
        verdict = _claim(facts.claim, table.other(facts.claim), totals, facts.tricks, rules)
    elif facts.ending is Ending.CLOSED:
        verdict = _closed(facts, table, totals, rules)
    else:
        verdict = _played_out(facts, table, totals, rules)
    return Scored(verdict.winner, verdict.game_points, totals, notes + verdict.notes, verdict.tie)


def _last_trick_ten(facts: DealFacts, table: Table) -> str | None:
    """R21 (Sixty-Six): who gets the ten for the last trick: its winner when the deal was
    played out, or when nobody claimed before it and its winner claims after it (seed:
    the last trick is played, and it is worth ten more).  Never after a closing."""
    if not table.deck.last_trick_ten:
        return None
    if facts.ending is Ending.PLAYED_OUT:
        return facts.last_trick
    if facts.ending is Ending.CLAIM and sum(facts.tricks.values()) == table.deck.tricks:
        if facts.played is not None:
            return facts.played.last_trick
        return facts.claim  # after the last trick only its winner is on lead to claim
    return None


def _renonce(facts: DealFacts, table: Table) -> Scored:
    """R20: the deal ends; the opponent of the player who reneged scores 3."""
    renonce = facts.renonce
    assert renonce is not None
    winner = table.other(renonce.player)
    totals = {name: facts.points.get(name, 0) for name in table.players}
    notes = []
    if renonce.trick is not None:
        how = Term(f"ss_how_{renonce.code or 'must_follow'}")
        notes.append(Note("T1", "ss_renonce_found", {"player": renonce.player, "trick": renonce.trick,
                                                     "card": renonce.card, "how": how}))
    notes.append(Note("R20", "ss_renonce", {"player": renonce.player, "winner": winner, "n": RENONCE_POINTS}))
    return Scored(winner, RENONCE_POINTS, totals, notes)


def _claim(claimer: str, opponent: str, totals: Mapping[str, int], tricks: Mapping[str, int],
           rules: Mapping[str, str]) -> Scored:
    """R17 right (the claimer has 66 with his counted marriages) or R18 wrong."""
    if totals[claimer] >= CLAIM_TARGET:
        points = claim_points(tricks[opponent], totals[opponent])
        return Scored(claimer, points, totals, [Note("R17", "ss_claim_right", {
            "player": claimer, "total": totals[claimer], "opponent": opponent, "their": totals[opponent],
            "tricks": tricks[opponent], "n": points, "why": _Why(tricks[opponent], totals[opponent])})])
    if rules["wrong_claim"] == "flat":
        points = FLAT_WRONG_CLAIM_NO_TRICK if tricks[opponent] == 0 else FLAT_WRONG_CLAIM
    else:
        points = claim_points(tricks[opponent], totals[opponent])
    return Scored(opponent, points, totals, [Note("R18", "ss_claim_wrong", {
        "player": claimer, "total": totals[claimer], "opponent": opponent, "n": points,
        "why": _Why(tricks[opponent], totals[opponent], flat=rules["wrong_claim"] == "flat", own=True)})])


class _Why:
    """Why a claim is worth what it is (R17, R18): the opponent's tricks and total."""

    __slots__ = ("flat", "own", "total", "tricks")

    def __init__(self, tricks: int, total: int, *, flat: bool = False, own: bool = False) -> None:
        self.tricks, self.total, self.flat, self.own = tricks, total, flat, own

    def name_in(self, lang: str) -> str:
        if self.tricks == 0:
            code = "ss_why_no_trick"
        elif self.flat:
            code = "ss_why_flat"
        else:
            code = "ss_why_under" if self.total < SCHNEIDER_LINE else "ss_why_over"
        return render(code, lang, {"total": self.total, "line": SCHNEIDER_LINE})

    def __str__(self) -> str:
        return f"{self.tricks}/{self.total}"


def _closed(facts: DealFacts, table: Table, totals: Mapping[str, int], rules: Mapping[str, str]) -> Scored:
    """R19: the closer must reach 66 and claim.  If he does, he scores R17 on his
    opponent's figures at the closing (house rule: at the end); if he fails, or the
    opponent claims first, the opponent scores 3 if he had no trick at the closing,
    else 2.  An opponent's wrong claim after a closing scores for the closer as his own
    right claim would have."""
    closing = facts.closing
    assert closing is not None
    closer, opponent = closing.player, table.other(closing.player)
    at = closing.at_close
    if rules["closing"] == "count_after":
        their_tricks, their_total, basis = facts.tricks[opponent], totals[opponent], "ss_basis_end"
    else:
        early = sum(value(m, facts.trump) for m in facts.melds
                    if m.player == opponent and (m.trick is None or closing.after is None or m.trick <= closing.after))
        their_tricks, their_total, basis = at.tricks, at.points + (early if at.tricks > 0 else 0), "ss_basis_close"
    failed_points = CLOSE_FAILED_NO_TRICK if at.tricks == 0 else CLOSE_FAILED
    if facts.claim == opponent:
        if totals[opponent] >= CLAIM_TARGET:
            return Scored(opponent, failed_points, totals, [Note("R19", "ss_close_beaten", {
                "player": closer, "opponent": opponent, "total": totals[opponent], "n": failed_points,
                "tricks": at.tricks})])
        points = claim_points(their_tricks, their_total)
        return Scored(closer, points, totals, [Note("R18", "ss_close_wrong_claim", {
            "player": closer, "opponent": opponent, "total": totals[opponent], "n": points,
            "why": _Why(their_tricks, their_total), "basis": Term(basis)})])
    if totals[closer] >= CLAIM_TARGET:
        points = claim_points(their_tricks, their_total)
        return Scored(closer, points, totals, [Note("R19", "ss_close_made", {
            "player": closer, "total": totals[closer], "opponent": opponent, "n": points,
            "why": _Why(their_tricks, their_total), "basis": Term(basis)})])
    code = "ss_close_failed_no_trick" if at.tricks == 0 else "ss_close_failed"
    return Scored(opponent, failed_points, totals, [Note("R19", code, {
        "player": closer, "total": totals[closer], "opponent": opponent, "n": failed_points, "tricks": at.tricks})])


def _played_out(facts: DealFacts, table: Table, totals: Mapping[str, int], rules: Mapping[str, str]) -> Scored:
    """R21: Schnapsen: the last trick wins 1.  Sixty-Six (with the ten): one player with
    66 or more scores R17 on the other's figures; both over 66 (marriages) → the last
    trick scores 1; 65:65 → nothing, and 1 more for the next deal's winner (house rule:
    the last trick scores 1)."""
    last = facts.last_trick
    assert last is not None
    if not table.deck.last_trick_ten:
        return Scored(last, LAST_TRICK_POINTS, totals, [Note("R21", "ss_schnapsen_last_trick", {"player": last})])
    over = [name for name in table.players if totals[name] >= CLAIM_TARGET]
    if len(over) == 1:
        winner = over[0]
        opponent = table.other(winner)
        points = claim_points(facts.tricks[opponent], totals[opponent])
        return Scored(winner, points, totals, [Note("R21", "ss_played_out_won", {
            "player": winner, "total": totals[winner], "opponent": opponent, "their": totals[opponent], "n": points,
            "why": _Why(facts.tricks[opponent], totals[opponent])})])
    if len(over) == 2:
        return Scored(last, LAST_TRICK_POINTS, totals, [Note("R21", "ss_both_over", {"player": last})])
    if rules["tie"] == "last_trick_wins":
        return Scored(last, LAST_TRICK_POINTS, totals, [Note("R21", "ss_tie_last_trick", {"player": last})])
    return Scored(None, 0, totals, [Note("R21", "ss_tie_carry", {})], tie=True)
