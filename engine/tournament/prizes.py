"""The prize list (R24 decisions): places go to cards.

The final's winner takes place 1 and its loser place 2; the cards that fell in the
round before share places 3-4, the round before that 5-8, and so on: a round played
with M cards puts its fallen cards on places M/2+1 onwards (round 1, with byes, has
fewer fallen cards than M/2).  Each place goes to its card's holder, so a player with
several cards may win several prizes; within a band the cards are listed by table.

A band that does not fit in the prizes left is a tie to settle at the table (a play-off
or lots), reported as such and never cut by the program; nothing below it is placed
until the organiser enters the order (``settle``).

With ``multiple_prizes`` false the bands are walked from the top, a player who already
has a prize (or has two cards in one band) is passed over and the places close up, so
that list is known only when the tournament is over.  With several prizes allowed a
band is placed as soon as its round is over: the list fills from the bottom.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.tournament.cards import Card, Numbering, numbering
from engine.tournament.state import FINISHED, TournamentState


@dataclass(frozen=True, slots=True)
class Prize:
    """A place and the card on it; ``still_in``: the numbers of the cards its holder still
    plays with (a card that fell while its holder is still in with another)."""

    place: int
    places: tuple[int, int]
    card: Card
    still_in: tuple[int, ...] = ()

    @property
    def player(self) -> str:
        return self.card.holder

    def to_json(self) -> dict[str, Any]:
        return {"place": self.place, "places": list(self.places), "player": self.player, "card": self.card.number,
                "still_in": list(self.still_in)}


@dataclass(frozen=True, slots=True)
class Tie:
    places: tuple[int, int]
    cards: tuple[Card, ...]
    round: int

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(card.holder for card in self.cards)

    def to_json(self) -> dict[str, Any]:
        return {"places": list(self.places), "players": list(self.players), "round": self.round,
                "cards": [card.to_json() for card in self.cards]}


@dataclass(frozen=True, slots=True)
class Band:
    """Cards that fell in one round (or the winner's last card), top place ``first``."""

    first: int
    cards: tuple[Card, ...]
    round: int


def bands(state: TournamentState, cards: Numbering | None = None) -> list[Band]:
    """The bands known so far, top first: the winner's once the tournament is over, then
    each completed round's fallen cards, the final's first."""
    cards = cards or numbering(state)
    found: list[Band] = []
    if state.phase == FINISHED and state.winner is not None:
        last = cards.held[state.winner][0]
        found.append(Band(1, (cards.card(state.winner, last),), len(state.rounds)))
    for played, fallen in reversed(list(zip(state.rounds, cards.fallen))):
        if played.complete and fallen:
            found.append(Band(played.cards // 2 + 1, tuple(card for _table, card in fallen), played.number))
    return found


def prize_list(state: TournamentState, cards: Numbering | None = None) -> tuple[list[Prize], Tie | None]:
    """The places known so far (with the card on each) and the tie to settle, if any."""
    prizes = state.config.prizes
    cards = cards or numbering(state)
    running = state.phase != FINISHED

    def prize(place: int, places: tuple[int, int], card: Card) -> Prize:
        return Prize(place, places, card, cards.still_in(card.holder) if running else ())

    if not state.config.multiple_prizes:
        if running:
            return [], None
        return _one_each(bands(state, cards), prizes, state.settled, prize)
    placed: list[Prize] = []
    tie: Tie | None = None
    for band in bands(state, cards):  # places are fixed by round: each band is placed on its own
        if band.first > prizes:
            continue
        if band.first + len(band.cards) - 1 <= prizes:
            placed.extend(_shared(band.first, band.cards, prize))
            continue
        settled = _settled(band.cards, state.settled)
        if settled is None:
            tie = Tie((band.first, prizes), band.cards, band.round)
        else:
            placed.extend(prize(place, (place, place), card)
                          for place, card in zip(range(band.first, prizes + 1), settled))
    return sorted(placed, key=_by_place), tie


Placing = Callable[[int, tuple[int, int], Card], Prize]


def _one_each(known: list[Band], prizes: int, settle: tuple[str, ...] | None,
              prize: Placing) -> tuple[list[Prize], Tie | None]:
    placed: list[Prize] = []
    have: set[str] = set()
    for band in known:
        first_cards = {card.holder: card for card in reversed(band.cards)}  # each holder's first card here
        fresh = tuple(first_cards[holder] for holder in dict.fromkeys(card.holder for card in band.cards)
                      if holder not in have)
        first = len(placed) + 1
        if not fresh:
            continue
        if first > prizes:
            break
        if first + len(fresh) - 1 <= prizes:
            placed.extend(_shared(first, fresh, prize))
            have.update(card.holder for card in fresh)
            continue
        settled = _settled(fresh, settle)
        if settled is None:
            return placed, Tie((first, prizes), fresh, band.round)
        placed.extend(prize(place, (place, place), card) for place, card in zip(range(first, prizes + 1), settled))
        break
    return placed, None


def _shared(first: int, cards: Sequence[Card], prize: Placing) -> list[Prize]:
    last = first + len(cards) - 1
    return [prize(first + index, (first, last), card) for index, card in enumerate(cards)]


def _settled(cards: Sequence[Card], order: tuple[str, ...] | None) -> tuple[Card, ...] | None:
    """The band's cards in the settled order, if it settles exactly this band's holders (a
    player named twice: his first mention takes his lower card)."""
    if order is None or sorted(order) != sorted(card.holder for card in cards):
        return None
    waiting = list(cards)
    ordered = []
    for name in order:
        card = min((card for card in waiting if card.holder == name), key=lambda card: card.number or 0)
        waiting.remove(card)
        ordered.append(card)
    return tuple(ordered)


def _by_place(prize: Prize) -> int:
    return prize.place
