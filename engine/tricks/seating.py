"""Seats round the table: players are listed in clockwise order (R13, R32)."""

from __future__ import annotations

from collections.abc import Sequence


def first_active_after(players: Sequence[str], active: Sequence[str], seat: str) -> str:
    """The first active player clockwise after ``seat`` (who may be inactive himself):
    the forehand after a dealer (R13)."""
    start = players.index(seat)
    for step in range(1, len(players) + 1):
        candidate = players[(start + step) % len(players)]
        if candidate in active:
            return candidate
    raise ValueError("no active player")


def next_in_turn(players: Sequence[str], seat: str, *, clockwise: bool) -> str:
    """The seat after ``seat`` in the given direction, every seat counting (the deal
    passes through players who sit out, R13)."""
    step = 1 if clockwise else -1
    return players[(players.index(seat) + step) % len(players)]


def turns_from(players: Sequence[str], seat: str, *, clockwise: bool) -> tuple[str, ...]:
    """Every seat once, starting with ``seat``, in the given direction."""
    order = [seat]
    while len(order) < len(players):
        order.append(next_in_turn(players, order[-1], clockwise=clockwise))
    return tuple(order)
