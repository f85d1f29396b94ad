"""Tournaments for the API tests: one app for the folder (every test opens its own
tournament), a handle on a tournament as the organiser's phone sees it, and the ways to
get one to its first round (a computed draw or one made with real pots)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import count
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import MatchHandle, assert_problem, bearer, folder_client

_seeds = count(1)


@pytest.fixture(scope="package")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FlaskClient]:
    yield from folder_client(tmp_path_factory, "tournament")


def new_seed() -> str:
    return f"kirtag-in-hinterbruehl-{next(_seeds):04d}"


def sha(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


@dataclass
class Tournament:
    client: FlaskClient
    created: dict[str, Any]
    next_seq: int = 1
    answers: list[dict[str, Any]] = field(default_factory=list)

    @property
    def id(self) -> str:
        return str(self.created["id"])

    @property
    def url(self) -> str:
        return f"/api/tournaments/{self.id}"

    @property
    def organiser(self) -> dict[str, str]:
        return bearer(self.created["organiser_token"])

    @property
    def viewer(self) -> dict[str, str]:
        return bearer(self.created["viewer_token"])

    def post(self, entry: Any, *, seq: int | None = None, headers: dict[str, str] | None = None) -> Any:
        body = {"seq": self.next_seq if seq is None else seq, **entry} if isinstance(entry, dict) else entry
        return self.client.post(f"{self.url}/entries", json=body, headers={**self.organiser, **(headers or {})})

    def record(self, entry: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        response = self.post(entry, **kwargs)
        assert response.status_code == 201, response.get_json()
        answer: dict[str, Any] = response.get_json()
        self.next_seq = answer["next_seq"]
        self.answers.append(answer)
        return answer

    def refuse(self, entry: Any, status: int = 422, code: str | None = None, **kwargs: Any) -> dict[str, Any]:
        before = self.get()
        problem = assert_problem(self.post(entry, **kwargs), status, code)
        assert self.get() == before, "a refused entry changed the tournament"
        return problem

    def get(self, headers: dict[str, str] | None = None) -> dict[str, Any]:
        response = self.client.get(self.url, headers=headers or self.organiser)
        assert response.status_code == 200, response.get_json()
        data: dict[str, Any] = response.get_json()
        return data

    def sync(self) -> dict[str, Any]:
        """Read the tournament and take its next_seq (a table's match may have added an entry)."""
        data = self.get()
        self.next_seq = data["next_seq"]
        return data

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.get()["state"]
        return state

    def entries(self) -> list[dict[str, Any]]:
        response = self.client.get(f"{self.url}/entries", headers=self.viewer)
        assert response.status_code == 200
        entries: list[dict[str, Any]] = response.get_json()["entries"]
        return entries

    def buy(self, *sales: tuple[str, int]) -> None:
        for player, cards in sales:
            self.record({"kind": "buy", "player": player, "cards": cards})

    def draw(self, seed: str | None = None) -> dict[str, Any]:
        """A computed draw: commit the seed's hash, then reveal the seed."""
        seed = seed or new_seed()
        self.record({"kind": "commit", "hash": sha(seed)})
        return self.record({"kind": "draw", "seed": seed})

    def pairing(self, number: int) -> dict[str, Any]:
        return next(p for p in self.state()["pairings"] if p["number"] == number)

    def table(self, number: int) -> Any:
        return self.client.post(f"{self.url}/pairings/{number}/match", headers=self.organiser)

    def open_table(self, number: int) -> tuple[dict[str, Any], MatchHandle]:
        """Open table ``number``'s match (201); the answer and a handle on the match."""
        response = self.table(number)
        assert response.status_code == 201, response.get_json()
        opened: dict[str, Any] = response.get_json()
        return opened, MatchHandle(self.client, {**opened["match"], "scorer_token": opened["scorer_token"],
                                                 "viewer_token": opened["viewer_token"]})


def create(client: FlaskClient, cards: int = 8, **fields: Any) -> Tournament:
    response = client.post("/api/tournaments", json={"name": "Preisschnapsen im Gasthaus", "cards": cards,
                                                     **fields})
    assert response.status_code == 201, response.get_json()
    return Tournament(client, response.get_json())


def real_pots(client: FlaskClient) -> Tournament:
    """Eight cards, all sold (Anna 3, Benno 2, Carla 1, Dieter 2), drawn with real pots:
    tables 1 Anna-Benno, 2 Anna-Carla, 3 Anna-Dieter, 4 Benno-Dieter."""
    tournament = create(client)
    tournament.buy(("Anna", 3), ("Benno", 2), ("Carla", 1), ("Dieter", 2))
    tournament.record({"kind": "draw", "numbers": {"Anna": ["L1", "L2", "L3"], "Benno": ["L4", "R1"],
                                                   "Carla": ["R2"], "Dieter": ["R3", "R4"]}})
    return tournament


def claim_by(winner: str, loser: str) -> dict[str, Any]:
    """A deal ended by ``winner`` claiming 66 before ``loser`` took a trick: 3 game points."""
    return {"ended_by": "claim", "claim": winner, "points": {winner: 66, loser: 0},
            "tricks": {winner: 4, loser: 0}}


def win_match(match: MatchHandle, winner: str, *, deals: int = 6) -> dict[str, Any]:
    """Post deals until ``winner`` has won (three claims of 3 make a Bummerl; two end the
    match); the last answer."""
    loser = next(name for name in match.created["players"] if name != winner)
    answer: dict[str, Any] = {}
    for _ in range(deals):
        answer = match.record(claim_by(winner, loser))
    return answer
