"""Sub-game fields of a Dreeg entry as the API hands them to the engine and stores them.

``partner`` has three states: a name, null (the caller plays alone) and left out; the
engine must see null and "left out" apart (left out is refused in Rufen, R11), and the
stored hand must keep an explicit null."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import assert_problem, deutsch_hand


def test_partner_null_reaches_the_engine_as_given(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    """Deutsch has no partner: a null is refused by the engine (so it got there), and a
    hand without it is recorded without it."""
    problem = assert_problem(client.post(hands_url, json=deutsch_hand(1, partner=None), headers=scorer), 422,
                             "field_not_in_subgame")
    assert problem["errors"].keys() == {"partner"}
    recorded = client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    assert recorded.status_code == 201
    assert "partner" not in recorded.get_json()["hand"]


FOUR = {"points": {"Anna": 45, "Benno": 40, "Carla": 25, "Dieter": 10},
        "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1}, "last_trick": "Dieter"}
THREE = {"points": {"Benno": 60, "Carla": 40, "Dieter": 20}, "tricks": {"Benno": 4, "Carla": 3, "Dieter": 1},
         "last_trick": "Benno"}
TWO = {"points": {"Carla": 70, "Dieter": 50}, "tricks": {"Carla": 6, "Dieter": 6}, "last_trick": "Dieter"}


def reach_rufen(client: FlaskClient, hands_url: str, scorer: dict) -> int:
    """Deutsch to Dieter's blob, then Ace of Hearts: Anna surrenders four times, the
    other three drop out and she loses; she lets Dieter deal, so Anna is forehand and
    calls.  Returns the next seq."""
    plan = [FOUR, FOUR, FOUR, THREE, TWO, TWO, TWO]
    plan += [{"dealer": "Anna", "declarer": "Anna", "surrender": True}] + [{"declarer": "Anna", "surrender": True}] * 3
    for seq, hand in enumerate(plan, start=1):
        response = client.post(hands_url, json={"seq": seq, **hand}, headers=scorer)
        assert response.status_code == 201, response.get_json()
    state = response.get_json()["state"]
    assert state["subgame"] == {"number": 3, "type": "rufen"} and state["chooser"] == ["Anna"]
    return len(plan) + 1


def rufen_hand(seq: int, **fields: Any) -> dict[str, Any]:
    """Anna calls the heart ace: Anna and Carla 70 against 50."""
    return {"seq": seq, "points": {"Anna": 40, "Benno": 30, "Carla": 30, "Dieter": 20},
            "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1}, "last_trick": "Anna",
            "caller": "Anna", "called_card": "Herz Ass", **fields}


def test_partner_null_is_stored_and_echoed_as_null(client: FlaskClient, match: dict, hands_url: str,
                                                   scorer: dict) -> None:
    seq = reach_rufen(client, hands_url, scorer)
    alone = client.post(hands_url, json=rufen_hand(seq, dealer="Dieter", partner=None), headers=scorer)
    assert alone.status_code == 201, alone.get_json()
    hand = alone.get_json()["hand"]
    assert "partner" in hand and hand["partner"] is None and hand["called_card"] == "HA"
    assert [s["players"] for s in hand["result"]["sides"]] == [["Anna"], ["Benno", "Carla", "Dieter"]]
    left_out = client.post(hands_url, json=rufen_hand(seq + 1, caller="Dieter"), headers=scorer)  # Dieter leads now
    assert assert_problem(left_out, 422, "partner_required")["rule"] == "R11"

    hands = client.get(hands_url, headers=scorer).get_json()["hands"]
    assert hands[-1]["partner"] is None
    export = client.get(f"/api/matches/{match['id']}/export.json", headers=scorer).get_json()
    assert export["records"][-1]["body"]["partner"] is None

    # a replacement with a partner, folded again from the stored bodies
    replaced = client.put(f"{hands_url}/{seq}", json=rufen_hand(seq, dealer="Dieter", partner="Carla"),
                          headers=scorer)
    assert replaced.status_code == 200, replaced.get_json()
    assert replaced.get_json()["hand"]["partner"] == "Carla"
    sides = replaced.get_json()["hand"]["result"]["sides"]
    assert [s["players"] for s in sides] == [["Anna", "Carla"], ["Benno", "Dieter"]]


@pytest.mark.parametrize("value", [
    pytest.param("true", id="the word true"),
    pytest.param(1, id="one"),
    pytest.param(0, id="zero"),
    pytest.param(None, id="null"),
])
def test_surrender_is_a_strict_boolean(client: FlaskClient, hands_url: str, scorer: dict, value: Any) -> None:
    problem = assert_problem(client.post(hands_url, json=deutsch_hand(1, surrender=value), headers=scorer), 422,
                             "invalid_fields")
    assert problem["errors"].keys() == {"surrender"}


def test_surrender_true_reaches_the_engine(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    """A real boolean passes the schema; Deutsch has no surrender, and the engine says so."""
    problem = assert_problem(client.post(hands_url, json=deutsch_hand(1, surrender=True), headers=scorer), 422,
                             "field_not_in_subgame")
    assert problem["errors"].keys() == {"surrender"}
