"""Shuffling, dealing and playing out hands at random, for tests, benchmarks and the
referee's examples.  Randomness always comes from a ``random.Random`` passed in."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.cards.german import DECK_24, Card, Suit
from engine.tricks.play import TrickRules, winning_index


def deal(rng: random.Random, players: Sequence[str], *, cards_each: int,
         deck: Sequence[Card] = DECK_24) -> dict[str, list[Card]]:
    """Shuffle ``deck`` and give each player ``cards_each`` cards."""
    cards = list(deck)
    rng.shuffle(cards)
    return {name: cards[i * cards_each:(i + 1) * cards_each] for i, name in enumerate(players)}


def play_out(rng: random.Random, hands: Mapping[str, Sequence[Card]], players: Sequence[str], leader: str,
             *, rules: TrickRules) -> list[tuple[Card, ...]]:
    """Play every card of ``hands`` by random legal choices under ``rules``: the winner
    of each trick leads the next.  Returns the plays in the form a T8 entry takes."""
    remaining = {name: list(cards) for name, cards in hands.items()}
    seat = {name: i for i, name in enumerate(players)}
    plays: list[tuple[Card, ...]] = []
    lead = leader
    previous_lead: Suit | None = None
    while remaining[lead]:
        trick: list[Card] = []
        order = [players[(seat[lead] + k) % len(players)] for k in range(len(players))]
        for name in order:
            hand = remaining[name]
            options = rules.legal_plays(hand, trick, t=len(plays), previous_lead=previous_lead) or hand
            choice = rng.choice(options)
            hand.remove(choice)
            trick.append(choice)
        plays.append(tuple(trick))
        previous_lead = trick[0].suit
        lead = order[winning_index(trick, rules.trump)]
    return plays


def play_out_with_stock(rng: random.Random, players: Sequence[str], leader: str, *,
                        deck: Sequence[Card] = DECK_24, cards_each: int = 6,
                        close_after: int | None = None) -> tuple[Suit, list[tuple[Card, ...]]]:
    """A two-player hand with a stock (R5, T2, T7): six cards each, the rest face down
    under the turned trump card.  While the stock holds two or more cards anything may be
    played (T2); the trick's winner draws first; the turned card is drawn last.  Once
    the stock is empty, or closed by the player on lead after ``close_after`` tricks
    (T7), T1 applies and nothing more is drawn.  Returns the trump and the plays."""
    cards = list(deck)
    rng.shuffle(cards)
    hands = {name: cards[i * cards_each:(i + 1) * cards_each] for i, name in enumerate(players)}
    stock = cards[len(players) * cards_each:]
    trump = stock[-1].suit  # the turned card lies under the stock and is drawn last
    bound = TrickRules(trump)
    plays: list[tuple[Card, ...]] = []
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
        winner = (lead, other[lead])[winning_index((first, second), trump)]
        if stock:
            hands[winner].append(stock.pop(0))
            hands[other[winner]].append(stock.pop(0))
        lead = winner
    return trump, plays
