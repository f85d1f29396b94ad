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
from api.games import dreeg, dreierles, dreist, sixtysix
from api.games.base import Facts, GameApi, RefereeQuestion
from engine.errors import NotAvailable

GAMES: dict[str, GameApi] = {api.name: api for api in (
    dreeg.API,
    sixtysix.API,
    dreierles.API,
    dreist.API,
)}


#: The OpenAPI components that are one of every game's schema of a kind, by kind; every
#: answer (and the creation request) says which by its ``game`` (``oneOf`` with ``game`` as
#: the discriminator, so a typed client parses it as its own game's); an entry fits any game
#: whose shape it has (``anyOf``: the match it is posted to names its game).
BY_GAME = {"entry": "EntryByGame", "match": "MatchByGame", "created": "MatchCreatedByGame",
           "written": "HandWrittenByGame", "hands": "HandsByGame", "export": "ExportByGame",
           "create": "MatchCreateByGame"}
_DISCRIMINATED = ("match", "created", "create", "written", "hands", "export")


def by_game_components() -> dict[str, dict[str, Any]]:
    """``{"MatchByGame": {"oneOf": [...], "discriminator": ...}, ...}`` for the games registered now."""
    components: dict[str, dict[str, Any]] = {}
    for kind, name in BY_GAME.items():
        refs = {game: f"#/components/schemas/{api.component(kind)}" for game, api in GAMES.items()}
        choices = [{"$ref": ref} for ref in refs.values()]
        component: dict[str, Any] = {"anyOf": choices}
        if kind in _DISCRIMINATED:
            component = {"oneOf": choices, "discriminator": {"propertyName": "game", "mapping": refs}}
        components[name] = component
    components["FactsByGame"] = facts_component()
    return components


def facts_component() -> dict[str, Any]:
    """The catalogue's ``facts``: one of the games' facts, or none (``{}``) for a game without."""
    choices: list[dict[str, Any]] = [{"$ref": f"#/components/schemas/{api.prefix}Facts"}
                                     for api in GAMES.values() if api.facts is not None]
    if len(choices) < len(GAMES):
        choices.append({"type": "object", "maxProperties": 0})
    return {"anyOf": choices}


def game_api(name: str) -> GameApi:
    """The API of a game that can have matches; others are refused as the engine
    refuses a game it cannot score (``game_not_available``, ``unknown_game``)."""
    if name not in GAMES:
        raise NotAvailable("game_not_available", field="game", game=engine.get_game(name))
    return GAMES[name]


def load_entry(game: str, body: Any, *, replacing: bool = False) -> tuple[int | None, Any]:
    """``(seq, entry)`` from a request body; marshmallow's ValidationError on bad shape."""
    loaded: tuple[int | None, Any] = game_api(game).load(body, replacing=replacing)
    return loaded


def canonical_body(game: str, seq: int, entry: Any) -> dict[str, Any]:
    """The stored form of an entry: ``seq`` and the fields that were given."""
    body: dict[str, Any] = {"seq": seq}
    for name in engine.get_game(game).given(entry):
        body[name] = _plain(getattr(entry, name))
    return body


_SCALARS = (str, int, bool, float, type(None))  # exactly these types: kept as they are


def _plain(value: Any) -> Any:
    if type(value) in _SCALARS:  # most of an entry: names and counts (a str Enum is not exactly str)
        return value
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


__all__ = [
    "BY_GAME", "GAMES", "Facts", "GameApi", "RefereeQuestion", "by_game_components", "canonical_body",
    "facts_component",
    "game_api", "load_entry",
]
