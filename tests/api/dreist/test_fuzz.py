"""No DREIst! input produces a 500: near-miss series and solo entries (real ones with a
field spoiled, plausible fields at random, at every table size), match creation, displays,
layings and Egon questions.  Every answer is a success or problem JSON with a 4xx status;
a laying or an Egon turn answered leaves a display that can occur and loses no card.
Bounded like tests/api/dreierles/test_fuzz.py."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.dreist.conftest import (
    EGON,
    EXAMPLES,
    FIVE,
    LAY,
    TABLES,
    THREE,
    Match,
    abandoned,
    left,
    open_match,
    open_solo,
    won,
)

FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: A match opened and written to several times per example: fewer examples, same reach.
FUZZ_WRITES = settings(FUZZ, max_examples=30)

scalars = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20))
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20,
)


def mostly(good: st.SearchStrategy, bad: st.SearchStrategy) -> st.SearchStrategy:
    """Nine in ten draws from ``good``: near misses, not only junk, so the engine is reached."""
    return st.integers(0, 9).flatmap(lambda n: good if n else bad)


# --- series and solo entries ----------------------------------------------------------------

strangers = st.sampled_from(["anna", " Benno", "Zora", "", "Carla ", "Egon"]) | st.text(max_size=25)
key_names = mostly(st.sampled_from(FIVE), strangers)
counts = mostly(st.integers(-2, 100) | st.sampled_from([0, 0, 95, 96, 97]), st.integers(-(2**70), 2**70) | json_values)


def everyone(players: list[str]) -> st.SearchStrategy:
    return st.fixed_dictionaries(dict.fromkeys(players, counts))


remaining = mostly(st.sampled_from(TABLES).flatmap(everyone), st.dictionaries(key_names, counts, max_size=7)
                   | json_values)
flags = mostly(st.booleans(), json_values)
field_values: dict[str, st.SearchStrategy] = {
    "seq": mostly(st.just(1), st.integers(-1, 3) | json_values),
    "remaining": remaining, "abandoned": flags, "won": flags,
    "dealer": mostly(st.sampled_from(FIVE), json_values),
}
plausible = st.fixed_dictionaries({}, optional=field_values)
#: Games a table really enters, at three (a series) and alone (a solo).
REAL_SERIES = [left(THREE, 0, 12, 7), left(THREE, 30, 0, 66), abandoned(THREE, 3, 2, 4)]
REAL_SOLO = [won(True), won(False)]


def assert_no_500(response: Any) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code >= 400:
        assert response.mimetype == "application/problem+json"
        problem = response.get_json()
        assert {"type", "title", "status", "detail", "code"} <= problem.keys()
        assert problem["status"] == response.status_code and problem["detail"]
        for name, message in (problem.get("errors") or {}).items():
            assert isinstance(name, str) and isinstance(message, str) and message, problem


def write_all(match: Match, entry: Any) -> None:
    """POST the entry, then replace game 1 with it and void it, whatever it did."""
    client, url, headers = match.client, match.url, match.scorer
    body = {"seq": 1, **entry} if isinstance(entry, dict) else entry
    assert_no_500(client.post(f"{url}/hands", json=body, headers=headers))
    assert_no_500(client.put(f"{url}/hands/1", json=body, headers=headers))
    assert_no_500(client.post(f"{url}/hands/1/void", headers=headers))


@FUZZ_WRITES
@given(entry=plausible, players=st.sampled_from([*TABLES, ["Anna"]]))
def test_games_that_look_almost_right(api: FlaskClient, entry: dict, players: list[str]) -> None:
    match = open_solo(api) if len(players) == 1 else open_match(api, players)
    entry.setdefault("seq", 1)
    assert_no_500(match.client.post(f"{match.url}/hands", json=entry, headers=match.scorer))
    write_all(match, {k: v for k, v in entry.items() if k != "seq"})


@FUZZ_WRITES
@given(solo=st.booleans(), change=st.dictionaries(st.sampled_from(sorted(field_values)), json_values, max_size=3),
       targeted=st.fixed_dictionaries({}, optional={k: v for k, v in field_values.items() if k != "seq"}),
       index=st.integers(0, 2))
def test_a_real_game_with_fields_spoiled(api: FlaskClient, solo: bool, change: dict, targeted: dict,
                                         index: int) -> None:
    if solo:
        match, base = open_solo(api), REAL_SOLO[index % 2]
        match.record(won())  # one game in, so replacing and voiding have something to replay
    else:
        match, base = open_match(api, THREE), REAL_SERIES[index]
        match.record(left(THREE, 5, 0, 9))
    for entry in ({**base, **change}, {**base, **targeted}):
        assert_no_500(match.post(entry))
    write_all(match, {**base, **targeted})


@FUZZ
@given(body=st.fixed_dictionaries({"game": st.just("dreist")}, optional={
    "players": mostly(st.sampled_from([*TABLES, ["Anna"], [*FIVE, "Franz"], []]),
                      st.lists(key_names, max_size=7) | json_values),
    "rules": st.dictionaries(st.sampled_from(["mode", "single_below_card", "variant", "Mode"]),
                             st.sampled_from(["series", "solo", "true", "false", "Solo", ""]) | json_values),
    "dealer": mostly(st.sampled_from(FIVE), strangers | json_values),
}))
def test_dreist_match_creation(api: FlaskClient, body: dict) -> None:
    response = api.post("/api/matches", json=body)
    assert_no_500(response)
    if response.status_code == 201:
        created = response.get_json()
        assert created["rules"]["mode"] in ("series", "solo")
        assert (len(created["players"]) == 1) is (created["rules"]["mode"] == "solo")


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
