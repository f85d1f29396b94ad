"""Dreeg's fixed numbers and house rules (RULES.md R1-R15, seed 000)."""

from __future__ import annotations

from enum import Enum

from engine.game import HouseRule
from engine.i18n import render

STROKES = 7  # R2: the XII on the slate


class SubGame(Enum):
    """The four kinds of sub-game (R1)."""

    DEUTSCH = "deutsch"
    ACE_OF_HEARTS = "ace_of_hearts"
    RUFEN = "rufen"
    KAMERUN = "kamerun"

    def __str__(self) -> str:
        return self.value

    def name_in(self, lang: str) -> str:
        """"Ace of Hearts" / "Herz-Ass"."""
        return render(f"subgame_{self.value}", lang, {})


_D, _A, _R, _K = SubGame.DEUTSCH, SubGame.ACE_OF_HEARTS, SubGame.RUFEN, SubGame.KAMERUN

#: R1: the eight sub-games of a full game, by the ``order`` house rule.
ORDERS: dict[str, tuple[SubGame, ...]] = {
    "nauf_und_noo": (_D, _A, _R, _K, _K, _R, _A, _D),
    "cycle": (_D, _A, _R, _K, _D, _A, _R, _K),
}

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "order", ("nauf_und_noo", "cycle"), "R1",
        description={
            "en": "Order of the eight sub-games: forward then back, or the four twice.",
            "de": "Reihenfolge der acht Runden: nauf und noo, oder zweimal der Reihe nach.",
        },
        title={"en": "Order of sub-games", "de": "Reihenfolge der Runden"},
        labels={
            "nauf_und_noo": {"en": "nauf und noo (forward, then back)", "de": "nauf und noo (hin und zurück)"},
            "cycle": {"en": "the four twice in turn", "de": "zweimal der Reihe nach"},
        },
    ),
    HouseRule(
        "rotation", ("counter_clockwise", "clockwise"), "R13",
        description={
            "en": "Direction in which the deal passes after each hand.",
            "de": "Richtung, in der das Geben nach jedem Spiel weitergeht.",
        },
        title={"en": "The deal passes", "de": "Das Geben geht"},
        labels={
            "counter_clockwise": {"en": "counter-clockwise", "de": "gegen den Uhrzeigersinn"},
            "clockwise": {"en": "clockwise", "de": "im Uhrzeigersinn"},
        },
    ),
    HouseRule(
        "meld_trick", ("side", "own"), "R10",
        description={
            "en": "In side games a marriage counts once the melder's side (or only he himself) has won a trick.",
            "de": "In Partiespielen zählt eine Ansage, sobald die Partei (oder nur der Ansager selbst) einen Stich hat.",
        },
        title={"en": "A marriage counts once a trick is won by", "de": "Eine Ansage zählt nach einem Stich"},
        labels={
            "side": {"en": "the melder's side", "de": "der Partei"},
            "own": {"en": "the melder himself", "de": "des Ansagers selbst"},
        },
    ),
    HouseRule(
        "aoh", ("solo", "each_for_himself"), "R7",
        description={
            "en": "Ace of Hearts: the ace holder against the rest, or scored like Deutsch.",
            "de": "Herz-Ass: der Ass-Inhaber gegen alle, oder gewertet wie Deutsch.",
        },
        title={"en": "Ace of Hearts with three or four", "de": "Herz-Ass zu dritt oder viert"},
        labels={
            "solo": {"en": "the ace holder alone", "de": "wer das Herz-Ass hat, allein"},
            "each_for_himself": {"en": "each for himself", "de": "jeder für sich"},
        },
    ),
    HouseRule(
        "kamerun3", ("2-1-0", "3-2-0"), "R12",
        description={
            "en": "Kamerun with three players: strokes for first, second and third.",
            "de": "Kamerun zu dritt: Striche für den Ersten, Zweiten und Dritten.",
        },
        title={"en": "Kamerun with three", "de": "Kamerun zu dritt"},
        labels={
            "2-1-0": {"en": "2, 1 and 0 strokes", "de": "2, 1 und 0 Striche"},
            "3-2-0": {"en": "3, 2 and 0 strokes", "de": "3, 2 und 0 Striche"},
        },
    ),
)

#: R5 / R11 deal: tricks per hand by the number of active players (one card each per
#: trick: 6 each with four, 8 with three, and with two 6 each plus a stock of 12).
TRICKS_PER_HAND = {4: 6, 3: 8, 2: 12}

#: R5: strokes a Deutsch hand awards by place, by the number of active players.
DEUTSCH_AWARDS: dict[int, tuple[int, ...]] = {4: (3, 2, 1, 0), 3: (2, 1, 0), 2: (1, 0)}


def kamerun_awards(active: int, house_rule: str) -> tuple[int, ...]:
    """R12: strokes a Kamerun hand costs by place: 3/2/1/0 with four; with three 2/1/0 or,
    by house rule ``kamerun3``, 3/2/0; with two 1/0."""
    if active == 3:
        return tuple(int(x) for x in house_rule.split("-"))
    return DEUTSCH_AWARDS[active]


#: Two players (R5, T2, T7): six cards each in hand; twelve in the stock, two drawn per
#: trick; closing needs four or more cards left in it, so at most four tricks played.
TWO_PLAYER_HAND = 6
TWO_PLAYER_STOCK = 12
CLOSE_AFTER_MAX = 4

#: R5 / R8: a claim of 66.
CLAIM_TARGET = 66
#: R8: the other side's 33 card points (exactly 33 counts as "33 or more").
SCHNEIDER_LINE = 33
SURRENDER_STROKES = 2  # R7
WRONG_CLAIM_STROKES = 2  # R8
DURCHMARSCH_STROKES = 3  # R12
