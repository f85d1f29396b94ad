"""What a table enters for one deal of Sixty-Six or Schnapsen (API.md, "sixtysix").

A deal is entered as a summary (how it ended, the card points and tricks, the few facts
that ending needs), trick by trick (``plays``, T8), from which the engine derives the
summary, the ending and any Renonce itself, or quickly: who won and his game points,
without figures (``winner``, ``game_points``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.cards.german import Card, Suit
from engine.i18n import render
from engine.tricks.melds import Meld


class Ending(Enum):
    """How a deal ended: a claim of 66 (R17, R18), played out (R21), the stock closed
    (R19) or a Renonce (R20)."""

    CLAIM = "claim"
    PLAYED_OUT = "played_out"
    CLOSED = "closed"
    RENONCE = "renonce"

    def __str__(self) -> str:
        return self.value

    def name_in(self, lang: str) -> str:
        return render(f"ending_{self.value}", lang, {})


@dataclass(frozen=True, slots=True)
class AtClose:
    """The closer's opponent's card points (in tricks) and tricks when the stock was closed."""

    points: int
    tricks: int


@dataclass(frozen=True, slots=True)
class Exchange:
    """T7: ``player`` exchanged the lowest trump for the face-up trump card on lead
    ``trick`` (1-based; ``None``: not said)."""

    player: str
    trick: int | None = None


@dataclass(frozen=True, slots=True)
class SixtySixEntry:
    """One deal as entered.  Names are player names of the match."""

    dealer: str | None = None
    ended_by: Ending | None = None
    points: dict[str, int] | None = None
    tricks: dict[str, int] | None = None
    trump: Suit | None = None
    melds: tuple[Meld, ...] = ()
    claim: str | None = None
    last_trick: str | None = None
    closed_by: str | None = None
    closed_after: int | None = None
    at_close: AtClose | None = None
    renonce_by: str | None = None
    plays: tuple[tuple[Card, ...], ...] | None = None
    exchange: Exchange | None = None
    winner: str | None = None
    game_points: int | None = None

    @property
    def quick(self) -> bool:
        """A quick deal: who won and his game points, without figures (API.md)."""
        return self.winner is not None or self.game_points is not None

    def given(self) -> tuple[str, ...]:
        """Names of the fields that were filled in."""
        first = ("dealer", "ended_by", "points", "tricks", "trump")
        names = [name for name in first if getattr(self, name) is not None]
        if self.melds:
            names.append("melds")
        names.extend(name for name in ("claim", "last_trick", "closed_by", "closed_after", "at_close", "renonce_by",
                                       "plays", "exchange", "winner", "game_points") if getattr(self, name) is not None)
        return tuple(names)
