"""Schemathesis against the app in-process (WSGI, no server): every operation of
/api/openapi.json with generated requests, valid and invalid, bounded and reproducible.

Checks, on every answer: no 5xx; every 4xx a problem JSON body (type, title, status,
detail, code); the status code, content type, headers and body as the OpenAPI document
says for that status; and a request the document forbids is refused (4xx).  Requests to
a match carry a real match's id (one match per game, the entry's shape picks the game)
and mostly its scorer token, so they get past authentication to the schemas and the
engine; some carry the viewer token, another match's token, a made-up one or none.

Bounded: ``MAX_EXAMPLES`` generated cases per operation and mode (positive, negative)
after schemathesis's deterministic coverage cases (boundaries, missing and wrong-typed
fields), derandomized and seeded, so a run is the same run every time.  A longer
session against a running server is described in the README.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from itertools import cycle
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings
from schemathesis import Case, CheckContext, Response
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api import create_app
from api.extensions import db
from tests.api.conftest import PLAYERS, PROBLEM_KEYS, bearer, deutsch_hand
from tests.conftest import make_app

MAX_EXAMPLES = 40
SEED = 20261201

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance, negative_data_rejection]

#: Which match an entry is aimed at, by a field only that game's entries have.
SHAPES = {"dreist": {"remaining", "abandoned", "won"}, "dreierles": {"declarer_points", "extras", "game"},
          "sixtysix": {"ended_by", "at_close", "renonce_by", "exchange"}}

#: What the generated requests got, by operation: (status, code) (see the last test).
ANSWERS: dict[str, Counter[tuple[int, str]]] = {}


def problem_body(ctx: CheckContext, response: Response, case: Case) -> bool | None:
    """Every 4xx and 5xx: problem JSON with type, title, status, detail and code."""
    if response.status_code < 400:
        return None
    content_type = response.headers.get("content-type", [""])[0]
    assert content_type.split(";")[0].strip() == "application/problem+json", (
        f"{response.status_code} answered as {content_type!r}")
    body = json.loads(response.content)
    assert isinstance(body, dict), body
    missing = PROBLEM_KEYS - body.keys()
    assert not missing, f"problem without {sorted(missing)}: {body}"
    assert body["status"] == response.status_code, body
    assert isinstance(body["detail"], str) and body["detail"], body
    assert isinstance(body["code"], str) and body["code"], body
    return None


@pytest.fixture(scope="module")
def kreide(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    # streams end at once (an events request answers within the test); no rate limits:
    # thousands of requests from one address are the point here
    app = make_app(Path(tmp_path_factory.mktemp("schemathesis")) / "kreide.sqlite3",
                   KREIDE_EVENTS_MAX_AGE=0.01, KREIDE_EVENTS_KEEPALIVE=0.01, RATELIMIT_ENABLED=False)
    yield app
    with app.app_context():
        db.engine.dispose()


class Table:
    """The matches the requests are aimed at (one per game; the Dreeg one has hands to
    void and replace), and which token each request carries: mostly the scorer's."""

    def __init__(self, app: Flask) -> None:
        client = app.test_client()
        self.matches: dict[str, dict[str, Any]] = {}
        for game, players in (("dreeg", PLAYERS), ("sixtysix", PLAYERS[:2]), ("dreierles", PLAYERS[:3]),
                              ("dreist", PLAYERS[:3])):
            response = client.post("/api/matches", json={"game": game, "players": players})
            assert response.status_code == 201, response.get_json()
            self.matches[game] = response.get_json()
        dreeg = self.matches["dreeg"]
        for seq in (1, 2, 3):
            response = client.post(f"/api/matches/{dreeg['id']}/hands", json=deutsch_hand(seq),
                                   headers=bearer(dreeg["scorer_token"]))
            assert response.status_code == 201, response.get_json()
            dreeg["next_seq"] = response.get_json()["next_seq"]
        self.games = cycle(self.matches)
        self.tokens = cycle(["scorer"] * 6 + ["viewer", "none", "made-up", "other"])
        # two tournaments drawn (8 cards, four tables), table 1's match opened; requests go
        # to the first, "other" carries the second's organiser token
        self.tournaments = [self._tournament(client) for _ in range(2)]
        self.tables = cycle([1, 2, 3, 4])
        self.roles = cycle(["organiser"] * 6 + ["viewer", "none", "made-up", "other"])

    @staticmethod
    def _tournament(client: FlaskClient) -> dict[str, Any]:
        response = client.post("/api/tournaments", json={"name": "Kirtag", "cards": 8})
        assert response.status_code == 201, response.get_json()
        created: dict[str, Any] = response.get_json()
        organiser, url = bearer(created["organiser_token"]), f"/api/tournaments/{created['id']}"
        entries = [{"kind": "buy", "player": name, "cards": cards}
                   for name, cards in (("Anna", 3), ("Benno", 2), ("Carla", 1), ("Dieter", 2))]
        entries.append({"kind": "draw", "numbers": {"Anna": ["L1", "L2", "L3"], "Benno": ["L4", "R1"],
                                                    "Carla": ["R2"], "Dieter": ["R3", "R4"]}})
        for seq, entry in enumerate(entries, start=1):
            response = client.post(f"{url}/entries", json={"seq": seq, **entry}, headers=organiser)
            assert response.status_code == 201, response.get_json()
            created["next_seq"] = response.get_json()["next_seq"]
        assert client.post(f"{url}/pairings/1/match", headers=organiser).status_code == 201
        return created

    def aim_tournament(self, case: Case) -> dict[str, Any]:
        """Point a request to a tournament at our first one, with a token (mostly the organiser's)."""
        positive = case.meta is not None and case.meta.generation.mode.is_positive
        tournament, other = self.tournaments
        case.path_parameters["tournament_id"] = tournament["id"]
        if positive and "number" in case.path_parameters:
            case.path_parameters["number"] = next(self.tables)
        if positive and case.method == "POST" and case.operation.path.endswith("/entries") \
                and isinstance(case.body, dict) and isinstance(case.body.get("seq"), int):
            case.body["seq"] = tournament["next_seq"]  # not stale: on to the engine
        headers = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
        role = next(self.roles)
        if role in ("organiser", "viewer"):
            headers.update(bearer(tournament[f"{role}_token"]))
        elif role == "other":
            headers.update(bearer(other["organiser_token"]))
        elif role == "made-up":
            headers.update(bearer("not-a-token-of-any-tournament"))
        case.headers = headers
        return tournament

    def aim(self, case: Case) -> dict[str, Any] | None:
        """Point a request to a match (or a tournament) at one of ours, with a token; the
        match (the tournament), if any."""
        if "tournament_id" in case.path_parameters:
            return self.aim_tournament(case)
        if "match_id" not in case.path_parameters:
            return None
        positive = case.meta is not None and case.meta.generation.mode.is_positive
        game = next(self.games)
        if positive and isinstance(case.body, dict) and case.operation.path.endswith(("/hands", "/hands/{seq}")):
            game = next((name for name, fields in SHAPES.items() if fields & case.body.keys()), "dreeg")
            if case.method == "POST" and isinstance(case.body.get("seq"), int):
                case.body["seq"] = self.matches[game]["next_seq"]  # not stale: on to the engine
        match = self.matches[game]
        case.path_parameters["match_id"] = match["id"]
        headers = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
        token = next(self.tokens)
        if token in ("scorer", "viewer"):
            headers.update(bearer(match[f"{token}_token"]))
        elif token == "other":
            other = next(m for name, m in self.matches.items() if name != game)
            headers.update(bearer(other["scorer_token"]))
        elif token == "made-up":
            headers.update(bearer("not-a-token-of-any-match"))
        case.headers = headers
        return match


@pytest.fixture(scope="module")
def table(kreide: Flask) -> Table:
    return Table(kreide)


def openapi_document() -> dict[str, Any]:
    """The document as the app serves it (an app of its own: the document needs no data)."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "KREIDE_BENCH": False})
    document: dict[str, Any] = app.test_client().get("/api/openapi.json").get_json()
    return document


# loaded when the module is collected, so that every operation is a test of its own
schema = schemathesis.openapi.from_dict(openapi_document(), config=schemathesis.Config.from_dict({"seed": SEED}))


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_api(case: Case, kreide: Flask, table: Table) -> None:
    match = table.aim(case)
    # plain bodies: the checks read them as they come (compression has its own tests)
    response = case.call_and_validate(app=kreide, checks=CHECKS, additional_checks=[problem_body],
                                      headers={"Accept-Encoding": "identity"})
    body = response.json() if "json" in response.headers.get("content-type", [""])[0] else None
    if match is not None and isinstance(body, dict) and isinstance(body.get("next_seq"), int):
        match["next_seq"] = body["next_seq"]
    code = body.get("code", "") if response.status_code >= 400 and isinstance(body, dict) else ""
    ANSWERS.setdefault(case.operation.label, Counter())[response.status_code, code] += 1


def test_requests_reached_the_matches() -> None:
    """The generated requests got past authentication: reads answered, and hand entries
    reached the engine (a hand recorded, a stale seq, a rule refused), not only 401s."""
    assert ANSWERS, "no request was sent: this runs after test_api, in the same session"
    reads = ANSWERS["GET /api/matches/{match_id}"] + ANSWERS["GET /api/matches/{match_id}/hands"]
    assert reads[200, ""] > 0, reads
    entries = ANSWERS["POST /api/matches/{match_id}/hands"]
    engine_answers = {(status, code) for status, code in entries if status in (201, 409)
                      or (status == 422 and code != "invalid_fields")}
    assert engine_answers, entries
    assert any(status == 401 for status, _ in entries) and any(status == 403 for status, _ in entries), entries


def test_requests_reached_the_tournaments() -> None:
    """Tournament requests got past authentication too: reads answered, entries reached
    the engine, a table's match was handed out again, refusals of viewers and strangers."""
    assert ANSWERS, "no request was sent: this runs after test_api, in the same session"
    read = ANSWERS["GET /api/tournaments/{tournament_id}"] + ANSWERS["GET /api/tournaments/{tournament_id}/entries"]
    assert read[200, ""] > 0, read
    entries = ANSWERS["POST /api/tournaments/{tournament_id}/entries"]
    assert {(status, code) for status, code in entries if status in (201, 409)
            or (status == 422 and code != "invalid_fields")}, entries
    assert any(status == 401 for status, _ in entries) and any(status == 403 for status, _ in entries), entries
    tables = ANSWERS["POST /api/tournaments/{tournament_id}/pairings/{number}/match"]
    assert {status for status, _ in tables} & {200, 201}, tables
