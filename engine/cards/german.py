"""The German-suited (Franconian) pack of Dreeg and Sixty-Six, and its notation; and the
long pack of 32 cards (with the eights and sevens: Schafkopf's "langes Blatt").

A card is written suit then rank: ``HA``, ``E10``, ``GO``, ``SU``, ``H9`` (RULES.md,
"Cards and notation").  Parsing is case-insensitive and accepts the German and French
names; formatting always gives the canonical code.  Cards are interned: every
``Card`` for ``HA`` is the same object, so comparing and looking up cards is cheap
enough to check every play of every trick.  A card names itself in the reader's
language (``Herz-Ass``, ``Ace of Hearts``).

A family keeps notation and points; how cards rank in a trick is the game's trick order
(:mod:`engine.tricks.order`: T3's for Dreeg and Sixty-Six).  The 24-card pack reads only
its own cards: ``H7`` is no card of Dreeg or Sixty-Six, only of :data:`GERMAN_32`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from engine.cards import CardFamily
from engine.errors import RuleViolation
from engine.i18n import Sentences, render


class Suit(Enum):
    """The four suits; the value is the code used in card notation."""

    HEARTS = "H"  # Herz
    BELLS = "S"  # Schellen (French: diamonds)
    ACORNS = "E"  # Eichel (French: clubs)
    LEAVES = "G"  # Grün, Laub (French: spades)

    def __str__(self) -> str:
        return self.value

    def name_in(self, lang: str) -> str:
        """"Hearts" / "Herz"."""
        return render(f"suit_{self.value}", lang, {})

    def marriage(self) -> tuple[Card, Card]:
        """A marriage's two cards in this suit: its King and Ober (T6)."""
        return (card(self, Rank.KING), card(self, Rank.OBER))


class _Ranked:
    """What every rank is: its code and its card points, named in each language."""

    def __init__(self, code: str, points: int) -> None:
        self.code = code
        self.points = points

    def __str__(self) -> str:
        return self.code

    def name_in(self, lang: str) -> str:
        """"Ace" / "Ass"."""
        return render(f"rank_{self.code}", lang, {})


class Rank(_Ranked, Enum):
    """Ranks of the 24-card deck, high to low (T3's order), with their card points."""

    ACE = ("A", 11)
    TEN = ("10", 10)
    KING = ("K", 4)
    OBER = ("O", 3)
    UNTER = ("U", 2)
    NINE = ("9", 0)


class LongRank(_Ranked, Enum):
    """The ranks only the long pack has: the eight and the seven, worth no card points."""

    EIGHT = ("8", 0)
    SEVEN = ("7", 0)


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card; use :func:`card` or :func:`parse_card`, which return the interned card.

    There is exactly one object per card, so equality and hashing are by identity,
    which keeps checking every play of every trick cheap."""

    suit: Suit
    rank: Rank | LongRank

    def __post_init__(self) -> None:
        if _SEALED:
            raise TypeError("cards are interned: use engine.cards.german.card(suit, rank) or parse_card(text)")

    def __reduce__(self) -> tuple[object, ...]:
        return (card, (self.suit, self.rank))

    @property
    def points(self) -> int:
        """Card points (RULES.md): A 11, 10 10, K 4, O 3, U 2, 9 (8, 7) 0."""
        return self.rank.points

    def name_in(self, lang: str) -> str:
        """"Ace of Hearts" / "Herz-Ass"."""
        return render("card_name", lang, {"suit": self.suit, "rank": self.rank})

    def __str__(self) -> str:
        return self.suit.value + self.rank.code

    def __repr__(self) -> str:
        return f"Card({self})"


_SEALED = False
_CARDS: dict[tuple[Suit, Rank | LongRank], Card] = {(s, r): Card(s, r) for s in Suit for r in (*Rank, *LongRank)}
_SEALED = True


def card(suit: Suit, rank: Rank | LongRank) -> Card:
    """The interned card of ``suit`` and ``rank``."""
    return _CARDS[(suit, rank)]


#: The 24-card Dreeg / Sixty-Six deck, suit by suit, high to low.
DECK_24: tuple[Card, ...] = tuple(card(s, r) for s in Suit for r in Rank)
#: The 20-card Schnapsen deck: the 24-card deck without the nines (R16).
DECK_20: tuple[Card, ...] = tuple(c for c in DECK_24 if c.rank is not Rank.NINE)
#: The long pack's 32 cards (Schafkopf's "langes Blatt"), suit by suit: A 10 K O U 9 8 7.
DECK_32: tuple[Card, ...] = tuple(card(s, r) for s in Suit for r in (*Rank, *LongRank))
#: Card points in a 24-card (and a 20-card, and a 32-card) deck.
DECK_POINTS = sum(c.points for c in DECK_24)

# --- names ------------------------------------------------------------------------------

NAMES = Sentences("cards.german", {
    "suit_H": {"en": "Hearts", "de": "Herz"},
    "suit_S": {"en": "Bells", "de": "Schellen"},
    "suit_E": {"en": "Acorns", "de": "Eichel"},
    "suit_G": {"en": "Leaves", "de": "Grün"},
    "rank_A": {"en": "Ace", "de": "Ass"},
    "rank_10": {"en": "Ten", "de": "Zehn"},
    "rank_K": {"en": "King", "de": "König"},
    "rank_O": {"en": "Ober", "de": "Ober"},
    "rank_U": {"en": "Unter", "de": "Unter"},
    "rank_9": {"en": "Nine", "de": "Neun"},
    "rank_8": {"en": "Eight", "de": "Acht"},
    "rank_7": {"en": "Seven", "de": "Sieben"},
    "card_name": {"en": "{rank} of {suit}", "de": "{suit}-{rank}"},
    "bad_card": {
        "en": "'{text}' is not a card: write suit then rank, e.g. HA, E10, GO, SU (or 'Eichel Ober').",
        "de": "'{text}' ist keine Karte: Farbe und Schlag, z. B. HA, E10, GO, SU (oder 'Eichel Ober').",
    },
    "bad_suit": {
        "en": "'{text}' is not a suit: H (Hearts), S (Bells), E (Acorns) or G (Leaves).",
        "de": "'{text}' ist keine Farbe: H (Herz), S (Schellen), E (Eichel) oder G (Grün).",
    },
}, shared=True)

# --- notation -------------------------------------------------------------------------

_SUIT_WORDS: dict[str, Suit] = {
    # codes of RULES.md and the French single letters that do not clash with them
    "H": Suit.HEARTS, "S": Suit.BELLS, "E": Suit.ACORNS, "G": Suit.LEAVES,
    "D": Suit.BELLS, "C": Suit.ACORNS, "L": Suit.LEAVES,
    # German
    "HERZ": Suit.HEARTS, "ROT": Suit.HEARTS, "SCHELLEN": Suit.BELLS, "SCHELLE": Suit.BELLS,
    "EICHEL": Suit.ACORNS, "EICHELN": Suit.ACORNS, "GRUEN": Suit.LEAVES, "GRÜN": Suit.LEAVES,
    "LAUB": Suit.LEAVES, "BLATT": Suit.LEAVES, "GRAS": Suit.LEAVES,
    # English and French-suited names
    "HEARTS": Suit.HEARTS, "HEART": Suit.HEARTS, "BELLS": Suit.BELLS, "BELL": Suit.BELLS,
    "DIAMONDS": Suit.BELLS, "DIAMOND": Suit.BELLS, "KARO": Suit.BELLS,
    "ACORNS": Suit.ACORNS, "ACORN": Suit.ACORNS, "CLUBS": Suit.ACORNS, "CLUB": Suit.ACORNS,
    "KREUZ": Suit.ACORNS, "LEAVES": Suit.LEAVES, "LEAF": Suit.LEAVES, "SPADES": Suit.LEAVES,
    "SPADE": Suit.LEAVES, "PIK": Suit.LEAVES,
}

_RANK_WORDS: dict[str, Rank] = {
    "A": Rank.ACE, "10": Rank.TEN, "K": Rank.KING, "O": Rank.OBER, "Q": Rank.OBER,
    "U": Rank.UNTER, "J": Rank.UNTER, "9": Rank.NINE, "X": Rank.TEN,
    "ASS": Rank.ACE, "AS": Rank.ACE, "DAUS": Rank.ACE, "SAU": Rank.ACE, "ACE": Rank.ACE,
    "ZEHN": Rank.TEN, "ZEHNER": Rank.TEN, "TEN": Rank.TEN,
    "KOENIG": Rank.KING, "KÖNIG": Rank.KING, "KING": Rank.KING,
    "OBER": Rank.OBER, "QUEEN": Rank.OBER, "DAME": Rank.OBER,
    "UNTER": Rank.UNTER, "JACK": Rank.UNTER, "BUBE": Rank.UNTER,
    "NEUN": Rank.NINE, "NEUNER": Rank.NINE, "NINE": Rank.NINE,
}
#: The long pack reads its eights and sevens too.
_LONG_RANK_WORDS: dict[str, Rank | LongRank] = {
    **_RANK_WORDS,
    "8": LongRank.EIGHT, "ACHT": LongRank.EIGHT, "ACHTER": LongRank.EIGHT, "EIGHT": LongRank.EIGHT,
    "7": LongRank.SEVEN, "SIEBEN": LongRank.SEVEN, "SIEBENER": LongRank.SEVEN, "SEVEN": LongRank.SEVEN,
}

_COMPACT = re.compile(r"^([HSEGDCL])(10|[AKOQUJ9X])$")
_LONG_COMPACT = re.compile(r"^([HSEGDCL])(10|[AKOQUJ987X])$")
_SEPARATORS = re.compile(r"[\s\-_/]+|\bOF\b|\bVON\b")


def _normal(text: str) -> str:
    return unicodedata.normalize("NFC", text).strip().upper()


def parse_suit(text: str) -> Suit:
    """``"H"``, ``"Herz"``, ``"hearts"``, ``"Laub"``, ``"spades"`` … → :class:`Suit`."""
    suit = _SUIT_WORDS.get(_normal(text)) if isinstance(text, str) else None
    if suit is None:
        raise RuleViolation("bad_suit", text=str(text))
    return suit


def format_suit(suit: Suit) -> str:
    return suit.value


def parse_card(text: str) -> Card:
    """Parse a card code or name: ``"HA"``, ``"go"``, ``"E10"``, ``"Eichel Ober"``,
    ``"Queen of Spades"``, ``"Schellen-Unter"`` → the interned :class:`Card`."""
    return _read_card(text, _RANK_WORDS, _COMPACT)


def parse_long_card(text: str) -> Card:
    """A card of the long pack: as :func:`parse_card`, and ``"H7"``, ``"Eichel Acht"``."""
    return _read_card(text, _LONG_RANK_WORDS, _LONG_COMPACT)


def _read_card(text: str, ranks: Mapping[str, Rank | LongRank], compact_form: re.Pattern[str]) -> Card:
    if not isinstance(text, str):
        raise RuleViolation("bad_card", text=str(text))
    norm = _normal(text)
    compact = compact_form.match(norm)
    if compact:
        return card(_SUIT_WORDS[compact[1]], ranks[compact[2]])
    words = [w for w in _SEPARATORS.split(norm) if w]
    if len(words) == 2:
        for suit_word, rank_word in (words, words[::-1]):
            if suit_word in _SUIT_WORDS and rank_word in ranks:
                return card(_SUIT_WORDS[suit_word], ranks[rank_word])
    raise RuleViolation("bad_card", text=text)


def format_card(c: Card) -> str:
    """The canonical code: suit then rank (``HA``, ``E10``, ``GO``)."""
    return str(c)


def parse_cards(texts: list[str] | tuple[str, ...] | str) -> tuple[Card, ...]:
    """A list of cards, or one string of codes separated by spaces or commas."""
    if isinstance(texts, str):
        texts = [t for t in re.split(r"[\s,;]+", texts) if t]
    return tuple(parse_card(t) for t in texts)


def format_cards(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [str(c) for c in cards]


#: The pack as a game names it (Dreeg, Sixty-Six).
GERMAN = CardFamily(
    name="german",
    parse_card=parse_card,
    parse_suit=parse_suit,
    deck=DECK_24,
    notation={
        "suits": {word: suit.value for word, suit in _SUIT_WORDS.items()},
        "ranks": {word: rank.code for word, rank in _RANK_WORDS.items()},
    },
)

#: The long pack (32 cards, with eights and sevens), for a game that plays it; the same
#: cards, names and points as :data:`GERMAN`'s, and ``H8``, ``E7`` …
GERMAN_32 = CardFamily(
    name="german32",
    parse_card=parse_long_card,
    parse_suit=parse_suit,
    deck=DECK_32,
    notation={
        "suits": {word: suit.value for word, suit in _SUIT_WORDS.items()},
        "ranks": {word: rank.code for word, rank in _LONG_RANK_WORDS.items()},
    },
)
