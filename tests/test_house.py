"""The house drawn from the imports (scripts/house.py): each game and the tournament is a room
that names no other room, and only the registries name a room; docs/house.md shows the
drawing as the imports make it today."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("house", ROOT / "scripts" / "house.py")
assert _spec and _spec.loader
house = importlib.util.module_from_spec(_spec)
sys.modules["house"] = house
_spec.loader.exec_module(house)


def test_no_room_names_another_and_only_the_registries_name_a_room() -> None:
    table = house.rooms()
    assert house.broken(list(house.imports()), table) == []


def test_the_check_finds_a_room_naming_another() -> None:
    """The check is no check that cannot fail: a game's board importing the tournament's is found."""
    table = house.rooms()
    planted = house.Import("pwa/games/dreeg/index.js", "pwa/tournament/index.js")
    assert house.broken([planted], table) == [
        "pwa/games/dreeg/index.js (room dreeg) imports pwa/tournament/index.js (room tournament)"
    ]
    shell = house.Import("pwa/views/home.js", "pwa/games/sixtysix/index.js")
    assert house.broken([shell], table)[0].startswith("pwa/views/home.js (the shared floor)")


def test_the_imports_are_read_from_both_languages() -> None:
    found = set(house.imports())
    assert house.Import("api/games/sixtysix.py", "engine/sixtysix/__init__.py") in found
    assert house.Import("pwa/games/index.js", "pwa/games/dreeg/index.js") in found  # a dynamic import()


def test_docs_house_is_the_drawing_of_today() -> None:
    page = (ROOT / "docs" / "house.md").read_text(encoding="utf-8")
    drawing = house.drawing(list(house.imports()), house.rooms())
    assert drawing in page, "run `python scripts/house.py` and put its drawing in docs/house.md"
