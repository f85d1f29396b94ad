"""Sixty-Six's slate (issue 18, item 15): per deal its Bummerl, dealer and winner, and per
player the game points won (R17-R21, a 65:65 carry taken included), the counter as the deal
left it (R22) and the Bummerl received so far."""

from __future__ import annotations

import pytest

from engine.sixtysix import SIXTYSIX

from .helpers import entry_from_json
from .test_bummerl import TIE, WINS, A, B


def slate(deals: str, **rules: str) -> list:
    entries = []
    for word in deals.split():
        winner, other = (A, B) if word[0] == "A" else (B, A)
        entries.append(entry_from_json(TIE if word == "tie" else WINS[int(word[1:])](winner, other)))
    return [row for _, row in SIXTYSIX.slate_rows(SIXTYSIX.start([A, B], rules=rules), enumerate(entries))]


@pytest.mark.parametrize(("deals", "rules", "last"), [
    pytest.param("A3", {}, ({A: 3, B: 0}, {A: 4, B: 7}, {A: 0, B: 0}, 1, "Anna", A),
                 id="R17 R22 Anna wins 3: her counter at 4"),
    pytest.param("A3 B2", {}, ({A: 0, B: 2}, {A: 4, B: 5}, {A: 0, B: 0}, 1, "Benno", B),
                 id="R22 R23 the deal alternates (Anna dealt first), Benno wins 2"),
    pytest.param("A3 A3 A1", {}, ({A: 1, B: 0}, {A: 0, B: 7}, {A: 0, B: 2}, 1, "Anna", A),
                 id="R22 Anna reaches 0 against 7: Benno receives two Bummerl (Schneider), the counter as it ended"),
    pytest.param("A3 A3 A1", {"tournament": "true", "bummerl": "3"}, ({A: 1, B: 0}, {A: 0, B: 7}, {A: 0, B: 1},
                                                                        1, "Anna", A),
                 id="R22 in a tournament the Schneider counts single"),
    pytest.param("A3 A3 A1 B2", {"bummerl": "3"}, ({A: 0, B: 2}, {A: 7, B: 5}, {A: 0, B: 2}, 2, "Benno", B),
                 id="R22 the next deal belongs to Bummerl 2, both counters start at 7"),
    pytest.param("tie A2", {}, ({A: 3, B: 0}, {A: 4, B: 7}, {A: 0, B: 0}, 1, "Benno", A),
                 id="R21 65:65 carries 1: the next winner's 2 count 3"),
])
def test_a_deal_on_the_slate(deals: str, rules: dict, last: tuple) -> None:
    row = slate(deals, **rules)[-1]
    game_points, counter, bummerl, number, dealer, winner = last
    assert (row.players["game_points"], row.players["counter"], row.players["bummerl"]) == (game_points, counter,
                                                                                              bummerl)
    assert (row.cells["bummerl_number"], row.cells["dealer"], row.cells["winner"]) == (number, dealer, winner)
    assert row.words("de") != row.words("en") and row.words("en")


def test_a_tie_has_no_winner_and_nobody_scores() -> None:
    row = slate("tie")[0]
    assert row.cells["winner"] is None and row.players["game_points"] == {A: 0, B: 0}
    assert row.players["counter"] == {A: 7, B: 7}


def test_the_columns_are_headed_in_both_languages() -> None:
    columns = SIXTYSIX.slate.columns(SIXTYSIX.start([A, B]))
    assert [c.key for c in columns if c.per_player] == ["game_points", "counter", "bummerl"]
    assert [c.heading("de", "Jörg") for c in columns if c.per_player] == [
        "Jörg: Punkte", "Jörg: Stand", "Jörg: Bummerl bekommen"]
    assert [c.heading("en") for c in columns if not c.per_player] == ["Bummerl", "Dealer", "Winner"]
