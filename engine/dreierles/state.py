"""Where an evening of Dreierles stands between two deals: the ledger (R29) and the deal."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.dreierles.rules import HOUSE_RULES
from engine.dreierles.seats import Seating, seating


@dataclass(frozen=True, slots=True)
class DreierlesState:
    """``balance`` (Fach won, negative: owed) follows ``players``; it always sums to zero.
    ``dealer`` deals the next deal."""

    players: tuple[str, ...]
    rules: Mapping[str, str]
    dealer: str
    balance: tuple[int, ...] = ()
    deals: int = 0

    @property
    def seating(self) -> Seating:
        return seating(self.players, self.dealer, self.rules["next_dealer"])

    def to_json(self) -> dict[str, Any]:
        seats = self.seating
        return {
            "balance": dict(zip(self.players, self.balance)),
            "dealer": self.dealer,
            "sitting_out": list(seats.sitting_out),
            "active": list(seats.active),
            "forehand": seats.forehand,
            "deals": self.deals,
            "players": list(self.players),
            "rules": dict(self.rules),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DreierlesState:
        """A snapshot; a house rule added since it was taken reads as its default."""
        players = tuple(data["players"])
        rules = {**{rule.name: rule.default for rule in HOUSE_RULES}, **data["rules"]}
        return cls(players, rules, data["dealer"], tuple(data["balance"][p] for p in players), data["deals"])
