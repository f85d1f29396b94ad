"""The Obers' engine side: a hand is entered trick by trick (T8) and replayed in the
game's order; its referee answers "may I play this card?" and replays a disputed hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from engine.cards.german import GERMAN_32, Card
from engine.errors import RuleViolation
from engine.game import Game, Note, Outcome
from engine.tricks.play import TrickRules, replay
from engine.tricks.referee import HandRuling, PlayRuling
from engine.tricks.referee import judge_play as judge_trick_play
from tests.tricks_game.order import ORDER

#: T1 in the Obers' order: no trump suit, the order says what is a trump.
RULES = TrickRules(order=ORDER)
PLAYERS = 4
TRICKS = 8


@dataclass(frozen=True, slots=True)
class ObersEntry:
    leader: str
    plays: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class ObersState:
    players: tuple[str, ...]
    rules: Mapping[str, str]
    points: tuple[int, ...]
    hands: int = 0


@dataclass(frozen=True, slots=True)
class ObersResult:
    points: Mapping[str, int]
    tricks: Mapping[str, int]
    last_trick: str | None
    notes: tuple[Note, ...] = field(default=())


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(players)
    if len(names) != PLAYERS or len(set(names)) != PLAYERS:
        raise RuleViolation("obers_four_players", field="players")
    return names


def judge_play(*, hand: Sequence[Card], trick: Sequence[Card], card: Card) -> PlayRuling:
    """May ``card`` be played from ``hand`` to ``trick``?  T1 in the Obers' order."""
    return judge_trick_play(RULES, hand=hand, trick=trick, card=card)


def judge_hand(*, players: Sequence[str], leader: str, plays: Sequence[Sequence[Card]]) -> HandRuling:
    """A disputed hand replayed: every broken rule, each trick's winner, the totals."""
    names = check_players(players)
    if leader not in names:
        raise RuleViolation("unknown_player", field="leader", name=leader)
    played = replay(names, leader, plays, rules=RULES, strict=False)
    return HandRuling(played, {"leader": leader, "plays": [[str(c) for c in t.cards] for t in played.tricks]})


class Obers(Game[ObersState, ObersEntry, ObersResult]):
    name = "obers"
    title = MappingProxyType({"en": "Obers", "de": "Obers"})
    player_counts = (PLAYERS,)
    cards = GERMAN_32
    referee = MappingProxyType({"play": judge_play, "hand": judge_hand})

    def start(self, players: Sequence[str], *, rules: Mapping[str, str] | None = None,
              dealer: str | None = None) -> ObersState:
        names = self.check_players(players)
        return ObersState(names, self.resolve_rules(rules), (0,) * len(names))

    def apply(self, state: ObersState, entry: ObersEntry) -> Outcome[ObersState, ObersResult]:
        if entry.leader not in state.players:
            raise RuleViolation("unknown_player", field="leader", name=entry.leader)
        if len(entry.plays) != TRICKS:
            raise RuleViolation("obers_eight_tricks", rule="T8", field="plays", got=len(entry.plays))
        played = replay(state.players, entry.leader, entry.plays, rules=RULES)
        points = tuple(total + played.points[name] for name, total in zip(state.players, state.points))
        result = ObersResult(dict(played.points), dict(played.tricks_won), played.last_trick)
        return Outcome(replace(state, points=points, hands=state.hands + 1), result)

    def given(self, entry: ObersEntry) -> tuple[str, ...]:
        return ("leader", "plays")

    def needs(self, state: ObersState) -> dict[str, Any]:
        return {"fields": ["leader", "plays"], "players": list(state.players), "tricks": TRICKS}

    def state_to_json(self, state: ObersState) -> dict[str, Any]:
        return {"players": list(state.players), "rules": dict(state.rules),
                "points": dict(zip(state.players, state.points)), "hands": state.hands, "needs": self.needs(state)}

    def state_from_json(self, data: Mapping[str, Any]) -> ObersState:
        players = tuple(data["players"])
        return ObersState(players, dict(data["rules"]), tuple(data["points"][p] for p in players), data["hands"])

    def result_to_json(self, result: ObersResult) -> dict[str, Any]:
        return {"points": dict(result.points), "tricks": dict(result.tricks), "last_trick": result.last_trick,
                "notes": [n.to_json() for n in result.notes]}


GAME = Obers()
