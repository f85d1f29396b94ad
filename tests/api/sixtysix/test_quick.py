"""A quick deal through the API (API.md, "a quick deal"): who won and his game points, how it
ended if said, no figures.  Recorded, listed and corrected like any deal; refused with the
rule and the field where it cannot be; its result says it was entered without figures."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.sixtysix.conftest import GERMAN, assert_german, claim, open_match, played_out


def quick(winner: str, game_points: Any, **fields: Any) -> dict[str, Any]:
    return {"winner": winner, "game_points": game_points, **fields}


def test_a_quick_deal_is_recorded_and_says_so(api: FlaskClient) -> None:
    match = open_match(api)
    answer = match.record(quick("Benno", 2, ended_by="claim"), headers=GERMAN)
    hand = answer["hand"]
    assert {k: hand[k] for k in ("seq", "winner", "game_points", "ended_by")} == {
        "seq": 1, "winner": "Benno", "game_points": 2, "ended_by": "claim"}
    result = hand["result"]
    assert (result["quick"], result["winner"], result["game_points"], result["ended_by"]) == (True, "Benno", 2,
                                                                                              "claim")
    assert result["totals"] == {} and "derived" not in result
    assert [(n["rule"], n["code"]) for n in result["notes"]] == [("R17", "ss_quick_deal")]
    note = result["notes"][0]
    assert note["en"] == "Entered without figures: Benno wins 2 game points."
    assert_german(note["de"], note["en"])
    state = answer["state"]
    assert (state["score"], state["dealer"]) == ({"Anna": 7, "Benno": 5}, "Benno")
    assert state["needs"]["quick_points"] == [1, 2, 3]
    assert match.hands()[0]["result"] == result
    checked = match.record(claim("Anna", (66, 33), (4, 2)))["hand"]["result"]
    assert checked["quick"] is False


def test_a_carry_waiting_goes_to_the_quick_deals_winner(api: FlaskClient) -> None:
    match = open_match(api)
    match.record(played_out("Benno", (65, 55), (6, 6)))
    result = match.record(quick("Anna", 1))["hand"]["result"]
    assert (result["game_points"], result["carry_used"], result["carry"]) == (1, 1, 0)
    assert match.state()["score"] == {"Anna": 5, "Benno": 7}


@pytest.mark.parametrize(("entry", "code", "rule", "fields"), [
    pytest.param(quick("Anna", 4), "ss_quick_points_range", "R17", {"game_points"}, id="4 game points"),
    pytest.param(quick("Anna", 0), "ss_quick_points_range", "R17", {"game_points"}, id="0 game points"),
    pytest.param(quick("Anna", 2, points={"Anna": 66, "Benno": 30}), "ss_quick_no_figures", "R23", {"points"},
                 id="card points mixed in"),
    pytest.param(quick("Anna", 2, ended_by="renonce", renonce_by="Benno"), "ss_quick_no_figures", "R23",
                 {"renonce_by"}, id="who reneged mixed in"),
    pytest.param(quick("Anna", 1, ended_by="renonce"), "ss_quick_points_renonce", "R20", {"game_points"},
                 id="a Renonce for 1"),
    pytest.param({"winner": "Anna"}, "ss_quick_points_required", "R17", {"game_points"}, id="how many points?"),
    pytest.param({"game_points": 2}, "ss_quick_winner_required", "R23", {"winner"}, id="who won?"),
    pytest.param(quick("Carla", 2), "unknown_player", None, {"winner"}, id="a winner not at the table"),
    pytest.param(quick("Anna", "2"), "invalid_fields", None, {"game_points"}, id="the points as a string"),
    pytest.param(quick("Anna", 2, ended_by="won"), "invalid_fields", None, {"ended_by"}, id="an ending that is none"),
])
def test_a_quick_deal_that_cannot_be_is_refused(api: FlaskClient, entry: dict, code: str, rule: str | None,
                                                fields: set[str]) -> None:
    match = open_match(api)
    problem = match.refuse(entry, code=code)
    assert problem.get("rule") == rule
    assert problem["errors"].keys() == fields
    if code != "invalid_fields":
        german = match.refuse(entry, code=code, headers=GERMAN)
        for name in fields:
            assert_german(german["errors"][name], problem["errors"][name])


def test_a_finished_match_takes_no_quick_deal(api: FlaskClient) -> None:
    match = open_match(api, {"bummerl": "1"})
    for _ in range(3):
        match.record(quick("Anna", 3))
    assert match.state()["finished"] is True
    problem = match.refuse(quick("Benno", 2), code="ss_match_finished")
    assert problem["rule"] == "R22"


def test_a_quick_deal_is_corrected_either_way(api: FlaskClient) -> None:
    """Deal 1 went in quickly for Anna; it was Benno's claim.  Deal 2, a checked deal, was
    really a quick 3 for Anna.  Later deals replay each time."""
    match = open_match(api)
    match.record(quick("Anna", 2))
    match.record(claim("Benno", (20, 66), (1, 4)))
    response = match.replace(1, claim("Benno", (20, 66), (1, 4)))
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["state"]["score"] == {"Anna": 7, "Benno": 3}
    response = match.replace(2, quick("Anna", 3, ended_by="closed"))
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["state"]["score"] == {"Anna": 4, "Benno": 5}
    hands = match.hands()
    assert [h["result"]["quick"] for h in hands] == [False, True]
    assert "winner" not in hands[0] and hands[1]["winner"] == "Anna"
    assert hands[0]["audit"] and hands[1]["audit"]
