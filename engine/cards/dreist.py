"""The number cards of DREIst! (RULES.md R33-R35): the numbers 1-8, three of each in red,
yellow, turquoise and violet (96 cards), laid under eight base cards 1-8.

A card is its number and colour: ``5R``, ``8Y``, ``1T``, ``3V``.  Its three copies are the
same card (one interned object); a display or a laying may hold at most three of each.
Parsing is case-insensitive and reads German and English colour names ("5 rot", "red 5").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import Enum

from engine.cards import CardFamily
from engine.errors import RuleViolation
from engine.i18n import Sentences, render

NUMBERS = range(1, 9)
COPIES = 3


class Colour(Enum):
    RED = "R"
    YELLOW = "Y"
    TURQUOISE = "T"
    VIOLET = "V"

    def __str__(self) -> str:
        return self.value

    def name_in(self, lang: str) -> str:
        return render(f"dreist_colour_{self.value}", lang, {})


@dataclass(frozen=True, slots=True, eq=False)
class NumberCard:
    """One number card (all three copies are this object)."""

    number: int
    colour: Colour

    def __post_init__(self) -> None:
        if _SEALED:
            raise TypeError("number cards are interned: use number_card(n, colour) or parse_number_card(text)")

    def __reduce__(self) -> tuple[object, ...]:
        return (number_card, (self.number, self.colour))

    def name_in(self, lang: str) -> str:
        """"red 5" / "rote 5"."""
        return render("dreist_card", lang, {"n": self.number, "colour": _Adjective(self.colour)})

    def __str__(self) -> str:
        return f"{self.number}{self.colour.value}"

    def __repr__(self) -> str:
        return f"NumberCard({self})"


class _Adjective:
    __slots__ = ("colour",)

    def __init__(self, colour: Colour) -> None:
        self.colour = colour

    def name_in(self, lang: str) -> str:
        return render(f"dreist_colour_adj_{self.colour.value}", lang, {})


_SEALED = False
_CARDS: dict[str, NumberCard] = {f"{n}{c.value}": NumberCard(n, c) for n in NUMBERS for c in Colour}
_SEALED = True

#: The 96 cards: three copies of each number in each colour.
DECK_96: tuple[NumberCard, ...] = tuple(card for card in _CARDS.values() for _ in range(COPIES))


def number_card(number: int, colour: Colour) -> NumberCard:
    return _CARDS[f"{number}{colour.value}"]


NAMES = Sentences("cards.dreist", {
    "dreist_colour_R": {"en": "red", "de": "Rot"},
    "dreist_colour_Y": {"en": "yellow", "de": "Gelb"},
    "dreist_colour_T": {"en": "turquoise", "de": "Türkis"},
    "dreist_colour_V": {"en": "violet", "de": "Violett"},
    "dreist_colour_adj_R": {"en": "red", "de": "rote"},
    "dreist_colour_adj_Y": {"en": "yellow", "de": "gelbe"},
    "dreist_colour_adj_T": {"en": "turquoise", "de": "türkise"},
    "dreist_colour_adj_V": {"en": "violet", "de": "violette"},
    "dreist_card": {"en": "the {colour} {n}", "de": "die {colour} {n}"},
    "dreist_bad_card": {
        "en": "'{text}' is not a DREIst! card: a number 1-8 and a colour, e.g. 5R, 8Y, 1T, 3V (or 'red 5').",
        "de": "'{text}' ist keine DREIst!-Karte: eine Zahl 1-8 und eine Farbe, z. B. 5R, 8Y, 1T, 3V (oder 'rot 5').",
    },
    "dreist_bad_colour": {
        "en": "'{text}' is not a colour: R (red), Y (yellow), T (turquoise) or V (violet).",
        "de": "'{text}' ist keine Farbe: R (Rot), Y (Gelb), T (Türkis) oder V (Violett).",
    },
}, shared=True)

_COLOUR_WORDS: dict[str, str] = {
    "R": "R", "Y": "Y", "T": "T", "V": "V",
    "RED": "R", "ROT": "R", "ROTE": "R", "YELLOW": "Y", "GELB": "Y", "GELBE": "Y", "G": "Y",
    "TURQUOISE": "T", "TÜRKIS": "T", "TUERKIS": "T", "TÜRKISE": "T", "VIOLET": "V", "VIOLETT": "V", "LILA": "V",
}
_COMPACT = re.compile(r"^([1-8])\s*([A-ZÄÖÜ]+)$|^([A-ZÄÖÜ]+)\s*([1-8])$")


def parse_number_card(text: str) -> NumberCard:
    """``"5R"``, ``"5r"``, ``"rot 5"``, ``"red 5"``, ``"5 Türkis"`` → the card."""
    if not isinstance(text, str):
        raise RuleViolation("dreist_bad_card", text=str(text))
    norm = unicodedata.normalize("NFC", text).strip().upper()
    found = _COMPACT.match(re.sub(r"[\s\-_]+", " ", norm))
    if found:
        number, word = (found[1], found[2]) if found[1] else (found[4], found[3])
        colour = _COLOUR_WORDS.get(word.strip())
        if colour:
            return _CARDS[number + colour]
    raise RuleViolation("dreist_bad_card", text=text)


def parse_colour(text: str) -> Colour:
    colour = _COLOUR_WORDS.get(unicodedata.normalize("NFC", text).strip().upper()) if isinstance(text, str) else None
    if colour is None:
        raise RuleViolation("dreist_bad_colour", text=str(text))
    return Colour(colour)


#: The number cards as DREIst! names them.
NUMBER_CARDS = CardFamily(
    name="dreist",
    parse_card=parse_number_card,
    parse_suit=parse_colour,
    deck=DECK_96,
    notation={"colours": dict(_COLOUR_WORDS)},
)
