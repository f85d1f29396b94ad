"""Creating and reading matches; tokens and what each may do."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

import engine
from api.extensions import db
from api.models import Match
from engine.game import PlannedGame
from tests.api.conftest import PLAYERS, assert_problem, bearer, deutsch_hand
from tests.conftest import PUBLIC_URL


def count_matches(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Match))


def test_create_answers_the_match_with_tokens_and_links(client: FlaskClient) -> None:
    response = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS, "dealer": "Carla",
                                                 "rules": {"rotation": "clockwise"}})
    assert response.status_code == 201
    match = response.get_json()
    assert response.headers["Location"] == f"/api/matches/{match['id']}"
    assert match["players"] == PLAYERS
    assert match["dealer"] == "Carla"
    assert match["rules"]["rotation"] == "clockwise" and match["rules"]["order"] == "nauf_und_noo"
    assert (match["version"], match["revision"], match["next_seq"]) == (0, 0, 1)
    assert match["state"]["dealer"] == "Carla"
    assert len(match["scorer_token"]) >= 22 and match["scorer_token"] != match["viewer_token"]
    assert match["join_url"] == f"{PUBLIC_URL}/#/m/{match['id']}/{match['scorer_token']}"
    assert match["view_url"] == f"{PUBLIC_URL}/#/m/{match['id']}/{match['viewer_token']}"
    assert response.headers["Cache-Control"] == "no-store"


def test_names_are_trimmed_by_the_engine(client: FlaskClient) -> None:
    response = client.post("/api/matches", json={"game": "dreeg", "players": [" Anna ", "Benno"]})
    assert response.get_json()["players"] == ["Anna", "Benno"]


@pytest.mark.parametrize(("body", "field", "rule"), [
    pytest.param({"game": "skat", "players": PLAYERS}, "game", None, id="unknown game"),
    pytest.param({"game": "dreeg", "players": ["Anna"]}, "players", "R2", id="one player"),
    pytest.param({"game": "dreeg", "players": ["Anna", "anna"]}, "players.1", None,
                 id="same name twice: a convention of the API, no game rule"),
    pytest.param({"game": "dreeg", "players": ["Anna", " "]}, "players.1", None, id="blank name"),
    pytest.param({"game": "dreeg", "players": PLAYERS, "dealer": "Egon"}, "dealer", "R13",
                 id="dealer not at the table"),
    pytest.param({"game": "dreeg", "players": PLAYERS, "rules": {"order": "zigzag"}}, "rules.order", "R1",
                 id="house rule value unknown"),
    pytest.param({"game": "dreeg", "players": PLAYERS, "colour": "red"}, "colour", None, id="unknown field"),
    pytest.param({"players": PLAYERS}, "game", None, id="game missing"),
    pytest.param({"game": "dreeg", "players": "Anna"}, "players", None, id="players not a list"),
])
def test_create_refusals_are_422_naming_the_field(
    client: FlaskClient, body: dict[str, Any], field: str, rule: str | None,
) -> None:
    problem = assert_problem(client.post("/api/matches", json=body), 422)
    assert field in problem["errors"]
    assert problem.get("rule") == rule


def test_a_planned_game_is_refused_as_not_available(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game listed before it is scored (every game is built today): refused, never mis-scored."""
    monkeypatch.setitem(engine.GAMES, "tarock", PlannedGame("tarock", {"en": "Tarock", "de": "Tarock"}, (3,),
                                                            players_rule="R1"))
    problem = assert_problem(client.post("/api/matches", json={"game": "tarock", "players": ["A", "B", "C"]}), 422,
                             "game_not_available")
    assert "game" in problem["errors"]


@pytest.mark.parametrize(("data", "content_type"), [
    pytest.param('{"game": "dreeg",', "application/json", id="broken JSON"),
    pytest.param('{"game": "dreeg"}', "text/plain", id="not declared as JSON"),
    pytest.param("", "application/json", id="empty"),
    pytest.param('{"x": NaN}', "application/json", id="NaN is not JSON"),
    pytest.param(b"\xff\xfe\x00garbage", "application/json", id="not UTF-8"),
])
def test_not_json_is_400(client: FlaskClient, data: Any, content_type: str) -> None:
    assert_problem(client.post("/api/matches", data=data, content_type=content_type), 400, "not_json")


def test_too_large_is_413(client: FlaskClient) -> None:
    body = '{"game": "' + "x" * 70_000 + '"}'
    assert_problem(client.post("/api/matches", data=body, content_type="application/json"), 413)


def test_detail_speaks_german_when_asked(client: FlaskClient) -> None:
    body = {"game": "dreeg", "players": ["Anna"]}
    german = client.post("/api/matches", json=body, headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"})
    english = client.post("/api/matches", json=body, headers={"Accept-Language": "en-GB,de;q=0.5"})
    assert "Spieler" in german.get_json()["detail"]
    assert "players" in english.get_json()["detail"]


TABLE_KEY = "table-7-c2VjcmV0LXJhbmRvbS1rZXk"  # 22+ characters, as a creation key must be


def test_create_with_idempotency_key_records_once(app: Flask, client: FlaskClient) -> None:
    body = {"game": "dreeg", "players": PLAYERS}
    first = client.post("/api/matches", json=body, headers={"Idempotency-Key": TABLE_KEY})
    again = client.post("/api/matches", json=body, headers={"Idempotency-Key": TABLE_KEY})
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    assert count_matches(app) == 1
    other = client.post("/api/matches", json={**body, "dealer": "Benno"}, headers={"Idempotency-Key": TABLE_KEY})
    assert_problem(other, 422, "idempotency_key_reused")
    assert count_matches(app) == 1


@pytest.mark.parametrize("key", ["k1", "table-7", "x" * 21])
def test_a_guessable_creation_key_is_refused(app: Flask, client: FlaskClient, key: str) -> None:
    """A creation's record hands out the tokens to whoever sends its key again: a key
    shorter than 128 bits of base64url (22 characters) is refused, and nothing is created."""
    body = {"game": "dreeg", "players": PLAYERS}
    problem = assert_problem(client.post("/api/matches", json=body, headers={"Idempotency-Key": key}),
                             400, "idempotency_key_short")
    assert "128" in problem["detail"] and "Idempotency-Key" in problem["errors"]
    german = client.post("/api/matches", json=body, headers={"Idempotency-Key": key, "Accept-Language": "de"})
    assert "mindestens 128 Bit" in assert_problem(german, 400, "idempotency_key_short")["detail"]
    assert count_matches(app) == 0
    assert client.post("/api/matches", json=body, headers={"Idempotency-Key": "x" * 22}).status_code == 201


def test_keys_of_hand_entries_may_stay_short(client: FlaskClient, match: dict[str, Any], scorer: dict) -> None:
    response = client.post(f"/api/matches/{match['id']}/hands", json=deutsch_hand(1),
                           headers={**scorer, "Idempotency-Key": "h1"})
    assert response.status_code == 201


def test_idempotency_key_longer_than_100_is_refused(client: FlaskClient) -> None:
    response = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS},
                           headers={"Idempotency-Key": "k" * 101})
    assert_problem(response, 400, "idempotency_key_invalid")


def test_read_match_without_tokens(client: FlaskClient, match: dict[str, Any], scorer: dict, viewer: dict) -> None:
    as_scorer = client.get(f"/api/matches/{match['id']}", headers=scorer).get_json()
    as_viewer = client.get(f"/api/matches/{match['id']}", headers=viewer).get_json()
    assert as_scorer["access"] == "scorer" and as_viewer["access"] == "viewer"
    for answer in (as_scorer, as_viewer):
        assert not {"scorer_token", "viewer_token", "join_url", "view_url"} & answer.keys()
        assert answer["state"] == match["state"]
        assert (answer["version"], answer["next_seq"]) == (0, 1)


def test_etag_and_if_none_match(client: FlaskClient, match: dict[str, Any], scorer: dict, hands_url: str) -> None:
    url = f"/api/matches/{match['id']}"
    first = client.get(url, headers=scorer)
    etag = first.headers["ETag"]
    unchanged = client.get(url, headers={**scorer, "If-None-Match": etag})
    assert unchanged.status_code == 304
    assert unchanged.headers["ETag"] == etag
    client.post(hands_url, json={"seq": 1, "points": {"Anna": 40, "Benno": 30, "Carla": 30, "Dieter": 20},
                                 "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1},
                                 "last_trick": "Anna"}, headers=scorer)
    changed = client.get(url, headers={**scorer, "If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag


@pytest.mark.parametrize("path", ["", "/hands", "/qr.svg", "/export.json", "/export.csv"])
def test_every_match_path_needs_a_token(client: FlaskClient, match: dict[str, Any], path: str) -> None:
    url = f"/api/matches/{match['id']}{path}"
    response = client.get(url)
    assert_problem(response, 401, "no_token")
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert_problem(client.get(url, headers={"Authorization": "Basic YTpi"}), 401, "no_token")
    assert_problem(client.get(url, headers=bearer("made-up")), 401, "bad_token")


def test_token_of_another_match_is_404(client: FlaskClient, match: dict[str, Any]) -> None:
    other = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}).get_json()
    for token in (other["scorer_token"], other["viewer_token"]):
        assert_problem(client.get(f"/api/matches/{match['id']}", headers=bearer(token)), 404, "no_match")


def test_no_such_match_is_404_with_a_real_token(client: FlaskClient, scorer: dict) -> None:
    assert_problem(client.get("/api/matches/doesnotexist", headers=scorer), 404, "no_match")
    assert_problem(client.get("/api/matches/doesnotexist/hands", headers=scorer), 404, "no_match")


def test_garbage_match_ids_are_refused_cleanly(client: FlaskClient, scorer: dict) -> None:
    for match_id in ("%ED%A0%80", "x" * 5000, "%00", "%F0%9F%83%8F"):
        assert client.get(f"/api/matches/{match_id}", headers=scorer).status_code == 404


def test_house_rules_are_fixed_at_creation_and_read_back_whole(client: FlaskClient) -> None:
    created = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS,
                                                "rules": {"aoh": "each_for_himself"}}).get_json()
    rules = {"order": "nauf_und_noo", "rotation": "counter_clockwise", "meld_trick": "side",
             "aoh": "each_for_himself", "kamerun3": "2-1-0"}
    assert created["rules"] == rules
    for token in (created["scorer_token"], created["viewer_token"]):
        assert client.get(f"/api/matches/{created['id']}", headers=bearer(token)).get_json()["rules"] == rules


@pytest.mark.parametrize("method", ["put", "post"])
def test_a_match_cannot_be_changed_after_creation(client: FlaskClient, match: dict[str, Any], scorer: dict,
                                                  method: str) -> None:
    url = f"/api/matches/{match['id']}"
    response = getattr(client, method)(url, json={"rules": {"order": "cycle"}}, headers=scorer)
    assert_problem(response, 405, "method_not_allowed")
    assert "GET" in response.headers["Allow"]
    assert client.get(url, headers=scorer).get_json()["rules"] == match["rules"]


def test_its_house_rules_cannot_be_patched_only_its_money_rates(client: FlaskClient, match: dict[str, Any],
                                                                scorer: dict) -> None:
    url = f"/api/matches/{match['id']}"
    problem = assert_problem(client.patch(url, json={"rules": {"order": "cycle"}}, headers=scorer), 422,
                             "invalid_fields")
    assert "rules" in problem["errors"]
    assert client.get(url, headers=scorer).get_json()["rules"] == match["rules"]
