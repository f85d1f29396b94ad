"""One way to say things in English and German: sentence tables and their renderer.

Every sentence a player reads (a refusal, a note of a result, an API error, a card's
name) lives in a :class:`Sentences` table, one per game or area, keyed by a stable code.
A code may be registered once in the whole program: a second table using it is refused
when it is built, so two games can never overwrite each other's sentences.

Templates are ``str.format`` templates with two additions:

- ``{card}``: a value that can name itself (a card, a suit, a sub-game: anything with
  ``name_in(lang)``) is named in the reader's language; a list reads "Anna, Benno and
  Carla" ("Anna, Benno und Carla"); anything else is shown as it is.
- ``{left:stroke|strokes}``: the first form when the count is one, else the second.  The
  count is the value itself, or a list's length, so a verb agrees with a list of players:
  ``{players} {players:reaches|reach} 0``.

The phone app renders the same templates the same way (``pwa/i18n.js``), and the tables
marked ``shared`` are sent to it (``/i18n/engine.js``), so a card is named alike on the
server and on the phone.
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

LANGUAGES = ("en", "de")
_AND = {"en": "and", "de": "und"}


@runtime_checkable
class Named(Protocol):
    """A value that says its own name in a language (cards, suits, sub-games)."""

    def name_in(self, lang: str) -> str: ...


class Term:
    """A word a sentence needs in the reader's language: ``Term("points")`` is named by
    the sentence ``term_points`` ("card points" / "Augen"); in JSON it is its code."""

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        self.code = code

    def name_in(self, lang: str) -> str:
        return render(f"term_{self.code}", lang, {})

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Term({self.code!r})"


class Sentences(Mapping[str, Mapping[str, str]]):
    """A table of sentences ``{code: {"en": ..., "de": ...}}``, registered on creation.

    Every code needs every language of :data:`LANGUAGES`, and no code may be used by
    another table (``ValueError``)."""

    def __init__(self, name: str, table: Mapping[str, Mapping[str, str]], *, shared: bool = False) -> None:
        self.name = name
        self.shared = shared
        self._table = {code: dict(texts) for code, texts in table.items()}
        for code, texts in self._table.items():
            if set(texts) != set(LANGUAGES):
                raise ValueError(f"sentence {code!r} of {name!r} needs exactly {LANGUAGES}, has {sorted(texts)}")
            owner = _OWNER.get(code)
            if owner is not None:
                raise ValueError(f"sentence {code!r} of {name!r} is already in {owner!r}")
        if name in _TABLES:
            raise ValueError(f"a sentence table {name!r} exists already")
        _TABLES[name] = self
        for code in self._table:
            _OWNER[code] = name

    def __getitem__(self, code: str) -> Mapping[str, str]:
        return self._table[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)

    def __repr__(self) -> str:
        return f"Sentences({self.name!r}, {len(self)} codes)"


_TABLES: dict[str, Sentences] = {}
_OWNER: dict[str, str] = {}  # code -> the table that holds it


def tables() -> tuple[Sentences, ...]:
    """Every table registered so far (the games register theirs when imported)."""
    return tuple(_TABLES.values())


def template(code: str, lang: str) -> str | None:
    owner = _OWNER.get(code)
    if owner is None:
        return None
    texts = _TABLES[owner][code]
    return texts.get(lang) or texts["en"]


def render(code: str, lang: str, params: Mapping[str, Any]) -> str:
    """The sentence ``code`` in ``lang`` with ``params`` filled in (the code itself if
    no table has it; the bare template if a parameter is missing)."""
    text = template(code, lang)
    if text is None:
        return code
    try:
        if _plain_template(text):
            return text.format_map(_Spoken(params, lang))
        return _Formatter(lang).vformat(text, (), params)
    except (KeyError, IndexError, ValueError):
        return text


def both(code: str, params: Mapping[str, Any]) -> dict[str, str]:
    """The sentence in every language: ``{"en": ..., "de": ...}``."""
    return {lang: render(code, lang, params) for lang in LANGUAGES}


def spoken(value: Any, lang: str) -> str:
    """A value as a sentence says it: named in ``lang``, or a list "A, B and C".  (Looked
    up by attribute: a runtime check against the :class:`Named` protocol is slow, and every
    note of every hand is rendered in both languages.)"""
    if isinstance(value, str):
        return value
    name_in = getattr(value, "name_in", None)
    if name_in is not None:
        return str(name_in(lang))
    if isinstance(value, (list, tuple, set, frozenset)):
        return join([spoken(v, lang) for v in value], lang)
    return str(value)


def join(words: Sequence[str], lang: str) -> str:
    """``["Anna", "Benno", "Carla"]`` → "Anna, Benno and Carla" (German: "und")."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {_AND.get(lang, 'and')} {words[-1]}"


def count_of(value: Any) -> int:
    """What a plural form counts: the number itself, or how many things a list holds."""
    if isinstance(value, (list, tuple, set, frozenset)):
        return len(value)
    if isinstance(value, str):
        return 1  # a name: one player
    return int(value)


def _format_field(value: Any, format_spec: str, lang: str) -> str:
    """One field of a template: a plural form, a format spec, or the value spoken."""
    if "|" in format_spec:
        one, other = format_spec.split("|", 1)
        return one if count_of(value) == 1 else other
    if format_spec:
        formatted: str = format(value, format_spec)
        return formatted
    return spoken(value, lang)


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        return _format_field(value, format_spec, self.lang)


_PLAIN: dict[str, bool] = {}


def _plain_template(text: str) -> bool:
    """Whether ``str.format_map`` renders ``text`` as :class:`_Formatter` does: every
    field a bare name (no ``!r``, no ``.attr`` or ``[index]``), format specs at most one
    level deep.  str.format runs in C; string.Formatter in Python, field by field, and
    every note of every hand is rendered in both languages.  Decided once per template."""
    plain = _PLAIN.get(text)
    if plain is None:
        try:
            plain = all(_bare_field(name, conversion) and (
                not spec or all(_bare_field(inner, inner_conversion) and not inner_spec
                                for _, inner, inner_spec, inner_conversion in _PARSER.parse(spec)))
                for _, name, spec, conversion in _PARSER.parse(text))
        except ValueError:
            plain = False
        _PLAIN[text] = plain
    return plain


def _bare_field(name: str | None, conversion: str | None) -> bool:
    return name is None or (name.isidentifier() and conversion is None)


_PARSER = string.Formatter()


class _Spoken:
    """The parameters as ``str.format_map`` sees them: each value formats itself as
    :class:`_Formatter` would format it (a missing one is a ``KeyError`` all the same)."""

    __slots__ = ("lang", "params")

    def __init__(self, params: Mapping[str, Any], lang: str) -> None:
        self.params = params
        self.lang = lang

    def __getitem__(self, name: str) -> _Field:
        return _Field(self.params[name], self.lang)


class _Field:
    __slots__ = ("lang", "value")

    def __init__(self, value: Any, lang: str) -> None:
        self.value = value
        self.lang = lang

    def __format__(self, format_spec: str) -> str:
        return _format_field(self.value, format_spec, self.lang)


def jsonable(value: Any) -> Any:
    """A parameter as JSON carries it: cards and suits as their codes, lists as lists."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    return str(value)
