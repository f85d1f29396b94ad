"""docs/adding-a-game.md against the tree: the page names every registry and per-game
folder, every available game has all of them and exactly one line in each registry, and
the planned games have their engine package and nothing else yet."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import api.games
import engine
from engine.game import PlannedGame

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "adding-a-game.md"

#: Each registry and the form of the one line that registers a game in it.
REGISTRIES: dict[str, str] = {
    "engine/__init__.py": r"^\s*{game}\.GAME,\s*$",
    "api/games/__init__.py": r"^\s*{game}\.API,\s*$",
    "pwa/games/index.js": r"^\s*{game}: \(\) => import\('\./{game}/index\.js'\),\s*$",
}
#: A game's folders and files, as the page writes them.
PER_GAME = ("engine/<game>/", "api/games/<game>.py", "pwa/games/<game>/", "tests/engine/<game>/",
            "tests/api/<game>/", "tests/browser/<game>/")
AVAILABLE = [name for name, game in engine.GAMES.items() if game.available]
PLANNED = [name for name, game in engine.GAMES.items() if not game.available]


def registry_lines(path: str, game: str) -> list[str]:
    pattern = re.compile(REGISTRIES[path].format(game=re.escape(game)))
    return [line for line in (ROOT / path).read_text(encoding="utf-8").splitlines() if pattern.match(line)]


def test_the_page_is_short_and_names_every_registry_and_folder() -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert len(page.split()) <= 500, "a newcomer reads it in two minutes"
    for path in (*REGISTRIES, *PER_GAME):
        assert f"`{path}" in page, f"the page does not name {path}"
    assert "GAME" in page and "API" in page and "index.js" in page
    assert "Sentences" in page and "shared=True" in page and "engine/cards/" in page


def test_the_pages_example_lines_have_the_registries_form() -> None:
    """The lines the page shows are the lines the registries take (for its example game)."""
    page = PAGE.read_text(encoding="utf-8").splitlines()
    for path, form in REGISTRIES.items():
        pattern = re.compile(form.format(game="sixtysix"))
        assert [line for line in page if pattern.match(line)], f"the page shows no {path} line"


def test_the_catalogue_is_available_and_planned_games() -> None:
    assert AVAILABLE == ["dreeg", "sixtysix", "dreierles", "dreist"]
    assert PLANNED == []
    assert set(api.games.GAMES) == set(AVAILABLE)


@pytest.mark.parametrize("game", AVAILABLE)
def test_an_available_game_has_every_folder(game: str) -> None:
    for pattern in PER_GAME:
        path = ROOT / pattern.replace("<game>", game)
        assert path.is_dir() if pattern.endswith("/") else path.is_file(), f"{path.relative_to(ROOT)} is missing"
    assert (ROOT / "engine" / game / "__init__.py").is_file()
    assert importlib.import_module(f"engine.{game}").GAME is engine.GAMES[game]
    assert importlib.import_module(f"api.games.{game}").API is api.games.GAMES[game]
    # what it counts for a club (R37, R38), from its own folder
    assert (ROOT / "engine" / game / "club.py").is_file()
    club = engine.GAMES[game].club
    assert club is not None and type(club).__module__ == f"engine.{game}.club"


@pytest.mark.parametrize("game", AVAILABLE)
@pytest.mark.parametrize("registry", list(REGISTRIES))
def test_an_available_game_has_one_line_in_each_registry(game: str, registry: str) -> None:
    assert len(registry_lines(registry, game)) == 1


def test_a_planned_game_is_refused_never_mis_scored() -> None:
    """Every game is built now; the seam still takes a planned one (a game listed before it is
    scored): the catalogue shows it, and starting it is refused."""
    planned = PlannedGame("tarock", {"en": "Tarock", "de": "Tarock"}, (3, 4), players_rule="R1")
    assert planned.catalogue_json()["available"] is False
    with pytest.raises(engine.NotAvailable):
        planned.start(["A", "B", "C"])


def test_a_planned_game_has_its_engine_package_and_nothing_else() -> None:
    """Every game is built today; a game listed before it is scored would have its engine
    package and its engine registry line only."""
    for game in PLANNED:
        _planned_game_has_only_its_engine_package(game)


def _planned_game_has_only_its_engine_package(game: str) -> None:
    assert isinstance(engine.GAMES[game], PlannedGame)
    assert importlib.import_module(f"engine.{game}").GAME is engine.GAMES[game]
    assert len(registry_lines("engine/__init__.py", game)) == 1
    assert registry_lines("api/games/__init__.py", game) == []
    assert registry_lines("pwa/games/index.js", game) == []
    for pattern in PER_GAME[1:]:
        path = ROOT / pattern.replace("<game>", game).rstrip("/")
        assert not path.exists(), f"{path.relative_to(ROOT)} exists, but {game} is still planned"
