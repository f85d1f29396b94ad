"""The trick order: what the trick core asks of a game about its cards (T1, T3).

Three questions decide every trick: is this card a trump, which suit does it follow (the
suit it counts as when it is led or played to a lead: in Schafkopf an Ober led is a trump,
not a Herz), and how strong is it among the cards it follows with.  A game answers them
with a :class:`TrickOrder`; the trick core (:mod:`engine.tricks.play`) asks nothing else,
so it fits any pack and any kind of trump.  Card families keep notation and points.

:class:`SuitTrump` is the order of Dreeg and Sixty-Six (T3): a trump suit, or none, and
in each suit A, 10, K, O, U, 9.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from functools import cache
from operator import attrgetter
from typing import Any, Protocol, runtime_checkable

#: T3: the rank order in a suit, high to low, by the ranks' codes.
T3_RANKS = ("A", "10", "K", "O", "U", "9")


class TrickCard(Protocol):
    """What the trick core needs of a card itself: its card points.  (Its order says the
    rest; a card names itself in a sentence through ``name_in``, as every card does.)"""

    @property
    def points(self) -> int: ...


@runtime_checkable
class TrickOrder(Protocol):
    """How a game's cards rank in a trick (T3)."""

    def is_trump(self, card: Any) -> bool:
        """Is ``card`` a trump?"""

    def follows(self, card: Any) -> Hashable:
        """The suit ``card`` counts as when led or followed: every trump counts as the
        trumps (a value naming itself with ``name_in``, for the referee's reasons)."""

    def strength(self, card: Any) -> int:
        """``card``'s rank among the cards it follows with: higher beats lower."""


def beats(challenger: TrickCard, best: TrickCard, order: TrickOrder) -> bool:
    """Does ``challenger`` beat ``best``, the card winning the trick so far (T3)?  A card
    of the suit ``best`` follows beats it by strength; any other card only if it is a trump."""
    if order.follows(challenger) == order.follows(best):
        return order.strength(challenger) > order.strength(best)
    return order.is_trump(challenger)


def winning_index(trick: Sequence[TrickCard], order: TrickOrder) -> int:
    """Position in ``trick`` of the card that wins it: the highest trump, else the
    highest card of the suit led (T3)."""
    follows, strength = order.follows, order.strength
    best = 0
    for index in range(1, len(trick)):
        challenger, winning = trick[index], trick[best]
        if follows(challenger) == follows(winning):
            if strength(challenger) > strength(winning):
                best = index
        elif order.is_trump(challenger):
            best = index
    return best


class _PerCard(dict[Any, Any]):
    """A card's answer, worked out once per card: cards are interned and hashed by
    identity, so asking again is a dictionary look-up (the referee asks for every card of
    every hand it checks)."""

    def __init__(self, answer: Callable[[Any], Any]) -> None:
        super().__init__()
        self.answer = answer

    def __missing__(self, card: Any) -> Any:
        found = self[card] = self.answer(card)
        return found


@dataclass(frozen=True, slots=True)
class SuitTrump:
    """T3: the ``trump`` suit (``None``: no trump, Kamerun) beats every other suit, and a
    card beats one of its own suit by rank, high to low in ``ranks`` (by the ranks' codes:
    T3's A, 10, K, O, U, 9).  Every card follows its own suit.  It orders any card with a
    ``suit`` and a ``rank`` that has a ``code``."""

    trump: Hashable | None
    ranks: tuple[str, ...] = T3_RANKS
    is_trump: Callable[[Any], bool] = field(init=False, repr=False, compare=False)
    follows: Callable[[Any], Hashable] = field(init=False, repr=False, compare=False)
    strength: Callable[[Any], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_code = {code: len(self.ranks) - i for i, code in enumerate(self.ranks)}
        trump = self.trump
        object.__setattr__(self, "is_trump", _PerCard(lambda card: card.suit is trump).__getitem__)
        object.__setattr__(self, "follows", attrgetter("suit"))
        object.__setattr__(self, "strength", _PerCard(lambda card: by_code[card.rank.code]).__getitem__)


@cache
def suit_trump(trump: Hashable | None) -> SuitTrump:
    """T3's order with ``trump`` (one object per suit)."""
    return SuitTrump(trump)


def as_order(trump: TrickOrder | Hashable | None) -> TrickOrder:
    """An order, or a trump suit taken as T3's order with that suit (``None``: no trump)."""
    if isinstance(trump, TrickOrder):
        return trump
    return suit_trump(trump)
