"""What every registered game owes the API, and what each game gives to be checked by it.

``tests/api/test_game_contract.py`` runs one set of checks over every game of
``api.games.GAMES`` (its catalogue entry, its schemas in the OpenAPI document, no input
answered with a 500, a retried write recorded once, a viewer refused every write, German
answers); ``tests/api/test_typed_client.py`` plays a deal of each game through a generated
client.  A game gives only its samples: a :class:`Samples` named ``SAMPLES`` in
``tests/api/<game>/samples.py``.  The fuzz harness every game's own fuzz tests use is here too.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

#: Bounded (the most any game's own fuzz tests drew before they were one): a test that opens
#: a match and writes to it several times an example draws fewer.
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FUZZ_WRITES = settings(FUZZ, max_examples=50)
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
ENGLISH = {"Accept-Language": "en"}

scalars = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20))
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20,
)


def mostly(good: st.SearchStrategy, bad: st.SearchStrategy) -> st.SearchStrategy:
    """Nine in ten draws from ``good``: near misses, not only junk, so the engine is reached."""
    return st.integers(0, 9).flatmap(lambda n: good if n else bad)


def assert_no_500(response: Any) -> None:
    """A success, or problem JSON with a 4xx status, a detail and field messages in words."""
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code >= 400:
        assert response.mimetype == "application/problem+json"
        problem = response.get_json()
        assert {"type", "title", "status", "detail", "code"} <= problem.keys()
        assert problem["status"] == response.status_code and problem["detail"]
        for name, message in (problem.get("errors") or {}).items():
            assert isinstance(name, str) and isinstance(message, str) and message, problem


_CODE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\{|\}")


def german_checker(german_words: set[str], english_words: set[str], *,
                   banned: tuple[str, ...] = ()) -> Callable[..., None]:
    """``assert_german(text, english=None)`` for a game's sentences: a sentence a
    German-speaking player reads has some of ``german_words`` and none of ``english_words``,
    no codes (``dl_sitting_out``) or unfilled ``{placeholders}``, and is not the English one."""

    def assert_german(text: str, english: str | None = None) -> None:
        assert text and text.strip() == text, text
        words = set(re.findall(r"[A-Za-zÄÖÜäöüß]+", text))
        assert words & german_words, f"no German in {text!r}"
        assert not words & english_words, f"English in {text!r}: {words & english_words}"
        assert not _CODE.search(text), f"a code in {text!r}"
        assert not any(part in text for part in banned), text
        if english is not None:
            assert text != english

    return assert_german


def write_all(client: Any, url: str, headers: dict[str, str], entry: Any) -> None:
    """POST the entry as hand 1, then replace hand 1 with it and void it, whatever it did."""
    body = {"seq": 1, **entry} if isinstance(entry, dict) else entry
    assert_no_500(client.post(f"{url}/hands", json=body, headers=headers))
    assert_no_500(client.put(f"{url}/hands/1", json=body, headers=headers))
    assert_no_500(client.post(f"{url}/hands/1/void", headers=headers))


@dataclass(frozen=True)
class Opening:
    """A match to open for fuzzing, and a first hand that is right there (None: not used to
    correct a hand, only to enter one)."""

    players: list[str]
    rules: dict[str, Any] | None = None
    first: dict[str, Any] | None = None


@dataclass(frozen=True)
class Samples:
    """A game's samples for the contract test: a table and what it really enters, and the
    strategies its near misses are drawn from."""

    #: A table (players in seating order) and a legal first entry at it (without ``seq``),
    #: with a second one for a correction, and an entry the engine refuses there by ``refused_rule``.
    players: list[str]
    deal: dict[str, Any]
    other_deal: dict[str, Any]
    refused: dict[str, Any]
    refused_rule: str
    #: What ``GET /api/games`` says of the game (a subset of its entry; ``rules``: each house
    #: rule in order, with the R-number it decides and its values, the default first).
    catalogue: dict[str, Any]
    #: A question the game's referee answers: ``(path, body)``.
    question: tuple[str, dict[str, Any]]
    #: Fuzz: the matches to open (players, house rules or None, and an entry that is right
    #: as its first hand, or None), entries a table really enters, each entry field's near
    #: misses, the optional fields of a creation request, and each referee path's questions.
    openings: list[Opening]
    real: list[dict[str, Any]]
    fields: dict[str, st.SearchStrategy]
    creation: dict[str, st.SearchStrategy]
    questions: dict[str, st.SearchStrategy] = field(default_factory=dict)
    #: What any match of the game is when created (asserts on the creation answer).
    created: Callable[[dict[str, Any]], None] | None = None
    #: Entries the engine refuses: ``pytest.param(players, entry, code, rule, fields, id=...)``.
    refusals: list[Any] = field(default_factory=list)
    #: The game's own check that a sentence reads as German: ``(german, english)``.
    german: Callable[[str, str], None] | None = None
    #: What the state says after ``deal`` (a subset of it).
    after_deal: dict[str, Any] = field(default_factory=dict)


def samples(game: str) -> Samples:
    """The samples ``tests/api/<game>/samples.py`` gives (every registered game has them)."""
    found: Samples = importlib.import_module(f"tests.api.{game}.samples").SAMPLES
    return found
