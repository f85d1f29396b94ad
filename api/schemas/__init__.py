"""Request and response schemas; the entry schema of a match depends on its game.

``load_entry`` turns a request body into ``(seq, entry)`` for the engine, and
``canonical_body`` turns the engine's entry back into the JSON that is stored (card
and suit codes canonical, fields that were not given left out).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum
from typing import Any

from marshmallow import Schema

from api.errors import Problem
from api.schemas.dreeg import DreegEntrySchema
from engine.cards import Card

#: One loaded instance per game (schemas hold no per-request state).
ENTRY_SCHEMAS: dict[str, Schema] = {"dreeg": DreegEntrySchema()}
REPLACE_SCHEMAS: dict[str, Schema] = {"dreeg": DreegEntrySchema(partial=("seq",))}


def load_entry(game: str, body: Any, *, replacing: bool = False) -> tuple[int | None, Any]:
    """``(seq, entry)`` from a request body; marshmallow's ValidationError on bad shape."""
    schemas = REPLACE_SCHEMAS if replacing else ENTRY_SCHEMAS
    try:
        schema = schemas[game]
    except KeyError:  # a game that cannot have matches yet
        raise Problem(422, "invalid_fields", errors={"game": game}, fields="game") from None
    return schema.load(body)


def canonical_body(seq: int, entry: Any) -> dict[str, Any]:
    """The stored form of an entry: ``seq`` and the fields that were given."""
    body: dict[str, Any] = {"seq": seq}
    for name in entry.given():
        body[name] = _plain(getattr(entry, name))
    return body


def _plain(value: Any) -> Any:
    if isinstance(value, (Card, Enum)):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if getattr(value, f.name) is not None}
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
