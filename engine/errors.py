"""Errors that cite the rule they enforce.

Every rejection the engine makes is a :class:`RuleViolation`: the R- or T-number of
``RULES.md`` that was broken, the entry field it concerns (``points.Anna``,
``plays.2.1``), a stable ``code`` the phone app can translate, and the values that
went into the message.  Messages exist in English and German (:mod:`engine.i18n`).

Where an entry has several independent mistakes (two players' points missing, a
number out of range in one field and another in the next), they are raised together
as :class:`RuleViolations`, so a table fixes every field in one go.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.i18n import jsonable, render


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

    @property
    def violations(self) -> tuple[RuleViolation, ...]:
        """Every mistake this refusal stands for (one, unless several are raised together)."""
        return (self,)

    def message(self, lang: str = "en") -> str:
        """The explanation a player reads, in ``lang`` (``en`` or ``de``)."""
        return render(self.code, lang, self.params)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "field": self.field,
            "detail": self.message(lang),
            "params": {k: jsonable(v) for k, v in self.params.items()},
        }

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, rule={self.rule!r}, field={self.field!r})"


class RuleViolations(RuleViolation):
    """Several independent mistakes of one entry, refused together.  The first one gives
    the code, rule and field; :attr:`violations` lists them all."""

    def __init__(self, violations: Iterable[RuleViolation]) -> None:
        self._all = tuple(v for each in violations for v in each.violations)
        if not self._all:
            raise ValueError("RuleViolations needs at least one violation")
        first = self._all[0]
        super().__init__(first.code, rule=first.rule, field=first.field, **first.params)

    @property
    def violations(self) -> tuple[RuleViolation, ...]:
        return self._all

    def message(self, lang: str = "en") -> str:
        return " ".join(v.message(lang) for v in self._all)


class Problems:
    """Collects independent mistakes while an entry is checked; :meth:`check` raises
    them together (one alone as itself)."""

    def __init__(self) -> None:
        self._found: list[RuleViolation] = []

    def add(self, violation: RuleViolation) -> None:
        self._found.append(violation)

    def __bool__(self) -> bool:
        return bool(self._found)

    def check(self) -> None:
        if len(self._found) == 1:
            raise self._found[0]
        if self._found:
            raise RuleViolations(self._found)


class ConfigError(RuleViolation):
    """A match that cannot be set up: players, house rules or first dealer."""


class NotAvailable(RuleViolation):
    """A game or sub-game this version of Kreide does not score yet (never mis-scored)."""


class IllegalPlay(RuleViolation):
    """A card that may not be played (T1-T8), with the trick and the player."""
