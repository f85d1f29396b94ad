"""Where a match of Sixty-Six stands between two deals: the Bummerl counter (R22)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.sixtysix.rules import BUMMERL_POINTS, DECKS, Deck, Variant


@dataclass(frozen=True, slots=True)
class BummerlRecord:
    """A finished Bummerl: who won it, who got it (``count``: 2 for a Schneider unless in
    tournament mode), the deals it took and the score its last deal left."""

    number: int
    winner: str
    loser: str
    count: int
    schneider: bool
    deals: int
    score: Mapping[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "winner": self.winner, "loser": self.loser, "count": self.count,
                "schneider": self.schneider, "deals": self.deals, "score": dict(self.score)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BummerlRecord:
        return cls(data["number"], data["winner"], data["loser"], data["count"], data["schneider"], data["deals"],
                   dict(data.get("score") or {}))


@dataclass(frozen=True, slots=True)
class SixtySixState:
    """A match between deals.  ``score`` counts down from 7 in the running Bummerl,
    ``bummerl`` counts the Bummerl each player has received; both follow ``players``.
    ``dealer`` deals the next deal (``None`` once the match is over); ``carry`` is the
    tie bonus waiting (R21)."""

    players: tuple[str, str]
    rules: Mapping[str, str]
    score: tuple[int, int] = (BUMMERL_POINTS, BUMMERL_POINTS)
    bummerl: tuple[int, int] = (0, 0)
    dealer: str | None = ""
    carry: int = 0
    deals: int = 0
    deals_in_bummerl: int = 0
    bummerls: tuple[BummerlRecord, ...] = ()
    finished: bool = False
    winner: str | None = None

    @property
    def variant(self) -> Variant:
        return Variant(self.rules["variant"])

    @property
    def deck(self) -> Deck:
        return DECKS[self.variant]

    @property
    def target(self) -> int:
        return int(self.rules["bummerl"])

    @property
    def tournament(self) -> bool:
        return self.rules["tournament"] == "true"

    def other(self, name: str) -> str:
        return self.players[1] if name == self.players[0] else self.players[0]

    @property
    def forehand(self) -> str | None:
        """The dealer's opponent leads the first trick."""
        return None if self.dealer is None else self.other(self.dealer)

    def score_of(self, name: str) -> int:
        return self.score[self.players.index(name)]

    def bummerl_of(self, name: str) -> int:
        return self.bummerl[self.players.index(name)]

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant.value,
            "score": dict(zip(self.players, self.score)),
            "bummerl": dict(zip(self.players, self.bummerl)),
            "dealer": self.dealer,
            "forehand": self.forehand,
            "carry": self.carry,
            "finished": self.finished,
            "winner": self.winner,
            "deals": self.deals,
            "bummerl_number": len(self.bummerls) + (0 if self.finished else 1),
            "deals_in_bummerl": self.deals_in_bummerl,
            "target": self.target,
            "bummerls": [b.to_json() for b in self.bummerls],
            "players": list(self.players),
            "rules": dict(self.rules),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SixtySixState:
        players = tuple(data["players"])
        assert len(players) == 2
        a, b = players
        return cls(
            players=(a, b),
            rules=dict(data["rules"]),
            score=(data["score"][a], data["score"][b]),
            bummerl=(data["bummerl"][a], data["bummerl"][b]),
            dealer=data["dealer"],
            carry=data["carry"],
            deals=data["deals"],
            deals_in_bummerl=data["deals_in_bummerl"],
            bummerls=tuple(BummerlRecord.from_json(r) for r in data["bummerls"]),
            finished=data["finished"],
            winner=data["winner"],
        )
