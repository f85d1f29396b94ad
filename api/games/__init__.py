"""Every game's API, named in one place (one line per game): its entry, state and result
schemas and its referee's questions (:class:`api.games.base.GameApi`).  A game the
engine lists but that has no line here cannot have matches yet.

``load_entry`` turns a request body into ``(seq, entry)`` for the engine with the match's
game's schema, and ``canonical_body`` turns the engine's entry back into the JSON that is
stored (card and suit codes canonical, fields that were not given left out).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum
from typing import Any

import engine
from engine.errors import NotAvailable
from api.games import dreeg
from api.games.base import GameApi, RefereeQuestion

GAMES: dict[str, GameApi] = {api.name: api for api in (
    dreeg.API,
)}


def game_api(name: str) -> GameApi:
    """The API of a game that can have matches; others are refused as the engine
    refuses a game it cannot score (``game_not_available``, ``unknown_game``)."""
    if name not in GAMES:
        raise NotAvailable("game_not_available", field="game", game=engine.get_game(name))
    return GAMES[name]


def load_entry(game: str, body: Any, *, replacing: bool = False) -> tuple[int | None, Any]:
    """``(seq, entry)`` from a request body; marshmallow's ValidationError on bad shape."""
    api = game_api(game)
    schema = api.load_replacement if replacing else api.load_entry
    loaded: tuple[int | None, Any] = schema.load(body)
    return loaded


def canonical_body(game: str, seq: int, entry: Any) -> dict[str, Any]:
    """The stored form of an entry: ``seq`` and the fields that were given."""
    body: dict[str, Any] = {"seq": seq}
    for name in engine.get_game(game).given(entry):
        body[name] = _plain(getattr(entry, name))
    return body


def _plain(value: Any) -> Any:
    if isinstance(value, Enum) or (hasattr(value, "name_in") and not isinstance(value, (str, int))):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if getattr(value, f.name) is not None}
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


__all__ = ["GAMES", "GameApi", "RefereeQuestion", "canonical_body", "game_api", "load_entry"]
