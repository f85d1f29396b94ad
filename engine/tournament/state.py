"""A tournament between entries: who bought how many cards, who holds how many now,
the rounds drawn with their pairings, the commitment waiting for the next draw.

Players are kept in purchase order (the order of their first sale; a player whose
sales are all taken back leaves it).  A pairing is numbered like its table; its
players are ``(left holder, right holder)``, ``(a,)`` for a bye and ``(a, a)`` when a
player meets himself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.names import name_key
from engine.tournament.config import Config

BYE, SELF, HAND, MATCH = "bye", "self", "hand", "match"
SALES, PLAYING, FINISHED = "sales", "playing", "finished"


@dataclass(frozen=True, slots=True)
class Pairing:
    number: int
    players: tuple[str, ...]
    winner: str | None = None
    by: str | None = None  # bye, self, hand, match; None while it waits for a result

    @property
    def bye(self) -> bool:
        return len(self.players) == 1

    @property
    def self_pairing(self) -> bool:
        return len(self.players) == 2 and self.players[0] == self.players[1]

    @property
    def loser(self) -> str | None:
        """The holder of the card that falls here (none at a bye or while undecided)."""
        if self.winner is None or self.bye:
            return None
        if self.self_pairing:
            return self.winner
        return self.players[1] if self.winner == self.players[0] else self.players[0]

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "players": list(self.players), "bye": self.bye, "self": self.self_pairing,
                "winner": self.winner, "loser": self.loser, "by": self.by}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Pairing:
        return cls(data["number"], tuple(data["players"]), data["winner"], data["by"])


@dataclass(frozen=True, slots=True)
class Round:
    """A round as drawn: ``cards`` in play (round 1: every card issued, sold or not),
    the draw's seed and published hash (a computed draw) and every player's numbers in
    the order drawn."""

    number: int
    cards: int
    numbers: Mapping[str, tuple[str, ...]]
    pairings: tuple[Pairing, ...]
    seed: str | None = None
    hash: str | None = None

    @property
    def waiting(self) -> list[int]:
        return [p.number for p in self.pairings if p.winner is None]

    @property
    def complete(self) -> bool:
        return all(p.winner is not None for p in self.pairings)

    @property
    def played(self) -> bool:
        """Whether any of its pairings was decided by playing (a match, or a result by hand)."""
        return any(p.by in (HAND, MATCH) for p in self.pairings)

    def fallen(self) -> list[tuple[int, str]]:
        """The cards that fell in this round: (table, holder), by table."""
        return [(p.number, p.loser) for p in self.pairings if p.loser is not None]

    def to_json(self) -> dict[str, Any]:
        return {"round": self.number, "cards": self.cards, "seed": self.seed, "hash": self.hash,
                "numbers": {name: list(drawn) for name, drawn in self.numbers.items()},
                "pairings": [p.to_json() for p in self.pairings]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Round:
        return cls(data["round"], data["cards"], {name: tuple(drawn) for name, drawn in data["numbers"].items()},
                   tuple(Pairing.from_json(p) for p in data["pairings"]), data["seed"], data["hash"])


@dataclass(frozen=True, slots=True)
class TournamentState:
    """``bought`` and ``held`` follow purchase order; ``out`` is the round each player who
    holds no card any more lost his last one in; ``commit`` the hash published for the
    next computed draw; ``settled`` the order a tied band was settled in."""

    config: Config
    bought: Mapping[str, int] = field(default_factory=dict)
    held: Mapping[str, int] = field(default_factory=dict)
    out: Mapping[str, int] = field(default_factory=dict)
    rounds: tuple[Round, ...] = ()
    commit: str | None = None
    settled: tuple[str, ...] | None = None

    @property
    def sold(self) -> int:
        return sum(self.bought.values())

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def phase(self) -> str:
        if not self.rounds:
            return SALES
        if self.current is not None and self.current.complete and sum(self.held.values()) == 1:
            return FINISHED
        return PLAYING

    @property
    def winner(self) -> str | None:
        if self.phase != FINISHED:
            return None
        return next(name for name, cards in self.held.items() if cards)

    def key(self, name: str) -> str | None:
        """The player called ``name`` as first written (names differ only by case or
        invisible characters name one player)."""
        wanted = name_key(name)
        return next((known for known in self.bought if name_key(known) == wanted), None)
