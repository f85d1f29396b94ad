"""marshmallow's ``Schema.load`` with a short way for a well-formed body.

An entry schema declares every field any sub-game may take (some twenty); a hand gives
three or four.  marshmallow walks every declared field for every body, each through a
getter, ``_call_and_store`` and ``deserialize``, to find most of them missing.

:func:`compile_load` returns a function that loads a body the way ``schema.load`` does
when nothing is wrong with it: each field the body gives passes through its own
``deserialize`` (all the field's checks and validators), in the schema's field order,
then the schema's ``post_load``.  Whenever anything is not plain (a body that is not a
dict, an unknown key, a missing field that is required or has a ``load_default``, a field
that refuses its value, a ``post_load`` that refuses) the body goes to ``schema.load``
itself, which gives marshmallow's own answer and errors.  A schema with hooks this does
not follow (``pre_load``, ``validates``, ``validates_schema``, ``partial``, ``many``,
``unknown`` other than RAISE, a dotted attribute) is always loaded by marshmallow.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import RAISE, Schema, ValidationError
from marshmallow.decorators import POST_LOAD, PRE_LOAD, VALIDATES, VALIDATES_SCHEMA
from marshmallow.utils import missing


def compile_load(schema: Schema) -> Callable[[Any], Any]:
    """A function equal to ``schema.load`` (same result, same errors)."""
    hooks = schema._hooks
    if (schema.many or schema.partial not in (None, False) or schema.unknown != RAISE or schema.dict_class is not dict
            or hooks[PRE_LOAD] or hooks[VALIDATES] or hooks[VALIDATES_SCHEMA]
            or type(schema).load is not Schema.load or type(schema)._do_load is not Schema._do_load
            or type(schema)._deserialize is not Schema._deserialize):
        return schema.load
    steps: list[tuple[str, str, Any]] = []  # (key in the body, key in the result, field)
    needed: list[str] = []  # body keys whose absence marshmallow does something about
    for attr_name, field in schema.load_fields.items():
        name = field.data_key if field.data_key is not None else attr_name
        key = field.attribute or attr_name
        if "." in key:
            return schema.load
        steps.append((name, key, field))
        if field.required or field.load_default is not missing:
            needed.append(name)
    known = frozenset(name for name, _, _ in steps)
    post_load = bool(hooks[POST_LOAD])

    def load(data: Any) -> Any:
        if type(data) is not dict or not known.issuperset(data) or any(name not in data for name in needed):
            return schema.load(data)
        result: dict[str, Any] = {}
        try:
            for name, key, field in steps:
                if name in data:
                    value = field.deserialize(data[name], name, data)
                    if value is not missing:
                        result[key] = value
            if post_load:
                return schema._invoke_load_processors(POST_LOAD, result, many=False, original_data=data,
                                                      partial=schema.partial, unknown=schema.unknown)
        except ValidationError:
            return schema.load(data)  # marshmallow's own errors, all of them
        return result

    return load
