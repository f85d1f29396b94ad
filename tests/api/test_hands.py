"""Recording, voiding and replacing hands: statuses, shapes and the rule cited."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from api.extensions import db
from api.models import Entry, IdempotencyRecord
from tests.api.conftest import assert_problem, deutsch_hand

HAND_KEYS = {"seq", "points", "tricks", "last_trick", "result", "recorded_at", "recorded_by", "voided", "audit"}


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def test_record_a_hand(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    response = client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    assert response.status_code == 201
    answer = response.get_json()
    assert (answer["version"], answer["revision"], answer["next_seq"]) == (1, 1, 2)
    hand = answer["hand"]
    assert HAND_KEYS <= hand.keys()
    assert hand["recorded_by"] == "scorer" and hand["voided"] is False and hand["audit"] == []
    assert {"subtract", "due", "dropped", "losers", "notes"} <= hand["result"].keys()
    assert all("rule" in note for note in hand["result"]["notes"])
    assert answer["state"]["strokes"]["Anna"] < 7


def test_cards_and_suits_are_stored_in_canonical_notation(client: FlaskClient, hands_url: str,
                                                          scorer: dict) -> None:
    response = client.post(hands_url, json=deutsch_hand(1, trump="Herz"), headers=scorer)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["hand"]["trump"] == "H"


def test_stale_seq_is_409_with_the_current_state(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    for seq in (1, 3):
        problem = assert_problem(client.post(hands_url, json=deutsch_hand(seq), headers=scorer), 409, "stale_seq")
        assert problem["next_seq"] == 2 and problem["version"] == 1
        assert problem["state"]["strokes"]["Anna"] == 4


def test_stale_seq_409_carries_the_hand_recorded_instead(client: FlaskClient, hands_url: str,
                                                         scorer: dict) -> None:
    """Two phones enter hand 1: the second learns what the first recorded."""
    client.post(hands_url, json=deutsch_hand(1, last_trick="Benno"), headers=scorer)
    problem = assert_problem(client.post(hands_url, json=deutsch_hand(1), headers=scorer), 409, "stale_seq")
    recorded = problem["recorded"]
    assert (recorded["seq"], recorded["last_trick"], recorded["voided"]) == (1, "Benno", False)
    assert recorded["result"]["subtract"] and recorded["recorded_by"] == "scorer"
    client.post(f"{hands_url}/1/void", headers=scorer)
    voided = assert_problem(client.post(hands_url, json=deutsch_hand(1), headers=scorer), 409, "stale_seq")
    assert voided["recorded"]["voided"] is True and voided["recorded"]["result"] is None
    ahead = assert_problem(client.post(hands_url, json=deutsch_hand(5), headers=scorer), 409, "stale_seq")
    assert ahead["recorded"] is None and ahead["next_seq"] == 2


def test_audit_names_token_kind_and_previous_entry(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    replaced = deutsch_hand(1, last_trick="Benno")
    assert client.put(f"{hands_url}/1", json=replaced, headers=scorer).status_code == 200
    assert client.post(f"{hands_url}/1/void", headers=scorer).status_code == 200
    audit = client.get(hands_url, headers=scorer).get_json()["hands"][0]["audit"]
    assert [(a["action"], a["by"]) for a in audit] == [("replace", "scorer"), ("void", "scorer")]
    assert audit[0]["previous"] == deutsch_hand(1)  # the body before the replacement
    assert audit[1]["previous"] == replaced  # the body that was voided
    assert all(a["at"].endswith("Z") for a in audit)


@pytest.mark.parametrize(("body", "field"), [
    pytest.param(deutsch_hand(1, pointz={}), "pointz", id="typo in a field name"),
    pytest.param(deutsch_hand(1, melds=[{"player": "Anna", "suit": "Z"}]), "melds.0.suit", id="no such suit"),
    pytest.param(deutsch_hand(1, points={"Anna": "forty"}), "points.Anna", id="points as text"),
    pytest.param(deutsch_hand(1, points={"Anna": True}), "points.Anna", id="points as boolean"),
    pytest.param(deutsch_hand(1, points={"Anna": 40.5}), "points.Anna", id="points as fraction"),
    pytest.param({**deutsch_hand(1), "seq": 0}, "seq", id="seq zero"),
    pytest.param({k: v for k, v in deutsch_hand(1).items() if k != "seq"}, "seq", id="seq missing"),
    pytest.param(deutsch_hand(1, plays=[["HA", "XX"]]), "plays.0.1", id="no such card"),
    pytest.param([deutsch_hand(1)], "body", id="a list instead of an object"),
])
def test_malformed_entries_are_422_naming_the_field(
    client: FlaskClient, hands_url: str, scorer: dict, body: Any, field: str,
) -> None:
    problem = assert_problem(client.post(hands_url, json=body, headers=scorer), 422, "invalid_fields")
    assert field in problem["errors"], problem["errors"]


@pytest.mark.parametrize(("body", "rule"), [
    pytest.param(deutsch_hand(1, points={"Anna": 41, "Benno": 30, "Carla": 30, "Dieter": 20}), "R15",
                 id="points sum to 121"),
    pytest.param(deutsch_hand(1, dealer="Dieter"), "R13", id="dealer out of turn"),
])
def test_rule_violations_are_422_citing_the_rule(
    client: FlaskClient, hands_url: str, scorer: dict, body: dict, rule: str,
) -> None:
    problem = assert_problem(client.post(hands_url, json=body, headers=scorer), 422)
    assert problem["rule"] == rule
    assert problem["errors"]


def test_viewer_cannot_write(client: FlaskClient, match: dict, hands_url: str, viewer: dict) -> None:
    assert_problem(client.post(hands_url, json=deutsch_hand(1), headers=viewer), 403, "read_only")
    assert_problem(client.post(f"{hands_url}/1/void", headers=viewer), 403, "read_only")
    assert_problem(client.put(f"{hands_url}/1", json=deutsch_hand(1), headers=viewer), 403, "read_only")
    assert client.get(hands_url, headers=viewer).get_json() == {"game": "dreeg", "hands": []}


def test_writes_need_a_token(client: FlaskClient, hands_url: str) -> None:
    assert_problem(client.post(hands_url, json=deutsch_hand(1)), 401)


def test_write_to_unknown_match_is_404(client: FlaskClient, scorer: dict) -> None:
    assert_problem(client.post("/api/matches/nope/hands", json=deutsch_hand(1), headers=scorer), 404)


def test_not_json_is_400(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    response = client.post(hands_url, data="seq=1", content_type="application/x-www-form-urlencoded",
                           headers=scorer)
    assert_problem(response, 400, "not_json")


def test_same_idempotency_key_records_once(app: Flask, client: FlaskClient, hands_url: str,
                                           scorer: dict) -> None:
    headers = {**scorer, "Idempotency-Key": "hand-1-try"}
    first = client.post(hands_url, json=deutsch_hand(1), headers=headers)
    again = client.post(hands_url, json=deutsch_hand(1), headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.get_data() == again.get_data()
    assert count(app, Entry) == 1 and count(app, IdempotencyRecord) == 1
    other = client.post(hands_url, json=deutsch_hand(2), headers=headers)
    assert_problem(other, 422, "idempotency_key_reused")
    assert count(app, Entry) == 1


def test_refused_request_records_nothing(app: Flask, client: FlaskClient, hands_url: str, scorer: dict) -> None:
    headers = {**scorer, "Idempotency-Key": "bad-hand"}
    bad = deutsch_hand(1, points={"Anna": 41, "Benno": 30, "Carla": 30, "Dieter": 20})
    assert client.post(hands_url, json=bad, headers=headers).status_code == 422
    assert count(app, Entry) == 0 and count(app, IdempotencyRecord) == 0


def test_hands_list_marks_voided_and_keeps_the_audit(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    client.post(hands_url, json=deutsch_hand(2), headers=scorer)
    voided = client.post(f"{hands_url}/2/void", json={}, headers=scorer)
    assert voided.status_code == 200
    assert (voided.get_json()["version"], voided.get_json()["next_seq"]) == (1, 3)
    hands = client.get(hands_url, headers=scorer).get_json()["hands"]
    assert [(h["seq"], h["voided"]) for h in hands] == [(1, False), (2, True)]
    assert hands[1]["result"] is None
    audit = hands[1]["audit"]
    assert [(a["action"], a["by"]) for a in audit] == [("void", "scorer")]
    assert audit[0]["previous"]["points"]["Anna"] == 40
    assert hands[0]["result"]["subtract"]


def test_void_then_next_hand_keeps_numbering(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    client.post(f"{hands_url}/1/void", headers=scorer)
    assert_problem(client.post(hands_url, json=deutsch_hand(1), headers=scorer), 409, "stale_seq")
    assert client.post(hands_url, json=deutsch_hand(2), headers=scorer).status_code == 201


def test_replace_a_hand_replays_the_later_ones(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    client.post(hands_url, json=deutsch_hand(2), headers=scorer)
    swapped = deutsch_hand(1, points={"Anna": 20, "Benno": 30, "Carla": 30, "Dieter": 40},
                           tricks={"Anna": 1, "Benno": 2, "Carla": 1, "Dieter": 2}, last_trick="Dieter")
    response = client.put(f"{hands_url}/1", json=swapped, headers=scorer)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["hand"]["points"]["Dieter"] == 40
    assert answer["hand"]["audit"][0]["action"] == "replace"
    assert answer["hand"]["audit"][0]["previous"]["points"]["Anna"] == 40
    assert (answer["version"], answer["revision"], answer["next_seq"]) == (2, 3, 3)
    hands = client.get(hands_url, headers=scorer).get_json()["hands"]
    assert hands[0]["points"]["Dieter"] == 40
    assert hands[1]["result"]["subtract"] == {"Anna": 3, "Benno": 1, "Carla": 1, "Dieter": 0}


def test_replace_without_seq_takes_the_path_seq(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    body = {k: v for k, v in deutsch_hand(1).items() if k != "seq"}
    assert client.put(f"{hands_url}/1", json=body, headers=scorer).status_code == 200
    assert_problem(client.put(f"{hands_url}/1", json=deutsch_hand(2), headers=scorer), 422, "seq_mismatch")


def test_replacement_that_breaks_a_rule_is_422(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    bad = deutsch_hand(1, tricks={"Anna": 3, "Benno": 2, "Carla": 1, "Dieter": 1})
    problem = assert_problem(client.put(f"{hands_url}/1", json=bad, headers=scorer), 422)
    assert problem["rule"] == "R15"


def test_refused_void_leaves_the_match_unchanged(client: FlaskClient, match: dict, hands_url: str,
                                                 scorer: dict) -> None:
    """Hand 2 names Dieter as dealer, right only after hand 1; voiding hand 1 would make
    Anna the dealer of hand 2 (R13), so the void is refused."""
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    client.post(hands_url, json=deutsch_hand(2, dealer="Dieter"), headers=scorer)
    before = client.get(f"/api/matches/{match['id']}", headers=scorer).get_json()
    history = client.get(hands_url, headers=scorer).get_json()
    problem = assert_problem(client.post(f"{hands_url}/1/void", headers=scorer), 409, "replay_conflict")
    assert problem["seq"] == 2 and problem["rule"] == "R13"
    assert problem["reason"]["code"] and problem["reason"]["field"] == "dealer"
    assert client.get(f"/api/matches/{match['id']}", headers=scorer).get_json() == before
    assert client.get(hands_url, headers=scorer).get_json() == history


def test_void_of_unknown_or_voided_hand(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    assert_problem(client.post(f"{hands_url}/1/void", headers=scorer), 404, "no_hand")
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    client.post(f"{hands_url}/1/void", headers=scorer)
    assert_problem(client.post(f"{hands_url}/1/void", headers=scorer), 409, "hand_voided")
    assert_problem(client.put(f"{hands_url}/1", json=deutsch_hand(1), headers=scorer), 409, "hand_voided")


def test_void_takes_no_fields(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    problem = assert_problem(client.post(f"{hands_url}/1/void", json={"why": "x"}, headers=scorer), 422)
    assert problem["errors"]


def test_void_is_idempotent_with_a_key(app: Flask, client: FlaskClient, hands_url: str, scorer: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    headers = {**scorer, "Idempotency-Key": "void-1"}
    first = client.post(f"{hands_url}/1/void", headers=headers)
    again = client.post(f"{hands_url}/1/void", headers=headers)
    assert first.status_code == again.status_code == 200
    assert first.get_data() == again.get_data()
    assert count(app, Entry) == 2


def test_results_after_a_void_come_from_the_refold(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    client.post(f"{hands_url}/1/void", headers=scorer)
    client.post(hands_url, json=deutsch_hand(2), headers=scorer)
    hands = client.get(hands_url, headers=scorer).get_json()["hands"]
    assert [h["result"] is None for h in hands] == [True, False]
    assert hands[1]["result"]["dealer"] == "Anna"  # hand 1 no longer counts: Anna still deals


def test_replace_of_unknown_hand_is_404(client: FlaskClient, hands_url: str, scorer: dict) -> None:
    assert_problem(client.put(f"{hands_url}/7", json=deutsch_hand(7), headers=scorer), 404, "no_hand")


def test_replace_is_idempotent_with_a_key(app: Flask, client: FlaskClient, hands_url: str, scorer: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    headers = {**scorer, "Idempotency-Key": "fix-hand-1"}
    body = deutsch_hand(1, last_trick="Benno")
    body["points"] = {"Anna": 30, "Benno": 40, "Carla": 30, "Dieter": 20}
    first = client.put(f"{hands_url}/1", json=body, headers=headers)
    again = client.put(f"{hands_url}/1", json=body, headers=headers)
    assert first.status_code == again.status_code == 200, first.get_json()
    assert first.get_data() == again.get_data()
    assert count(app, Entry) == 2
