"""marshmallow's ``Schema.dump``, compiled once per schema for the hot path.

Every answer is dumped through the schema that documents it (:mod:`api.games.base`).
A hand's answer holds some 120 fields (the state, the result with its notes, the
hand); marshmallow spends five or six Python calls on each (``serialize``,
``get_value``, the schema's accessor, ``utils.get_value``, ``_get_value_for_key``,
``_serialize``, and ``dump`` with its hook checks on every nested schema), which made
the dump the largest single cost of recording a hand.

:func:`compile_dump` walks a schema's ``dump_fields`` once and returns a function that
gives the same result as ``schema.dump``: the same keys in the same order (``data_key``,
``attribute``, ``dump_default``, values missing left out, marshmallow's fallback from
``obj[key]`` to ``getattr(obj, key)``), each value passed through the field's own
``_serialize``, except where that is known to return the value itself (a ``str`` to a
``String``, an ``int`` to an ``Integer``, anything to a plain ``Field``/``Raw``/``Boolean``).
Lists, dicts with key/value fields and nested schemas are followed the way marshmallow
follows them.  A field or schema this module does not know the workings of (its own
``serialize``/``get_value``, no attribute check, hooks, a dotted attribute, an
overridden accessor) is handed to marshmallow as is, so the result never differs;
``tests/api/test_dumper.py`` compares the two on every game's answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import Schema, fields
from marshmallow.decorators import POST_DUMP, PRE_DUMP
from marshmallow.utils import get_value, missing

#: ``(value, attr, obj) -> serialized``, as ``Field._serialize``.
Convert = Callable[[Any, str, Any], Any]

_IDENTITY: Any = fields.Field._serialize  # Field, Raw, Boolean: the value as it is
_STRING: Any = fields.String._serialize
_NUMBER: Any = fields.Number._serialize
_LIST: Any = fields.List._serialize
_MAPPING: Any = fields.Mapping._serialize
_NESTED: Any = fields.Nested._serialize
_FIELD_HOOKS = (fields.Field.serialize, fields.Field.get_value)
_DEPTH = 32  # nested schemas followed at most this deep (deeper: marshmallow's own dump)
Compiled = dict[int, Callable[[Any], dict[str, Any]]]


def compile_dump(schema: Schema) -> Callable[[Any], Any]:
    """A function equal to ``schema.dump`` (with the schema's own ``many``)."""
    one = None if schema.many else _compile_one(schema, {}, 0)
    return schema.dump if one is None else one


def _compile_one(schema: Schema, seen: Compiled, depth: int) -> Callable[[Any], dict[str, Any]] | None:
    """``schema._serialize(obj, many=False)``, or None when the schema is not plain."""
    if id(schema) in seen:
        return seen[id(schema)]
    if (depth > _DEPTH or schema._hooks[PRE_DUMP] or schema._hooks[POST_DUMP] or schema.dict_class is not dict
            or type(schema).get_attribute is not Schema.get_attribute
            or type(schema)._serialize is not Schema._serialize):
        return None
    steps: list[tuple[str, fields.Field | None, str, Convert | None, Any]] = []

    def dump(obj: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        plain = type(obj) is dict
        for key, field, name, convert, default in steps:
            if field is not None:  # not known here: marshmallow's own path
                value = field.serialize(name, obj, accessor=schema.get_attribute)
                if value is not missing:
                    out[key] = value
                continue
            if plain and name in obj:
                value = obj[name]
            else:
                value = get_value(obj, name, missing)
                if value is missing:
                    value = default() if callable(default) else default
                    if value is missing:
                        continue
            out[key] = value if convert is None else convert(value, name, obj)
        return out

    seen[id(schema)] = dump
    for attr_name, field_obj in schema.dump_fields.items():
        key = field_obj.data_key if field_obj.data_key is not None else attr_name
        name = field_obj.attribute if field_obj.attribute is not None else attr_name
        plain = ("." not in name and field_obj._CHECK_ATTRIBUTE
                 and (type(field_obj).serialize, type(field_obj).get_value) == _FIELD_HOOKS)
        if plain:
            steps.append((key, None, name, _converter(field_obj, seen, depth), field_obj.dump_default))
        else:
            steps.append((key, field_obj, attr_name, None, missing))
    return dump


def _converter(field: fields.Field, seen: Compiled, depth: int) -> Convert | None:
    """``field._serialize`` with the known cases short-cut; None: the value as it is."""
    serialize = type(field)._serialize
    own: Convert = field._serialize
    if serialize is _IDENTITY:
        return None
    if serialize is _STRING:
        return lambda value, attr, obj: value if value.__class__ is str else own(value, attr, obj)
    if (serialize is _NUMBER and isinstance(field, fields.Integer) and field.num_type is int and not field.as_string
            and type(field)._format_num is fields.Number._format_num):
        return lambda value, attr, obj: value if value.__class__ is int else own(value, attr, obj)
    if serialize is _LIST and isinstance(field, fields.List):
        inner = _converter(field.inner, seen, depth)
        if inner is None:
            return lambda value, attr, obj: None if value is None else list(value)
        return lambda value, attr, obj: None if value is None else [inner(each, attr, obj) for each in value]
    if serialize is _MAPPING and isinstance(field, fields.Mapping):
        return _mapping(field, seen, depth)
    if serialize is _NESTED and isinstance(field, fields.Nested):
        nested = field.schema
        one = _compile_one(nested, seen, depth + 1)
        if one is None:
            return own
        if nested.many or field.many:
            return lambda value, attr, obj: None if value is None else [one(item) for item in value]
        return lambda value, attr, obj: None if value is None else one(value)
    return own


def _mapping(field: fields.Mapping, seen: Compiled, depth: int) -> Convert:
    make = field.mapping_type
    if field.key_field is None and field.value_field is None:
        return lambda value, attr, obj: None if value is None else make(value)
    if make is not dict:
        return field._serialize
    keys = _converter(field.key_field, seen, depth) if field.key_field is not None else None
    values = _converter(field.value_field, seen, depth) if field.value_field is not None else None

    def convert(value: Any, attr: str, obj: Any) -> Any:
        if value is None:
            return None
        # marshmallow passes None for attr and obj to the key and value fields
        if keys is None and values is None:
            return dict(value)
        if keys is None:
            assert values is not None
            return {k: values(v, None, None) for k, v in value.items()}  # type: ignore[arg-type]
        if values is None:
            return {keys(k, None, None): v for k, v in value.items()}  # type: ignore[arg-type]
        return {keys(k, None, None): values(v, None, None) for k, v in value.items()}  # type: ignore[arg-type]

    return convert
