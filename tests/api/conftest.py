"""A Dreeg match for four and helpers to write to it."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

PLAYERS = ["Anna", "Benno", "Carla", "Dieter"]
PROBLEM_KEYS = {"type", "title", "status", "detail", "code"}


def deutsch_hand(seq: int, **fields: Any) -> dict[str, Any]:
    """A valid Deutsch summary for four: Anna 40 and the last trick, Benno and Carla 30."""
    return {
        "seq": seq,
        "points": {"Anna": 40, "Benno": 30, "Carla": 30, "Dieter": 20},
        "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1},
        "last_trick": "Anna",
        **fields,
    }


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def assert_problem(response: Any, status: int, code: str | None = None) -> dict[str, Any]:
    """The one error shape: problem JSON with type, title, status, detail, code."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert PROBLEM_KEYS <= problem.keys()
    assert problem["status"] == status
    assert problem["detail"]
    if code is not None:
        assert problem["code"] == code
    return problem


@pytest.fixture
def match(client: FlaskClient) -> dict[str, Any]:
    response = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS})
    assert response.status_code == 201
    return response.get_json()


@pytest.fixture
def scorer(match: dict[str, Any]) -> dict[str, str]:
    return bearer(match["scorer_token"])


@pytest.fixture
def viewer(match: dict[str, Any]) -> dict[str, str]:
    return bearer(match["viewer_token"])


@pytest.fixture
def hands_url(match: dict[str, Any]) -> str:
    return f"/api/matches/{match['id']}/hands"
