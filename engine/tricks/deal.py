"""Shuffling, dealing and playing out hands at random, for tests, benchmarks and the
referee's examples.  Randomness always comes from a ``random.Random`` passed in.

A deck is any sequence of cards (its game's); left out, it is the 24-card deck of Dreeg
and Sixty-Six, the one name of a pack here, looked up only then (:func:`standard_deck`):
the rules of the trick core name none."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, TypeVar

from engine.tricks.order import TrickCard, winning_index
from engine.tricks.play import TrickRules

C = TypeVar("C", bound=TrickCard)


def standard_deck() -> tuple[Any, ...]:
    """The deck a test or a benchmark means when it names none: the German 24-card deck."""
    from engine.cards.german import DECK_24  # the default only: see the module's docstring

    return DECK_24


def deal(rng: random.Random, players: Sequence[str], *, cards_each: int,
         deck: Sequence[C] | None = None) -> dict[str, list[C]]:
    """Shuffle ``deck`` and give each player ``cards_each`` cards."""
    cards: list[C] = list(standard_deck() if deck is None else deck)
    rng.shuffle(cards)
    return {name: cards[i * cards_each:(i + 1) * cards_each] for i, name in enumerate(players)}


def play_out(rng: random.Random, hands: Mapping[str, Sequence[C]], players: Sequence[str], leader: str,
             *, rules: TrickRules) -> list[tuple[C, ...]]:
    """Play every card of ``hands`` by random legal choices under ``rules``: the winner
    of each trick leads the next.  Returns the plays in the form a T8 entry takes."""
    remaining = {name: list(cards) for name, cards in hands.items()}
    seat = {name: i for i, name in enumerate(players)}
    order = rules.trick_order
    plays: list[tuple[C, ...]] = []
    lead = leader
    previous_lead: Hashable | None = None
    while remaining[lead]:
        trick: list[C] = []
        seats = [players[(seat[lead] + k) % len(players)] for k in range(len(players))]
        for name in seats:
            hand = remaining[name]
            options = rules.legal_plays(hand, trick, t=len(plays), previous_lead=previous_lead) or hand
            choice = rng.choice(options)
            hand.remove(choice)
            trick.append(choice)
        plays.append(tuple(trick))
        previous_lead = order.follows(trick[0])
        lead = seats[winning_index(trick, order)]
    return plays


def play_out_with_stock(rng: random.Random, players: Sequence[str], leader: str, *,
                        deck: Sequence[Any] | None = None, cards_each: int = 6,
                        close_after: int | None = None) -> tuple[Any, list[tuple[Any, ...]]]:
    """A two-player hand with a stock (R5, T2, T7): six cards each, the rest face down
    under the turned trump card.  While the stock holds two or more cards anything may be
    played (T2); the trick's winner draws first; the turned card is drawn last.  Once
    the stock is empty, or closed by the player on lead after ``close_after`` tricks
    (T7), T1 applies and nothing more is drawn.  Returns the trump and the plays."""
    cards = list(standard_deck() if deck is None else deck)
    rng.shuffle(cards)
    hands = {name: cards[i * cards_each:(i + 1) * cards_each] for i, name in enumerate(players)}
    stock = cards[len(players) * cards_each:]
    trump = stock[-1].suit  # the turned card lies under the stock and is drawn last
    bound = TrickRules(trump)
    order = bound.trick_order
    plays: list[tuple[Any, ...]] = []
    lead = leader
    other = {players[0]: players[1], players[1]: players[0]}
    while hands[lead]:
        if len(plays) == close_after:
            stock = []  # closed: the rest of the stock stays untaken
        first = rng.choice(hands[lead])
        second_hand = hands[other[lead]]
        second = rng.choice(bound.legal_plays(second_hand, [first]) if not stock else second_hand)
        hands[lead].remove(first)
        second_hand.remove(second)
        plays.append((first, second))
        winner = (lead, other[lead])[winning_index((first, second), order)]
        if stock:
            hands[winner].append(stock.pop(0))
            hands[other[winner]].append(stock.pop(0))
        lead = winner
    return trump, plays
