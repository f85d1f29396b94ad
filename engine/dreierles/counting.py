"""Counting a pile of Cego cards in threes (RULES.md R26).

Cards are counted in packets of three: three blanks make 1; a counter and two blanks the
counter's value; two counters and a blank their sum - 1; three counters their sum - 2.
Equivalently each counter is worth its value - 2/3 and each blank 1/3, which is how a pile
that is not a multiple of three (a Zweier's discards, a leftover packet) is counted: in
thirds, rounded to the nearest point, so that the two sides of a deal always make 70.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from engine.cards.cego import DECK_54, CegoCard


def thirds(cards: Sequence[CegoCard]) -> int:
    """A pile's worth in thirds of a point: 3 x value - 2 for a counter, 1 for a blank."""
    return sum(3 * c.value - 2 if c.counts else 1 for c in cards)


def points_of_thirds(count: int) -> int:
    """Thirds rounded to the nearest point: x 1/3 rounds down, x 2/3 up (R26)."""
    return (count + 1) // 3


def count(cards: Sequence[CegoCard]) -> int:
    """R26: a pile's points counted in threes."""
    return points_of_thirds(thirds(cards))


def exact(count_thirds: int) -> str:
    """``"23 1/3"``, ``"23"``: thirds as a player writes them."""
    whole, part = divmod(count_thirds, 3)
    if not part:
        return str(whole)
    return f"{whole} {part}/3" if whole else f"{part}/3"


@dataclass(frozen=True, slots=True)
class Packet:
    """Three cards counted together (or a leftover of one or two, in thirds)."""

    cards: tuple[CegoCard, ...]
    thirds: int

    @property
    def counters(self) -> int:
        return sum(1 for c in self.cards if c.counts)

    @property
    def points(self) -> int:
        return self.thirds // 3 if len(self.cards) == 3 else points_of_thirds(self.thirds)


def packets(cards: Sequence[CegoCard]) -> tuple[tuple[Packet, ...], Packet | None]:
    """The pile in packets of three as given, and the leftover packet (``None`` when the
    pile is a multiple of three)."""
    full = len(cards) - len(cards) % 3
    whole = tuple(Packet(tuple(cards[i:i + 3]), thirds(cards[i:i + 3])) for i in range(0, full, 3))
    rest = tuple(cards[full:])
    return whole, (Packet(rest, thirds(rest)) if rest else None)


#: (value - 1, copies) of the counters: a counter adds its value - 1 to a packet's point.
_COUNTERS = tuple(sorted(((v - 1, sum(1 for c in DECK_54 if c.value == v)) for v in {c.value for c in DECK_54}
                          if v > 0), reverse=True))
_BLANKS = sum(1 for c in DECK_54 if not c.counts)


@cache
def _reachable(cards: int) -> frozenset[int]:
    """Every point total a pile of ``cards`` cards (a multiple of three) can count to:
    ``cards / 3`` for the packets plus value - 1 for each counter in it."""
    sums: dict[int, set[int]] = {0: {0}}  # counters used -> sums of (value - 1)
    for extra, copies in _COUNTERS:
        grown: dict[int, set[int]] = {k: set(v) for k, v in sums.items()}
        for used, totals in sums.items():
            for take in range(1, copies + 1):
                if used + take > cards:
                    break
                grown.setdefault(used + take, set()).update(t + take * extra for t in totals)
        sums = grown
    base = cards // 3
    return frozenset(base + total for used, totals in sums.items() if cards - used <= _BLANKS for total in totals)


#: Every card's worth in thirds, least first: a pile of n cards counts at least the n
#: smallest and at most the n largest (R26).
_THIRDS_ASCENDING = tuple(sorted(3 * c.value - 2 if c.counts else 1 for c in DECK_54))


def least(cards: int) -> int:
    """R26: the fewest points ``cards`` cards of the pack can count (all blanks as long as
    there are blanks): six cards count at least 2."""
    return points_of_thirds(sum(_THIRDS_ASCENDING[:cards]))


def most(cards: int) -> int:
    """R26: the most points ``cards`` cards of the pack can count (the counters first)."""
    return points_of_thirds(sum(_THIRDS_ASCENDING[len(_THIRDS_ASCENDING) - cards:])) if cards else 0


def reachable(points: int, cards: int) -> bool:
    """Can ``cards`` cards (a multiple of three: tricks of three, the Blinder of six) count
    to ``points`` in threes (R26)?"""
    return cards % 3 == 0 and 0 <= cards <= len(DECK_54) and points in _reachable(cards)
