"""What a table enters for one deal of Dreierles (API.md, "dreierles")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.cards.cego import CegoCard
from engine.dreierles.rules import Extra, GameType


@dataclass(frozen=True, slots=True)
class DreierlesEntry:
    """One deal as entered.  Names are player names of the match."""

    game: GameType | None = None
    dealer: str | None = None
    declarer: str | None = None
    declarer_points: int | None = None
    cards: tuple[CegoCard, ...] | None = None
    extras: tuple[Extra, ...] | None = None
    discard_error: bool | None = None
    points: Mapping[str, int] | None = None
    tricks: Mapping[str, int] | None = None
    last_trick: str | None = None
    blind_points: int | None = None

    def given(self) -> tuple[str, ...]:
        """Names of the fields that were filled in."""
        return tuple(name for name in FIELDS if getattr(self, name) is not None)


FIELDS = ("dealer", "game", "declarer", "declarer_points", "cards", "extras", "discard_error", "points", "tricks",
          "last_trick", "blind_points")
#: The fields each kind of game takes besides ``game`` and ``dealer`` (R28, R30).
DECLARER_FIELDS = frozenset({"declarer", "declarer_points", "cards", "extras", "discard_error"})
RAEUBER_FIELDS = frozenset({"points", "tricks", "last_trick", "blind_points"})
DRESCHER_FIELDS = frozenset({"last_trick", "points", "tricks"})
