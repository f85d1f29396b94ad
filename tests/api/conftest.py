"""A Dreeg match for four and helpers to write to it; a handle on a match of any game and one
app per test folder, for the game folders (tests/api/<game>/)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.extensions import db
from tests.conftest import make_app

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


# --- for the game folders ------------------------------------------------------------------


def folder_client(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[FlaskClient]:
    """One app for a whole test folder (a package fixture): creating an app costs more than
    all of a test's requests; every test opens its own match."""
    app = make_app(Path(tmp_path_factory.mktemp(name)) / f"{name}.sqlite3")
    yield app.test_client()
    with app.app_context():
        db.engine.dispose()


@dataclass
class MatchHandle:
    """A match as a phone at the table sees it: its tokens and the seq of the next entry."""

    client: FlaskClient
    created: dict[str, Any]
    next_seq: int = 1
    answers: list[dict[str, Any]] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"/api/matches/{self.created['id']}"

    @property
    def scorer(self) -> dict[str, str]:
        return bearer(self.created["scorer_token"])

    @property
    def viewer(self) -> dict[str, str]:
        return bearer(self.created["viewer_token"])

    def post(self, entry: dict[str, Any], *, seq: int | None = None, headers: dict[str, str] | None = None) -> Any:
        """POST the entry with ``seq`` (default: the next one); the raw response."""
        body = {"seq": self.next_seq if seq is None else seq, **entry}
        return self.client.post(f"{self.url}/hands", json=body, headers={**self.scorer, **(headers or {})})

    def record(self, entry: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """POST the entry, which must be recorded; the answer (``hand`` and ``state``)."""
        response = self.post(entry, **kwargs)
        assert response.status_code == 201, response.get_json()
        answer = response.get_json()
        self.next_seq = answer["next_seq"]
        self.answers.append(answer)
        return answer

    def refuse(self, entry: dict[str, Any], status: int = 422, code: str | None = None,
               headers: dict[str, str] | None = None) -> dict[str, Any]:
        """POST the entry, which must be refused with problem JSON and change nothing."""
        before = self.get()
        problem = assert_problem(self.post(entry, headers=headers), status, code)
        assert self.get() == before, "a refused entry changed the match"
        return problem

    def replace(self, seq: int, entry: dict[str, Any], headers: dict[str, str] | None = None) -> Any:
        return self.client.put(f"{self.url}/hands/{seq}", json={"seq": seq, **entry},
                               headers={**self.scorer, **(headers or {})})

    def void(self, seq: int) -> Any:
        return self.client.post(f"{self.url}/hands/{seq}/void", headers=self.scorer)

    def get(self) -> dict[str, Any]:
        response = self.client.get(self.url, headers=self.scorer)
        assert response.status_code == 200
        return response.get_json()

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.get()["state"]
        return state

    def hands(self) -> list[dict[str, Any]]:
        return self.client.get(f"{self.url}/hands", headers=self.scorer).get_json()["hands"]


def open_game(client: FlaskClient, game: str, players: list[str], rules: dict[str, str] | None = None,
              **fields: Any) -> MatchHandle:
    """Create a match of ``game`` (its house ``rules`` only when given) and hold it."""
    body: dict[str, Any] = {"game": game, "players": players, **fields}
    if rules is not None:
        body["rules"] = rules
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.get_json()
    return MatchHandle(client, response.get_json())


@pytest.fixture(scope="module")
def spec(api: FlaskClient) -> dict[str, Any]:
    """The OpenAPI document, read once a module from the folder's app (its ``api``)."""
    document: dict[str, Any] = api.get("/api/openapi.json").get_json()
    return document


@pytest.fixture(scope="module")
def shared(api: FlaskClient) -> str:
    """/shared.js, the module of what the phone shares with the server (names, notation)."""
    response = api.get("/shared.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    text: str = response.get_data(as_text=True)
    return text


def exported(module: str, name: str) -> Any:
    """The value of ``export const name = ...;`` in a module of JSON constants."""
    found = re.search(rf"^export const {name} = (.*);$", module, flags=re.MULTILINE)
    assert found, f"{name} is not exported"
    return json.loads(found.group(1))
