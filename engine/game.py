"""What every game family offers the API: its players, house rules, card family, a start,
``apply`` to fold entries, what the next entry needs, and its states as JSON.

A match is its configuration (players in clockwise seating order, house rules, first
dealer) plus its tuple of entries; its state is ``reduce(apply, entries, start(...))``.
Snapshots of a state (``state_to_json`` / ``state_from_json``) are a cache for speed,
never the source of truth.  Nothing outside a game's own package knows its entries or
states: the API asks the :class:`Game` for everything.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from engine.cards import CardFamily
from engine.errors import ConfigError, NotAvailable, Problems, RuleViolation
from engine.i18n import LANGUAGES, Named, Sentences, both, jsonable, render
from engine.names import NAME_MAX, name_key, name_problem, trimmed

SENTENCES = Sentences("game", {
    "unknown_game": {
        "en": "There is no game '{game}'. Known games: {known}.",
        "de": "Ein Spiel '{game}' gibt es nicht. Bekannt: {known}.",
    },
    "game_not_available": {
        "en": "{game} is not available yet in this version of Kreide.",
        "de": "{game} gibt es in dieser Kreide-Version noch nicht.",
    },
    "player_count": {
        "en": "{game} is played by {allowed} players, not {count}.",
        "de": "{game} spielen {allowed} Spieler, nicht {count}.",
    },
    "player_name": {
        "en": "A player's name must be 1 to 24 characters without control characters.",
        "de": "Ein Spielername hat 1 bis 24 Zeichen ohne Steuerzeichen.",
    },
    "player_name_blank": {
        "en": "A player's name needs something to read: spaces and invisible characters alone are not a name.",
        "de": "Ein Spielername braucht etwas Lesbares: Leerzeichen und unsichtbare Zeichen allein sind kein Name.",
    },
    "player_name_invisible": {
        "en": "A player's name may not contain the invisible character {char}.",
        "de": "Ein Spielername darf das unsichtbare Zeichen {char} nicht enthalten.",
    },
    "player_name_marks": {
        "en": "A player's name may carry at most {max} accents or marks on one letter, not {count}.",
        "de": "Ein Spielername darf höchstens {max} Akzente oder Zeichen auf einem Buchstaben tragen, nicht {count}.",
    },
    "player_duplicate": {
        "en": "Two players are called '{name}'; names must be unique at the table.",
        "de": "Zwei Spieler heißen '{name}'; die Namen am Tisch müssen verschieden sein.",
    },
    "unknown_rule": {
        "en": "There is no house rule '{name}' for {game}. Known: {known}.",
        "de": "Eine Hausregel '{name}' gibt es bei {game} nicht. Bekannt: {known}.",
    },
    "bad_rule_value": {
        "en": "House rule '{name}' can be {allowed}, not '{value}'.",
        "de": "Die Hausregel '{name}' kann {allowed} sein, nicht '{value}'.",
    },
    "rule_choices_or": {"en": "or", "de": "oder"},
    "unknown_player": {
        "en": "'{name}' is not a player of this match.",
        "de": "'{name}' spielt in dieser Partie nicht mit.",
    },
    "unknown_rate": {
        "en": "{game} has no money rate '{name}'. Known: {known}.",
        "de": "Einen Geldsatz '{name}' gibt es bei {game} nicht. Bekannt: {known}.",
    },
    "rate_range": {
        "en": "A rate is whole cents from 0 (not played for money) to {most}, not {value}.",
        "de": "Ein Satz ist in ganzen Cent anzugeben, von 0 (ohne Geld) bis {most}, nicht {value}.",
    },
}, shared=True)

#: R37: a money rate is whole cents per unit (a Fach, a blob …), from 0 (not played for
#: money) to this, 100 euros: anything more is a slip of the thumb.
RATE_MOST = 10_000


@dataclass(frozen=True, slots=True)
class HouseRule:
    """A choice a table makes when it creates a match; ``values[0]`` is the default.

    ``title`` names it and ``labels`` name its values, in every language, for a form and
    for the list of a table's house rules; ``description`` says what it decides."""

    name: str
    values: tuple[str, ...]
    rule: str
    description: Mapping[str, str] = field(default_factory=dict)
    title: Mapping[str, str] = field(default_factory=dict)
    labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def default(self) -> str:
        return self.values[0]

    def parse(self, value: object) -> str | None:
        """The value ``value`` names, or ``None``.  R23's decisions: a value may be given
        as a JSON string, boolean or number (``"true"``, ``true``; ``"2"``, ``2``): a
        boolean names ``true``/``false``, a whole number its digits.  Nothing else names
        one (``2.5``, ``null``, a list; ``1`` is not ``true``)."""
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, int):
            text = str(value)
        elif isinstance(value, str):
            text = value
        else:
            return None
        return text if text in self.values else None

    def accepted(self) -> list[str | bool | int]:
        """Every JSON value that names one of its values (R23's decisions), strings first."""
        forms: list[str | bool | int] = list(self.values)
        for text in self.values:
            if text in ("true", "false"):
                forms.append(text == "true")
            elif text.isdecimal() and text.isascii():
                forms.append(int(text))
        return forms

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "values": list(self.values),
            "default": self.default,
            "rule": self.rule,
            "description": dict(self.description),
            "title": dict(self.title),
            "labels": {value: dict(texts) for value, texts in self.labels.items()},
        }


class Choices(list[str]):
    """A house rule's values as a sentence names them: each code with its label in the
    reader's language, the last after "or" ("'carry' (1 more for …) or 'last_trick_wins'
    (…)"); in JSON, the list of codes."""

    def __init__(self, rule: HouseRule) -> None:
        super().__init__(rule.values)
        self.labels = rule.labels

    def name_in(self, lang: str) -> str:
        words = [f"'{v}' ({self.labels[v][lang]})" if self.labels.get(v, {}).get(lang, v) != v else f"'{v}'"
                 for v in self]
        if len(words) < 2:
            return "".join(words)
        return f"{', '.join(words[:-1])} {render('rule_choices_or', lang, {})} {words[-1]}"


@dataclass(frozen=True, slots=True)
class Note:
    """One line of a result's explanation, citing the rule applied; ``params`` may hold
    cards, suits and sub-games, which are named in each language."""

    rule: str
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        return render(self.code, lang, self.params)

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "code": self.code, "params": {k: jsonable(v) for k, v in self.params.items()},
                **both(self.code, self.params)}


def as_written(value: object) -> str:
    """A value as JSON writes it (``2.5``, ``null``, ``["2"]``); a string as it is."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


S = TypeVar("S")
E = TypeVar("E")
R = TypeVar("R")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Outcome(Generic[S, R]):
    """What ``apply`` returns: the new state and what was decided for this entry."""

    state: S
    result: R


class Ruling(Protocol):
    """A referee's answer: what the API shows of it in ``lang``."""

    def to_json(self, lang: str = ...) -> dict[str, Any]: ...


#: One question a game's referee answers: the question's fields as keyword arguments.
Judge = Callable[..., Ruling]


def check_player_names(names: Sequence[str], counts: Sequence[int], *, game: Game[Any, Any, Any]) -> tuple[str, ...]:
    """Names in seating order, as written in any script (:mod:`engine.names`): 1-24
    characters after trimming, no control characters, something visible, no invisible
    characters but joiners inside, no pile of combining marks; unique ignoring case and
    invisible characters (API.md conventions); as many as the game allows (its rule)."""
    cleaned: list[str] = []
    seen: set[str] = set()
    for index, raw in enumerate(names):
        name = trimmed(str(raw))
        refusal = name_problem(name)
        if refusal is not None:
            code, params = refusal
            raise ConfigError(code, field=f"players.{index}", **params)
        key = name_key(name)
        if key in seen:
            raise ConfigError("player_duplicate", field=f"players.{index}", name=name)
        seen.add(key)
        cleaned.append(name)
    if len(cleaned) not in counts:
        allowed = f"{min(counts)}-{max(counts)}" if len(counts) > 1 else str(counts[0])
        raise ConfigError("player_count", rule=game.players_rule, field="players", game=game,
                          count=len(cleaned), allowed=allowed)
    return tuple(cleaned)


# --- the slate: the table people read -----------------------------------------------------

SLATE_SENTENCES = Sentences("slate", {
    "slate_seq": {"en": "No.", "de": "Nr."},
    "slate_at": {"en": "Entered", "de": "Eingetragen"},
    "slate_words": {"en": "Result", "de": "Ergebnis"},
    "slate_player_column": {"en": "{player}: {column}", "de": "{player}: {column}"},
    "slate_money_column": {"en": "{column} (€)", "de": "{column} (€)"},
    "slate_yes": {"en": "yes", "de": "ja"},
    "slate_no": {"en": "no", "de": "nein"},
})


@dataclass(frozen=True, slots=True)
class Phrase:
    """A cell's words in the reader's language: the sentence ``code`` with ``params``."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def name_in(self, lang: str) -> str:
        return render(self.code, lang, self.params)


def yes_no(value: bool) -> Phrase:
    return Phrase("slate_yes" if value else "slate_no")


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a game's slate.  ``title`` is the sentence that heads it; a column
    ``per_player`` is repeated for each player in seating order ("Anna: card points").
    A column counted in units a table may play for (``money``: the name of the game's rate,
    R37, e.g. ``per_fach``) is followed by its worth in money where the table has that rate."""

    key: str
    title: str
    per_player: bool = False
    money: str | None = None

    def heading(self, lang: str, player: str | None = None) -> str:
        words = render(self.title, lang, {})
        if player is None:
            return words
        return render("slate_player_column", lang, {"player": player, "column": words})

    def money_heading(self, lang: str, player: str | None = None) -> str:
        """The heading of the column's worth in money ("Anna: balance (€)")."""
        return render("slate_money_column", lang, {"column": self.heading(lang, player)})


#: A cell: a number, a name, words (anything with ``name_in``) or nothing.
Cell = int | str | Named | None


@dataclass(frozen=True, slots=True)
class SlateRow:
    """One entry that counts, as the slate shows it: each column's value by its key (a
    column per player: its value by player; a player left out has nothing to count this
    time) and the result in words (its notes)."""

    cells: Mapping[str, Cell]
    players: Mapping[str, Mapping[str, Cell]]
    notes: tuple[Note, ...]

    def words(self, lang: str) -> str:
        return " ".join(note.text(lang) for note in self.notes)


class Slate(ABC, Generic[S, E, R]):
    """What a game writes on its slate (the export people read: one row per entry that
    counts, a column per player for what the game counts, the result in words).  Each
    game has its own, in its own folder (``engine/<game>/slate.py``)."""

    @abstractmethod
    def columns(self, start: S) -> tuple[Column, ...]:
        """The slate's columns for a match that starts at ``start`` (its players and house
        rules decide: DREIst!'s solo has other columns than its series)."""

    @abstractmethod
    def row(self, before: S, entry: E, outcome: Outcome[S, R]) -> SlateRow:
        """The row of ``entry``, applied to ``before``, with what it decided."""


# --- a tournament's tables: what a game offers a knock-out tournament -------------------------


class TournamentTable(ABC, Generic[S]):
    """What a game offers a knock-out tournament whose tables play its matches (R24, the
    Preisschnapsen of ``engine/tournament``): the house rules a table's match is always
    played with, where a match stands for the hall's board, and who won it once it is
    over.  The tournament asks the game its conditions name (``Config.game``) and names
    no game itself; a game offers this by setting its ``tournament_table`` (none: its
    matches are never a tournament's tables)."""

    #: the house rules every table's match is opened with, over the organiser's choice
    forced_rules: ClassVar[Mapping[str, str]] = {}

    @abstractmethod
    def summary(self, state: S) -> dict[str, Any]:
        """Where a table's match stands, as the hall's board shows it (JSON)."""

    @abstractmethod
    def winner(self, state: S) -> str | None:
        """Who won the match, once it is over; ``None`` while it is being played."""


# --- a club's figures: what a game's matches add to its members' season (R37, R38) -----------

#: R37: the club's kitty, a party of an evening's money beside its members
KITTY = "kitty"

#: a result's ranking: groups of players, best first; the players of one group tie
Ranking = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Figure:
    """A season figure a game counts for each player (R38), named in every language.

    A figure is summed over the season, unless it is ``best`` (the season keeps the largest
    one, e.g. DREIst!'s best solo run); a figure with ``per`` is shown divided by that other
    figure of the same game (cards left ``per`` game), its parts kept as they are."""

    name: str
    title: Mapping[str, str]
    rule: str = "R38"
    best: bool = False
    per: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "title": dict(self.title), "rule": self.rule, "best": self.best, "per": self.per}


@dataclass(frozen=True, slots=True)
class Tally:
    """What one entry of a match adds to its players' season: figures by player
    (``{"Anna": {"blobs": 2}}``, the game's :class:`Figure` names, only what is not 0),
    money by party in whole cents at the match's rates (a player's name or :data:`KITTY`;
    the parties sum to 0; empty when nothing is paid), and the result it ranks for the
    rating (R38: best first, ties in one group; empty when the entry finishes none)."""

    figures: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    money: Mapping[str, int] = field(default_factory=dict)
    ranking: Ranking = ()

    @property
    def empty(self) -> bool:
        return not self.figures and not self.money and not self.ranking

    def to_json(self) -> dict[str, Any]:
        return {"figures": {p: dict(f) for p, f in self.figures.items()}, "money": dict(self.money),
                "ranking": [list(group) for group in self.ranking]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        return cls({p: dict(f) for p, f in data.get("figures", {}).items()}, dict(data.get("money", {})),
                   tuple(tuple(group) for group in data.get("ranking", ())))


class ClubFigures(ABC, Generic[S, E, R]):
    """What a game's matches count for a club's members (R37 money, R38 season figures and
    the rating's results), each entry's share on its own (:meth:`tally`), so every figure
    can name the entries it came from.  A game offers this by setting its ``club`` (none:
    its matches count nothing but being played); no club code names a game."""

    #: the figures the game counts, in the order a season table shows them
    figures: ClassVar[tuple[Figure, ...]] = ()

    @abstractmethod
    def tally(self, before: S, entry: E, outcome: Outcome[S, R], rates: Mapping[str, int]) -> Tally:
        """What ``entry``, applied to ``before`` with ``outcome``, adds: figures, money at
        ``rates`` (the match's, R37: every rate of the game, 0 for none), the ranking of a
        result it finishes (R38)."""

    def standing(self, state: S) -> Ranking:
        """A ranking of the whole match as it stands, for a game whose rating ranks a
        table's whole evening rather than single results (R38: Dreierles by balance);
        empty for the others."""
        return ()


class Game(ABC, Generic[S, E, R]):
    """A game family: Dreeg, Sixty-Six, Dreierles, DREIst!.

    ``players_rule`` is the R-number that says how many play; ``cards`` is the card
    family its entries are written in; ``referee`` answers questions about its play
    (``None``: it has none)."""

    name: str
    title: Mapping[str, str]
    player_counts: tuple[int, ...]
    players_rule: str | None = None
    house_rules: tuple[HouseRule, ...] = ()
    cards: CardFamily | None = None
    referee: ClassVar[Mapping[str, Judge] | None] = None
    #: what the game writes on its slate (the export people read); ``None``: no slate
    slate: ClassVar[Slate[Any, Any, Any] | None] = None
    available: bool = True
    #: R37: the names of its money rates (whole cents per unit), kept with each match
    money_rates: tuple[str, ...] = ()
    #: what it offers a tournament whose tables play its matches (R24); ``None``: nothing
    tournament_table: ClassVar[TournamentTable[Any] | None] = None
    #: what its matches count for a club's members (R37, R38); ``None``: nothing but being played
    club: ClassVar[ClubFigures[Any, Any, Any] | None] = None

    def name_in(self, lang: str) -> str:
        """The game's title in ``lang`` (sentences name it like a card)."""
        return self.title.get(lang) or self.title["en"]

    def __str__(self) -> str:
        return self.name

    def resolve_rules(self, rules: Mapping[str, object] | None) -> dict[str, str]:
        """All house rules with defaults filled in, each as its value's string (a value
        may be given as a JSON string, boolean or number: :meth:`HouseRule.parse`);
        unknown names and values are refused."""
        known = {r.name: r for r in self.house_rules}
        chosen: dict[str, str] = {}
        for name, value in (rules or {}).items():
            if name not in known:
                raise ConfigError("unknown_rule", field=f"rules.{name}", name=name, game=self,
                                  known=sorted(known) or ["-"])
            parsed = known[name].parse(value)
            if parsed is None:
                raise ConfigError("bad_rule_value", rule=known[name].rule, field=f"rules.{name}",
                                  name=name, value=as_written(value), allowed=Choices(known[name]))
            chosen[name] = parsed
        return {r.name: chosen.get(r.name, r.default) for r in self.house_rules}

    def resolve_rates(self, rates: Mapping[str, int] | None, *,
                      current: Mapping[str, int] | None = None) -> dict[str, int]:
        """R37: every money rate of the game in whole cents, ``rates`` over ``current``
        over 0 (not played for money); unknown names and values outside 0 to
        :data:`RATE_MOST` are refused (all of them together)."""
        problems = Problems()
        for name, value in (rates or {}).items():
            if name not in self.money_rates:
                problems.add(ConfigError("unknown_rate", rule="R37", field=f"rates.{name}", name=name, game=self,
                                         known=list(self.money_rates) or ["-"]))
            elif not 0 <= value <= RATE_MOST:
                problems.add(ConfigError("rate_range", rule="R37", field=f"rates.{name}", most=RATE_MOST,
                                         value=value))
        problems.check()
        return {name: (rates or {}).get(name, (current or {}).get(name, 0)) for name in self.money_rates}

    def check_players(self, players: Sequence[str]) -> tuple[str, ...]:
        return check_player_names(players, self.player_counts, game=self)

    def catalogue_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": dict(self.title),
            "available": self.available,
            "players": list(self.player_counts),
            "players_rule": self.players_rule,
            "variants": [],
            "rules": [r.to_json() for r in self.house_rules],
            "rates": list(self.money_rates),
        }

    @abstractmethod
    def start(self, players: Sequence[str], *, rules: Mapping[str, str] | None = None,
              dealer: str | None = None) -> S:
        """The state before the first entry; raises :class:`ConfigError`."""

    @abstractmethod
    def apply(self, state: S, entry: E) -> Outcome[S, R]:
        """Check ``entry`` against the rules and return the new state and its result;
        raises :class:`~engine.errors.RuleViolation` and leaves ``state`` as it was."""

    def slate_rows(self, start: S, entries: Iterable[tuple[T, E]]) -> Iterator[tuple[T, SlateRow]]:
        """The slate's row of each of ``entries`` (those that count, in order, each with a
        tag of the caller's, handed back with its row), folded from ``start`` through ``apply``
        (a game without a slate: an empty row each)."""
        state = start
        for tag, entry in entries:
            outcome = self.apply(state, entry)
            yield tag, (SlateRow({}, {}, ()) if self.slate is None else self.slate.row(state, entry, outcome))
            state = outcome.state

    def slate_columns(self, start: S) -> tuple[Column, ...]:
        """The slate's own columns of a match that starts at ``start`` (none without a slate)."""
        return () if self.slate is None else self.slate.columns(start)

    def tallies(self, start: S, entries: Iterable[tuple[T, E]], rates: Mapping[str, int]) -> Iterator[tuple[T, Tally]]:
        """What each of ``entries`` (those that count, in order, each with a tag of the
        caller's) adds to a club's season (:class:`ClubFigures`), folded from ``start``
        through ``apply`` (a game that counts nothing for a club: an empty tally each)."""
        state = start
        for tag, entry in entries:
            outcome = self.apply(state, entry)
            yield tag, (Tally() if self.club is None else self.club.tally(state, entry, outcome, rates))
            state = outcome.state

    def replay(self, state: S, entries: Iterable[E]) -> S:
        """Fold ``apply`` over ``entries``: the state a match's history leads to."""
        for entry in entries:
            state = self.apply(state, entry).state
        return state

    @abstractmethod
    def given(self, entry: E) -> tuple[str, ...]:
        """The names of the fields an entry was given (what is stored and echoed)."""

    @abstractmethod
    def needs(self, state: S) -> dict[str, Any]:
        """What the next entry needs, for a form that asks only that: its fields, the
        sums it must make, who may deal or claim.  The API adds it to every state."""

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

    def __init__(self, name: str, title: Mapping[str, str], player_counts: tuple[int, ...], *,
                 players_rule: str) -> None:
        self.name = name
        self.title = title
        self.player_counts = player_counts
        self.players_rule = players_rule

    def _refuse(self) -> NotAvailable:
        return NotAvailable("game_not_available", rule=None, field="game", game=self)

    def start(self, players: Sequence[str], *, rules: Mapping[str, str] | None = None,
              dealer: str | None = None) -> None:
        raise self._refuse()

    def apply(self, state: None, entry: None) -> Outcome[None, None]:
        raise self._refuse()

    def given(self, entry: None) -> tuple[str, ...]:
        raise self._refuse()

    def needs(self, state: None) -> dict[str, Any]:
        raise self._refuse()

    def state_to_json(self, state: None) -> dict[str, Any]:
        raise self._refuse()

    def state_from_json(self, data: Mapping[str, Any]) -> None:
        raise self._refuse()

    def result_to_json(self, result: None) -> dict[str, Any]:
        raise self._refuse()


def titles(name: str) -> dict[str, str]:
    """A game's title in every language, from its sentence ``game_<name>``."""
    return {lang: render(f"game_{name}", lang, {}) for lang in LANGUAGES}


__all__ = [
    "KITTY", "NAME_MAX", "RATE_MOST", "Cell", "ClubFigures", "Column", "ConfigError", "Figure", "Game", "HouseRule",
    "Note", "Outcome", "Phrase", "PlannedGame", "Ranking", "RuleViolation", "Slate", "SlateRow", "Tally",
    "TournamentTable", "check_player_names", "titles", "yes_no",
]
