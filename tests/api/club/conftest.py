"""Clubs for the API tests: one app for the folder (every test opens its own club), a
handle on a club as its admin's phone sees it, and tables started from it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import MatchHandle, bearer, folder_client

MEMBERS = ["Anna", "Benno", "Carla", "Dieter", "Sepp", "Franz"]


@pytest.fixture(scope="package")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FlaskClient]:
    yield from folder_client(tmp_path_factory, "club")


@dataclass
class Club:
    client: FlaskClient
    created: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.created["id"])

    @property
    def url(self) -> str:
        return f"/api/clubs/{self.id}"

    @property
    def admin(self) -> dict[str, str]:
        return bearer(self.created["admin_token"])

    @property
    def member(self) -> dict[str, str]:
        return bearer(self.created["member_token"])

    @property
    def viewer(self) -> dict[str, str]:
        return bearer(self.created["viewer_token"])

    def get(self, path: str = "", token: dict[str, str] | None = None, **params: Any) -> Any:
        response = self.client.get(f"{self.url}{path}", headers=token or self.viewer, query_string=params)
        assert response.status_code == 200, response.get_data(as_text=True)
        return response.get_json()

    def members(self) -> dict[str, str]:
        """Name → id of the members listed now."""
        return {m["name"]: m["id"] for m in self.get()["members"]}

    def table(self, game: str, players: list[str], **fields: Any) -> MatchHandle:
        """A table started from the club with the members' token; written with it too."""
        response = self.client.post(f"{self.url}/matches", json={"game": game, "players": players, **fields},
                                    headers=self.member)
        assert response.status_code == 201, response.get_data(as_text=True)
        created = response.get_json()
        return MatchHandle(self.client, {**created, "scorer_token": self.created["member_token"]})


def open_club(client: FlaskClient, **fields: Any) -> Club:
    body = {"name": "Stammtisch Zur Linde", "members": MEMBERS, **fields}
    response = client.post("/api/clubs", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)
    return Club(client, response.get_json())
