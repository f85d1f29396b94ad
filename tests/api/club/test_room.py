"""The club is a room of its own: its packages (``engine/club``, ``api/club``) name no game
(each game's figures come through ``engine.game.ClubFigures``), and nothing outside them names
them but the app factory; importing it plugs nothing in: ``init_app`` does."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

import engine
from api import auth, events, retention, store
from tests.api.tournament.test_room import ROOT, imported, names, sources

ROOMS = ("engine/club", "api/club")
#: the only module outside the room that may name it: the app factory's list of rooms
REGISTRIES = {"api/__init__.py": "api.club"}
GAME_PACKAGES = tuple(f"engine.{name}" for name in engine.GAMES)


@pytest.mark.parametrize("path", sources(*ROOMS), ids=lambda path: str(path.relative_to(ROOT)))
def test_the_club_names_no_game(path: Path) -> None:
    assert [module for module in imported(path) if any(names(module, game) for game in GAME_PACKAGES)] == []
    assert not any(name in path.read_text(encoding="utf-8") for name in ('"dreeg"', '"sixtysix"', '"dreierles"',
                                                                          '"dreist"'))


@pytest.mark.parametrize("path", [path for path in sources("engine", "api")
                                  if not any(path.is_relative_to(ROOT / room) for room in ROOMS)],
                         ids=lambda path: str(path.relative_to(ROOT)))
def test_nothing_but_the_app_factory_names_the_club(path: Path) -> None:
    relative = str(path.relative_to(ROOT))
    allowed = REGISTRIES.get(relative)
    naming = {module for module in imported(path) if names(module, "engine.club") or names(module, "api.club")}
    assert naming <= ({allowed} if allowed else set()), f"{relative} names {sorted(naming)}"


def test_the_app_factory_plugs_it_in(api: FlaskClient) -> None:
    from api import club
    from api.club.access import MATCH_TOKENS
    from api.club.summaries import match_written

    assert events.KINDS["c"] is club.STREAM_KIND
    assert store.WRITE_HOOKS.count(match_written) == 1 and store.DELETE_GUARDS.count(club.match_in_club) == 1
    assert [column.table.name for column in retention.HOLDERS].count("club_matches") == 1
    assert auth.TOKEN_OWNERS.count(MATCH_TOKENS) == 1
