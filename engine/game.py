"""What every game family offers: house rules, a start, and ``apply`` to fold entries.

A match is its configuration (players in clockwise seating order, house rules, first
dealer) plus its tuple of entries; its state is ``reduce(apply, entries, start(...))``.
Snapshots of a state (``to_json`` / ``state_from_json``) are a cache for speed, never the
source of truth.
"""

from __future__ import annotations

import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from engine.errors import ConfigError, NotAvailable
from engine.i18n import both

NAME_MAX = 24


@dataclass(frozen=True, slots=True)
class HouseRule:
    """A choice a table makes when it creates a match; ``values[0]`` is the default."""

    name: str
    values: tuple[str, ...]
    rule: str
    description: Mapping[str, str] = field(default_factory=dict)

    @property
    def default(self) -> str:
        return self.values[0]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "values": list(self.values),
            "default": self.default,
            "rule": self.rule,
            "description": dict(self.description),
        }


@dataclass(frozen=True, slots=True)
class Note:
    """One line of a result's explanation, citing the rule applied."""

    rule: str
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "code": self.code, "params": dict(self.params), **both(self.code, self.params)}


S = TypeVar("S")
E = TypeVar("E")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Outcome(Generic[S, R]):
    """What ``apply`` returns: the new state and what was decided for this entry."""

    state: S
    result: R


def check_player_names(names: Sequence[str], counts: Sequence[int], game: str) -> tuple[str, ...]:
    """Names in seating order: 1-24 characters after trimming, no control characters,
    unique (ignoring case), as many as the game allows."""
    cleaned: list[str] = []
    seen: set[str] = set()
    for index, raw in enumerate(names):
        name = unicodedata.normalize("NFC", str(raw)).strip()
        if not 1 <= len(name) <= NAME_MAX or any(unicodedata.category(ch).startswith("C") for ch in name):
            raise ConfigError("player_name", rule="R2", field=f"players.{index}")
        if name.casefold() in seen:
            raise ConfigError("player_duplicate", rule="R2", field=f"players.{index}", name=name)
        seen.add(name.casefold())
        cleaned.append(name)
    if len(cleaned) not in counts:
        raise ConfigError(
            "player_count", rule="R2", field="players", game=game, count=len(cleaned),
            allowed=f"{min(counts)}-{max(counts)}",
        )
    return tuple(cleaned)


class Game(ABC, Generic[S, E, R]):
    """A game family: Dreeg, Sixty-Six, Dreierles, DREIst!."""

    name: str
    title: Mapping[str, str]
    player_counts: tuple[int, ...]
    house_rules: tuple[HouseRule, ...] = ()
    available: bool = True

    def resolve_rules(self, rules: Mapping[str, str] | None) -> dict[str, str]:
        """All house rules with defaults filled in; unknown names and values are refused."""
        chosen = dict(rules or {})
        known = {r.name: r for r in self.house_rules}
        for name, value in chosen.items():
            if name not in known:
                raise ConfigError("unknown_rule", field=f"rules.{name}", name=name, game=self.name,
                                  known=sorted(known) or ["-"])
            if value not in known[name].values:
                raise ConfigError("bad_rule_value", rule=known[name].rule, field=f"rules.{name}",
                                  name=name, value=value, allowed=list(known[name].values))
        return {r.name: chosen.get(r.name, r.default) for r in self.house_rules}

    def catalogue_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": dict(self.title),
            "available": self.available,
            "players": list(self.player_counts),
            "variants": [],
            "rules": [r.to_json() for r in self.house_rules],
        }

    @abstractmethod
    def start(self, players: Sequence[str], *, rules: Mapping[str, str] | None = None,
              dealer: str | None = None) -> S:
        """The state before the first entry; raises :class:`ConfigError`."""

    @abstractmethod
    def apply(self, state: S, entry: E) -> Outcome[S, R]:
        """Check ``entry`` against the rules and return the new state and its result;
        raises :class:`~engine.errors.RuleViolation` and leaves ``state`` as it was."""

    def replay(self, state: S, entries: Iterable[E]) -> S:
        """Fold ``apply`` over ``entries``: the state a match's history leads to."""
        for entry in entries:
            state = self.apply(state, entry).state
        return state

    @abstractmethod
    def state_to_json(self, state: S) -> dict[str, Any]:
        """The state as the API shows it (API.md); it round-trips through ``state_from_json``."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> S:
        """Rebuild a state from ``state_to_json`` (a snapshot cache)."""

    @abstractmethod
    def result_to_json(self, result: R) -> dict[str, Any]:
        """An entry's result as the API shows it, with its ``notes``."""


class PlannedGame(Game[None, None, None]):
    """A game in the catalogue that this version does not score yet: refused, never mis-scored."""

    available = False

    def __init__(self, name: str, title: Mapping[str, str], player_counts: tuple[int, ...],
                 house_rules: tuple[HouseRule, ...] = ()) -> None:
        self.name = name
        self.title = title
        self.player_counts = player_counts
        self.house_rules = house_rules

    def _refuse(self) -> NotAvailable:
        return NotAvailable("game_not_available", rule=None, field="game", game=self.title["en"])

    def start(self, players, *, rules=None, dealer=None):  # type: ignore[override]
        raise self._refuse()

    def apply(self, state, entry):  # type: ignore[override]
        raise self._refuse()

    def state_to_json(self, state):  # type: ignore[override]
        raise self._refuse()

    def state_from_json(self, data):  # type: ignore[override]
        raise self._refuse()

    def result_to_json(self, result):  # type: ignore[override]
        raise self._refuse()
