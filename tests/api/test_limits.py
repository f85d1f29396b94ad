"""Rate limits per client address (low limits configured here): match creations, failed
token attempts; the client's address behind a trusted proxy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.config import Config
from api.extensions import db
from tests.api.conftest import PLAYERS, assert_problem, bearer
from tests.conftest import make_app

PHONE, OTHER = {"REMOTE_ADDR": "10.0.0.7"}, {"REMOTE_ADDR": "10.0.0.8"}
BODY = {"game": "dreeg", "players": PLAYERS}


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Flask]:
    app = make_app(tmp_path / "limited.sqlite3", KREIDE_LIMIT_CREATE="3/minute;5/day",
                   KREIDE_LIMIT_BAD_TOKEN="2/minute")
    yield app
    with app.app_context():
        db.engine.dispose()


def create(client: FlaskClient, environ: dict[str, str], **headers: str) -> Any:
    return client.post("/api/matches", json=BODY, environ_base=environ, headers=headers)


def assert_limited(response: Any) -> dict[str, Any]:
    problem = assert_problem(response, 429, "rate_limited")
    wait = int(response.headers["Retry-After"])
    assert 1 <= wait <= 86400 and problem["retry_after"] == wait
    assert str(wait) in problem["detail"]
    return problem


def test_creations_are_limited_per_address(limited: Flask) -> None:
    client = limited.test_client()
    for _ in range(3):
        assert create(client, PHONE).status_code == 201
    problem = assert_limited(create(client, PHONE))
    assert 1 <= problem["retry_after"] <= 60  # the minute's window, not the day's
    assert "Too many requests" in problem["detail"]
    german = assert_limited(create(client, PHONE, **{"Accept-Language": "de"}))
    assert "Zu viele Anfragen" in german["detail"]
    assert create(client, OTHER).status_code == 201  # another address is served


def test_the_limit_counts_the_phone_behind_a_trusted_proxy(tmp_path: Path) -> None:
    app = make_app(tmp_path / "proxied.sqlite3", KREIDE_LIMIT_CREATE="1/minute", KREIDE_TRUSTED_PROXIES=1,
                   KREIDE_PUBLIC_URL=None)
    client = app.test_client()
    proxy = {"REMOTE_ADDR": "127.0.0.1"}  # Caddy on the same machine: every request comes from it
    assert create(client, proxy, **{"X-Forwarded-For": "203.0.113.5"}).status_code == 201
    assert_limited(create(client, proxy, **{"X-Forwarded-For": "203.0.113.5"}))
    second = create(client, proxy, **{"X-Forwarded-For": "198.51.100.9", "X-Forwarded-Proto": "https"})
    assert second.status_code == 201
    assert second.get_json()["join_url"].startswith("https://localhost/#/m/")  # the scheme Caddy was asked
    with app.app_context():
        db.engine.dispose()


def test_without_trusted_proxies_a_forwarded_header_changes_nothing(limited: Flask) -> None:
    """X-Forwarded-For is anyone's to send: not believed, it cannot dodge the limit."""
    client = limited.test_client()
    for n in range(3):
        assert create(client, PHONE, **{"X-Forwarded-For": f"192.0.2.{n}"}).status_code == 201
    assert_limited(create(client, PHONE, **{"X-Forwarded-For": "192.0.2.99"}))


def test_failed_tokens_block_that_address_for_token_requests(limited: Flask) -> None:
    client = limited.test_client()
    created = create(client, OTHER).get_json()
    other = create(client, OTHER).get_json()
    url = f"/api/matches/{created['id']}"
    good = bearer(created["scorer_token"])
    assert client.get(url, headers=good, environ_base=PHONE).status_code == 200  # a success counts nothing
    assert_problem(client.get(url, headers=bearer("guess-1"), environ_base=PHONE), 401, "bad_token")
    # a token of another match: 404, a failure too
    assert_problem(client.get(url, headers=bearer(other["viewer_token"]), environ_base=PHONE), 404, "no_match")
    # over the limit: every token-bearing request from that address, even a good token, waits
    assert_limited(client.get(url, headers=bearer("guess-3"), environ_base=PHONE))
    assert_limited(client.get(url, headers=good, environ_base=PHONE))
    assert_limited(client.post(f"{url}/hands", json={"seq": 1}, headers=good, environ_base=PHONE))
    # the good token holder at another address is served, reads and writes
    assert client.get(url, headers=good, environ_base=OTHER).status_code == 200
    assert client.get(f"{url}/export.csv", headers=good, environ_base=OTHER).status_code == 200
    # and the blocked address may still do what takes no token
    assert client.get("/api/games", environ_base=PHONE).status_code == 200


def test_a_viewer_writing_or_a_missing_token_is_no_failed_attempt(limited: Flask) -> None:
    client = limited.test_client()
    created = create(client, OTHER).get_json()
    url = f"/api/matches/{created['id']}"
    for _ in range(4):
        assert_problem(client.post(f"{url}/hands/1/void", headers=bearer(created["viewer_token"]),
                                   environ_base=PHONE), 403, "read_only")
        assert_problem(client.get(url, environ_base=PHONE), 401, "no_token")
    assert client.get(url, headers=bearer(created["scorer_token"]), environ_base=PHONE).status_code == 200


def test_the_default_limits_suit_a_hall_behind_one_address(tmp_path: Path) -> None:
    """Defaults: 30 creations a minute and 300 a day, 20 failed tokens a minute, in memory."""
    defaults = Config({})
    assert defaults.KREIDE_LIMIT_CREATE == "30/minute;300/day"
    assert defaults.KREIDE_LIMIT_BAD_TOKEN == "20/minute"
    assert defaults.RATELIMIT_STORAGE_URI == "memory://"
    app = make_app(tmp_path / "defaults.sqlite3", KREIDE_LIMIT_CREATE=defaults.KREIDE_LIMIT_CREATE)
    client = app.test_client()
    for _ in range(30):
        assert create(client, PHONE).status_code == 201
    assert_limited(create(client, PHONE))
    match = create(client, OTHER).get_json()
    for n in range(20):
        assert_problem(client.get(f"/api/matches/{match['id']}", headers=bearer(f"guess-{n}"), environ_base=PHONE),
                       401, "bad_token")
    assert_limited(client.get(f"/api/matches/{match['id']}", headers=bearer(match["scorer_token"]), environ_base=PHONE))
    with app.app_context():
        db.engine.dispose()


def test_the_limits_and_their_storage_come_from_the_environment() -> None:
    config = Config({"KREIDE_LIMIT_CREATE": "5/hour", "KREIDE_LIMIT_BAD_TOKEN": "3/minute;10/hour",
                     "KREIDE_RATELIMIT_STORAGE_URI": "redis://127.0.0.1:6379/2", "KREIDE_TRUSTED_PROXIES": "2"})
    assert (config.KREIDE_LIMIT_CREATE, config.KREIDE_LIMIT_BAD_TOKEN) == ("5/hour", "3/minute;10/hour")
    assert config.RATELIMIT_STORAGE_URI == "redis://127.0.0.1:6379/2"
    assert config.KREIDE_TRUSTED_PROXIES == 2


def test_limits_can_be_switched_off(tmp_path: Path) -> None:
    app = make_app(tmp_path / "off.sqlite3", KREIDE_LIMIT_CREATE="1/minute", RATELIMIT_ENABLED=False)
    client = app.test_client()
    for _ in range(3):
        assert create(client, PHONE).status_code == 201
    with app.app_context():
        db.engine.dispose()


def test_a_failing_limit_store_lets_the_table_play(limited: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Redis down: the limits are not applied meanwhile (logged), nothing answers 500."""
    strategy = limited.extensions["kreide_limits"]["limiter"].limiter

    def down(*_args: Any) -> bool:
        raise ConnectionError("storage down")

    monkeypatch.setattr(strategy, "test", down)
    monkeypatch.setattr(strategy, "hit", down)
    client = limited.test_client()
    for _ in range(5):
        created = create(client, PHONE)
        assert created.status_code == 201
    assert_problem(client.get(f"/api/matches/{created.get_json()['id']}", headers=bearer("guess"),
                              environ_base=PHONE), 401, "bad_token")
