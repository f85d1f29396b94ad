"""Errors that cite the rule they enforce.

Every rejection the engine makes is a :class:`RuleViolation`: the R- or T-number of
``RULES.md`` that was broken, the entry field it concerns (``points.Anna``,
``plays.2.1``), a stable ``code`` the phone app can translate, and the values that
went into the message.  Messages exist in English and German (:mod:`engine.i18n`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.i18n import render


class RuleViolation(ValueError):
    """An entry (or a play, or a match set-up) that the rules do not allow."""

    def __init__(
        self,
        code: str,
        *,
        rule: str | None = None,
        field: str | None = None,
        **params: Any,
    ) -> None:
        self.code = code
        self.rule = rule
        self.field = field
        self.params: Mapping[str, Any] = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        """The explanation a player reads, in ``lang`` (``en`` or ``de``)."""
        return render(self.code, lang, self.params)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "field": self.field,
            "detail": self.message(lang),
            "params": {k: _jsonable(v) for k, v in self.params.items()},
        }

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, rule={self.rule!r}, field={self.field!r})"


class ConfigError(RuleViolation):
    """A match that cannot be set up: players, house rules or first dealer."""


class NotAvailable(RuleViolation):
    """A game or sub-game this version of Kreide does not score yet (never mis-scored)."""


class IllegalPlay(RuleViolation):
    """A card that may not be played (T1-T8), with the trick and the player."""


def _jsonable(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
    return str(value)
