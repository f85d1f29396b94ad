"""DREIst!'s fixed numbers and house rules (RULES.md R33-R35, seed 003)."""

from __future__ import annotations

from engine.cards.dreist import DECK_96
from engine.game import HouseRule

CARDS = len(DECK_96)
#: R34: game n of a solo run is played with 48 + 2n cards against Egon's 48 - 2n.
SOLO_BASE, SOLO_STEP, SOLO_LAST_GAME = 48, 2, 23
#: R34: the rating of the largest count won.
RATINGS = ((60, "sensational"), (58, "great"), (56, "very_good"), (54, "good"), (52, "decent"), (50, "okay"))


def rating(best: int | None) -> str | None:
    if best is None:
        return None
    return next((name for least, name in RATINGS if best >= least), None)


HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "mode", ("series", "solo"), "R33",
        description={"en": "A series of games for two to five players, or one player's solo run against Egon.",
                     "de": "Eine Serie für zwei bis fünf Spieler oder das Solo eines Spielers gegen Egon."},
        title={"en": "Mode", "de": "Spielweise"},
        labels={"series": {"en": "a series", "de": "Serie"},
                "solo": {"en": "solo against Egon", "de": "Solo gegen Egon"}},
    ),
    HouseRule(
        "single_below_card", ("false", "true"), "R35",
        description={
            "en": "Whether a single card may be attached when its only contact is a card directly below it.",
            "de": "Ob eine einzelne Karte angelegt werden darf, die nur eine Karte direkt unter sich berührt.",
        },
        title={"en": "A single card touching only one below", "de": "Einzelne Karte nur mit Karte darunter"},
        labels={"false": {"en": "not allowed", "de": "nicht erlaubt"}, "true": {"en": "allowed", "de": "erlaubt"}},
    ),
)
