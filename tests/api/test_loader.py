"""The short way of loading an entry (api/games/loader.py) gives what marshmallow's
``Schema.load`` gives: the same entry, or the same errors, for every game's entry schema
and for well-formed and malformed bodies alike."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError, fields, post_load, validate, validates

from api.games import GAMES
from api.games.loader import compile_load
from tests.api.conftest import deutsch_hand


def outcome(load: Any, body: Any) -> tuple[str, Any]:
    try:
        return "loaded", load(body)
    except ValidationError as error:
        return "refused", error.messages


def same(schema: Schema, body: Any) -> None:
    assert outcome(compile_load(schema), body) == outcome(schema.load, body)


class Sample(Schema):
    seq = fields.Integer(required=True, validate=validate.Range(min=1))
    name = fields.String(data_key="who", validate=validate.Length(min=1))
    moved = fields.String(attribute="elsewhere")
    count = fields.Integer(load_default=3)
    names = fields.List(fields.String())
    nullable = fields.String(allow_none=True)

    @post_load
    def checked(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        if data.get("elsewhere") == "refuse":
            raise ValidationError("refused after loading", "moved")
        return {"made": data}


@pytest.mark.parametrize("body", [
    {"seq": 1, "count": 2}, {"seq": 1, "who": "Anna", "moved": "m", "names": ["a"], "nullable": None, "count": 0},
    {"seq": 1}, {"count": 1}, {"seq": 0, "count": 1}, {"seq": "1", "count": 1}, {"seq": 1, "count": 1, "name": "x"},
    {"seq": 1, "count": 1, "who": ""}, {"seq": 1, "count": 1, "moved": "refuse"}, {"seq": 1, "count": 1, "names": "a"},
    [], None, "text", {"seq": 1, "count": 1, 2: "key"},
], ids=lambda body: repr(body)[:40])
def test_a_body_loads_or_is_refused_as_marshmallow_does(body: Any) -> None:
    same(Sample(), body)


def test_schemas_with_hooks_it_does_not_follow_are_left_to_marshmallow() -> None:
    class Validated(Schema):
        name = fields.String()

        @validates("name")
        def not_bob(self, value: str, **kwargs: Any) -> None:
            if value == "Bob":
                raise ValidationError("not Bob")

    for schema in (Validated(), Sample(partial=("seq",)), Sample(many=True), Sample(unknown="exclude")):
        assert compile_load(schema) == schema.load
    same(Validated(), {"name": "Bob"})


def test_a_hand_loads_as_marshmallow_loads_it() -> None:
    api = GAMES["dreeg"]
    for body in (deutsch_hand(1), deutsch_hand(2, dealer="Benno"), deutsch_hand(1, points={"Anna": "40"}),
                 deutsch_hand(1, extra=1), {"points": {}}):
        assert outcome(lambda b: api.load(b), body) == outcome(api.load_entry.load, body)
        assert outcome(lambda b: api.load(b, replacing=True), body) == outcome(api.load_replacement.load, body)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 70) | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=8)


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_body_loads_or_is_refused_as_marshmallow_does(game: str, data: st.DataObject) -> None:
    """Bodies made of the entry's own field names (and a stray one) with any JSON values."""
    schema = GAMES[game].load_entry
    names = sorted(field.data_key or name for name, field in schema.load_fields.items())
    body = data.draw(st.dictionaries(st.sampled_from([*names, "stray"]), JSON, max_size=5))
    if data.draw(st.booleans()):
        body["seq"] = data.draw(st.integers(0, 3))
    assert outcome(GAMES[game].load, body) == outcome(schema.load, body)
