"""Fields that hand card notation to the engine's parsers and refuse what JSON blurs.

JSON has no separate booleans and integers in some clients' eyes (``true == 1``), so
the integer and boolean fields here accept exactly ``int`` and exactly ``bool``.
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields

from api.errors import lang
from engine.cards import CardFamily
from engine.errors import RuleViolation


class StrictInteger(fields.Integer):
    """An integer that is not a boolean, a float or a string."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return super()._validated(value)


class StrictBoolean(fields.Boolean):
    """``true`` or ``false``, nothing that merely looks like one."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class HouseRuleValue(fields.Field):
    """A house rule's value as a client sends it: RULES.md R23's decisions allow a JSON
    string, boolean or number (``"true"``, ``true``; ``"2"``, ``2``).  Loaded as given:
    the game decides whether it names one of the rule's values (``bad_rule_value``, with
    the rule's R-number and the values it has) and answers with the string form.

    Documented as one of a string, a boolean and a whole number; given a rule's
    ``accepted`` values, each of those with the values of its type (a generated client
    makes one enum per type; one enum of mixed types it cannot make)."""

    def __init__(self, accepted: list[str | bool | int] | None = None, **kwargs: Any) -> None:
        metadata = {"oneOf": _typed_choices(accepted), **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _validate_missing(self, value: Any) -> None:
        if value is not None:  # null is loaded too (not documented as allowed): the game refuses it as it does 2.5
            super()._validate_missing(value)


def _typed_choices(accepted: list[str | bool | int] | None) -> list[dict[str, Any]]:
    """``[{"type": "string", "enum": [...]}, ...]``: the accepted values by JSON type (any
    value of the type where none are named; a boolean that takes both values is any boolean)."""
    choices: list[dict[str, Any]] = []
    for name, kind in (("string", str), ("boolean", bool), ("integer", int)):
        if accepted is None:
            choices.append({"type": name})
            continue
        values = [v for v in accepted if type(v) is kind]
        if values and not (kind is bool and set(values) == {True, False}):
            choices.append({"type": name, "enum": values})
        elif values:
            choices.append({"type": name})
    return choices


class PlayerCounts(fields.Field):
    """``{name: integer}`` (card points or tricks per player), checked in one pass; which
    names belong to the table is the engine's question."""

    # marshmallow declares it on Field without ClassVar (a ClassVar here would contradict it)
    default_error_messages = {  # noqa: RUF012
        "invalid": "Not a valid mapping type.", "invalid_value": "Not a valid integer.",
    }

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"additionalProperties": {"type": "integer"}, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> dict[str, int]:
        if not isinstance(value, dict):
            raise self.make_error("invalid")
        wrong = {name: {"value": [self.error_messages["invalid_value"]]}
                 for name, count in value.items() if type(count) is not int}
        if wrong:
            raise ValidationError(wrong)
        return dict(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> dict[str, int] | None:
        return None if value is None else dict(value)


class _EngineNotation(fields.Field):
    """A value the engine parses from text with a game's card family (a code means
    something only in its family: ``D`` is Schellen in the German pack, the Dame in the
    Cego pack); its message (en/de) becomes the field error."""

    code = "bad_card"

    def __init__(self, family: CardFamily, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.family = family

    def parse(self, text: str) -> Any:
        raise NotImplementedError

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        try:
            if not isinstance(value, str):
                raise RuleViolation(self.code, text=str(value)[:40])
            return self.parse(value)
        except RuleViolation as violation:
            raise ValidationError(violation.message(lang())) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else str(value)


class CardField(_EngineNotation):
    """A card of the family: ``HA``, ``e10``, ``Eichel Ober`` → the engine's card; dumps its code."""

    code = "bad_card"

    def parse(self, text: str) -> Any:
        return self.family.parse_card(text)


class SuitField(_EngineNotation):
    """A suit of the family: ``H``, ``Herz``, ``hearts`` → the engine's suit; dumps its code."""

    code = "bad_suit"

    def parse(self, text: str) -> Any:
        return self.family.parse_suit(text)
