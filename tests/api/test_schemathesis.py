"""Schemathesis against the app in-process (WSGI, no server): every operation of
/api/openapi.json with generated requests, valid and invalid, bounded and reproducible.

Checks: no 5xx; every 4xx a problem JSON body (type, title, status, detail, code); the
status code, content type, headers and body of every answer as the OpenAPI document
says; and a request the document forbids is refused (4xx).  Requests carry a real
match's id and mostly its scorer token, so they reach the engine; some carry the viewer
token, another match's token, a made-up one or none.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from collections import Counter
from itertools import cycle
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from flask import Flask
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

#: Generated cases per operation and generation mode (positive, negative), on top of the
#: deterministic coverage cases (boundaries, missing fields, wrong types).
MAX_EXAMPLES = 40
SEED = 20261201

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance, negative_data_rejection]


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
    # streams end at once, so an events request answers within the test
    # rate limits off: thousands of requests from one address are the point here
    app = make_app(Path(tmp_path_factory.mktemp("schemathesis")) / "kreide.sqlite3",
                   KREIDE_EVENTS_MAX_AGE=0.01, KREIDE_EVENTS_KEEPALIVE=0.01, RATELIMIT_ENABLED=False)
    yield app
    with app.app_context():
        db.engine.dispose()


class Table:
    """The matches the requests are aimed at, and whose tokens they carry."""

    def __init__(self, app: Flask) -> None:
        client = app.test_client()
        self.matches: list[dict[str, Any]] = []
        for game, players in (("dreeg", PLAYERS), ("sixtysix", PLAYERS[:2]), ("dreierles", PLAYERS[:3]),
                              ("dreist", PLAYERS[:3])):
            response = client.post("/api/matches", json={"game": game, "players": players})
            assert response.status_code == 201, response.get_json()
            self.matches.append(response.get_json())
        dreeg = self.matches[0]
        for seq in (1, 2, 3):
            response = client.post(f"/api/matches/{dreeg['id']}/hands", json=deutsch_hand(seq),
                                   headers=bearer(dreeg["scorer_token"]))
            assert response.status_code == 201, response.get_json()
        # which match, and which token: mostly the scorer's of that match
        self.targets = cycle(range(len(self.matches)))
        self.tokens = cycle(["scorer"] * 6 + ["viewer", "none", "made-up", "other"])

    def aim(self, case: Case) -> None:
        if "match_id" not in case.path_parameters:
            return
        index = next(self.targets)
        match = self.matches[index]
        case.path_parameters["match_id"] = match["id"]
        token = next(self.tokens)
        headers = dict(case.headers or {})
        headers.pop("Authorization", None)
        if token in ("scorer", "viewer"):
            headers.update(bearer(match[f"{token}_token"]))
        elif token == "other":
            headers.update(bearer(self.matches[(index + 1) % len(self.matches)]["scorer_token"]))
        elif token == "made-up":
            headers.update(bearer("not-a-token-of-any-match"))
        case.headers = headers


@pytest.fixture(scope="module")
def table(kreide: Flask) -> Table:
    return Table(kreide)


def openapi_document() -> dict[str, Any]:
    """The document as the app serves it (an app of its own: the document needs no data)."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "KREIDE_BENCH": False})
    document: dict[str, Any] = app.test_client().get("/api/openapi.json").get_json()
    return document


# loaded when the module is collected, so every operation is a test of its own
schema = schemathesis.openapi.from_dict(openapi_document(), config=schemathesis.Config.from_dict({"seed": SEED}))


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_api(case: Case, kreide: Flask, table: Table) -> None:
    table.aim(case)
    response = case.call_and_validate(app=kreide, checks=CHECKS, additional_checks=[problem_body])
    code = response.json().get("code") if response.status_code >= 400 else ""
    STATS.setdefault(case.operation.label, Counter())[f"{response.status_code} {code}"] += 1


STATS: dict = {}


def test_zz_stats() -> None:
    for label, counter in STATS.items():
        print(label, sum(counter.values()), dict(counter.most_common()))
