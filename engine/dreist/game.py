"""DREIst!: a series of games (R33) or a solo run against Egon (R34), and the laying referee
and Egon (R35, :mod:`engine.dreist.laying`, :mod:`engine.dreist.egon`).

A series entry is the cards each player had left when a game ended (the finisher 0); the
totals add up and the lowest wins the series.  A solo entry says whether the player beat
Egon in game n (48 + 2n cards against 48 - 2n); the run ends at the first loss.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from engine.cards.dreist import NUMBER_CARDS
from engine.dreist.club import DreistClub
from engine.dreist.egon import judge_egon
from engine.dreist.laying import judge_lay
from engine.dreist.rules import CARDS, HOUSE_RULES, SOLO_BASE, SOLO_LAST_GAME, SOLO_STEP, rating
from engine.dreist.slate import DreistSlate
from engine.errors import ConfigError, Problems, RuleViolation
from engine.game import Game, Judge, Note, Outcome, titles
from engine.i18n import Term


@dataclass(frozen=True, slots=True)
class DreistEntry:
    remaining: Mapping[str, int] | None = None
    abandoned: bool | None = None
    won: bool | None = None

    def given(self) -> tuple[str, ...]:
        return tuple(name for name in ("remaining", "abandoned", "won") if getattr(self, name) is not None)


@dataclass(frozen=True, slots=True)
class DreistState:
    players: tuple[str, ...]
    rules: Mapping[str, str]
    starter: str  # the starting player of game 1 (series)
    games: int = 0
    totals: tuple[int, ...] = ()
    best: int | None = None
    finished: bool = False

    @property
    def solo(self) -> bool:
        return self.rules["mode"] == "solo"

    @property
    def starting_player(self) -> str | None:
        """R33: the starting player rotates clockwise, one game each."""
        if self.solo or self.finished:
            return None
        return self.players[(self.players.index(self.starter) + self.games) % len(self.players)]

    @property
    def leaders(self) -> tuple[str, ...]:
        low = min(self.totals)
        return tuple(p for p, t in zip(self.players, self.totals) if t == low)

    def to_json(self) -> dict[str, Any]:
        common = {"players": list(self.players), "rules": dict(self.rules), "finished": self.finished,
                  "dealer": self.starter}  # API.md: `dealer` at creation names the starting player
        if self.solo:
            n = min(self.games + 1, SOLO_LAST_GAME)  # the game to play, or the last one played
            return {**common, "game": n, "player_cards": SOLO_BASE + SOLO_STEP * n,
                    "egon_cards": SOLO_BASE - SOLO_STEP * n, "best": self.best, "rating": rating(self.best),
                    "games_won": self.games}
        return {**common, "totals": dict(zip(self.players, self.totals)), "games": self.games,
                "starting_player": self.starting_player, "starter": self.starter,
                "leaders": list(self.leaders) if self.games else [], "series_length": len(self.players)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DreistState:
        players = tuple(data["players"])
        rules = dict(data["rules"])
        if rules["mode"] == "solo":
            return cls(players, rules, players[0], data["game"] - 1, (), data["best"], data["finished"])
        return cls(players, rules, data["starter"], data["games"], tuple(data["totals"][p] for p in players),
                   None, data["finished"])


@dataclass(frozen=True, slots=True)
class DreistResult:
    game: int
    notes: tuple[Note, ...]
    remaining: Mapping[str, int] = field(default_factory=dict)
    won: bool | None = None
    cards: int | None = None
    needs: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game, "notes": [n.to_json() for n in self.notes]}
        if self.remaining:
            data["remaining"] = dict(self.remaining)
        if self.won is not None:
            data.update(won=self.won, cards=self.cards)
        if self.needs is not None:
            data["needs"] = dict(self.needs)
        return data


class DreistGame(Game[DreistState, DreistEntry, DreistResult]):
    name = "dreist"
    title = titles("dreist")
    player_counts = (1, 2, 3, 4, 5)
    players_rule = "R33"
    money_rates = ("per_point",)  # R37: cents per point of a series' difference, paid to its winner
    house_rules = HOUSE_RULES
    cards = NUMBER_CARDS
    #: the referee's questions: a laying judged (R35), and Egon's turn (R35, solo)
    referee: ClassVar[Mapping[str, Judge]] = {"dreist": judge_lay, "egon": judge_egon}
    slate = DreistSlate()
    #: what each game counts for a club's members (R37, R38)
    club = DreistClub()

    def catalogue_json(self) -> dict[str, Any]:
        return {**super().catalogue_json(), "variants": ["series", "solo"]}

    def start(self, players: Sequence[str], *, rules: Mapping[str, str] | None = None,
              dealer: str | None = None) -> DreistState:
        """R33: two to five in a series; one player against Egon (R34); ``dealer`` names the
        starting player of game 1."""
        names = self.check_players(players)
        resolved = self.resolve_rules(rules)
        if resolved["mode"] == "solo" and len(names) != 1:
            raise ConfigError("dreist_solo_one", rule="R34", field="players", count=len(names))
        if resolved["mode"] == "series" and len(names) < 2:
            raise ConfigError("dreist_series_players", rule="R33", field="players", count=len(names))
        first = names[0] if dealer is None else dealer.strip()
        if first not in names:
            raise ConfigError("unknown_player", rule="R33", field="dealer", name=dealer)
        return DreistState(names, resolved, first, totals=(0,) * len(names))

    def apply(self, state: DreistState, entry: DreistEntry) -> Outcome[DreistState, DreistResult]:
        if state.finished:
            raise RuleViolation("dreist_finished", rule="R34" if state.solo else "R33", field=None)
        needs = self.needs(state)
        outcome = self._solo(state, entry) if state.solo else self._series(state, entry)
        return Outcome(outcome.state, replace(outcome.result, needs=needs))

    def _series(self, state: DreistState, entry: DreistEntry) -> Outcome[DreistState, DreistResult]:
        """R33: the cards each had left; exactly one at 0 unless abandoned (then nobody);
        no count above the cards that exist."""
        if entry.won is not None:
            raise RuleViolation("dreist_field_mode", rule="R33", field="won")
        if entry.remaining is None:
            raise RuleViolation("dreist_remaining_required", rule="R33", field="remaining")
        problems = Problems()
        in_play = CARDS - CARDS % len(state.players)
        for name in entry.remaining:
            if name not in state.players:
                problems.add(RuleViolation("unknown_player", field=f"remaining.{name}", name=name))
        for name in state.players:
            if name not in entry.remaining:
                problems.add(RuleViolation("dreist_remaining_missing", rule="R33", field=f"remaining.{name}",
                                           player=name))
            elif not 0 <= entry.remaining[name] <= in_play:
                problems.add(RuleViolation("dreist_remaining_range", rule="R33", field=f"remaining.{name}",
                                           player=name, most=in_play))
        problems.check()
        remaining = {p: entry.remaining[p] for p in state.players}
        if sum(remaining.values()) > in_play:
            raise RuleViolation("dreist_remaining_sum", rule="R33", field="remaining", total=sum(remaining.values()),
                                most=in_play)
        out = [p for p, n in remaining.items() if n == 0]
        if entry.abandoned:
            if out:
                raise RuleViolation("dreist_abandoned_finisher", rule="R33", field="abandoned", players=out)
        elif not out:
            raise RuleViolation("dreist_no_finisher", rule="R33", field="remaining")
        elif len(out) > 1:
            raise RuleViolation("dreist_one_finisher", rule="R33", field="remaining", players=out, n=len(out))
        totals = tuple(t + remaining[p] for p, t in zip(state.players, state.totals))
        number = state.games + 1
        notes = [Note("R33", "dreist_abandoned" if entry.abandoned else "dreist_finisher",
                      {"player": out[0] if out else "", "number": number})]
        finished = number >= len(state.players)
        new_state = replace(state, games=number, totals=totals, finished=finished)
        if finished:
            notes.append(Note("R33", "dreist_series_won", {"players": list(new_state.leaders),
                                                           "total": min(totals)}))
        return Outcome(new_state, DreistResult(number, tuple(notes), remaining))

    def _solo(self, state: DreistState, entry: DreistEntry) -> Outcome[DreistState, DreistResult]:
        """R34: game n with 48 + 2n cards against 48 - 2n; the run ends at the first game
        Egon wins, or after game 23."""
        if entry.remaining is not None or entry.abandoned is not None:
            raise RuleViolation("dreist_field_mode", rule="R34",
                                field="remaining" if entry.remaining is not None else "abandoned")
        if entry.won is None:
            raise RuleViolation("dreist_won_required", rule="R34", field="won")
        number = state.games + 1
        cards = SOLO_BASE + SOLO_STEP * number
        if entry.won:
            best = cards
            finished = number >= SOLO_LAST_GAME
            notes = [Note("R34", "dreist_solo_won", {"number": number, "cards": cards, "egon": 96 - cards})]
            new_state = replace(state, games=number, best=best, finished=finished)
        else:
            notes = [Note("R34", "dreist_solo_lost", {"number": number, "cards": cards, "egon": 96 - cards})]
            new_state = replace(state, finished=True)
        if new_state.finished:
            verdict = rating(new_state.best)
            notes.append(Note("R34", "dreist_rating" if verdict else "dreist_no_rating",
                              {"best": new_state.best or 0,
                               "rating": Term(f"dreist_rating_{verdict}") if verdict else ""}))
        return Outcome(new_state, DreistResult(number, tuple(notes), won=entry.won, cards=cards))

    def given(self, entry: DreistEntry) -> tuple[str, ...]:
        return entry.given()

    def needs(self, state: DreistState) -> dict[str, Any] | None:  # type: ignore[override]
        if state.finished:
            return None
        if state.solo:
            n = state.games + 1
            return {"mode": "solo", "game": n, "player_cards": SOLO_BASE + SOLO_STEP * n,
                    "egon_cards": SOLO_BASE - SOLO_STEP * n, "fields": ["won"], "last_game": SOLO_LAST_GAME}
        return {"mode": "series", "game": state.games + 1, "starting_player": state.starting_player,
                "players": list(state.players), "fields": ["remaining", "abandoned"],
                "most": CARDS - CARDS % len(state.players), "games": len(state.players)}

    def state_to_json(self, state: DreistState) -> dict[str, Any]:
        return {**state.to_json(), "needs": self.needs(state)}

    def state_from_json(self, data: Mapping[str, Any]) -> DreistState:
        return DreistState.from_json(data)

    def result_to_json(self, result: DreistResult) -> dict[str, Any]:
        return result.to_json()
