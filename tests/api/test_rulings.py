"""Rulings kept as precedent: the server asks the referee itself and keeps question,
answer (English and German) and note; the match's revision grows, nothing else."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from api.extensions import db
from api.models import IdempotencyRecord, Ruling
from tests.api.conftest import assert_problem, deutsch_hand

RULING_KEYS = {"number", "kind", "question", "answer", "rule", "legal", "note", "at", "by"}
# Benno trumps Anna's acorn King with the heart ten while he still holds the acorn Unter (T1).
TRUMPED = {"trump": "H", "hand": ["EU", "H10"], "trick": ["EK"], "card": "H10"}
# Three tricks for three: in trick 2 Carla throws S9 on Anna's G10 though she holds G9 (T1).
DISPUTED = {"players": ["Anna", "Benno", "Carla"], "leader": "Anna", "trump": "H",
            "plays": [["EA", "E9", "EK"], ["G10", "GA", "S9"], ["GK", "G9", "GU"]]}


def rule(client: FlaskClient, match: dict, headers: dict, body: Any) -> Any:
    return client.post(f"/api/matches/{match['id']}/rulings", json=body, headers=headers)


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


@pytest.mark.parametrize(("kind", "question", "legal", "rule_broken"), [
    pytest.param("play", TRUMPED, False, "T1", id="T1: trumps the acorn King while holding an acorn"),
    pytest.param("play", {**TRUMPED, "card": "EU"}, True, None, id="T1: follows with the acorn Unter"),
    pytest.param("hand", DISPUTED, False, "T1", id="T1: Carla throws a spade on the leaf ten"),
])
def test_a_ruling_is_asked_and_kept(client: FlaskClient, match: dict, scorer: dict, viewer: dict, kind: str,
                                    question: dict, legal: bool, rule_broken: str | None) -> None:
    before = client.get(f"/api/matches/{match['id']}", headers=viewer).get_json()
    response = rule(client, match, scorer, {"kind": kind, "question": question, "note": "Anna says so"})
    assert response.status_code == 201, response.get_json()
    answer = response.get_json()
    assert answer.keys() == {"ruling", "revision"} and answer["revision"] == before["revision"] + 1
    ruling = answer["ruling"]
    assert ruling.keys() == RULING_KEYS
    assert (ruling["number"], ruling["kind"], ruling["legal"], ruling["rule"]) == (1, kind, legal, rule_broken)
    assert (ruling["note"], ruling["by"]) == ("Anna says so", "scorer")
    assert ruling["question"] == {"game": "dreeg", **question}
    english, german = ruling["answer"]["en"], ruling["answer"]["de"]
    assert english["legal"] is german["legal"] is legal
    assert json.dumps(english) != json.dumps(german)  # the reasons in both languages
    after = client.get(f"/api/matches/{match['id']}", headers=viewer).get_json()
    assert after["revision"] == before["revision"] + 1
    unchanged = ("version", "next_seq", "state")
    assert {k: after[k] for k in unchanged} == {k: before[k] for k in unchanged}
    assert client.get(f"/api/matches/{match['id']}/rulings", headers=viewer).get_json() == {"rulings": [ruling]}


def test_the_answer_sent_along_is_not_trusted(client: FlaskClient, match: dict, scorer: dict) -> None:
    forged = {"kind": "play", "question": TRUMPED, "answer": {"legal": True}}
    assert_problem(rule(client, match, scorer, forged), 422, "invalid_fields")
    sneaked = {"kind": "play", "question": {**TRUMPED, "legal": True}}
    problem = assert_problem(rule(client, match, scorer, sneaked), 422, "invalid_fields")
    assert "question.legal" in problem["errors"]


@pytest.mark.parametrize(("body", "field"), [
    pytest.param({"kind": "bid", "question": TRUMPED}, "kind", id="no such kind"),
    pytest.param({"kind": "play"}, "question", id="no question"),
    pytest.param({"kind": "play", "question": {**TRUMPED, "card": "XX"}}, "question.card", id="no such card"),
    pytest.param({"kind": "play", "question": TRUMPED, "note": "x" * 501}, "note", id="note over 500"),
    pytest.param({"kind": "play", "question": TRUMPED, "note": "a\x00b"}, "note", id="a NUL in the note"),
    pytest.param({"kind": "play", "question": TRUMPED, "note": "a\ud800"}, "note", id="half a surrogate pair"),
    pytest.param({"kind": "play", "question": {**TRUMPED, "game": "sixtysix"}}, "question.game",
                 id="another game than the match's"),
    pytest.param({"kind": "play", "question": {**TRUMPED, "hand": ["EK", "H10"]}}, "question.trick.0",
                 id="a card both in the hand and in the trick"),
])
def test_a_bad_question_is_422(app: Flask, client: FlaskClient, match: dict, scorer: dict, body: dict,
                               field: str) -> None:
    problem = assert_problem(rule(client, match, scorer, body), 422)
    assert field in problem["errors"], problem["errors"]
    assert count(app, Ruling) == 0


def test_a_viewer_cannot_keep_a_ruling(client: FlaskClient, match: dict, viewer: dict) -> None:
    assert_problem(rule(client, match, viewer, {"kind": "play", "question": TRUMPED}), 403, "read_only")
    assert client.get(f"/api/matches/{match['id']}/rulings", headers=viewer).get_json() == {"rulings": []}


def test_rulings_need_a_token(client: FlaskClient, match: dict) -> None:
    assert_problem(client.get(f"/api/matches/{match['id']}/rulings"), 401)
    assert_problem(client.post(f"/api/matches/{match['id']}/rulings", json={"kind": "play", "question": TRUMPED}), 401)


def test_same_idempotency_key_keeps_one_ruling(app: Flask, client: FlaskClient, match: dict, scorer: dict) -> None:
    headers = {**scorer, "Idempotency-Key": "ruling-1"}
    body = {"kind": "play", "question": TRUMPED}
    first, again = rule(client, match, headers, body), rule(client, match, headers, body)
    assert first.status_code == again.status_code == 201
    assert first.get_data() == again.get_data()
    assert count(app, Ruling) == 1 and count(app, IdempotencyRecord) == 1
    assert_problem(rule(client, match, headers, {**body, "note": "other"}), 422, "idempotency_key_reused")


def test_names_in_notes_and_questions_are_kept_as_data(client: FlaskClient, match: dict, scorer: dict) -> None:
    note = '<script>alert("Anna")</script>\n"; DROP TABLE rulings; --'
    players = ['<img src=x onerror=1>', "Benno\nevent: state", "Carla"]
    question = {**DISPUTED, "players": players, "leader": players[0]}
    response = rule(client, match, scorer, {"kind": "hand", "question": question, "note": note})
    assert response.status_code == 201, response.get_json()
    ruling = client.get(f"/api/matches/{match['id']}/rulings", headers=scorer).get_json()["rulings"][0]
    assert ruling["note"] == note and ruling["question"]["players"] == players
    assert ruling["answer"]["en"]["tricks"][0]["leader"] == players[0]


def test_rulings_are_in_the_export_and_move_the_etag(client: FlaskClient, match: dict, scorer: dict,
                                                     hands_url: str) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    tag = client.get(f"/api/matches/{match['id']}", headers=scorer).headers["ETag"]
    rule(client, match, scorer, {"kind": "play", "question": TRUMPED})
    rule(client, match, scorer, {"kind": "hand", "question": DISPUTED, "note": None})
    again = client.get(f"/api/matches/{match['id']}", headers={**scorer, "If-None-Match": tag})
    assert again.status_code == 200 and again.get_json()["revision"] == 3 and again.get_json()["version"] == 1
    export = client.get(f"/api/matches/{match['id']}/export.json", headers=scorer).get_json()
    assert [(r["number"], r["kind"], r["rule"]) for r in export["rulings"]] == [(1, "play", "T1"), (2, "hand", "T1")]
    assert [r["action"] for r in export["records"]] == ["hand"]
    assert client.post(hands_url, json=deutsch_hand(2), headers=scorer).get_json()["revision"] == 4
