"""The laying referee (R35), clause by clause with legal and illegal twins, the DREIers and
their special cases, written as displays in the notation (rows nearest the base first, one
character per column 1-8); and hypothesis: a random legal laying never leaves a card
unconnected or two colours side by side, and no card is lost or made."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.dreist import Colour, number_card, parse_number_card
from engine.dreist import Display, judge_lay
from engine.errors import RuleViolation


def lay(spec: str) -> list[list[tuple]]:
    """``"6R@1 6R@2; 7R@1"``: plays separated by ``;``, each card with its row."""
    return [[(parse_number_card(x.split("@")[0]), int(x.split("@")[1])) for x in play.split()]
            for play in spec.split(";") if play.strip()]


def judge(display: list[str], spec: str, **options) -> dict:
    return judge_lay(display=display, lay=lay(spec), **options).to_json("en")


# --- each clause, legal and illegal ------------------------------------------------------------

CLAUSES = [
    # (display, laying, legal, clause)
    pytest.param([], "8R@1 8R@2", True, None, id="two matching cards under the base: a column pair"),
    pytest.param([], "1R@1", False, "single", id="single: a card alone may not go to the base"),
    pytest.param(["R......."], "2R@1", True, None, id="single: attached beside a laid card"),
    pytest.param(["R......."], "1Y@2", True, None, id="single: attached below a laid card"),
    pytest.param(["R......."], "2Y@1", False, "colour", id="colour: never two colours side by side"),
    pytest.param(["R......."], "3Y@1", False, "single", id="single: a gap is no contact"),
    pytest.param(["R.R....."], "2Y@1", False, "colour", id="colour: between two reds"),
    pytest.param(["R.Y....."], "2Y@1", False, "colour", id="colour: red on one side, yellow on the other"),
    pytest.param(["R.Y....."], "2Y@2", False, "connection", id="connection: a diagonal is no contact"),
    pytest.param(["R.Y....."], "3Y@2", True, None, id="single: attached below a laid card of another colour"),
    pytest.param(["R......."], "1Y@1", False, "occupied", id="occupied: a card lies there"),
    pytest.param(["RR......", ".R......"], "1Y@3 1Y@4", False, "connection",
                 id="connection: a pair from the 3rd row of the 1-column touches nothing"),
    pytest.param(["RR......", ".R......"], "1R@2 1R@3", True, None, id="a pair below the 1: connected"),
    pytest.param([], "3R@1 4R@1 5R@1", True, None, id="a play of three side by side in one colour: a row-DREIer"),
    pytest.param([], "3R@1 5R@1", False, "together", id="together: cards laid together form a chain"),
    pytest.param([], "5R@2 5R@1", False, "connection",
                 id="connection: each card connected once placed (nearest first)"),
    pytest.param(["....R..."], "5Y@3", False, "connection",
                 id="connection: the cell above is empty, so the card would hang in the air (the seed's reason)"),
]


@pytest.mark.parametrize(("display", "spec", "legal", "clause"), CLAUSES)
def test_the_clauses(display: list[str], spec: str, legal: bool, clause: str | None) -> None:
    answer = judge(display, spec)
    assert (answer["legal"], answer["clause"]) == (legal, clause)
    if not legal:
        assert answer["rule"] == "R35" and answer["path"] is not None


def test_the_house_rule_for_a_single_card_touching_only_one_below() -> None:
    """The 3 at row 2 touches only the red 3 below it (the 1-column and row 3 hold it)."""
    display = ["R.......", "R.......", "RRR....."]
    assert judge(display, "3R@2", single_below_card=False)["clause"] == "single"
    assert judge(display, "3R@2", single_below_card=True)["legal"]


def test_the_offending_card_is_named_with_the_cards_before_it() -> None:
    answer = judge(["R......."], "2R@1; 4Y@1")
    assert (answer["legal"], answer["path"], answer["clause"]) == (False, "1.0", "single")
    assert [(p["card"], p["row"]) for p in answer["placements"]] == [("2R", 1)]
    assert answer["reason"] == "Row 1: the yellow 4 is laid alone, and a single card may only be attached next to " \
                               "or below a number card; it touches none there."


@pytest.mark.parametrize(("display", "spec", "path"), [
    pytest.param(["R......."], "2R@1; 4Y@1", "1.0", id="a red 2 laid, then a yellow 4 alone"),
    pytest.param(["RR......", ".Y......"], "2T@3 1T@3", "0.1",
                 id="the 2T's column-DREIer cleared the 2-column before the 1T was refused"),
    pytest.param([".....RR."], "8R@1; 1Y@1", "1.0", id="a row-DREIer, then a card alone under the base"),
    pytest.param([], "5R@1 5R@2 5R@3 6Y@3", "0.3", id="three 5s stacked, then a yellow 6 beside a red 5"),
])
def test_a_refused_laying_answers_with_the_display_before_the_turn_R35(display: list[str], spec: str,
                                                                        path: str) -> None:
    """R35's last decision: the turn is refused as a whole; the cards placed before the
    offending one are named, but the display answered is the one the turn started from."""
    answer = judge(display, spec)
    assert (answer["legal"], answer["path"]) == (False, path)
    assert answer["placements"], "the cards before the offending one are named"
    assert answer["display"] == display


# --- DREIers -------------------------------------------------------------------------------------

def test_a_row_dreier_stays_and_draws_one() -> None:
    answer = judge([".....RR."], "8R@1")
    assert answer["placements"][0]["dreier"] == "row" and answer["draws"] == 1
    assert answer["display"] == [".....RRR"]


def test_a_column_dreier_clears_the_column_and_what_hangs_on_it() -> None:
    """Fig. 6: the third colour in the 8-column clears the whole column, then the 7 that
    hung only on an 8."""
    display = [".......Y", ".......R", "......RR"]
    answer = judge(display, "8T@4")
    placed = answer["placements"][0]
    assert placed["dreier"] == "column"
    assert sorted(placed["cleared"]) == ["1,8", "2,8", "3,7", "3,8", "4,8"]
    assert (answer["draws"], answer["display"]) == (1, [])


def test_a_card_making_a_row_and_a_column_dreier_counts_as_one_column_dreier() -> None:
    """Fig. 8: the 7 next to the 5 and 6 makes three reds, and is the third colour of its column."""
    display = ["....RR..", ".....YY.", "......T."]
    answer = judge(display, "7R@1")
    placed = answer["placements"][0]
    assert (placed["dreier"], answer["draws"]) == ("column", 1)
    assert sorted(placed["cleared"]) == ["1,7", "2,7", "3,7"]
    assert answer["display"] == ["....RR..", ".....Y.."]


def test_joining_two_runs_is_one_row_dreier_and_extending_three_is_none() -> None:
    """Fig. 9 and the decision under R35."""
    joined = judge(["RR.RR..."], "3R@1")
    assert (joined["placements"][0]["dreier"], joined["draws"]) == ("row", 1)
    extended = judge(["RRR....."], "4R@1")
    assert (extended["placements"][0]["dreier"], extended["draws"]) == (None, 0)


def test_nothing_attaches_to_the_card_that_cleared_its_column() -> None:
    """The turquoise 2 clears the 2-column at once, so the 1 laid with it has nothing to hold on to."""
    answer = judge(["RR......", ".Y......"], "2T@3 1T@3")
    assert (answer["legal"], answer["clause"], answer["path"]) == (False, "connection", "0.1")
    assert answer["placements"][0]["dreier"] == "column"


def test_the_dreiste_geschenk_when_the_hand_is_laid_out() -> None:
    hand = [parse_number_card(c) for c in ("8R", "8R")]
    assert judge_lay(display=[], lay=lay("8R@1 8R@2"), hand=hand).geschenk
    more = [*hand, parse_number_card("1Y")]
    assert not judge_lay(display=[], lay=lay("8R@1 8R@2"), hand=more).geschenk


# --- displays that cannot occur (422) -------------------------------------------------------------

@pytest.mark.parametrize(("display", "code"), [
    (["RY......"], "dreist_display_colours"),
    (["R.......", "Y.......", "T......."], "dreist_display_column"),
    ([".......", ], "dreist_display_row"),
    (["........", "R......."], "dreist_display_loose"),
    (["RR......", "RR......", "RR......", "RR......"], "dreist_too_many"),
])
def test_a_display_that_cannot_occur_is_refused(display: list[str], code: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        judge(display, "8R@1 8R@2")
    assert code in {v.code for v in caught.value.violations}


# --- hypothesis: random legal layings ---------------------------------------------------------

def _independent_checks(lines: list[str]) -> None:
    rows = [list(line) for line in lines]
    for row in rows:
        for a, b in itertools.pairwise(row):
            assert a == "." or b == "." or a == b, "two colours side by side"
    for c in range(8):
        assert len({row[c] for row in rows} - {"."}) <= 2, "a column of three colours stands"
    cells = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}
    reached = {(r, c) for r, c in cells if r == 0}
    frontier = list(reached)
    while frontier:
        r, c = frontier.pop()
        for other in ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c)):
            if other in cells and other not in reached:
                reached.add(other)
                frontier.append(other)
    assert reached == cells, "a card without contact to the base"


def _random_turn(rng: random.Random, board: Display) -> list[list[tuple]]:
    """Some plays a player might try: a pair stacked under a base card, single cards
    attached where a cell next to or below a card is free."""
    plays: list[list[tuple]] = []
    number, colour = rng.randint(1, 8), rng.choice(list(Colour))
    card = number_card(number, colour)
    plays.append([(card, 1), (card, 2)])
    for _ in range(rng.randint(0, 4)):
        card = number_card(rng.randint(1, 8), rng.choice(list(Colour)))
        plays.append([(card, rng.randint(1, len(board.rows) + 1))])
    return plays


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), turns=st.integers(1, 15))
def test_random_legal_layings_keep_the_display_sound_and_conserve_cards(seed: int, turns: int) -> None:
    """Whatever is laid legally: no card loses contact with the base, no two colours touch
    in a row, no column keeps three colours, and the cards in the display are exactly those
    laid minus those cleared; a refused turn leaves the display as it was (R35)."""
    rng = random.Random(seed)
    lines: list[str] = []
    in_display = 0
    for _ in range(turns):
        board = Display.parse(lines)
        plays = _random_turn(rng, board)
        if any(n > 3 for n in (board.count() + Counter(c for play in plays for c, _ in play)).values()):
            continue
        ruling = judge_lay(display=board, lay=plays)
        placed = len(ruling.placements)
        cleared = sum(len(p.cleared) for p in ruling.placements)
        lines = ruling.display.lines()
        _independent_checks(lines)
        if ruling.legal:
            in_display += placed - cleared
        else:  # R35: the display before the turn
            assert lines == board.lines()
            assert placed < sum(len(play) for play in plays)
        assert sum(line.count(ch) for line in lines for ch in "RYTV") == in_display
