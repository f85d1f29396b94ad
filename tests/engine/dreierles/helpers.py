"""Building Dreierles entries for the tests from the JSON a table would send."""

from __future__ import annotations

from typing import Any

from engine.cards.cego import parse_cego_card
from engine.dreierles import DreierlesEntry, Extra, GameType


def entry_from_json(data: dict[str, Any]) -> DreierlesEntry:
    """``{"game": "zweier", "declarer": "Benno", ...}`` (API.md, "dreierles") → the engine's entry."""
    fields = dict(data)
    fields.pop("seq", None)
    if "game" in fields:
        fields["game"] = GameType(fields["game"])
    if "extras" in fields:
        fields["extras"] = tuple(Extra(e) for e in fields["extras"])
    if "cards" in fields:
        fields["cards"] = tuple(parse_cego_card(c) for c in fields["cards"])
    return DreierlesEntry(**fields)


def cards(text: str) -> tuple[Any, ...]:
    return tuple(parse_cego_card(c) for c in text.split())
