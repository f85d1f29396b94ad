"""Building Sixty-Six entries for the tests from the JSON a table would send."""

from __future__ import annotations

from typing import Any

from engine.cards.german import parse_card, parse_suit
from engine.sixtysix import AtClose, Ending, Exchange, SixtySixEntry
from engine.tricks.melds import Meld


def entry_from_json(data: dict[str, Any]) -> SixtySixEntry:
    """``{"ended_by": "claim", "points": {...}, ...}`` (API.md, "sixtysix") → the engine's entry."""
    fields = dict(data)
    fields.pop("seq", None)
    if "ended_by" in fields:
        fields["ended_by"] = Ending(fields["ended_by"])
    if "trump" in fields:
        fields["trump"] = parse_suit(fields["trump"])
    if "melds" in fields:
        fields["melds"] = tuple(Meld(m["player"], parse_suit(m["suit"]), m.get("trick")) for m in fields["melds"])
    if "at_close" in fields:
        fields["at_close"] = AtClose(**fields["at_close"])
    if "exchange" in fields:
        fields["exchange"] = Exchange(**fields["exchange"])
    if "plays" in fields:
        fields["plays"] = tuple(tuple(parse_card(c) for c in trick) for trick in fields["plays"])
    return SixtySixEntry(**fields)


def summary(ended_by: str, points: tuple[int, int], tricks: tuple[int, int], *,
            players: tuple[str, str] = ("Anna", "Benno"), **extra: Any) -> SixtySixEntry:
    """A summary entry for two players: ``summary("claim", (70, 31), (4, 2), claim="Anna")``."""
    body: dict[str, Any] = {"ended_by": ended_by, "points": dict(zip(players, points)),
                            "tricks": dict(zip(players, tricks)), **extra}
    return entry_from_json(body)
