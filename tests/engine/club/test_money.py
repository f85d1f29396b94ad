"""R37: money in whole cents between members and the club's kitty; an evening's net and the
kitty's sum to 0 and are settled with at most one payment fewer than the parties with a
balance, each from a party that owes to one that is owed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.club import Transfer, evenings, net, settle
from engine.game import KITTY, Tally

from .helpers import BERLIN, match, tally

A, B, C, D = "anna", "benno", "clara", "dora"


@pytest.mark.parametrize(("balances", "payments"), [
    pytest.param({A: 30, B: -30}, [(B, A, 30)], id="one Bummerl: Benno pays Anna"),
    pytest.param({A: -30, B: 10, C: 20}, [(A, C, 20), (A, B, 10)], id="one owes two: the larger claim first"),
    pytest.param({A: 30, B: -10, C: -20}, [(C, A, 20), (B, A, 10)], id="two owe one: the larger debt first"),
    pytest.param({A: -20, B: 10, C: 10}, [(A, B, 10), (A, C, 10)], id="equal claims: by id, Benno before Clara"),
    pytest.param({A: -40, C: -20, KITTY: 60}, [(A, KITTY, 40), (C, KITTY, 20)],
                 id="Dreeg blobs: both pay the kitty"),
    pytest.param({A: 50, B: -10, KITTY: -40}, [(KITTY, A, 40), (B, A, 10)], id="the kitty pays out like a member"),
    pytest.param({A: 25, B: 25, C: -25, D: -25}, [(C, A, 25), (D, B, 25)],
                 id="two pairs square in two payments, not three"),
    pytest.param({A: 0, B: 0}, [], id="all square: no payment"),
    pytest.param({A: 0, B: -5, C: 5}, [(B, C, 5)], id="a member at 0 is no party"),
])
def test_r37_settle(balances: dict[str, int], payments: list[tuple[str, str, int]]) -> None:
    assert settle(balances) == tuple(Transfer(*p) for p in payments)


@pytest.mark.parametrize("balances", [
    pytest.param({A: 30, B: -29}, id="a cent missing"),
    pytest.param({A: 30}, id="one party alone"),
])
def test_r37_settle_refuses_balances_that_do_not_sum_to_0(balances: dict[str, int]) -> None:
    with pytest.raises(ValueError, match="sum to 0"):
        settle(balances)


def test_r37_settle_is_the_same_whatever_the_order_of_the_balances() -> None:
    balances = {D: -10, C: 10, B: -10, A: 10}
    assert settle(balances) == settle(dict(reversed(balances.items()))) == (Transfer(B, A, 10), Transfer(D, C, 10))


def test_r37_a_transfer_as_json() -> None:
    assert Transfer(B, KITTY, 60).to_json() == {"from": B, "to": "kitty", "cents": 60}


@pytest.mark.parametrize(("tallies", "expected"), [
    # each game's rate as its tally pays it (R37): a Bummerl at 50, a Schneider two; Dreeg 20 a blob into the
    # kitty; Dreierles each deal's Fach settlement at 10 a Fach; DREIst! 5 a point to the series' winner
    pytest.param([tally(money={A: 50, B: -50}), tally(money={B: 100, A: -100})], {A: -50, B: 50},
                 id="Sixty-Six: a Bummerl, then a Schneider back"),
    pytest.param([tally(money={A: -40, C: -20, KITTY: 60}), tally(money={B: -20, KITTY: 20})],
                 {A: -40, B: -20, C: -20, KITTY: 80}, id="Dreeg: two Partien into the kitty"),
    pytest.param([tally(money={A: 40, B: -20, C: -20}), tally(money={A: -20, B: 40, C: -20})],
                 {A: 20, B: 20, C: -40}, id="Dreierles: two deals' Fach"),
    pytest.param([tally(money={A: 35, B: -15, C: -20})], {A: 35, B: -15, C: -20}, id="DREIst!: a series"),
    pytest.param([tally(), tally(money={})], {}, id="not played for money"),
])
def test_r37_net_adds_each_partys_money(tallies: list[Tally], expected: dict[str, int]) -> None:
    assert net(tallies) == expected


PARTIES = [A, B, C, D, "emil", KITTY]


@st.composite
def a_tally(draw: st.DrawFn) -> Tally:
    """Money that sums to 0 over some of the parties, as every game's tally pays."""
    parties = draw(st.lists(st.sampled_from(PARTIES), min_size=2, max_size=5, unique=True))
    amounts = [draw(st.integers(-5_000, 5_000)) for _ in parties[1:]]
    return tally(money={parties[0]: -sum(amounts), **dict(zip(parties[1:], amounts))})


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(a_tally(), max_size=6), min_size=1, max_size=4))
def test_r37_any_evening_sums_to_0_and_settles_square(matches: list[list[Tally]]) -> None:
    players = (A, B, C, D, "emil")
    records = [match(f"m{n}", "any", players, [(f"2026-01-15 2{n}:00", t) for t in tallies])
               for n, tallies in enumerate(matches) if tallies]
    for evening in evenings(records, BERLIN):
        assert sum(evening.net.values()) + evening.kitty == 0
        balances = {**evening.net, KITTY: evening.kitty}
        left = dict(balances)
        for transfer in evening.transfers:
            assert transfer.cents > 0
            assert balances[transfer.payer] < 0 < balances[transfer.payee]
            left[transfer.payer] += transfer.cents
            left[transfer.payee] -= transfer.cents
        assert set(left.values()) <= {0}
        parties = sum(1 for cents in balances.values() if cents)
        assert len(evening.transfers) <= max(parties - 1, 0)
