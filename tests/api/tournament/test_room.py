"""The tournament is a room of its own (issue 19): its packages (``engine/tournament``,
``api/tournament``) name no game, and nothing names them but the registries (the engine's
``engine/__init__.py``, the app factory ``api/__init__.py``); importing it plugs nothing in:
the app factory does (``init_app``)."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

import engine
from api import events, store

ROOT = Path(__file__).resolve().parents[3]
ROOMS = ("engine/tournament", "api/tournament")
#: The registries and the app factory: the only modules outside the room that may name it.
REGISTRIES = {"engine/__init__.py": "engine.tournament", "api/__init__.py": "api.tournament"}
#: What names a game: its package in the engine and in the API, and the API's game registry.
GAME_MODULES = (*(f"engine.{name}" for name in engine.GAMES), "api.games")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> Iterator[str]:
    """Every module ``path`` imports, by its full name (``from engine import sixtysix``:
    ``engine.sixtysix``; relative imports resolved), wherever in the file it stands."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def names(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(f"{prefix}.")


def sources(*folders: str) -> list[Path]:
    return sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", sources(*ROOMS), ids=lambda path: str(path.relative_to(ROOT)))
def test_the_tournament_names_no_game(path: Path) -> None:
    """It asks the game its conditions name (``engine.game.TournamentTable``) instead."""
    assert [module for module in imported(path) if any(names(module, game) for game in GAME_MODULES)] == []


@pytest.mark.parametrize("path", [path for path in sources("engine", "api")
                                  if not any(path.is_relative_to(ROOT / room) for room in ROOMS)],
                         ids=lambda path: str(path.relative_to(ROOT)))
def test_nothing_but_the_registries_names_the_tournament(path: Path) -> None:
    relative = str(path.relative_to(ROOT))
    allowed = REGISTRIES.get(relative)
    naming = {module for module in imported(path) if names(module, "engine.tournament")
              or names(module, "api.tournament")}
    assert naming <= ({allowed} if allowed else set()), f"{relative} names {sorted(naming)}"


def test_the_registries_name_it_once() -> None:
    for path, room in REGISTRIES.items():
        assert room in set(imported(ROOT / path)), f"{path} no longer plugs in {room}"


def test_importing_the_tournament_plugs_nothing_in() -> None:
    """No import-time side effects: the live stream kind and the hooks on a match's write
    and deletion come with an app (``init_app``), not with an import."""
    script = ("import api.tournament\nfrom api import events, retention, store\n"
              "print(sorted(events.KINDS), len(store.WRITE_HOOKS), len(store.DELETE_GUARDS), "
              "len(retention.HOLDERS))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["[]", "0", "0", "0"]


def test_the_app_factory_plugs_it_in(api: FlaskClient) -> None:
    from api import retention, tournament
    from api.tournament.tables import match_in_tournament, match_written

    assert events.KINDS["t"] is tournament.reads.STREAM_KIND
    assert store.WRITE_HOOKS.count(match_written) == 1 and store.DELETE_GUARDS.count(match_in_tournament) == 1
    assert [column.table.name for column in retention.HOLDERS].count("tournament_matches") == 1
    assert "tournaments" in api.application.blueprints
