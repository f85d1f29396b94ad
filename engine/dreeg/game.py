"""Dreeg: eight sub-games of Sixty-Six, scored with chalk strokes and blobs (seed 000).

``DreegGame.apply`` takes one hand through the rules in the order a table would:
is it this dealer's deal (R13)?  which sub-game is it (R1)?  what happened in the hand
(R15, T1-T8) and who is due how many strokes (R5-R12, :mod:`engine.dreeg.subgames`)?
who erases what (R2), who drops out or loses (R3, R4, R12), who gets the blob, and who
deals next (R13)?  After eight sub-games the fewest blobs win (R14).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.cards.german import GERMAN
from engine.dreeg.club import DreegClub
from engine.dreeg.entries import DreegEntry
from engine.dreeg.hand import HandFacts, Table
from engine.dreeg.referee import judge_hand, judge_play
from engine.dreeg.rules import HOUSE_RULES, ORDERS, STROKES, TRICKS_PER_HAND, SubGame
from engine.dreeg.scoring import erase
from engine.dreeg.slate import DreegSlate
from engine.dreeg.state import DreegState, SubGameRecord
from engine.dreeg.subgames import SUBGAMES, Scored, Side
from engine.errors import ConfigError, RuleViolation
from engine.game import Game, Judge, Note, Outcome, titles
from engine.tricks.seating import first_active_after, next_in_turn, turns_from


@dataclass(frozen=True, slots=True)
class Step:
    """R12: one step of a Kamerun hand: those due ``due`` strokes erase together."""

    due: int
    players: tuple[str, ...]
    losers: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"due": self.due, "players": list(self.players), "losers": list(self.losers)}


@dataclass(frozen=True, slots=True)
class DreegResult:
    """What one hand decided; ``needs`` is what the hand needed (the state's ``needs``
    before it), so a correction asks the same questions."""

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
    facts: HandFacts | None
    sides: tuple[Side, ...] = ()
    steps: tuple[Step, ...] = ()
    needs: Mapping[str, Any] | None = None

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
        if self.sides:
            data["sides"] = [s.to_json() for s in self.sides]
        if self.steps:
            data["steps"] = [s.to_json() for s in self.steps]
        if self.facts is not None and self.facts.played is not None:
            data["derived"] = {
                "points": dict(self.facts.points),
                "tricks": dict(self.facts.tricks),
                "last_trick": self.facts.last_trick,
                "melds": [{"player": m.player, "suit": str(m.suit), "trick": m.trick} for m in self.facts.melds],
                "winners": [t.winner for t in self.facts.played.tricks],
            }
        if self.needs is not None:
            data["needs"] = dict(self.needs)
        return data


class DreegGame(Game[DreegState, DreegEntry, DreegResult]):
    name = "dreeg"
    title = titles("dreeg")
    player_counts = (2, 3, 4)
    players_rule = "R2"
    money_rates = ("per_blob",)  # R37: cents per blob, paid into the club's kitty at the end of a Partie
    house_rules = HOUSE_RULES
    cards = GERMAN
    #: the referee's questions: "may I play this card?" and a disputed hand replayed
    referee: ClassVar[Mapping[str, Judge]] = {"play": judge_play, "hand": judge_hand}
    slate = DreegSlate()
    #: what a Partie counts for a club's members (R37, R38)
    club = DreegClub()

    # --- set-up --------------------------------------------------------------------

    def start(self, players: Sequence[str], *, rules: Mapping[str, str] | None = None,
              dealer: str | None = None) -> DreegState:
        """R2: two to four players at 7 strokes; R13: the drawn first dealer (default:
        the first player)."""
        names = self.check_players(players)
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
        kind = SUBGAMES[state.subgame_type]
        for name in entry.given():
            if name not in kind.fields:
                raise kind.refuse_field(name)
        forehand = first_active_after(state.players, state.active, dealer)
        table = Table(state.active, state.players, dealer, forehand, TRICKS_PER_HAND[len(state.active)])
        scored = kind.score(entry, table, state.rules)
        if kind.erasing_is_good:
            outcome = self._settle(state, table, scored)
        else:
            outcome = self._settle_kamerun(state, table, scored)
        return Outcome(outcome.state, replace(outcome.result, needs=self.needs(state)))

    def given(self, entry: DreegEntry) -> tuple[str, ...]:
        return entry.given()

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

    def _settle(self, state: DreegState, table: Table, scored: Scored) -> Outcome[DreegState, DreegResult]:
        """R2 (erase, capped), R3 (drop out at 0; the last one left gets the blob) and
        R13 (the deal passes on)."""
        notes = list(scored.notes)
        strokes = dict(zip(state.players, state.strokes))
        subtract, cap_notes = erase(strokes, scored.due)
        notes.extend(cap_notes)
        for name, gone in subtract.items():
            strokes[name] -= gone
        dropped = tuple(n for n in table.active if strokes[n] == 0)
        active = tuple(n for n in table.active if strokes[n] > 0)
        notes.extend(Note("R3", "dropped_out", {"player": n}) for n in dropped)
        losers: tuple[str, ...] = ()
        if len(active) == 1:
            losers = active
            notes.append(Note("R3", "subgame_lost", {"player": active[0], "number": state.subgame,
                                                     "subgame": state.subgame_type}))
        return self._outcome(state, table, scored, subtract, strokes, active, dropped, losers, notes)

    def _settle_kamerun(self, state: DreegState, table: Table, scored: Scored) -> Outcome[DreegState, DreegResult]:
        """R12 / R4: those due 3 erase first; if nobody has reached 0, those due 2; then
        those due 1.  The first step that brings anyone to 0 ends the sub-game: everyone
        it brought to 0 gets a blob, and the later steps are not applied."""
        notes = list(scored.notes)
        strokes = dict(zip(state.players, state.strokes))
        subtract = dict.fromkeys(table.active, 0)
        steps: list[Step] = []
        losers: tuple[str, ...] = ()
        for level in sorted({d for d in scored.due.values() if d > 0}, reverse=True):
            group = tuple(n for n in table.active if scored.due[n] == level)
            erased, cap_notes = erase(strokes, {n: level for n in group})
            notes.extend(cap_notes)
            subtract.update(erased)
            reached = tuple(n for n in group if strokes[n] - erased[n] == 0)
            steps.append(Step(level, group, reached))
            notes.append(Note("R12", "kamerun_step", {"due": level, "players": list(group)}))
            if reached:
                losers = reached
                later = [n for n in table.active if 0 < scored.due[n] < level]
                notes.append(Note("R4", "kamerun_lost", {"players": list(losers), "number": state.subgame,
                                                         "subgame": state.subgame_type}))
                if later:
                    notes.append(Note("R12", "kamerun_steps_stop", {"players": later}))
                break
        for name, gone in subtract.items():
            strokes[name] -= gone
        outcome = self._outcome(state, table, scored, subtract, strokes, table.active, (), losers, notes)
        return Outcome(outcome.state, replace(outcome.result, steps=tuple(steps)))

    def _outcome(self, state: DreegState, table: Table, scored: Scored, subtract: Mapping[str, int],
                 strokes: Mapping[str, int], active: tuple[str, ...], dropped: tuple[str, ...],
                 losers: tuple[str, ...], notes: list[Note]) -> Outcome[DreegState, DreegResult]:
        if losers:
            new_state = self._next_subgame(state, losers, notes, strokes=strokes, active=active)
        else:
            new_state = replace(
                state,
                strokes=tuple(strokes[p] for p in state.players),
                active=active,
                dealer=self._next_dealer(state, table.dealer),
                chooser=None,
                hands=state.hands + 1,
            )
        result = DreegResult(state.subgame, state.subgame_type, table.dealer, table.forehand, scored.totals,
                             scored.due, subtract, dropped, losers, tuple(notes), scored.facts, scored.sides)
        return Outcome(new_state, result)

    @staticmethod
    def _clockwise(state: DreegState) -> bool:
        return state.rules["rotation"] == "clockwise"

    def _next_dealer(self, state: DreegState, dealer: str) -> str:
        """R13: the deal passes counter-clockwise (house rule: clockwise) through every
        seat, dropped-out players included."""
        return next_in_turn(state.players, dealer, clockwise=self._clockwise(state))

    def _next_subgame(self, state: DreegState, losers: tuple[str, ...], notes: list[Note], *,
                      strokes: Mapping[str, int], active: tuple[str, ...]) -> DreegState:
        """R3/R4: blobs to the losers; R2: everyone back to 7; R13: the losers choose the
        next dealer; R14: after eight sub-games the fewest blobs win, and the slate stays
        as the last hand left it.  The record keeps the final slate of the sub-game."""
        blobs = tuple(b + (1 if p in losers else 0) for p, b in zip(state.players, state.blobs))
        final = {p: strokes[p] for p in state.players}
        record = SubGameRecord(state.subgame, state.subgame_type, losers, state.hands + 1, final)
        count = len(state.players)
        if state.subgame == len(ORDERS[state.rules["order"]]):
            fewest = min(blobs)
            winners = tuple(p for p, b in zip(state.players, blobs) if b == fewest)
            notes.append(Note("R14", "game_won", {"players": list(winners), "blobs": fewest}))
            return replace(state, strokes=tuple(final.values()), active=active, blobs=blobs, dealer=None,
                           chooser=None, subgames=(*state.subgames, record), hands=state.hands + 1, finished=True,
                           winners=winners)
        following = state.order[state.subgame]
        notes.append(Note("R13", "choose_dealer", {"players": list(losers), "number": state.subgame + 1,
                                                   "subgame": following}))
        return replace(state, subgame=state.subgame + 1, strokes=(STROKES,) * count, active=state.players,
                       blobs=blobs, dealer=None, chooser=losers, subgames=(*state.subgames, record), hands=0)

    # --- what the next hand needs ----------------------------------------------------

    def needs(self, state: DreegState) -> dict[str, Any] | None:  # type: ignore[override]
        """The next hand's form: its sub-game and active players, the fields it takes and
        must give, the sums (R15), who deals (R13: the loser's choice opens a sub-game)
        and who is forehand for each possible dealer, who may claim (R5, R8), close (T7)
        or announce Durchmarsch (R12), and the dealers of the hands after it (the deal
        passes on unless a sub-game ends).  ``None`` once the game is over (R14)."""
        if state.finished:
            return None
        kind = SUBGAMES[state.subgame_type]
        dealers = (state.dealer,) if state.dealer is not None else state.players
        forehands = {d: first_active_after(state.players, state.active, d) for d in dealers}
        dealer = dealers[0]
        table = Table(state.active, state.players, dealer, forehands[dealer], state.tricks_per_hand)
        clockwise = self._clockwise(state)
        return {
            "subgame": {"number": state.subgame, "type": state.subgame_type.value},
            "hand": state.hands + 1,
            "players": list(state.active),
            "dealer": state.dealer,
            "choose_dealer": list(state.chooser or ()) if state.dealer is None else None,
            "dealers": list(dealers),
            "forehand": forehands,
            "next_dealers": list(turns_from(state.players, next_in_turn(state.players, state.dealer,
                                                                        clockwise=clockwise), clockwise=clockwise))
            if state.dealer is not None else None,
            "sums": {"points": table.shape.points, "tricks": state.tricks_per_hand},
            **kind.needs(table, state.rules, forehands=forehands),
        }

    # --- snapshots -----------------------------------------------------------------

    def state_to_json(self, state: DreegState) -> dict[str, Any]:
        return {**state.to_json(), "needs": self.needs(state)}

    def state_from_json(self, data: Mapping[str, Any]) -> DreegState:
        return DreegState.from_json(data)

    def result_to_json(self, result: DreegResult) -> dict[str, Any]:
        return result.to_json()
