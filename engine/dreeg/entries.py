"""What a table enters for one Dreeg hand (API.md, "dreeg").

An entry is either a summary (``points``, ``tricks``, ``last_trick``) or the hand trick
by trick (``plays``, T8), from which the engine derives the summary itself.  Fields
that belong to another sub-game are refused, so a typo never passes silently.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards.german import Card, Suit
from engine.tricks.melds import Meld


class _Unset:
    """Marks a field that was not given (``partner`` may be given as null)."""

    _instance: _Unset | None = None

    def __new__(cls) -> _Unset:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


@dataclass(frozen=True, slots=True)
class DreegEntry:
    """One Dreeg hand as entered.  Names are player names of the match."""

    dealer: str | None = None
    points: Mapping[str, int] | None = None
    tricks: Mapping[str, int] | None = None
    last_trick: str | None = None
    trump: Suit | None = None
    melds: tuple[Meld, ...] = ()
    claim: str | None = None
    closed_by: str | None = None  # two players: who closed the stock (T7)
    closed_after: int | None = None  # tricks played when it was closed (0-4)
    plays: tuple[tuple[Card, ...], ...] | None = None
    # Ace of Hearts
    declarer: str | None = None
    surrender: bool | None = None
    # Rufen
    caller: str | None = None
    called_card: Card | None = None
    partner: Any = UNSET  # str | None (caller alone) | UNSET
    # Kamerun
    durchmarsch: str | None = None

    def given(self) -> tuple[str, ...]:
        """Names of the fields that were filled in."""
        names = []
        for name in ("dealer", "points", "tricks", "last_trick", "trump", "claim", "closed_by", "closed_after", "plays",
                     "declarer", "surrender", "caller", "called_card", "durchmarsch"):
            if getattr(self, name) is not None:
                names.append(name)
        if self.melds:
            names.append("melds")
        if self.partner is not UNSET:
            names.append("partner")
        return tuple(names)
