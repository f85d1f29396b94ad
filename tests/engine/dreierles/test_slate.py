"""Dreierles' slate (issue 18, item 15): per deal its dealer, game, declarer and Fach, and per
player what the deal settled for him (R29; blank for whoever sits out, R32) and his balance."""

from __future__ import annotations

import pytest

from engine.dreierles import DREIERLES

from .helpers import entry_from_json

FOUR = ["Anna", "Benno", "Carla", "Dieter"]


def rows(*bodies: dict, players: list[str] = FOUR) -> list:
    start = DREIERLES.start(players)
    return [row for _, row in DREIERLES.slate_rows(start, enumerate(entry_from_json(b) for b in bodies))]


@pytest.mark.parametrize(("body", "settled", "fach"), [
    pytest.param({"game": "dreier", "declarer": "Benno", "declarer_points": 41},
                 {"Benno": 4, "Carla": -2, "Dieter": -2}, 2, id="R27 R29 Benno wins a Dreier with 41: 2 Fach each"),
    pytest.param({"game": "zweier", "declarer": "Carla", "declarer_points": 30},
                 {"Benno": 3, "Carla": -6, "Dieter": 3}, 3,
                 id="R27 R28 Carla loses a Zweier with 30: the defenders' 40 make 2, +1 for the Zweier"),
])
def test_a_declarers_deal_on_the_slate(body: dict, settled: dict, fach: int) -> None:
    row, = rows(body)
    assert row.players["settlement"] == settled  # Anna deals and sits out: no value of hers
    assert row.players["balance"] == {"Anna": 0, **settled}
    assert (row.cells["dealer"], row.cells["declarer"], row.cells["fach"]) == ("Anna", body["declarer"], fach)
    assert row.cells["game"].name_in("de") != body["game"] or body["game"] == "dreier"
    assert row.words("en") and row.words("de") != row.words("en")


def test_the_balance_runs_on_and_the_seat_out_moves() -> None:
    first, second = rows({"game": "dreier", "declarer": "Benno", "declarer_points": 41},
                         {"game": "dreier", "declarer": "Anna", "declarer_points": 41})
    assert second.cells["dealer"] != first.cells["dealer"]
    sitting_out = set(FOUR) - set(second.players["settlement"])
    assert sitting_out == {second.cells["dealer"]}
    assert sum(second.players["balance"].values()) == 0
    assert second.players["balance"]["Anna"] == 4


def test_the_columns_are_headed_in_both_languages() -> None:
    columns = DREIERLES.slate.columns(DREIERLES.start(FOUR))
    assert [c.heading("de", "Jörg") for c in columns if c.per_player] == ["Jörg: Fach im Spiel", "Jörg: Stand"]
    assert [c.heading("en") for c in columns if not c.per_player] == ["Dealer", "Game", "Declarer", "Fach"]
