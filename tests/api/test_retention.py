"""Retention: empty matches and idempotency records expire; nothing with a hand does."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from api.extensions import db
from api.models import IdempotencyRecord, Match
from api.retention import purge
from tests.api.conftest import PLAYERS, bearer, deutsch_hand
from tests.conftest import make_app

KEY = "creation-key-0123456789abcdef"


def new_match(client: FlaskClient, key: str | None = None) -> dict[str, Any]:
    headers = {"Idempotency-Key": key} if key else {}
    response = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}, headers=headers)
    assert response.status_code == 201
    return response.get_json()


def age(app: Flask, match_id: str | None = None, *, days: float, records: bool = False) -> None:
    """Move a match's creation (or every idempotency record) ``days`` into the past."""
    with app.app_context():
        if records:
            db.session.execute(update(IdempotencyRecord).values(
                created_at=IdempotencyRecord.created_at - timedelta(days=days)))
        else:
            old = db.session.scalar(select(Match.created_at).where(Match.id == match_id))
            db.session.execute(update(Match).where(Match.id == match_id).values(created_at=old - timedelta(days=days)))
        db.session.commit()


def ids(app: Flask) -> set[str]:
    with app.app_context():
        return set(db.session.scalars(select(Match.id)))


def records(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(IdempotencyRecord)) or 0


def run_purge(app: Flask) -> dict[str, int]:
    with app.app_context():
        return purge()


def test_a_fresh_empty_match_survives_an_old_one_goes(app: Flask, client: FlaskClient) -> None:
    fresh, old = new_match(client), new_match(client)
    age(app, old["id"], days=8)
    assert run_purge(app)["matches"] == 1
    assert ids(app) == {fresh["id"]}
    gone = client.get(f"/api/matches/{old['id']}", headers=bearer(old["scorer_token"]))
    assert gone.status_code == 401
    assert client.get(f"/api/matches/{fresh['id']}", headers=bearer(fresh["scorer_token"])).status_code == 200


def test_an_empty_match_younger_than_the_ttl_stays(app: Flask, client: FlaskClient) -> None:
    young = new_match(client)
    age(app, young["id"], days=6.9)
    assert run_purge(app)["matches"] == 0
    assert ids(app) == {young["id"]}


def test_an_old_match_with_a_hand_stays_even_voided(app: Flask, client: FlaskClient) -> None:
    played, voided = new_match(client), new_match(client)
    for match in (played, voided):
        url = f"/api/matches/{match['id']}"
        recorded = client.post(f"{url}/hands", json=deutsch_hand(1), headers=bearer(match["scorer_token"]))
        assert recorded.status_code == 201
        age(app, match["id"], days=400)
    assert client.post(f"/api/matches/{voided['id']}/hands/1/void",
                       headers=bearer(voided["scorer_token"])).status_code == 200
    assert run_purge(app)["matches"] == 0
    assert ids(app) == {played["id"], voided["id"]}


def test_an_old_match_with_only_a_ruling_stays(app: Flask, client: FlaskClient) -> None:
    match = new_match(client)
    ruling = {"kind": "play", "question": {"trump": "H", "hand": ["EU", "H10"], "trick": ["EK"], "card": "H10"}}
    response = client.post(f"/api/matches/{match['id']}/rulings", json=ruling, headers=bearer(match["scorer_token"]))
    assert response.status_code == 201, response.get_json()
    age(app, match["id"], days=30)
    assert run_purge(app)["matches"] == 0
    assert ids(app) == {match["id"]}


def test_idempotency_records_expire_after_a_day(app: Flask, client: FlaskClient) -> None:
    old = new_match(client, KEY)
    scorer = {**bearer(old["scorer_token"]), "Idempotency-Key": "hand-1"}
    assert client.post(f"/api/matches/{old['id']}/hands", json=deutsch_hand(1), headers=scorer).status_code == 201
    age(app, days=1.01, records=True)
    new_match(client, "another-creation-key-0123456789")  # a recent record
    assert records(app) == 3
    assert run_purge(app)["idempotency_records"] == 2
    assert records(app) == 1
    # the expired hand key, sent again: its seq is taken, so it is not recorded twice
    again = client.post(f"/api/matches/{old['id']}/hands", json=deutsch_hand(1), headers=scorer)
    assert again.status_code == 409 and again.get_json()["code"] == "stale_seq"
    assert ids(app) >= {old["id"]}


def test_a_purge_in_batches_takes_everything_expired(app: Flask, client: FlaskClient, monkeypatch: Any) -> None:
    monkeypatch.setattr("api.retention.BATCH", 2)
    made = [new_match(client, f"batch-key-{n}-0123456789abcdef") for n in range(5)]
    for match in made:
        age(app, match["id"], days=8)
    age(app, days=2, records=True)
    assert run_purge(app) == {"matches": 5, "idempotency_records": 5, "deleted_matches": 0}
    assert ids(app) == set() and records(app) == 0


def test_the_cli_command_purges(app: Flask, client: FlaskClient) -> None:
    old = new_match(client)
    age(app, old["id"], days=8)
    result = app.test_cli_runner().invoke(args=["kreide", "purge"])
    assert result.exit_code == 0, result.output
    assert "purged 1 empty matches" in result.output
    assert ids(app) == set()


def test_a_creation_purges_when_the_worker_has_not_lately(tmp_path: Any) -> None:
    """Without cron: a worker purges after a match creation, at most every KREIDE_PURGE_EVERY."""
    app = make_app(tmp_path / "opportunistic.sqlite3", KREIDE_PURGE_EVERY=timedelta(0))
    client = app.test_client()
    old = new_match(client)
    age(app, old["id"], days=8)
    new = new_match(client)
    assert ids(app) == {new["id"]}
    rare = make_app(tmp_path / "rare.sqlite3", KREIDE_PURGE_EVERY=timedelta(hours=1))
    rare_client = rare.test_client()
    first = new_match(rare_client)  # the worker's first creation purges (nothing to do yet)
    age(rare, first["id"], days=8)
    second = new_match(rare_client)  # within the hour: no purge
    assert ids(rare) == {first["id"], second["id"]}
    for each in (app, rare):
        with each.app_context():
            db.engine.dispose()


def test_the_ttls_are_configurable(tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("KREIDE_EMPTY_MATCH_TTL", "12")
    monkeypatch.setenv("KREIDE_IDEMPOTENCY_TTL", "90 minutes")
    app = make_app(tmp_path / "ttl.sqlite3")
    assert app.config["KREIDE_EMPTY_MATCH_TTL"] == timedelta(hours=12)
    assert app.config["KREIDE_IDEMPOTENCY_TTL"] == timedelta(minutes=90)
    client = app.test_client()
    match = new_match(client, KEY)
    age(app, match["id"], days=0.6)
    assert run_purge(app) == {"matches": 1, "idempotency_records": 0, "deleted_matches": 0}
    with app.app_context():
        db.engine.dispose()
