"""Which card-point totals a pile of cards can make (R15, R23).

A player who took ``t`` tricks with ``n`` players holds ``t * n`` cards, and only some
totals can be made from that many cards of the deck: 1 point never can, 119 cannot be
taken with four cards.  ``reachable_totals`` answers that for one player by a small
dynamic programme over the card values; ``fits_one_deck`` answers it for everyone at
once, since two players cannot both have taken three aces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache

from engine.tricks.order import TrickCard

ValueCounts = tuple[tuple[int, int], ...]  # ((card value, copies), ...), high values first
#: The deck meant when none is named: the 24-card deck of RULES.md ("Card points"), four
#: each of A 11, 10 10, K 4, O 3, U 2, 9 0.
DECK_24_VALUES: ValueCounts = ((11, 4), (10, 4), (4, 4), (3, 4), (2, 4), (0, 4))


def value_counts(deck: Sequence[TrickCard] | None = None) -> ValueCounts:
    """The deck as (value, copies) pairs: the 24-card deck is four each of 11, 10, 4, 3, 2, 0."""
    return DECK_24_VALUES if deck is None else _value_counts(tuple(deck))


@lru_cache(maxsize=16)
def _value_counts(deck: tuple[TrickCard, ...]) -> ValueCounts:
    counts = Counter(c.points for c in deck)
    return tuple(sorted(counts.items(), reverse=True))


@cache
def _reachable_table(values: ValueCounts) -> tuple[frozenset[int], ...]:
    """``table[k]`` = every total of exactly ``k`` cards taken from the deck."""
    size = sum(copies for _, copies in values)
    table: list[set[int]] = [set() for _ in range(size + 1)]
    table[0].add(0)
    for value, copies in values:
        new = [set(s) for s in table]
        for k in range(size + 1):
            for total in table[k]:
                for take in range(1, copies + 1):
                    if k + take <= size:
                        new[k + take].add(total + take * value)
        table = new
    return tuple(frozenset(s) for s in table)


def reachable_totals(cards: int, deck: Sequence[TrickCard] | None = None) -> frozenset[int]:
    """All card-point totals that ``cards`` cards of ``deck`` can make."""
    table = _reachable_table(value_counts(deck))
    if not 0 <= cards < len(table):
        return frozenset()
    return table[cards]


def is_reachable(points: int, cards: int, deck: Sequence[TrickCard] | None = None) -> bool:
    return points in reachable_totals(cards, deck)


def fits_one_deck(piles: Sequence[tuple[int, int]], deck: Sequence[TrickCard] | None = None) -> bool:
    """Can the deck be split into piles of ``(cards, points)``?  The piles must use the
    whole deck (add a pile for the cards nobody took).  A depth-first search over how
    many cards of each value every pile takes, most constrained pile first, memoised on
    what is left of the deck."""
    values = value_counts(deck)
    size, points = sum(n for _, n in values), sum(v * n for v, n in values)
    if sum(c for c, _ in piles) != size or sum(p for _, p in piles) != points:
        return False
    ordered = tuple(sorted(piles, key=lambda pile: (pile[0], -pile[1])))
    return _split(tuple(v for v, _ in values), tuple(n for _, n in values), ordered)


@lru_cache(maxsize=65536)
def _split(values: tuple[int, ...], left: tuple[int, ...], piles: tuple[tuple[int, int], ...]) -> bool:
    if len(piles) == 1:
        cards, points = piles[0]
        return sum(left) == cards and sum(v * n for v, n in zip(values, left)) == points
    cards, points = piles[0]
    for taken in _takes(values, left, 0, cards, points):
        rest = tuple(n - t for n, t in zip(left, taken))
        if _split(values, rest, piles[1:]):
            return True
    return False


def _takes(values: tuple[int, ...], left: tuple[int, ...], index: int, cards: int,
           points: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``cards`` cards worth ``points`` from ``left[index:]``."""
    if index == len(values):
        if cards == 0 and points == 0:
            yield ()
        return
    value = values[index]
    most = min(left[index], cards)
    for take in range(most, -1, -1):
        remaining = points - take * value
        next_value = values[index + 1] if index + 1 < len(values) else 0
        if remaining < 0 or remaining > (cards - take) * next_value:
            continue
        for rest in _takes(values, left, index + 1, cards - take, remaining):
            yield (take, *rest)
