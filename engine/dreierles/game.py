"""Dreierles: three play each deal of a table of three to five, counted in threes, the
game's value in Fach settled on a running ledger (seed 002).

``DreierlesGame.apply`` takes a deal through the rules in the order the club would: is it
this dealer's deal and who sits out (R32)?  what was played, and is the entry possible
(R25-R28, R30)?  what is it worth and who pays whom (R27-R31)?  The ledger moves by the
settlement, which always sums to zero, and the deal passes on (R32).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.cards.cego import CEGO
from engine.dreierles.club import DreierlesClub
from engine.dreierles.counting import reachable
from engine.dreierles.entries import DECLARER_FIELDS, DRESCHER_FIELDS, RAEUBER_FIELDS, DreierlesEntry
from engine.dreierles.pile import points_bounds
from engine.dreierles.referee import judge_count
from engine.dreierles.rules import (
    BLINDER,
    DECLARER_GAMES,
    EIGHTFOLD,
    EXTRA_FACH,
    HOUSE_RULES,
    TOTAL,
    TRICKS,
    TYPE_FACH,
    WIN_FROM,
    Extra,
    GameType,
)
from engine.dreierles.scoring import Parts, Scored, fach_from_points, score
from engine.dreierles.seats import dealers_from, next_dealer
from engine.dreierles.slate import DreierlesSlate
from engine.dreierles.state import DreierlesState
from engine.errors import ConfigError, RuleViolation
from engine.game import Game, Judge, Note, Outcome, titles


@dataclass(frozen=True, slots=True)
class DreierlesResult:
    """What one deal decided; ``needs`` is what it needed (for a correction)."""

    deal: int
    dealer: str
    active: tuple[str, ...]
    sitting_out: tuple[str, ...]
    forehand: str
    game: GameType
    declarer: str | None
    scored: Scored
    balance: Mapping[str, int]
    needs: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        s = self.scored
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "active": list(self.active),
            "sitting_out": list(self.sitting_out),
            "forehand": self.forehand,
            "game": self.game.value,
            "declarer": self.declarer,
            "declarer_points": s.declarer_points,
            "defender_points": None if s.declarer_points is None else TOTAL - s.declarer_points,
            "won": s.won,
            "fach": s.fach,
            "parts": s.parts.to_json() if s.parts else None,
            "settlement": dict(s.settlement),
            "balance": dict(self.balance),
            "notes": [n.to_json() for n in s.notes],
            **({"needs": dict(self.needs)} if self.needs is not None else {}),
        }


class DreierlesGame(Game[DreierlesState, DreierlesEntry, DreierlesResult]):
    name = "dreierles"
    title = titles("dreierles")
    player_counts = (3, 4, 5)
    players_rule = "R32"
    money_rates = ("per_fach",)  # R37: each deal's settlement (R29) times the rate, in cents
    house_rules = HOUSE_RULES
    cards = CEGO
    #: the referee's question: what is this pile worth, counted in threes?
    referee: ClassVar[Mapping[str, Judge]] = {"count": judge_count}
    slate = DreierlesSlate()
    #: what each deal counts for a club's members (R37, R38)
    club = DreierlesClub()

    def start(self, players: Sequence[str], *, rules: Mapping[str, str] | None = None,
              dealer: str | None = None) -> DreierlesState:
        """R32: three to five at the table; the first dealer drawn (default: the first player)."""
        names = self.check_players(players)
        resolved = self.resolve_rules(rules)
        first = names[0] if dealer is None else dealer.strip()
        if first not in names:
            raise ConfigError("unknown_player", rule="R32", field="dealer", name=dealer)
        return DreierlesState(names, resolved, first, (0,) * len(names))

    def apply(self, state: DreierlesState, entry: DreierlesEntry) -> Outcome[DreierlesState, DreierlesResult]:
        if entry.dealer is not None and entry.dealer != state.dealer:
            if entry.dealer not in state.players:
                raise RuleViolation("unknown_player", rule="R32", field="dealer", name=entry.dealer)
            raise RuleViolation("dl_dealer_out_of_turn", rule="R32", field="dealer", given=entry.dealer,
                                expected=state.dealer)
        seats = state.seating
        scored = score(entry, seats, state.players, state.rules)
        assert sum(scored.settlement.values()) == 0
        notes = list(scored.notes)
        if seats.sitting_out:
            notes.append(Note("R32", "dl_sat_out", {"players": list(seats.sitting_out)}))
        scored = replace(scored, notes=notes)
        balance = tuple(b + scored.settlement[p] for p, b in zip(state.players, state.balance))
        new_state = replace(state, balance=balance, dealer=next_dealer(state.players, state.dealer,
                                                                       state.rules["next_dealer"]),
                            deals=state.deals + 1)
        assert entry.game is not None
        result = DreierlesResult(state.deals + 1, state.dealer, seats.active, seats.sitting_out, seats.forehand,
                                 entry.game, entry.declarer, scored, dict(zip(state.players, balance)),
                                 self.needs(state))
        return Outcome(new_state, result)

    def given(self, entry: DreierlesEntry) -> tuple[str, ...]:
        return entry.given()

    def needs(self, state: DreierlesState) -> dict[str, Any]:
        """The next deal's form: who deals, sits out and leads (R32), the games and where
        each extra applies (R28), the Fach table the phone shows live (R27-R29, R31), the
        points a declarer's pile can count in each game (R26, R28; anything from 0 to 70
        with a discard error, R31), and the sums of a Räuber (R30: without the Blinder the
        three make 70 less what six cards can count)."""
        seats = state.seating
        ladder = TYPE_FACH[state.rules["ladder"]]
        extras = {str(e): [str(g) for g in e.games] for e in Extra
                  if e is not Extra.EINUNDZWANZIG_LAST or state.rules["einundzwanzig_last"] == "true"}
        blind = [b for b in range(TOTAL + 1) if reachable(b, BLINDER)]
        blind_rest = state.rules["blind_rest"]
        after = next_dealer(state.players, state.dealer, state.rules["next_dealer"])
        return {
            "deal": state.deals + 1,
            "dealer": state.dealer,
            "forehand": seats.forehand,
            "active": list(seats.active),
            "sitting_out": list(seats.sitting_out),
            "next_dealers": list(dealers_from(state.players, after, state.rules["next_dealer"])),
            "games": [g.value for g in GameType],
            "discards": [g.value for g in GameType if g.discards],
            "extras": extras,
            "fach": {
                "won_from": WIN_FROM,
                "won": [[p, fach_from_points(p)] for p in range(WIN_FROM, TOTAL + 1)
                        if p == WIN_FROM or fach_from_points(p) != fach_from_points(p - 1)],
                "type": {g.value: n for g, n in ladder.items()},
                "extra": EXTRA_FACH,
                "lost_double": state.rules["lost_double"] == "true",
                "eightfold": EIGHTFOLD,
                "durchmarsch": TOTAL,
            },
            "fields": {"declarer": sorted(DECLARER_FIELDS), "raeuber": sorted(RAEUBER_FIELDS),
                       "drescher": sorted(DRESCHER_FIELDS)},
            "total": TOTAL,
            "tricks": TRICKS,
            "blind_rest": blind_rest,
            "declarer_points": {g.value: list(points_bounds(g, blind_rest)) for g in DECLARER_GAMES},
            "discard_error_points": [0, TOTAL],
            "blind_points": [min(blind), max(blind)],
            "raeuber_blind": state.rules["raeuber_blind"],
            "raeuber_points": [TOTAL, TOTAL] if state.rules["raeuber_blind"] == "last_trick"
            else [TOTAL - max(blind), TOTAL - min(blind)],
        }

    def state_to_json(self, state: DreierlesState) -> dict[str, Any]:
        return {**state.to_json(), "needs": self.needs(state)}

    def state_from_json(self, data: Mapping[str, Any]) -> DreierlesState:
        return DreierlesState.from_json(data)

    def result_to_json(self, result: DreierlesResult) -> dict[str, Any]:
        return result.to_json()


__all__ = ["DreierlesGame", "DreierlesResult", "Parts"]
