"""DREIst!'s referee on any laying and any Egon turn: a laying or an Egon turn answered
leaves a display that can occur and loses no card.  Near-miss series and solo games,
creation requests and every question are fuzzed alike for every game by
tests/api/test_game_contract.py, from tests/api/dreist/samples.py."""

from __future__ import annotations

import itertools
from collections import Counter

from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from tests.api.contract import FUZZ, assert_no_500, json_values, mostly
from tests.api.dreist.conftest import EGON, EXAMPLES, LAY

# --- the referee ------------------------------------------------------------------------------

CODES = [f"{n}{c}" for n in range(1, 9) for c in "RYTV"]
#: Cards by name, with their codes worked out by hand.
NAMED = {"rot 5": "5R", "red 5": "5R", "5 Türkis": "5T", "gelb 8": "8Y", "violet 1": "1V", "2v": "2V"}
real_cards = st.sampled_from(CODES) | st.sampled_from(sorted(NAMED))
cards = mostly(real_cards, st.sampled_from(["HA", "9R", "0Y", "5X", "R", "55", "", "rot", "T21"]) | json_values)
rows = mostly(st.integers(1, 8), st.integers(-2, 200) | json_values)
placement = mostly(st.fixed_dictionaries({"card": cards, "row": rows}),
                   st.fixed_dictionaries({}, optional={"card": cards, "row": rows, "column": json_values})
                   | json_values)
#: Plays a player might try (real cards, rows near the base), or the same with junk inside.
clean_plays = st.lists(st.lists(st.fixed_dictionaries({"card": real_cards, "row": st.integers(1, 5)}), min_size=1,
                                max_size=3), max_size=5)
plays = mostly(clean_plays, st.lists(st.lists(placement, max_size=50) | json_values, max_size=45) | json_values)
KNOWN = [e["display"] for kind in ("layings", "illegal", "egon") for e in EXAMPLES[kind]]
display_rows = st.text(alphabet=".......RYTV", min_size=8, max_size=8)


def spoiled(display: list[str], row: int, column: int, char: str) -> list[str]:
    """A display of the rulebook with one place changed (often one that cannot occur)."""
    if not display:
        return [char + "." * 7]
    r = row % len(display)
    line = display[r]
    c = column % 8
    return [*display[:r], line[:c] + char + line[c + 1:], *display[r + 1:]]


displays = mostly(
    st.sampled_from(KNOWN)
    | st.builds(spoiled, st.sampled_from(KNOWN), st.integers(0, 5), st.integers(0, 7), st.sampled_from(".RYTVx"))
    | st.lists(display_rows, max_size=5),
    st.lists(st.text(max_size=10) | json_values, max_size=100) | json_values,
)
games = mostly(st.just("dreist"), st.sampled_from(["DREIst", "dreierles", "dreeg", "", "drei"]) | json_values)


def assert_display_can_occur(lines: list[str]) -> None:
    """Checked independently of the engine: no two colours side by side, no column of
    three colours, every card connected to the base, no trailing empty row."""
    assert all(len(line) == 8 and set(line) <= set(".RYTV") for line in lines), lines
    assert not lines or lines[-1] != "........"
    for line in lines:
        for a, b in itertools.pairwise(line):
            assert a == "." or b == "." or a == b, lines
    for c in range(8):
        assert len({line[c] for line in lines} - {"."}) <= 2, lines
    cells = {(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch != "."}
    reached = {(r, c) for r, c in cells if r == 0}
    frontier = list(reached)
    while frontier:
        r, c = frontier.pop()
        for other in ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c)):
            if other in cells and other not in reached:
                reached.add(other)
                frontier.append(other)
    assert reached == cells, lines


def on_display(lines: list[str]) -> int:
    return sum(ch != "." for line in lines for ch in line)


@FUZZ
@given(question=st.fixed_dictionaries({"game": games, "display": displays, "lay": plays}, optional={
    "hand": mostly(st.lists(cards, max_size=8), st.lists(cards, max_size=50) | json_values),
    "single_below_card": mostly(st.booleans(), json_values), "turned": json_values}))
def test_laying_questions(api: FlaskClient, question: dict) -> None:
    response = api.post(LAY, json=question)
    assert_no_500(response)
    if response.status_code != 200:
        return
    answer = response.get_json()
    assert_display_can_occur(answer["display"])
    assert answer["draws"] == sum(1 for p in answer["placements"] if p["dreier"])
    laid = sum(len(play) for play in question["lay"])
    placed, cleared = len(answer["placements"]), sum(len(p["cleared"]) for p in answer["placements"])
    if answer["legal"]:
        assert on_display(answer["display"]) == on_display(question["display"]) + placed - cleared, \
            "a card lost or made"
    else:  # R35: a refused laying answers with the display before the turn
        before = [line.upper() for line in question["display"]]
        while before and before[-1] == "." * 8:
            before.pop()
        assert answer["display"] == before
    if answer["legal"]:
        assert (answer["rule"], answer["clause"], answer["path"]) == (None, None, None) and placed == laid
    else:
        assert answer["rule"] == "R35" and answer["clause"] in ("occupied", "colour", "connection", "single",
                                                                "together")
        play, card = map(int, answer["path"].split("."))
        assert placed == sum(len(p) for p in question["lay"][:play]) + card
        assert answer["geschenk"] is False


@FUZZ
@given(question=st.fixed_dictionaries({"game": games, "display": displays, "turned": mostly(
    st.lists(real_cards, max_size=12), st.lists(cards, max_size=100) | json_values)}, optional={
    "single_below_card": mostly(st.booleans(), json_values), "lay": json_values}))
def test_egon_questions(api: FlaskClient, question: dict) -> None:
    response = api.post(EGON, json=question)
    assert_no_500(response)
    if response.status_code != 200:
        return
    answer = response.get_json()
    assert_display_can_occur(answer["display"])
    turned = [p["card"] for p in answer["placements"]] + answer["discarded"] + answer["kept"]
    assert len(turned) == len(question["turned"]), "a card Egon turned went missing"
    assert answer["done"] is (len(answer["placements"]) >= 2)
    assert len(answer["placements"]) <= 3
    if answer["kept"]:
        assert answer["done"] is True
    cleared = sum(len(p["cleared"]) for p in answer["placements"])
    assert on_display(answer["display"]) == on_display(question["display"]) + len(answer["placements"]) - cleared
    if all(c in CODES or c in NAMED for c in question["turned"]):
        assert Counter(turned) == Counter(NAMED.get(c, c) for c in question["turned"])
