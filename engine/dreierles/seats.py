"""Seats round the table (RULES.md R32): three play each deal.

Players are listed in clockwise order; the player on a dealer's left is the next in the
list.  With four at the table the dealer sits out; with five, the dealer and the player who
deals after next.  The deal passes to the left (house rule: to the right).  Forehand (Vorn)
is the first active player on the dealer's right (seed: "Vorn ist der rechts vom Gebenden
sitzende Spieler").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Seating:
    """Who deals, who sits out and who plays one deal."""

    dealer: str
    sitting_out: tuple[str, ...]
    active: tuple[str, ...]
    forehand: str


def step(rule: str) -> int:
    """+1: the deal passes to the left (the next in the clockwise list); -1: to the right."""
    return 1 if rule == "left" else -1


def next_dealer(players: Sequence[str], dealer: str, rule: str) -> str:
    return players[(players.index(dealer) + step(rule)) % len(players)]


def seating(players: Sequence[str], dealer: str, rule: str) -> Seating:
    """R32: the dealer sits out with four; with five he and the dealer after next."""
    count = len(players)
    seat = players.index(dealer)
    out: tuple[str, ...] = ()
    if count == 4:
        out = (dealer,)
    elif count == 5:
        out = (dealer, players[(seat + 2 * step(rule)) % count])
    active = tuple(p for p in players if p not in out)
    forehand = next(players[(seat - k) % count] for k in range(1, count + 1) if players[(seat - k) % count] in active)
    return Seating(dealer, out, active, forehand)


def dealers_from(players: Sequence[str], dealer: str, rule: str) -> tuple[str, ...]:
    """Every seat once, in the order the deal passes, starting with ``dealer``."""
    order = [dealer]
    while len(order) < len(players):
        order.append(next_dealer(players, order[-1], rule))
    return tuple(order)
