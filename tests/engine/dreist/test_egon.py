"""Egon's turns (R35 and its decisions on Egon), as a table of real turns worked out by hand,
and hypothesis: whenever Egon sets a card aside, or throws it away at the end of a turn in
which he laid fewer than two, the laying referee (``judge_lay``, asked about every row)
accepts no single card and no pair for it.

Displays in the notation: rows below the base nearest first, one character per column 1-8
(the column gives the number)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.dreist import DECK_96, NumberCard, parse_number_card
from engine.dreist import Display, judge_egon, judge_lay


def cards(*codes: str) -> list[NumberCard]:
    return [parse_number_card(code) for code in codes]


def placed(placements: list[dict]) -> list[tuple[str, int, str | None]]:
    return [(p["card"], p["row"], p["dreier"]) for p in placements]


#: (display, turned, placements (card, row, DREIer), discarded, kept, display after)
TURNS = [
    pytest.param(
        [".....Y..", ".....YYY", "......RR", "......R."], ["8T", "3T", "8Y", "3T"],
        [("8T", 1, "column"), ("8Y", 1, None)], ["3T"], ["3T"],
        [".....Y.Y", ".....YY.", "......R.", "......R."],
        id="the 8T turned first pairs with the 8Y before the two 3Ts do: the 8Y goes where the 8T's "
           "column-DREIer has just cleared"),
    pytest.param(
        ["Y.Y...RR", "Y.R....Y", "Y......."], ["7V", "7R", "4T", "8R", "7T"],
        [("8R", 3, None), ("7R", 3, None), ("7V", 4, None)], ["4T"], ["7T"],
        ["Y.Y...RR", "Y.R....Y", "Y.....RR", "......V."],
        id="after the 8R the set-aside 7V is tried first and pairs with the later 7R, laid first "
           "because the 7V cannot go first"),
    pytest.param(
        ["TT....YY", ".Y....YY", ".......Y"], ["3V", "7R", "1T", "3V", "2V", "8T"],
        [("2V", 3, "column"), ("3V", 1, None), ("3V", 2, None)], ["7R", "1T"], ["8T"],
        ["T.V...YY", "..V...YY", ".......Y"],
        id="two set-aside 3Vs pair once the 2V has cleared the 2-column, before the 1T is tried"),
    pytest.param(
        [], ["7R", "8T", "8R"],
        [("7R", 1, None), ("8R", 1, None)], ["8T"], [],
        ["......RR"],
        id="the 8R pairs with the earliest set-aside card that makes a pair, the 7R, not the 8T"),
    pytest.param(
        [], ["8R", "8T", "5V"],
        [("8R", 1, None), ("8T", 2, None)], [], ["5V"],
        [".......R", ".......T"],
        id="both orders are legal: the earlier-turned 8R goes first, in the topmost row"),
    pytest.param(
        ["R.......", "R.......", "RRR....."], ["3R"],
        [("3R", 4, None)], [], [],
        ["R.......", "R.......", "RRR.....", "..R....."],
        id="a single card in the topmost row it may go alone"),
]


@pytest.mark.parametrize(("display", "turned", "laid", "discarded", "kept", "after"), TURNS)
def test_egons_turn_R35(display: list[str], turned: list[str], laid: list[tuple], discarded: list[str],
                        kept: list[str], after: list[str]) -> None:
    answer = judge_egon(display=display, turned=cards(*turned)).to_json("en")
    assert placed(answer["placements"]) == laid
    assert (answer["discarded"], answer["kept"], answer["display"]) == (discarded, kept, after)
    assert answer["done"] is (len(laid) >= 2)


def test_the_topmost_pair_R35() -> None:
    """The 8Y could also go below the cleared cell (the referee accepts both); Egon lays it in
    the topmost row, the cell the 8T's column-DREIer has just freed."""
    display = [".....Y..", ".....YYY", "......RR", "......R."]
    for row in (1, 2):
        assert judge_lay(display=display, lay=[[(cards("8T")[0], 1), (cards("8Y")[0], row)]]).legal
    answer = judge_egon(display=display, turned=cards("8T", "8Y")).to_json("en")
    assert placed(answer["placements"]) == [("8T", 1, "column"), ("8Y", 1, None)]


def test_a_turn_that_lays_nothing_R35() -> None:
    """Nothing fits and no two turned cards make a pair: all set aside, turn more for him."""
    answer = judge_egon(display=[], turned=cards("1R", "3Y", "5T")).to_json("en")
    assert (answer["placements"], answer["discarded"], answer["done"]) == ([], ["1R", "3Y", "5T"], False)


# --- hypothesis: Egon sets a card aside only when the referee accepts nothing for it ----------

def _rows(display: Display) -> range:
    """Every row a card could be asked about, and two more than could ever hold one."""
    return range(1, len(display.rows) + 4)


def _fits_alone(display: Display, card: NumberCard) -> bool:
    return any(judge_lay(display=display, lay=[[(card, row)]]).legal for row in _rows(display))


def _fits_with(display: Display, card: NumberCard, other: NumberCard) -> bool:
    return any(judge_lay(display=display, lay=[[(first, r1), (second, r2)]]).legal
               for first, second in ((card, other), (other, card)) for r1 in _rows(display) for r2 in _rows(display))


def _player(rng: random.Random, board: Display, pack: list[NumberCard]) -> Display:
    """A player's turn: the pack's next cards tried where they might go, one alone or two
    together (stacked if one number, side by side if neighbours); what the referee allows is
    laid and leaves the pack."""
    for _ in range(rng.randint(0, 3)):
        a, b = pack[-1], pack[-2]
        row = rng.randint(1, len(board.rows) + 1)
        tries = [[[(a, row)]]]
        if a.number == b.number:
            tries.append([[(a, row), (b, row + 1)]])
        elif abs(a.number - b.number) == 1:
            tries.append([[(a, row), (b, row)]])
        for lay in tries:
            ruling = judge_lay(display=board, lay=lay)
            if ruling.legal:
                board = ruling.display
                del pack[-len(lay[0]):]
                break
    return board


def _table(rng: random.Random, turns: int) -> tuple[Display, list[NumberCard]]:
    """A display as a solo game leaves it (a shuffled pack, turns of a player and of Egon),
    and the pack's next cards, turned for Egon."""
    pack = list(DECK_96)
    rng.shuffle(pack)
    board = Display()
    for _ in range(turns):
        board = _player(rng, board, pack)
        egon = judge_egon(display=board, turned=pack[-1:-9:-1])
        del pack[len(pack) - 8 + len(egon.kept):]
        board = egon.display
    return board, pack[-1:-rng.randint(2, 8):-1]


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), turns=st.integers(0, 6))
def test_egon_sets_aside_only_what_the_referee_refuses_R35(seed: int, turns: int) -> None:
    board, turned = _table(random.Random(seed), turns)
    before = judge_egon(display=board, turned=[])
    for k, card in enumerate(turned):
        after = judge_egon(display=board, turned=turned[:k + 1])
        if after.placements == before.placements:  # the card was set aside
            assert after.discarded == (*before.discarded, card)
            assert not _fits_alone(before.display, card), f"{card} fits alone"
            for other in before.discarded:
                assert not _fits_with(before.display, card, other), f"{card} fits with {other}"
        if after.done:
            break
        before = after
    if not before.done:  # every card he would throw away was tried again after his last lay
        for card in before.discarded:
            assert not _fits_alone(before.display, card), f"{card} fits alone at the end"
        for one, other in combinations(before.discarded, 2):
            assert not _fits_with(before.display, one, other), f"{one} fits with {other} at the end"
