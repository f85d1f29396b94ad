"""Dreierles' fixed numbers, game types, extras and house rules (RULES.md R25-R32, seed 002)."""

from __future__ import annotations

from enum import Enum

from engine.game import HouseRule
from engine.i18n import render

#: R26: the pack counted in threes holds 70; the declarer wins with 36 (35 is Schneider).
TOTAL = 70
WIN_FROM = 36
#: R27: Fach from points: 1 + (P - 35) // 5.
FACH_BASE, FACH_STEP = 35, 5
#: R28: each extra adds one Fach.
EXTRA_FACH = 1
#: R31: a discard error loses eightfold.
EIGHTFOLD = 8
#: Three play each deal; 48 cards in hand (the Blinder holds 6): 16 tricks.
ACTIVE = 3
TRICKS = 16
BLINDER = 6
#: R30 Räuber: the most points pays 1, times 2 for each other player without a trick.
RAEUBER_FACH = 1
DRESCHER_FACH = 1


class GameType(Enum):
    """R28 (lowest bid first) and R30: what a deal is played as."""

    DREIER = "dreier"
    ZWEIER = "zweier"
    EINSER = "einser"
    SOLO = "solo"
    SOLO_DURCHMARSCH = "solo_durchmarsch"
    RAEUBER = "raeuber"
    DRESCHER = "drescher"

    def __str__(self) -> str:
        return self.value

    def name_in(self, lang: str) -> str:
        return render(f"dl_game_{self.value}", lang, {})

    @property
    def has_declarer(self) -> bool:
        return self not in (GameType.RAEUBER, GameType.DRESCHER)

    @property
    def bought(self) -> int:
        """R28: the cards bought from the Blinder: Dreier three, Zweier two, Einser one; a
        Solo takes all six (unseen)."""
        return {GameType.DREIER: 3, GameType.ZWEIER: 2, GameType.EINSER: 1}.get(self, BLINDER)

    @property
    def discards(self) -> bool:
        """Dreier, Zweier and Einser buy from the Blinder and discard as many (R28, R31);
        the Solo takes the Blinder unseen and discards nothing."""
        return self in (GameType.DREIER, GameType.ZWEIER, GameType.EINSER)


DECLARER_GAMES = tuple(g for g in GameType if g.has_declarer)

#: R28: Fach a game type adds, by the ``ladder`` house rule.
TYPE_FACH: dict[str, dict[GameType, int]] = {
    "cumulative": {GameType.DREIER: 0, GameType.ZWEIER: 1, GameType.EINSER: 2, GameType.SOLO: 3,
                   GameType.SOLO_DURCHMARSCH: 4},
    "flat": {GameType.DREIER: 0, GameType.ZWEIER: 1, GameType.EINSER: 1, GameType.SOLO: 1,
             GameType.SOLO_DURCHMARSCH: 1},
}

_BOUGHT = (GameType.DREIER, GameType.ZWEIER, GameType.EINSER)


class Extra(Enum):
    """R28: the seed's extras, each +1 Fach, and the games they can apply to."""

    BLIND = "blind"
    UNTOUCHED = "untouched"
    DRULL = "drull"
    PFEIF_VON_HINTEN = "pfeif_von_hinten"
    EINUNDZWANZIG_LAST = "21_last"
    ZEHN_DRUCK = "zehn_druck"
    ZEHN_DRUCK_START = "zehn_druck_start"

    def __str__(self) -> str:
        return self.value

    def name_in(self, lang: str) -> str:
        return render(f"dl_extra_{self.value}", lang, {})

    @property
    def games(self) -> tuple[GameType, ...]:
        """Announced blind play only at Zweier or Einser; bought cards left untouched only
        where cards are bought; the rest at any declarer's game."""
        if self is Extra.BLIND:
            return (GameType.ZWEIER, GameType.EINSER)
        if self is Extra.UNTOUCHED:
            return _BOUGHT
        return DECLARER_GAMES


def _rule(name: str, values: tuple[str, ...], rule: str, title: tuple[str, str], description: tuple[str, str],
          labels: dict[str, tuple[str, str]]) -> HouseRule:
    return HouseRule(name, values, rule, description={"en": description[0], "de": description[1]},
                     title={"en": title[0], "de": title[1]},
                     labels={value: {"en": en, "de": de} for value, (en, de) in labels.items()})


HOUSE_RULES: tuple[HouseRule, ...] = (
    _rule("lost_double", ("false", "true"), "R27", ("A lost game", "Ein verlorenes Spiel"),
          ("Whether a lost game's value counts double.", "Ob ein verlorenes Spiel doppelt zählt."),
          {"false": ("counts single", "zählt einfach"), "true": ("counts double", "zählt doppelt")}),
    _rule("ladder", ("cumulative", "flat"), "R28", ("Fach for the game type", "Fächer für die Spielart"),
          ("Zweier 1, Einser 2, Solo 3, Solo with Durchmarsch 4; or 1 for every game above a Dreier.",
           "Zweier 1, Einser 2, Solo 3, Solo mit Durchmarsch 4; oder 1 für jedes Spiel über dem Dreier."),
          {"cumulative": ("climbing: 1, 2, 3, 4", "steigend: 1, 2, 3, 4"),
           "flat": ("1 above a Dreier", "1 über dem Dreier")}),
    _rule("einundzwanzig_last", ("false", "true"), "R28", ("The 21 as the last card", "Der 21er als letzte Karte"),
          ("Whether taking the last trick with the 21 is worth one Fach more (a variant of the seed).",
           "Ob der letzte Stich mit dem 21er ein Fach mehr zählt (Variante)."),
          {"false": ("not played", "wird nicht gespielt"), "true": ("one Fach more", "ein Fach mehr")}),
    _rule("blind_rest", ("declarer", "defenders"), "R28", ("The Blinder's rest", "Der Rest des Blinden"),
          ("The cards of the Blinder the declarer did not buy count for him (the seed: “Der Wert gehört dem "
           "Spielenden”, the value is the player's), or for the defenders.",
           "Die Karten des Blinden, die der Spieler nicht gekauft hat, zählen für ihn (wie im Seed: „Der Wert "
           "gehört dem Spielenden“) oder für die Gegenspieler."),
          {"declarer": ("count for the declarer", "zählen für den Spieler"),
           "defenders": ("count for the defenders", "zählen für die Gegenspieler")}),
    _rule("raeuber_blind", ("ignored", "last_trick"), "R30", ("The Blinder in a Räuber", "Der Blinde beim Räuber"),
          ("The six cards of the Blinder are ignored, or counted with whoever takes the last trick.",
           "Die sechs Karten des Blinden zählen nicht, oder für den, der den letzten Stich macht."),
          {"ignored": ("ignored", "zählt nicht"), "last_trick": ("goes with the last trick", "zum letzten Stich")}),
    _rule("next_dealer", ("left", "right"), "R32", ("The next dealer", "Als Nächstes gibt"),
          ("The player on the left of the dealer deals next (the seed), or the player on the right.",
           "Der links vom Geber sitzende Spieler gibt als Nächster (wie im Seed), oder der rechts sitzende."),
          {"left": ("the player on the left", "der links Sitzende"),
           "right": ("the player on the right", "der rechts Sitzende")}),
)
