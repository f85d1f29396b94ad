"""The Obers' trick order (Schafkopf's Sauspiel): Obers, Unters, then Herz are trumps."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from engine.cards.german import Card, LongRank, Rank, Suit, card
from engine.i18n import Sentences, render

SENTENCES = Sentences("tricks_game", {
    "obers_trumps": {"en": "trumps", "de": "Trumpf"},
    "obers_eight_tricks": {
        "en": "A hand of Obers is eight tricks, not {got}.",
        "de": "Eine Hand Obers hat acht Stiche, nicht {got}.",
    },
    "obers_four_players": {
        "en": "Obers is played by four players, each named once.",
        "de": "Obers spielen vier Spieler, jeder einmal genannt.",
    },
    "game_obers": {"en": "Obers", "de": "Obers"},
})

#: The Obers' and the Unters' suits, high to low: Eichel, Gras (Laub), Herz, Schellen.
SUITS_HIGH_TO_LOW = (Suit.ACORNS, Suit.LEAVES, Suit.HEARTS, Suit.BELLS)
#: A suit's cards that are no trumps (and the Herz after the Unters), high to low.
PLAIN = (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE, LongRank.EIGHT, LongRank.SEVEN)
#: Every trump, high to low.
TRUMPS_HIGH_TO_LOW: tuple[Card, ...] = (
    *(card(s, Rank.OBER) for s in SUITS_HIGH_TO_LOW),
    *(card(s, Rank.UNTER) for s in SUITS_HIGH_TO_LOW),
    *(card(Suit.HEARTS, r) for r in PLAIN),
)


class Trumps:
    """What every trump follows: the trumps, named so in a referee's reason."""

    def name_in(self, lang: str) -> str:
        return render("obers_trumps", lang, {})

    def __str__(self) -> str:
        return "trumps"


TRUMPS = Trumps()


class ObersOrder:
    """A :class:`~engine.tricks.order.TrickOrder` whose trumps are no suit."""

    _trumps: ClassVar[Mapping[Card, int]] = {c: len(TRUMPS_HIGH_TO_LOW) - i for i, c in enumerate(TRUMPS_HIGH_TO_LOW)}
    _plain: ClassVar[Mapping[Rank | LongRank, int]] = {r: len(PLAIN) - i for i, r in enumerate(PLAIN)}

    def is_trump(self, card: Any) -> bool:
        return card in self._trumps

    def follows(self, card: Any) -> Hashable:
        return TRUMPS if card in self._trumps else card.suit

    def strength(self, card: Any) -> int:
        return self._trumps.get(card) or self._plain[card.rank]


ORDER = ObersOrder()
