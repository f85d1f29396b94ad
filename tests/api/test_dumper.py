"""The compiled dump (api/games/dumper.py) gives what marshmallow's ``Schema.dump`` gives:
the same keys, in the same order, the same values, for every kind of field the answers
use and for the answers themselves."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient
from marshmallow import Schema, fields, post_dump

import engine
from api.games import GAMES
from api.games.base import DUMPED, GameApi
from api.games.dumper import compile_dump
from api.schemas.fields import PlayerCounts, StrictInteger
from tests.api.conftest import PLAYERS, bearer, deutsch_hand


def same(schema: Schema, data: Any) -> None:
    """Equal as JSON text: values, types (1 is not true, "1" is not 1) and key order."""
    expected = json.dumps(schema.dump(data), default=repr)
    assert json.dumps(compile_dump(schema)(data), default=repr) == expected


class Leaf(Schema):
    name = fields.String()
    count = fields.Integer()


class Hooked(Schema):
    name = fields.String()

    @post_dump
    def shout(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {key: value.upper() for key, value in data.items()}


class Every(Schema):
    text = fields.String(allow_none=True)
    number = fields.Integer()
    strict = StrictInteger()
    flag = fields.Boolean()
    raw = fields.Raw()
    plain = fields.Field()
    free = fields.Dict()
    typed = fields.Dict(keys=fields.String(), values=fields.Integer())
    keyed = fields.Dict(keys=fields.String())
    valued = fields.Dict(values=fields.String())
    counts = PlayerCounts()
    names = fields.List(fields.String())
    anything = fields.List(fields.Raw())
    leaf = fields.Nested(Leaf, allow_none=True)
    leaves = fields.List(fields.Nested(Leaf))
    many = fields.Nested(Leaf, many=True)
    only = fields.Nested(Leaf, only=("name",))
    hooked = fields.Nested(Hooked)
    renamed = fields.String(data_key="shown")
    moved = fields.String(attribute="elsewhere")
    dotted = fields.String(attribute="deep.inside")
    defaulted = fields.Integer(dump_default=7)
    called = fields.String(dump_default=lambda: "made")
    method = fields.Method("twice")
    function = fields.Function(lambda obj: "f")
    decimal = fields.Decimal()
    floating = fields.Float()

    def twice(self, obj: Any) -> Any:
        return 2 * (obj.get("number") or 0) if isinstance(obj, dict) else 0


FULL = {
    "text": "Anna", "number": 3, "strict": 4, "flag": True, "raw": {"a": [1, None]}, "plain": (1, 2),
    "free": {"x": 1}, "typed": {"a": 1, "b": 2}, "keyed": {"k": [1]}, "valued": {"v": "w"},
    "counts": {"Anna": 1}, "names": ["Anna", "Benno"], "anything": [1, "2", None],
    "leaf": {"name": "n", "count": 1, "extra": "dropped"}, "leaves": [{"name": "a"}, {"count": 2}],
    "many": [{"name": "m"}], "only": {"name": "o", "count": 9}, "hooked": {"name": "quiet"},
    "renamed": "r", "elsewhere": "e", "deep": {"inside": "d"}, "decimal": "1.50",
    "floating": 2, "not_declared": "dropped",
}


@pytest.mark.parametrize("data", [
    FULL,
    {},
    {key: None for key in FULL},
    # values that the fields convert: numbers to text, text and booleans to numbers, str subclasses
    {"text": 5, "number": "6", "strict": True, "flag": 0, "names": [1, True], "typed": {1: "2", "b": 3.0},
     "valued": {"v": 1}, "keyed": {2: "x"}, "renamed": 1.5, "leaf": {"name": b"bytes", "count": 2.9},
     "counts": [("Anna", 1)], "free": [("a", 1)]},
    {"text": type("Name", (str,), {})("sub"), "number": type("Count", (int,), {})(3)},
], ids=["full", "empty", "nulls", "converted", "subclasses"])
def test_every_field_kind_dumps_as_marshmallow_does(data: dict[str, Any]) -> None:
    same(Every(), data)


def test_an_object_is_read_by_attribute_as_marshmallow_does() -> None:
    class Thing:
        name = "thing"
        count = 2

    same(Leaf(), Thing())
    same(Every(), Thing())


def test_a_missing_key_falls_back_to_the_attribute_as_marshmallow_does() -> None:
    """``keys`` missing from a dict: marshmallow's ``getattr`` fallback finds the dict's
    method, and so does the compiled dump."""

    class Named(Schema):
        keys = fields.Raw()
        name = fields.String()

    data = {"name": "x"}
    assert compile_dump(Named())(data) == Named().dump(data) == {"keys": data.keys, "name": "x"}


def test_a_schema_with_hooks_is_left_to_marshmallow() -> None:
    schema = Hooked()
    assert compile_dump(schema) == schema.dump
    same(Hooked(many=True), [{"name": "a"}])


# --- the answers themselves ---------------------------------------------------------------


@pytest.fixture
def spied(monkeypatch: pytest.MonkeyPatch) -> list[tuple[GameApi, str, Any]]:
    """Every (game, kind, data) the API dumps during a test."""
    calls: list[tuple[GameApi, str, Any]] = []
    original = GameApi.dump

    def spy(self: GameApi, kind: str, data: Any) -> Any:
        calls.append((self, kind, json.loads(json.dumps(data))))  # a copy, as it was then
        return original(self, kind, data)

    monkeypatch.setattr(GameApi, "dump", spy)
    return calls


def test_every_answer_of_a_match_dumps_as_marshmallow_does(client: FlaskClient,
                                                            spied: list[tuple[GameApi, str, Any]]) -> None:
    for name in GAMES:
        game = engine.get_game(name)
        players = ["Anna", "Benno", "Carla", "Dieter", "Erika"][:max(game.player_counts)]
        created = client.post("/api/matches", json={"game": name, "players": players})
        assert created.status_code == 201, created.get_json()
        match = created.get_json()
        for path in ("", "/hands", "/export.json"):
            answer = client.get(f"/api/matches/{match['id']}{path}", headers=bearer(match["scorer_token"]))
            assert answer.status_code == 200
    match = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}).get_json()
    url, scorer = f"/api/matches/{match['id']}", bearer(match["scorer_token"])
    for seq in (1, 2, 3):
        assert client.post(f"{url}/hands", json=deutsch_hand(seq), headers=scorer).status_code == 201
    assert client.post(f"{url}/hands/2/void", headers=scorer).status_code == 200
    assert client.put(f"{url}/hands/1", json=deutsch_hand(1, points={"Anna": 30, "Benno": 40, "Carla": 30,
                                                                     "Dieter": 20}), headers=scorer).status_code == 200
    for path in ("", "/hands", "/export.json"):
        assert client.get(f"{url}{path}", headers=scorer).status_code == 200
    kinds = {kind for _, kind, _ in spied}
    # (the JSON export is streamed piece by piece, api/exports.py, not dumped whole)
    assert {"created", "match", "hands", "written"} <= kinds <= set(DUMPED)
    for api, kind, data in spied:
        assert json.dumps(api._dumpers[kind](data)) == json.dumps(getattr(api, kind)().dump(data)), (api.name, kind)
