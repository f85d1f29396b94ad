"""Sixty-Six's fixed numbers, its two variants and its house rules (RULES.md R16-R23,
seed 001)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.cards.german import DECK_20, DECK_24, Card, Rank
from engine.game import HouseRule
from engine.i18n import render
from engine.tricks.stock import CLOSE_MIN_STOCK

#: R22: both players start a Bummerl at 7 and count down.
BUMMERL_POINTS = 7
#: R17: a claim of 66 (ausmelden) ...
CLAIM_TARGET = 66
#: ... scores 2 if the opponent has fewer than 33, 1 if he has 33 or more, 3 if he has no trick.
SCHNEIDER_LINE = 33
CLAIM_POINTS_NO_TRICK, CLAIM_POINTS_SCHNEIDER, CLAIM_POINTS_PLAIN = 3, 2, 1
#: R19: a failed closing: 3 if the opponent had no trick at the closing, else 2.
CLOSE_FAILED_NO_TRICK, CLOSE_FAILED = 3, 2
#: R20: a Renonce scores 3 for the opponent.
RENONCE_POINTS = 3
#: R21: the ten for the last trick (Sixty-Six only), and the single game point of a deal
#: decided by the last trick (both over 66; Schnapsen played out; a tie by house rule).
LAST_TRICK_TEN = 10
LAST_TRICK_POINTS = 1
#: R18 flat: 2, or 3 if the opponent had taken no trick yet.
FLAT_WRONG_CLAIM, FLAT_WRONG_CLAIM_NO_TRICK = 2, 3


class Variant(Enum):
    """R16: Sixty-Six with 24 cards or Schnapsen with 20."""

    SIXTYSIX = "sixtysix"
    SCHNAPSEN = "schnapsen"

    def __str__(self) -> str:
        return self.value

    def name_in(self, lang: str) -> str:
        return render(f"variant_{self.value}", lang, {})


@dataclass(frozen=True, slots=True)
class Deck:
    """What a variant deals (R16): the deck, cards in each hand, the stock left after the
    deal (the face-up trump card included, drawn last), the lowest trump that may be
    exchanged for the face-up card (T7), and whether the last trick is worth ten (R21)."""

    variant: Variant
    cards: tuple[Card, ...]
    hand: int
    lowest_trump: Rank
    last_trick_ten: bool

    @property
    def stock(self) -> int:
        return len(self.cards) - 2 * self.hand

    @property
    def tricks(self) -> int:
        """Tricks of a deal played out: one card from each player per trick."""
        return len(self.cards) // 2

    @property
    def stock_tricks(self) -> int:
        """Tricks played while the stock is open (T2): two cards are drawn after each."""
        return self.stock // 2

    @property
    def close_after_max(self) -> int:
        """T7: the most tricks that may have been played when the stock is closed (four
        or more cards must remain in it)."""
        return (self.stock - CLOSE_MIN_STOCK) // 2


DECKS: dict[Variant, Deck] = {
    Variant.SIXTYSIX: Deck(Variant.SIXTYSIX, DECK_24, 6, Rank.NINE, True),
    Variant.SCHNAPSEN: Deck(Variant.SCHNAPSEN, DECK_20, 5, Rank.UNTER, False),
}


def _rule(name: str, values: tuple[str, ...], rule: str, title: tuple[str, str], description: tuple[str, str],
          labels: dict[str, tuple[str, str]]) -> HouseRule:
    return HouseRule(
        name, values, rule,
        description={"en": description[0], "de": description[1]},
        title={"en": title[0], "de": title[1]},
        labels={value: {"en": en, "de": de} for value, (en, de) in labels.items()},
    )


HOUSE_RULES: tuple[HouseRule, ...] = (
    _rule("variant", ("sixtysix", "schnapsen"), "R16",
          ("Variant", "Spielart"),
          ("Sixty-Six with 24 cards (6 each, +10 for the last trick) or Schnapsen with 20 (5 each).",
           "Sechsundsechzig mit 24 Karten (je 6, 10 für den letzten Stich) oder Schnapsen mit 20 (je 5)."),
          {"sixtysix": ("Sixty-Six (24 cards)", "Sechsundsechzig (24 Karten)"),
           "schnapsen": ("Schnapsen (20 cards)", "Schnapsen (20 Karten)")}),
    _rule("bummerl", ("2", "3", "1"), "R22",
          ("A match is played to", "Eine Partie geht auf"),
          ("The match ends when one player has given the other this many Bummerl.",
           "Die Partie endet, sobald ein Spieler dem anderen so viele Bummerl angehängt hat."),
          {"2": ("two Bummerl", "zwei Bummerl"), "3": ("three Bummerl", "drei Bummerl"),
           "1": ("one Bummerl", "ein Bummerl")}),
    _rule("tournament", ("false", "true"), "R22",
          ("Tournament", "Turnier"),
          ("In tournament play a Schneider Bummerl (won 7:0) counts single, not double.",
           "Im Turnier zählt ein Schneider-Bummerl (7:0) einfach statt doppelt."),
          {"false": ("no: a Schneider counts double", "nein: Schneider zählt doppelt"),
           "true": ("yes: a Schneider counts single", "ja: Schneider zählt einfach")}),
    _rule("wrong_claim", ("seed", "flat"), "R18",
          ("A wrong claim of 66", "Falsch ausgemeldet"),
          ("The opponent scores what the claim would have scored (by his own points and tricks), "
           "or a flat 2 (3 if he had no trick).",
           "Der Gegner bekommt, was die Meldung gebracht hätte (nach seinen eigenen Augen und Stichen), "
           "oder pauschal 2 (3, wenn er noch keinen Stich hatte)."),
          {"seed": ("what the claim would have scored", "was die Meldung gebracht hätte"),
           "flat": ("2, or 3 without a trick", "2, ohne Stich 3")}),
    _rule("closing", ("at_close", "count_after"), "R19",
          ("After closing the stock, the opponent's points count", "Nach dem Zudrehen zählen die Augen des Gegners"),
          ("A successful closer scores by the opponent's points and tricks at the closing (Viennese), "
           "or by those he has at the end (tournament).",
           "Wer erfolgreich zugedreht hat, bekommt Punkte nach den Augen und Stichen des Gegners beim Zudrehen "
           "(Wiener Art) oder nach denen am Ende (Turnier)."),
          {"at_close": ("as they were at the closing", "wie beim Zudrehen"),
           "count_after": ("as they are at the end", "wie am Ende")}),
    _rule("tie", ("carry", "last_trick_wins"), "R21",
          ("65 to 65", "65 zu 65"),
          ("A deal played out at 65:65 scores nothing and the winner of the next deal gets 1 more, "
           "or the winner of the last trick scores 1.",
           "Ein ausgespieltes Spiel 65:65 zählt nichts, der Gewinner des nächsten Spiels bekommt 1 dazu, "
           "oder wer den letzten Stich macht, bekommt 1."),
          {"carry": ("1 more for the next deal's winner", "1 dazu für den Gewinner des nächsten Spiels"),
           "last_trick_wins": ("the last trick wins 1", "der letzte Stich gewinnt 1")}),
    _rule("style", ("soft", "hard"), "R23",
          ("Soft or hard", "Weich oder scharf"),
          ("Soft: tricks may be looked at, a marriage may be shown before the first trick. Hard: no looking back, "
           "no marriage before the first trick, the King is led from a marriage, no exchange with one covered "
           "card left in the stock.",
           "Weich: Stiche dürfen angesehen werden, eine Ansage geht schon vor dem ersten Stich. Scharf: kein "
           "Nachschauen, keine Ansage vor dem ersten Stich, aus der Ansage wird der König gespielt, kein Tausch, "
           "wenn nur noch eine verdeckte Karte im Stock liegt."),
          {"soft": ("soft (weich)", "weich"), "hard": ("hard (scharf)", "scharf")}),
)
