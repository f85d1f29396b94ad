"""Dreeg: eight sub-games of Sixty-Six, scored with chalk strokes and blobs (seed 000).

``DreegGame.apply`` takes one hand through the rules in the order a table would:
is it this dealer's deal (R13)?  can this sub-game be scored?  what happened in the
hand (R15, T1-T8)?  who is due how many strokes (R5, R6, R10)?  who erases what (R2),
who drops out, who gets the blob (R3), and who deals next (R13).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.dreeg.entries import DreegEntry
from engine.dreeg.hand import HandFacts, Table, facts_from_entry, meld_points
from engine.dreeg.rules import (
    AVAILABLE, CLAIM_TARGET, DEUTSCH_AWARDS, HOUSE_RULES, ORDERS, STROKES, TRICKS_PER_HAND, SubGame,
)
from engine.dreeg.scoring import erase, rank_places
from engine.dreeg.state import DreegState, SubGameRecord, first_active_after
from engine.errors import ConfigError, NotAvailable, RuleViolation
from engine.game import Game, Note, Outcome, check_player_names

#: Fields each sub-game uses besides the common ones (API.md, "dreeg").
COMMON_FIELDS = frozenset({"dealer", "points", "tricks", "last_trick", "trump", "melds", "claim", "closed_by",
                           "closed_after", "plays"})
SUBGAME_FIELDS: dict[SubGame, frozenset[str]] = {
    SubGame.DEUTSCH: COMMON_FIELDS,
    SubGame.ACE_OF_HEARTS: COMMON_FIELDS | {"declarer", "surrender"},
    SubGame.RUFEN: COMMON_FIELDS | {"caller", "called_card", "partner"},
    SubGame.KAMERUN: (COMMON_FIELDS - {"trump", "melds", "claim", "closed_by", "closed_after"}) | {"durchmarsch"},
}

@dataclass(frozen=True, slots=True)
class DreegResult:
    """What one hand decided."""

    subgame: int
    type: SubGame
    dealer: str
    forehand: str
    totals: Mapping[str, int]
    due: Mapping[str, int]
    subtract: Mapping[str, int]
    dropped: tuple[str, ...]
    losers: tuple[str, ...]
    notes: tuple[Note, ...]
    facts: HandFacts

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "subgame": {"number": self.subgame, "type": self.type.value},
            "dealer": self.dealer,
            "forehand": self.forehand,
            "totals": dict(self.totals),
            "due": dict(self.due),
            "subtract": dict(self.subtract),
            "dropped": list(self.dropped),
            "losers": list(self.losers),
            "notes": [n.to_json() for n in self.notes],
        }
        if self.facts.played is not None:
            data["derived"] = {
                "points": dict(self.facts.points),
                "tricks": dict(self.facts.tricks),
                "last_trick": self.facts.last_trick,
                "melds": [{"player": m.player, "suit": str(m.suit), "trick": m.trick} for m in self.facts.melds],
                "winners": [t.winner for t in self.facts.played.tricks],
            }
        return data


class DreegGame(Game[DreegState, DreegEntry, DreegResult]):
    name = "dreeg"
    title = {"en": "Dreeg", "de": "Dreeg"}
    player_counts = (2, 3, 4)
    house_rules = HOUSE_RULES

    # --- set-up --------------------------------------------------------------------

    def start(self, players: Sequence[str], *, rules: Mapping[str, str] | None = None,
              dealer: str | None = None) -> DreegState:
        """R2: two to four players at 7 strokes; R13: the drawn first dealer (default:
        the first player)."""
        names = check_player_names(players, self.player_counts, "Dreeg")
        resolved = self.resolve_rules(rules)
        if dealer is None:
            dealer = names[0]
        elif dealer.strip() not in names:
            raise ConfigError("unknown_player", rule="R13", field="dealer", name=dealer)
        return DreegState.begin(names, resolved, dealer.strip())

    # --- one hand ------------------------------------------------------------------

    def apply(self, state: DreegState, entry: DreegEntry) -> Outcome[DreegState, DreegResult]:
        if state.finished:
            raise RuleViolation("game_finished", rule="R14", field=None)
        dealer = self._dealer(state, entry)
        kind = state.subgame_type
        if kind not in AVAILABLE:
            raise NotAvailable("subgame_not_available", rule="R1", field=None,
                               number=state.subgame, subgame=kind.value)
        self._check_fields(entry, kind)
        table = Table(state.active, state.players, dealer, first_active_after(state.players, state.active, dealer),
                      TRICKS_PER_HAND[len(state.active)])
        facts = facts_from_entry(entry, table, claims_allowed=table.size == 2)
        totals, due, notes = score_deutsch(facts, table)
        return self._settle(state, table, facts, totals, due, notes)

    def _dealer(self, state: DreegState, entry: DreegEntry) -> str:
        """R13: the dealer is fixed by the rotation, except on the first hand of a
        sub-game, where the loser's choice must be entered."""
        if state.dealer is None:
            if entry.dealer is None:
                raise RuleViolation("dealer_choice_required", rule="R13", field="dealer",
                                    chooser=list(state.chooser or ()))
            if entry.dealer not in state.players:
                raise RuleViolation("unknown_player", rule="R13", field="dealer", name=entry.dealer)
            return entry.dealer
        if entry.dealer is not None and entry.dealer != state.dealer:
            raise RuleViolation("dealer_out_of_turn", rule="R13", field="dealer", given=entry.dealer,
                                expected=state.dealer)
        return state.dealer

    @staticmethod
    def _check_fields(entry: DreegEntry, kind: SubGame) -> None:
        for name in entry.given():
            if name not in SUBGAME_FIELDS[kind]:
                raise RuleViolation("field_not_in_subgame", rule="R1", field=name, name=name, subgame=kind.value)

    def _settle(self, state: DreegState, table: Table, facts: HandFacts, totals: Mapping[str, int],
                due: Mapping[str, int], notes: list[Note]) -> Outcome[DreegState, DreegResult]:
        """R2 (erase, capped), R3 (drop out at 0; the last one left gets the blob) and
        R13 (the deal passes on)."""
        strokes = dict(zip(state.players, state.strokes))
        subtract, cap_notes = erase(strokes, due)
        notes.extend(cap_notes)
        for name, gone in subtract.items():
            strokes[name] -= gone
        dropped = tuple(n for n in table.active if strokes[n] == 0)
        active = tuple(n for n in table.active if strokes[n] > 0)
        notes.extend(Note("R3", "dropped_out", {"player": n}) for n in dropped)
        losers: tuple[str, ...] = ()
        if len(active) == 1:
            losers = active
            notes.append(Note("R3", "subgame_lost", {"player": active[0], "number": state.subgame}))
        result = DreegResult(state.subgame, state.subgame_type, table.dealer, table.forehand, totals, due,
                             subtract, dropped, losers, (), facts)
        if losers:
            new_state = self._next_subgame(state, losers, notes)
        else:
            new_state = replace(
                state,
                strokes=tuple(strokes[p] for p in state.players),
                active=active,
                dealer=self._next_dealer(state, table.dealer),
                chooser=None,
                hands=state.hands + 1,
            )
        return Outcome(new_state, replace(result, notes=tuple(notes)))

    def _next_dealer(self, state: DreegState, dealer: str) -> str:
        """R13: the deal passes counter-clockwise (house rule: clockwise) through every
        seat, dropped-out players included."""
        step = -1 if state.rules["rotation"] == "counter_clockwise" else 1
        return state.players[(state.seat(dealer) + step) % len(state.players)]

    def _next_subgame(self, state: DreegState, losers: tuple[str, ...], notes: list[Note]) -> DreegState:
        """R3/R4: blobs to the losers; R2: everyone back to 7; R13: the losers choose the
        next dealer; R14: after eight sub-games the fewest blobs win."""
        blobs = tuple(b + (1 if p in losers else 0) for p, b in zip(state.players, state.blobs))
        record = SubGameRecord(state.subgame, state.subgame_type, losers, state.hands + 1)
        count = len(state.players)
        if state.subgame == len(ORDERS[state.rules["order"]]):
            fewest = min(blobs)
            winners = tuple(p for p, b in zip(state.players, blobs) if b == fewest)
            notes.append(Note("R14", "game_won", {"players": list(winners), "blobs": fewest}))
            return replace(state, strokes=(0,) * count, active=(), blobs=blobs, dealer=None, chooser=None,
                           subgames=(*state.subgames, record), hands=0, finished=True, winners=winners)
        following = state.order[state.subgame]
        notes.append(Note("R13", "choose_dealer", {"players": list(losers), "number": state.subgame + 1,
                                                   "subgame": following.value}))
        return replace(state, subgame=state.subgame + 1, strokes=(STROKES,) * count, active=state.players,
                       blobs=blobs, dealer=None, chooser=losers, subgames=(*state.subgames, record), hands=0)

    # --- snapshots -----------------------------------------------------------------

    def state_to_json(self, state: DreegState) -> dict[str, Any]:
        data = state.to_json()
        data["available"] = state.finished or state.subgame_type in AVAILABLE
        return data

    def state_from_json(self, data: Mapping[str, Any]) -> DreegState:
        return DreegState.from_json(data)

    def result_to_json(self, result: DreegResult) -> dict[str, Any]:
        return result.to_json()


# --- Deutsch (R5, R6, R10) -----------------------------------------------------------


def score_deutsch(facts: HandFacts, table: Table) -> tuple[dict[str, int], dict[str, int], list[Note]]:
    """R5: places by card points with melds (R10): 3/2/1/0, 2/1/0 or 1/0; ties by R6.
    With two players a claim of 66 ends the hand: right, the claimer erases 1; wrong,
    his opponent does."""
    counts = {name: facts.tricks[name] > 0 for name in table.active}  # R10: the melder's own trick
    added, notes = meld_points(facts, counts=counts)
    totals = {name: facts.points[name] + added[name] for name in table.active}
    if facts.claim is not None:
        due, claim_notes = _score_claim(facts.claim, totals, table)
        return totals, due, notes + claim_notes
    awards = DEUTSCH_AWARDS[table.size]
    notes.append(Note("R5", "deutsch_places", {"players": table.size, "awards": "/".join(map(str, awards))}))
    due, tie_notes = rank_places(totals, awards, last_trick=facts.last_trick, worst=min)
    return totals, due, notes + tie_notes


def _score_claim(claimer: str, totals: Mapping[str, int], table: Table) -> tuple[dict[str, int], list[Note]]:
    opponent = next(n for n in table.active if n != claimer)
    right = totals[claimer] >= CLAIM_TARGET
    winner = claimer if right else opponent
    code = "claim_right" if right else "claim_wrong"
    note = Note("R5", code, {"player": claimer, "total": totals[claimer], "opponent": opponent})
    return {claimer: 1 if right else 0, opponent: 0 if right else 1} | {winner: 1}, [note]
