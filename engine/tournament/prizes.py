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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.tournament.state import FINISHED, TournamentState


@dataclass(frozen=True, slots=True)
class Prize:
    place: int
    places: tuple[int, int]
    player: str

    def to_json(self) -> dict[str, Any]:
        return {"place": self.place, "places": list(self.places), "player": self.player}


@dataclass(frozen=True, slots=True)
class Tie:
    places: tuple[int, int]
    players: tuple[str, ...]
    round: int

    def to_json(self) -> dict[str, Any]:
        return {"places": list(self.places), "players": list(self.players), "round": self.round}


@dataclass(frozen=True, slots=True)
class Band:
    """Cards that fell in one round (or the winner's last card), top place ``first``."""

    first: int
    holders: tuple[str, ...]
    round: int


def bands(state: TournamentState) -> list[Band]:
    """The bands known so far, top first: the winner's once the tournament is over, then
    each completed round's fallen cards, the final's first."""
    found: list[Band] = []
    if state.phase == FINISHED and state.winner is not None:
        found.append(Band(1, (state.winner,), len(state.rounds)))
    for played in reversed(state.rounds):
        if played.complete:
            holders = tuple(holder for _table, holder in played.fallen())
            if holders:
                found.append(Band(played.cards // 2 + 1, holders, played.number))
    return found


def prize_list(state: TournamentState) -> tuple[list[Prize], Tie | None]:
    prizes = state.config.prizes
    if not state.config.multiple_prizes:
        if state.phase != FINISHED:
            return [], None
        return _one_each(bands(state), prizes, state.settled)
    placed: list[Prize] = []
    tie: Tie | None = None
    for band in bands(state):  # places are fixed by round: each band is placed on its own
        if band.first > prizes:
            continue
        if band.first + len(band.holders) - 1 <= prizes:
            placed.extend(_shared(band.first, band.holders))
            continue
        settled = _settled(band.holders, state.settled)
        if settled is None:
            tie = Tie((band.first, prizes), band.holders, band.round)
        else:
            placed.extend(Prize(place, (place, place), holder)
                          for place, holder in zip(range(band.first, prizes + 1), settled))
    return sorted(placed, key=_by_place), tie


def _one_each(known: list[Band], prizes: int, settle: tuple[str, ...] | None) -> tuple[list[Prize], Tie | None]:
    placed: list[Prize] = []
    have: set[str] = set()
    for band in known:
        fresh = tuple(dict.fromkeys(holder for holder in band.holders if holder not in have))
        first = len(placed) + 1
        if not fresh:
            continue
        if first > prizes:
            break
        if first + len(fresh) - 1 <= prizes:
            placed.extend(_shared(first, fresh))
            have.update(fresh)
            continue
        settled = _settled(fresh, settle)
        if settled is None:
            return placed, Tie((first, prizes), fresh, band.round)
        placed.extend(Prize(place, (place, place), holder) for place, holder in zip(range(first, prizes + 1), settled))
        break
    return placed, None


def _shared(first: int, holders: Sequence[str]) -> list[Prize]:
    last = first + len(holders) - 1
    return [Prize(first + index, (first, last), holder) for index, holder in enumerate(holders)]


def _settled(holders: Sequence[str], order: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """The settled order, if it settles exactly this band's holders."""
    if order is not None and sorted(order) == sorted(holders):
        return order
    return None


def _by_place(prize: Prize) -> int:
    return prize.place
