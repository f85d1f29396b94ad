"""The Cego pack of Dreierles (RULES.md R25) and its notation.

54 cards: 22 trumps (``T1`` the Pfeif … ``T21``, and ``TS`` the Stieß above them) and in
each of four suits (``C`` Kreuz, ``S`` Pik, ``H`` Herz, ``D`` Karo) König ``K``, Dame ``D``,
Reiter ``R``, Bube ``B`` and four low cards: hearts and diamonds 1-4, clubs and spades 7-10
(``H1``, ``D4``, ``C10``, ``S7``).  Values: Pfeif, 21 and Stieß 5 each (the Drull), König 5,
Dame 4, Reiter 3, Bube 2, everything else 0.  A code means something only in this family:
``D`` is Karo as a suit and the Dame as a rank (``DD``: Karo-Dame), never Schellen.

Cards are interned like the German pack's: one object per card.  Parsing is
case-insensitive and reads German, French-suited and English names ("Kreuz König",
"Pfeif", "Stieß", "Trumpf 13", "Queen of Hearts"); formatting gives the code.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import Enum

from engine.cards import CardFamily
from engine.errors import RuleViolation
from engine.i18n import Sentences, render


class CegoSuit(Enum):
    """The trumps and the four suits; the value is the code's first letter."""

    TRUMP = "T"
    CLUBS = "C"  # Kreuz
    SPADES = "S"  # Pik, Schippe
    HEARTS = "H"  # Herz
    DIAMONDS = "D"  # Karo

    def __str__(self) -> str:
        return self.value

    def name_in(self, lang: str) -> str:
        return render(f"cego_suit_{self.value}", lang, {})


#: The faces of each suit and its four low cards (R25).
FACES = ("K", "D", "R", "B")
LOW = {CegoSuit.CLUBS: ("10", "9", "8", "7"), CegoSuit.SPADES: ("10", "9", "8", "7"),
       CegoSuit.HEARTS: ("1", "2", "3", "4"), CegoSuit.DIAMONDS: ("1", "2", "3", "4")}
TRUMP_RANKS = (*(str(n) for n in range(1, 22)), "S")
FACE_VALUES = {"K": 5, "D": 4, "R": 3, "B": 2}
#: The Drull: Pfeif, 21 and Stieß, 5 each (R25).
DRULL = ("1", "21", "S")


@dataclass(frozen=True, slots=True, eq=False)
class CegoCard:
    """One card of the pack; use :func:`cego_card` or :func:`parse_cego_card`, which
    return the interned card (equality is identity)."""

    suit: CegoSuit
    rank: str

    def __post_init__(self) -> None:
        if _SEALED:
            raise TypeError("Cego cards are interned: use cego_card(suit, rank) or parse_cego_card(text)")

    def __reduce__(self) -> tuple[object, ...]:
        return (cego_card, (self.suit, self.rank))

    @property
    def value(self) -> int:
        """R25: Pfeif, 21, Stieß 5; König 5, Dame 4, Reiter 3, Bube 2; the rest 0."""
        if self.suit is CegoSuit.TRUMP:
            return 5 if self.rank in DRULL else 0
        return FACE_VALUES.get(self.rank, 0)

    @property
    def counts(self) -> bool:
        """A counter (Zählkarte), as opposed to a blank (leere Karte)."""
        return self.value > 0

    def name_in(self, lang: str) -> str:
        """"Kreuz-König" / "King of Clubs", "Pfeif", "Stieß", "Trumpf 13" / "Trump 13"."""
        if self.suit is CegoSuit.TRUMP:
            if self.rank == "1":
                return render("cego_pfeif", lang, {})
            if self.rank == "S":
                return render("cego_stiess", lang, {})
            return render("cego_trump_n", lang, {"n": self.rank})
        return render("cego_card_name", lang, {"suit": self.suit, "rank": _Rank(self.rank)})

    def __str__(self) -> str:
        return self.suit.value + self.rank

    def __repr__(self) -> str:
        return f"CegoCard({self})"


class _Rank:
    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        self.code = code

    def name_in(self, lang: str) -> str:
        return render(f"cego_rank_{self.code}", lang, {})


_SEALED = False
_CARDS: dict[str, CegoCard] = {}
for _rank in TRUMP_RANKS:
    _CARDS["T" + _rank] = CegoCard(CegoSuit.TRUMP, _rank)
for _suit, _low in LOW.items():
    for _rank in FACES + _low:
        _CARDS[_suit.value + _rank] = CegoCard(_suit, _rank)
_SEALED = True

#: The 54 cards: the trumps from the Pfeif up to the Stieß, then each suit.
DECK_54: tuple[CegoCard, ...] = tuple(_CARDS.values())


def cego_card(suit: CegoSuit, rank: str) -> CegoCard:
    return _CARDS[suit.value + rank]


# --- names ------------------------------------------------------------------------------

NAMES = Sentences("cards.cego", {
    "cego_suit_T": {"en": "Trumps", "de": "Trumpf"},
    "cego_suit_C": {"en": "Clubs", "de": "Kreuz"},
    "cego_suit_S": {"en": "Spades", "de": "Pik"},
    "cego_suit_H": {"en": "Hearts", "de": "Herz"},
    "cego_suit_D": {"en": "Diamonds", "de": "Karo"},
    "cego_rank_K": {"en": "King", "de": "König"},
    "cego_rank_D": {"en": "Queen", "de": "Dame"},
    "cego_rank_R": {"en": "Knight", "de": "Reiter"},
    "cego_rank_B": {"en": "Jack", "de": "Bube"},
    "cego_rank_1": {"en": "One", "de": "Eins"},
    "cego_rank_2": {"en": "Two", "de": "Zwei"},
    "cego_rank_3": {"en": "Three", "de": "Drei"},
    "cego_rank_4": {"en": "Four", "de": "Vier"},
    "cego_rank_7": {"en": "Seven", "de": "Sieben"},
    "cego_rank_8": {"en": "Eight", "de": "Acht"},
    "cego_rank_9": {"en": "Nine", "de": "Neun"},
    "cego_rank_10": {"en": "Ten", "de": "Zehn"},
    "cego_card_name": {"en": "{rank} of {suit}", "de": "{suit}-{rank}"},
    "cego_trump_n": {"en": "Trump {n}", "de": "Trumpf {n}"},
    "cego_pfeif": {"en": "Pfeif (trump 1)", "de": "Pfeif"},
    "cego_stiess": {"en": "Stieß (the top trump)", "de": "Stieß"},
    "cego_bad_card": {
        "en": "'{text}' is not a Cego card: T1 (Pfeif) to T21 and TS (Stieß), or suit then rank, e.g. CK, HD, SR, "
              "DB, H1, C10 (or 'Kreuz König').",
        "de": "'{text}' ist keine Cego-Karte: T1 (Pfeif) bis T21 und TS (Stieß), oder Farbe und Bild, z. B. CK, HD, "
              "SR, DB, H1, C10 (oder 'Kreuz König').",
    },
    "cego_bad_suit": {
        "en": "'{text}' is not a suit: C (Clubs), S (Spades), H (Hearts) or D (Diamonds).",
        "de": "'{text}' ist keine Farbe: C (Kreuz), S (Pik), H (Herz) oder D (Karo).",
    },
}, shared=True)

# --- notation -------------------------------------------------------------------------

_SUIT_WORDS: dict[str, str] = {
    "C": "C", "S": "S", "H": "H", "D": "D",
    "KREUZ": "C", "EICHEL": "C", "CLUBS": "C", "CLUB": "C", "TREFF": "C",
    "PIK": "S", "SCHIPPE": "S", "SCHIPP": "S", "SPADES": "S", "SPADE": "S",
    "HERZ": "H", "HEARTS": "H", "HEART": "H", "COEUR": "H",
    "KARO": "D", "DIAMONDS": "D", "DIAMOND": "D", "ECKSTEIN": "D",
}
_RANK_WORDS: dict[str, str] = {
    "K": "K", "KÖNIG": "K", "KOENIG": "K", "KING": "K",
    "D": "D", "DAME": "D", "QUEEN": "D", "Q": "D",
    "R": "R", "REITER": "R", "KNIGHT": "R", "CAVALIER": "R", "CAVALL": "R",
    "B": "B", "BUBE": "B", "JACK": "B", "KNAVE": "B", "J": "B",
    "EINS": "1", "ONE": "1", "ZWEI": "2", "TWO": "2", "DREI": "3", "THREE": "3", "VIER": "4", "FOUR": "4",
    "SIEBEN": "7", "SEVEN": "7", "ACHT": "8", "EIGHT": "8", "NEUN": "9", "NINE": "9", "ZEHN": "10", "TEN": "10",
    **{str(n): str(n) for n in (1, 2, 3, 4, 7, 8, 9, 10)},
}
_TRUMP_WORDS: dict[str, str] = {
    "PFEIF": "T1", "PFEIFF": "T1", "PAGAT": "T1", "GSTIESS": "TS", "GSTIES": "TS", "STIESS": "TS", "STIEß": "TS",
    "STIES": "TS", "SKIS": "TS", "SKÜS": "TS", "SKUES": "TS", "SKUS": "TS", "EXCUSE": "TS", "TS": "TS",
}
_TRUMP_PREFIXES = ("TRUMPF", "TRUMP", "T")
_SEPARATORS = re.compile(r"[\s\-_/]+|\bOF\b|\bVON\b")


def _normal(text: str) -> str:
    return unicodedata.normalize("NFC", text).strip().upper()


def parse_cego_card(text: str) -> CegoCard:
    """``"TS"``, ``"t1"``, ``"Pfeif"``, ``"Trumpf 13"``, ``"CK"``, ``"Kreuz König"``,
    ``"Queen of Hearts"``, ``"H1"``, ``"Pik 10"`` → the interned card."""
    if not isinstance(text, str):
        raise RuleViolation("cego_bad_card", text=str(text))
    norm = _normal(text)
    if norm in _CARDS:
        return _CARDS[norm]
    if norm in _TRUMP_WORDS:
        return _CARDS[_TRUMP_WORDS[norm]]
    words = [w for w in _SEPARATORS.split(norm) if w]
    if len(words) == 2:
        prefix, number = words
        if prefix in _TRUMP_PREFIXES and "T" + number in _CARDS:
            return _CARDS["T" + number]
        for suit_word, rank_word in (words, words[::-1]):
            suit, rank = _SUIT_WORDS.get(suit_word), _RANK_WORDS.get(rank_word)
            if suit and rank and suit + rank in _CARDS:
                return _CARDS[suit + rank]
    raise RuleViolation("cego_bad_card", text=text)


def parse_cego_suit(text: str) -> CegoSuit:
    suit = _SUIT_WORDS.get(_normal(text)) if isinstance(text, str) else None
    if suit is None:
        raise RuleViolation("cego_bad_suit", text=str(text))
    return CegoSuit(suit)


#: The pack as Dreierles names it.
CEGO = CardFamily(
    name="cego",
    parse_card=parse_cego_card,
    parse_suit=parse_cego_suit,
    deck=DECK_54,
    notation={"suits": dict(_SUIT_WORDS), "ranks": dict(_RANK_WORDS), "trumps": dict(_TRUMP_WORDS)},
)
