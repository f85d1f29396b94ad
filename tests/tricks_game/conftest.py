"""The Obers plugged in for a test: in both registries (engine.GAMES, api.games.GAMES) and
nowhere else, and an app made after it was."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

import api.games
import api.views.matches  # its OpenAPI lists are built on import: before the game is plugged in
import engine
from tests.conftest import make_app
from tests.tricks_game.api import API
from tests.tricks_game.game import GAME


@pytest.fixture
def plugged(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(engine.GAMES, GAME.name, GAME)
    monkeypatch.setitem(api.games.GAMES, API.name, API)
    yield
    monkeypatch.undo()
    assert GAME.name not in engine.GAMES and API.name not in api.games.GAMES


@pytest.fixture
def obers_app(plugged: None, tmp_path: Path) -> Flask:
    return make_app(tmp_path / "obers.sqlite3")


@pytest.fixture
def client(obers_app: Flask) -> FlaskClient:
    return obers_app.test_client()
