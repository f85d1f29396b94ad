"""Sixty-Six matches for the API tests: one app for the whole folder (every test opens
its own match, so nothing is shared but the database file), a handle on a match, and
the checks every answer gets (problem JSON, German that reads as German)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import MatchHandle, folder_client, open_game
from tests.api.contract import german_checker

PLAYERS = ["Anna", "Benno"]
GERMAN = {"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"}
ENGLISH = {"Accept-Language": "en"}
DEFAULT_RULES = {"variant": "sixtysix", "bummerl": "2", "tournament": "false", "wrong_claim": "seed",
                 "closing": "at_close", "tie": "carry", "style": "soft"}

@pytest.fixture(scope="package")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FlaskClient]:
    """One app for the folder: creating an app costs more than all of a test's requests."""
    yield from folder_client(tmp_path_factory, "sixtysix")


Match = MatchHandle


def open_match(client: FlaskClient, rules: dict[str, str] | None = None, **fields: Any) -> Match:
    return open_game(client, "sixtysix", PLAYERS, rules, **fields)


def claim(by: str, points: tuple[int, int], tricks: tuple[int, int], **fields: Any) -> dict[str, Any]:
    """A deal ended by a claim of 66: points and tricks as (Anna, Benno)."""
    return {"ended_by": "claim", "claim": by, **figures(points, tricks), **fields}


def played_out(last: str, points: tuple[int, int], tricks: tuple[int, int], **fields: Any) -> dict[str, Any]:
    return {"ended_by": "played_out", "last_trick": last, **figures(points, tricks), **fields}


def closed(by: str, after: int | None, at_close: tuple[int, int], points: tuple[int, int],
           tricks: tuple[int, int], **fields: Any) -> dict[str, Any]:
    """A closed stock: ``at_close`` is the closer's opponent's (points, tricks) then."""
    entry = {"ended_by": "closed", "closed_by": by, "at_close": {"points": at_close[0], "tricks": at_close[1]},
             **figures(points, tricks), **fields}
    if after is not None:
        entry["closed_after"] = after
    return entry


def renonce(by: str, **fields: Any) -> dict[str, Any]:
    return {"ended_by": "renonce", "renonce_by": by, **fields}


def figures(points: tuple[int, int], tricks: tuple[int, int]) -> dict[str, Any]:
    return {"points": dict(zip(PLAYERS, points)), "tricks": dict(zip(PLAYERS, tricks))}


# --- German that reads as German --------------------------------------------------------

_GERMAN_WORDS = {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "und", "oder", "nicht", "ist",
                 "hat", "hatte", "mit", "nur", "noch", "kein", "keine", "keinen", "bitte", "wer", "wie", "was",
                 "kann", "darf", "gibt", "spielt", "spielen", "muss", "für", "beim", "zum", "aus", "sind", "es",
                 "Spiel", "Stich", "Stiche", "Stichen", "Augen", "Partie", "Trumpf", "Ansage", "Zudrehen",
                 "zugedreht", "ausgespielt", "ausgemeldet", "Zugedreht", "Ausgespielt", "Ausgemeldet", "Wer", "Wie",
                 "Was", "Die", "Der", "Das", "Den", "Eine", "Ein", "Diesmal", "Nach", "Beim", "Zu", "Du", "du",
                 "Punkt", "Punkte", "Karten", "Karte", "Stock", "Talon", "gehört", "zählt", "Felder", "stimmen"}
_ENGLISH_WORDS = {"the", "and", "not", "with", "only", "must", "has", "is", "were", "who", "deal", "trick",
                  "tricks", "points", "card", "cannot", "may", "of", "to", "leave", "out"}
#: Sentences a German-speaking player reads (the checker: tests/api/contract.py).
assert_german = german_checker(_GERMAN_WORDS, _ENGLISH_WORDS, banned=("ss_",))
