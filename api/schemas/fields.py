"""Fields that hand card notation to the engine's parsers and refuse what JSON blurs.

JSON has no separate booleans and integers in some clients' eyes (``true == 1``), so
the integer and boolean fields here accept exactly ``int`` and exactly ``bool``.
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields

from api.errors import lang
from engine.cards import parse_card, parse_suit
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


class PlayerCounts(fields.Field):
    """``{name: integer}`` (card points or tricks per player), checked in one pass; which
    names belong to the table is the engine's question."""

    default_error_messages = {"invalid": "Not a valid mapping type.", "invalid_value": "Not a valid integer."}

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
    """A value the engine parses from text; its message (en/de) becomes the field error."""

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
    """A card: ``HA``, ``e10``, ``Eichel Ober`` → the engine's ``Card``; dumps its code."""

    code = "bad_card"
    parse = staticmethod(parse_card)


class SuitField(_EngineNotation):
    """A suit: ``H``, ``Herz``, ``hearts`` → the engine's ``Suit``; dumps its code."""

    code = "bad_suit"
    parse = staticmethod(parse_suit)
