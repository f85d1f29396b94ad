"""A match deleted on its scorer's request: with confirmation, after an export, all of it."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from api.extensions import db
from api.models import DeletedMatch, Entry, HandResult, IdempotencyRecord, Match, Ruling
from tests.api.conftest import PLAYERS, assert_problem, bearer, deutsch_hand

RULING = {"kind": "play", "question": {"trump": "H", "hand": ["EU", "H10"], "trick": ["EK"], "card": "H10"}}


def rows(app: Flask, match_id: str) -> dict[str, int]:
    """How many rows of each table belong to the match."""
    with app.app_context():
        def count(model: Any, column: Any) -> int:
            return db.session.scalar(select(func.count()).select_from(model).where(column == match_id)) or 0
        return {"matches": count(Match, Match.id), "entries": count(Entry, Entry.match_id),
                "rulings": count(Ruling, Ruling.match_id), "hand_results": count(HandResult, HandResult.match_id),
                "idempotency_records": count(IdempotencyRecord, IdempotencyRecord.scope)}


@pytest.fixture
def played(client: FlaskClient, match: dict[str, Any], scorer: dict) -> dict[str, Any]:
    """Two hands (one voided, so results are cached), a ruling, idempotency records."""
    url = f"/api/matches/{match['id']}"
    for seq in (1, 2):
        response = client.post(f"{url}/hands", json=deutsch_hand(seq), headers={**scorer, "Idempotency-Key": f"h{seq}"})
        assert response.status_code == 201
    assert client.post(f"{url}/hands/2/void", headers=scorer).status_code == 200
    assert client.post(f"{url}/rulings", json=RULING, headers=scorer).status_code == 201
    return match


def export_revision(client: FlaskClient, match: dict[str, Any], headers: dict, ext: str = "json") -> int:
    response = client.get(f"/api/matches/{match['id']}/export.{ext}", headers=headers)
    assert response.status_code == 200
    return int(response.headers["X-Kreide-Revision"])


def delete(client: FlaskClient, match: dict[str, Any], headers: dict, body: Any) -> Any:
    return client.delete(f"/api/matches/{match['id']}", json=body, headers=headers)


def test_the_scorer_deletes_after_an_export(app: Flask, client: FlaskClient, played: dict, scorer: dict,
                                            viewer: dict) -> None:
    revision = export_revision(client, played, scorer)
    assert revision == 4 == client.get(f"/api/matches/{played['id']}", headers=scorer).get_json()["revision"]
    assert export_revision(client, played, scorer, "csv") == revision
    before = rows(app, played["id"])
    assert all(before.values()), before
    response = delete(client, played, scorer, {"confirm": played["id"], "exported_revision": revision})
    assert response.status_code == 204 and not response.get_data()
    assert rows(app, played["id"]) == dict.fromkeys(before, 0)
    url = f"/api/matches/{played['id']}"
    for token in (scorer, viewer):
        for path in ("", "/hands", "/export.json", "/export.csv", "/rulings", "/qr.svg", "/events"):
            assert_problem(client.get(f"{url}{path}", headers=token), 410, "match_deleted")
    assert_problem(client.post(f"{url}/hands", json=deutsch_hand(3), headers=scorer), 410, "match_deleted")
    german = client.get(url, headers={**scorer, "Accept-Language": "de"}).get_json()
    assert german["detail"] == "Diese Partie wurde von ihrem Schreiber gelöscht."
    assert_problem(delete(client, played, scorer, {"confirm": played["id"], "exported_revision": revision}),
                   410, "match_deleted")


def test_a_deleted_match_is_no_failed_token_attempt(tmp_path: Any) -> None:
    """Phones still open on a deleted table get 410, which does not block their address."""
    from tests.conftest import make_app

    app = make_app(tmp_path / "limited.sqlite3", KREIDE_LIMIT_BAD_TOKEN="2/minute")
    client = app.test_client()
    match = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}).get_json()
    scorer = bearer(match["scorer_token"])
    assert delete(client, match, scorer, {"confirm": match["id"], "exported_revision": 0}).status_code == 204
    for _ in range(4):
        assert_problem(client.get(f"/api/matches/{match['id']}", headers=scorer), 410, "match_deleted")
    with app.app_context():
        db.engine.dispose()


@pytest.mark.parametrize(("body", "status", "code"), [
    pytest.param({}, 422, "invalid_fields", id="no confirmation"),
    pytest.param({"confirm": "yes", "exported_revision": 4}, 422, "delete_unconfirmed", id="not the match id"),
    pytest.param({"exported_revision": 4}, 422, "invalid_fields", id="no confirm"),
    pytest.param({"confirm": "<id>"}, 422, "invalid_fields", id="no export named"),
    pytest.param({"confirm": "<id>", "exported_revision": "4"}, 422, "invalid_fields", id="revision as a string"),
    pytest.param({"confirm": "<id>", "exported_revision": 3}, 409, "export_stale", id="an export before the ruling"),
    pytest.param({"confirm": "<id>", "exported_revision": 5}, 409, "export_stale", id="a revision from the future"),
    pytest.param([1], 422, "invalid_fields", id="not an object"),
])
def test_a_delete_without_confirmation_and_a_current_export_is_refused(
    app: Flask, client: FlaskClient, played: dict, scorer: dict, body: Any, status: int, code: str,
) -> None:
    if isinstance(body, dict) and body.get("confirm") == "<id>":
        body = {**body, "confirm": played["id"]}
    before = rows(app, played["id"])
    problem = assert_problem(delete(client, played, scorer, body), status, code)
    if status == 409:
        assert problem["revision"] == 4
        assert "exported_revision" in problem["errors"]
    assert rows(app, played["id"]) == before


def test_a_delete_needs_json(app: Flask, client: FlaskClient, played: dict, scorer: dict) -> None:
    assert_problem(client.delete(f"/api/matches/{played['id']}", headers=scorer), 400, "not_json")
    assert rows(app, played["id"])["matches"] == 1


def test_a_hand_after_the_export_stops_the_delete(client: FlaskClient, match: dict, scorer: dict) -> None:
    revision = export_revision(client, match, scorer)
    assert client.post(f"/api/matches/{match['id']}/hands", json=deutsch_hand(1), headers=scorer).status_code == 201
    problem = assert_problem(delete(client, match, scorer, {"confirm": match["id"], "exported_revision": revision}),
                             409, "export_stale")
    assert problem["revision"] == revision + 1
    assert "export it again" in problem["detail"]


def test_viewers_and_strangers_cannot_delete(app: Flask, client: FlaskClient, played: dict, viewer: dict) -> None:
    body = {"confirm": played["id"], "exported_revision": 4}
    assert_problem(delete(client, played, viewer, body), 403, "read_only")
    other = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}).get_json()
    assert_problem(delete(client, played, bearer(other["scorer_token"]), body), 404, "no_match")
    assert_problem(delete(client, played, {}, body), 401, "no_token")
    assert rows(app, played["id"])["entries"] == 3
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(DeletedMatch)) == 0


def test_other_matches_keep_everything(app: Flask, client: FlaskClient, played: dict, scorer: dict) -> None:
    other = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}).get_json()
    other_scorer = bearer(other["scorer_token"])
    assert client.post(f"/api/matches/{other['id']}/hands", json=deutsch_hand(1),
                       headers={**other_scorer, "Idempotency-Key": "h1"}).status_code == 201
    before = rows(app, other["id"])
    assert delete(client, played, scorer, {"confirm": played["id"], "exported_revision": 4}).status_code == 204
    assert rows(app, other["id"]) == before
    assert client.get(f"/api/matches/{other['id']}", headers=other_scorer).status_code == 200


def test_what_is_left_of_a_deleted_match_goes_after_a_month(app: Flask, client: FlaskClient, played: dict,
                                                            scorer: dict) -> None:
    from datetime import timedelta

    from api.models import utcnow
    from api.retention import purge

    assert delete(client, played, scorer, {"confirm": played["id"], "exported_revision": 4}).status_code == 204
    with app.app_context():
        assert purge(utcnow() + timedelta(days=29))["deleted_matches"] == 0
        assert purge(utcnow() + timedelta(days=31))["deleted_matches"] == 1
    assert_problem(client.get(f"/api/matches/{played['id']}", headers=scorer), 401, "bad_token")


def test_the_delete_is_in_the_openapi_document(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    operation = spec["paths"]["/api/matches/{match_id}"]["delete"]
    assert {"204", "403", "409", "410", "422"} <= operation["responses"].keys()
    export = spec["paths"]["/api/matches/{match_id}/export.json"]["get"]["responses"]["200"]
    assert "X-Kreide-Revision" in export["headers"]
