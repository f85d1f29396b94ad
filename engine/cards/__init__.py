"""Card families: each pack with its own cards, deck and notation.

A card code means something only within its family: ``D`` is the French diamonds
(Schellen) in the German pack of Dreeg and Sixty-Six, but the Dame (and Karo) in the
Cego pack of Dreierles.  So nothing parses a code with a global table: a game names
its :class:`CardFamily`, and the API parses a match's cards with its game's family.

- :mod:`engine.cards.german`: the 24-card German/French pack (Dreeg, Sixty-Six) and its
  20-card Schnapsen deck; the long pack of 32 (``GERMAN_32``, with eights and sevens).

A family keeps notation and points; how its cards rank in a trick is the game's trick
order (:mod:`engine.tricks.order`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class CardFamily:
    """A pack's notation: how its card and suit codes (and names) are read and written.

    ``notation`` is what the phone app needs to read typed names the same way
    (``{"suits": {word: code}, "ranks": {word: code}}``)."""

    name: str
    parse_card: Callable[[str], Any]
    parse_suit: Callable[[str], Any]
    deck: tuple[Any, ...]
    notation: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def parse_cards(self, texts: list[str] | tuple[str, ...]) -> tuple[Any, ...]:
        return tuple(self.parse_card(text) for text in texts)
