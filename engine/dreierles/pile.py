"""The declarer's pile and what it can count (RULES.md R28's decisions, R26).

The Blinder belongs to the declarer (house rule ``blind_rest: declarer``, the seed's "Der
Wert gehört dem Spielenden"): in any declarer's game his pile is his tricks and six cards
(in a Dreier, Zweier or Einser what he laid away and the Blinder's cards he did not buy; in
a Solo the unseen Blinder).  With ``blind_rest: defenders`` the cards he did not buy go to
the defenders and his pile is his tricks and what he laid away (a Solo's: and the Blinder).
He takes 0 to 16 tricks of three, so his pile has ``rest``, ``rest + 3`` … ``48 + rest``
cards, and his points lie between what the fewest of them can count and what the most can
(R26): six cards count at least 2; with ``defenders`` a Dreier leaves the others three cards,
so never 70.
"""

from __future__ import annotations

from engine.dreierles.counting import least, most
from engine.dreierles.rules import BLINDER, TRICKS, GameType
from engine.i18n import Term


def pile_rest(game: GameType, blind_rest: str) -> int:
    """R28: the cards of his pile beside his tricks: six, or (``defenders``) what he laid
    away, which is what he bought (a Solo's six)."""
    return BLINDER if blind_rest == "declarer" else game.bought


def pile_sizes(game: GameType, blind_rest: str) -> range:
    """R28: the sizes his pile can have, from no trick to all sixteen."""
    rest = pile_rest(game, blind_rest)
    return range(rest, 3 * TRICKS + rest + 1, 3)


def points_bounds(game: GameType, blind_rest: str) -> tuple[int, int]:
    """R26, R28: the fewest and the most points his pile can count."""
    sizes = pile_sizes(game, blind_rest)
    return least(sizes[0]), most(sizes[-1])


def pile_term(game: GameType, blind_rest: str) -> Term:
    """What his pile holds, in words (``term_dl_pile_…``)."""
    if game.bought == BLINDER:
        return Term("dl_pile_solo")
    return Term("dl_pile_declarer" if blind_rest == "declarer" else f"dl_pile_defenders_{game}")
