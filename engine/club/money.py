"""R37: money.  Each tally pays whole cents between parties (members and the club's kitty);
an evening's net per party sums to 0 and is settled by payments, each from a party that owes
to one that is owed, at most one fewer than the parties with a balance."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.game import Tally


@dataclass(frozen=True, slots=True)
class Transfer:
    """A payment of the settle-up: ``payer`` gives ``payee`` ``cents`` (a party is a member
    id or the kitty)."""

    payer: str
    payee: str
    cents: int

    def to_json(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "cents": self.cents}


def net(tallies: Iterable[Tally]) -> dict[str, int]:
    """Each party's money over ``tallies`` in cents (won positive, paid negative)."""
    total: dict[str, int] = {}
    for tally in tallies:
        for party, cents in tally.money.items():
            total[party] = total.get(party, 0) + cents
    return total


def settle(balances: Mapping[str, int]) -> tuple[Transfer, ...]:
    """R37: payments that bring every balance to 0 (a negative balance owes, a positive one is
    owed).  The largest debt is paid to the largest claim, as much as both allow, until all
    are square: each payment squares at least one party and the last squares two, so there are
    at most one fewer than the parties with a balance.  Ties go by party id, so the same
    balances always give the same payments.  Balances that do not sum to 0 are refused
    (ValueError): someone's money would be missing."""
    if sum(balances.values()) != 0:
        raise ValueError(f"balances must sum to 0, not {sum(balances.values())}: {dict(balances)}")
    open_ = {party: cents for party, cents in balances.items() if cents != 0}
    payments: list[Transfer] = []
    while open_:
        payer = min(open_, key=lambda p: (open_[p], p))
        payee = min(open_, key=lambda p: (-open_[p], p))
        cents = min(-open_[payer], open_[payee])
        payments.append(Transfer(payer, payee, cents))
        for party, change in ((payer, cents), (payee, -cents)):
            open_[party] += change
            if open_[party] == 0:
                del open_[party]
    return tuple(payments)
