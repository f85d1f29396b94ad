"""Raw tokens are never logged and never stored; only their SHA-256 is."""

from __future__ import annotations

import hashlib
import logging

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import inspect, text

from api.extensions import db
from tests.api.conftest import PLAYERS, bearer, deutsch_hand

CREATE_KEY = "create-1-Qm9vdHN0cmFwLXJhbmRvbQ"  # 22+ characters, as a creation key must be


@pytest.fixture
def busy_match(client: FlaskClient, caplog: pytest.LogCaptureFixture) -> dict:
    """A match created with an Idempotency-Key, with hands, a void, reads and refusals."""
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.INFO, logger="sqlalchemy.engine")  # every statement and its parameters
    created = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS},
                          headers={"Idempotency-Key": CREATE_KEY}).get_json()
    url = f"/api/matches/{created['id']}"
    for token in (created["scorer_token"], created["viewer_token"]):
        client.get(url, headers=bearer(token))
        client.get(f"{url}/qr.svg", headers=bearer(token))
    scorer = {**bearer(created["scorer_token"]), "Idempotency-Key": "h1"}
    client.post(f"{url}/hands", json=deutsch_hand(1), headers=scorer)
    client.post(f"{url}/hands", json=deutsch_hand(1), headers=scorer)
    client.post(f"{url}/hands/1/void", headers=bearer(created["scorer_token"]))
    client.post(f"{url}/hands", json=deutsch_hand(2), headers=bearer(created["viewer_token"]))
    return created


def test_tokens_never_reach_the_logs(busy_match: dict, caplog: pytest.LogCaptureFixture) -> None:
    records = caplog.get_records("setup")
    assert any(r.name == "api" for r in records), "the app logs its writes"
    assert any(r.name.startswith("sqlalchemy.engine") for r in records)
    logged = "\n".join(r.getMessage() for r in records)
    for token in (busy_match["scorer_token"], busy_match["viewer_token"]):
        assert token not in logged


def test_tokens_never_reach_the_database(app: Flask, busy_match: dict) -> None:
    with app.app_context():
        dump = []
        for table in inspect(db.engine).get_table_names():
            dump.extend(str(row) for row in db.session.execute(text(f"SELECT * FROM {table}")))
    everything = "\n".join(dump)
    assert busy_match["id"] in everything
    for token in (busy_match["scorer_token"], busy_match["viewer_token"]):
        assert token not in everything
        assert hashlib.sha256(token.encode()).hexdigest() in everything


def test_replayed_creation_still_gives_the_tokens(client: FlaskClient, busy_match: dict) -> None:
    again = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS},
                        headers={"Idempotency-Key": CREATE_KEY}).get_json()
    assert again == busy_match
