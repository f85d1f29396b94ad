"""Reachable card-point totals (R15): what a player's tricks can hold."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards.german import DECK_20, DECK_24
from engine.tricks.counting import fits_one_deck, is_reachable, reachable_totals


@pytest.mark.parametrize(("points", "cards", "reachable"), [
    pytest.param(0, 0, True, id="no trick, no points"),
    pytest.param(2, 0, False, id="points without cards"),
    pytest.param(1, 4, False, id="1 point never"),
    pytest.param(1, 12, False, id="1 point never, even with twelve cards"),
    pytest.param(0, 4, True, id="four nines"),
    pytest.param(0, 5, False, id="only four nines in the deck"),
    pytest.param(44, 4, True, id="four aces"),
    pytest.param(45, 4, False, id="more than four aces"),
    pytest.param(43, 4, True, id="three aces and a ten"),
    pytest.param(42, 4, True, id="two aces and two tens"),
    pytest.param(84, 8, True, id="every ace and ten"),
    pytest.param(85, 8, False, id="one more than every ace and ten"),
    pytest.param(119, 20, False, id="120 minus one is no card"),
    pytest.param(120, 24, True, id="the whole deck"),
    pytest.param(5, 3, True, id="ober, unter and a nine"),
])
def test_reachable_with_the_cards_taken(points, cards, reachable):
    assert is_reachable(points, cards) is reachable


def test_schnapsen_deck_has_no_nines():
    assert 0 not in reachable_totals(2, DECK_20)
    assert 0 in reachable_totals(2, DECK_24)


@pytest.mark.parametrize(("piles", "fits"), [
    pytest.param([(8, 40), (8, 40), (4, 40), (4, 0)], True, id="R6 example: all tens with Carla, nines with Dieter"),
    pytest.param([(4, 44), (4, 44), (8, 20), (8, 12)], False, id="two players with four aces each"),
    pytest.param([(4, 40), (4, 40), (8, 20), (8, 20)], False, id="two players with all four tens"),
    pytest.param([(4, 0), (4, 0), (8, 60), (8, 60)], False, id="eight cards of no value"),
    pytest.param([(12, 120), (12, 0)], False, id="twelve cards hold at most 110"),
    pytest.param([(12, 60), (12, 60)], True, id="two players share evenly"),
    pytest.param([(8, 40), (8, 40), (4, 40)], False, id="piles must use the whole deck"),
])
def test_totals_fit_one_deck(piles, fits):
    assert fits_one_deck(piles) is fits


@given(seed=st.integers(0, 2**32 - 1),
       sizes=st.sampled_from([(6, 6, 6, 6), (8, 8, 8), (12, 12), (4, 8, 4, 8), (2, 2, 20)]))
def test_every_real_split_of_a_deck_fits(seed, sizes):
    cards = list(DECK_24)
    random.Random(seed).shuffle(cards)
    piles, start = [], 0
    for size in sizes:
        pile = cards[start:start + size]
        piles.append((size, sum(c.points for c in pile)))
        assert is_reachable(piles[-1][1], size)
        start += size
    assert fits_one_deck(piles)
