"""DREIst! for the API tests: one app for the whole folder (every test opens its own
match), a handle on a match as the phone at the table sees it, series and solo entries
as a table enters them, the referee's questions written in the notation of
docs/dreist.md, the rulebook's worked examples (tests/engine/dreist/data/examples.json,
read as data), and German that reads as German.

Players sit in the clockwise order they are listed: Anna, Benno, Carla, Dieter, Erika.
Anna starts game 1 unless ``dealer`` says otherwise."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import MatchHandle, assert_problem, folder_client, open_game
from tests.api.contract import german_checker

TWO = ["Anna", "Benno"]
THREE = [*TWO, "Carla"]
FOUR = [*THREE, "Dieter"]
FIVE = [*FOUR, "Erika"]
TABLES = [TWO, THREE, FOUR, FIVE]
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
ENGLISH = {"Accept-Language": "en"}
SERIES_RULES = {"mode": "series", "single_below_card": "false"}
SOLO_RULES = {"mode": "solo", "single_below_card": "false"}
SOLO = {"mode": "solo"}
#: R33: 96 cards dealt evenly, the remainder set aside: the cards in play by the number at the table.
IN_PLAY = {2: 96, 3: 96, 4: 96, 5: 95}
LAY = "/api/referee/dreist"
EGON = "/api/referee/egon"

EXAMPLES: dict[str, list[dict[str, Any]]] = json.loads(
    (Path(__file__).parents[2] / "engine" / "dreist" / "data" / "examples.json").read_text(encoding="utf-8"))

@pytest.fixture(scope="package")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FlaskClient]:
    """One app for the folder: creating an app costs more than all of a test's requests."""
    yield from folder_client(tmp_path_factory, "dreist")


Match = MatchHandle


def open_match(client: FlaskClient, players: list[str] | None = None, rules: dict[str, str] | None = None,
               **fields: Any) -> Match:
    return open_game(client, "dreist", THREE if players is None else players, rules, **fields)


def open_solo(client: FlaskClient, player: str = "Anna") -> Match:
    return open_match(client, [player], SOLO)


# --- entries as the table gives them ------------------------------------------------------


def left(players: list[str], *counts: Any, **fields: Any) -> dict[str, Any]:
    """A series game: the cards each player had left, in seating order (the finisher 0)."""
    assert len(players) == len(counts)
    return {"remaining": dict(zip(players, counts)), **fields}


def abandoned(players: list[str], *counts: Any) -> dict[str, Any]:
    return left(players, *counts, abandoned=True)


def won(result: Any = True) -> dict[str, Any]:
    """A solo game: did the player beat Egon?"""
    return {"won": result}


def codes(result: dict[str, Any]) -> list[str]:
    return [note["code"] for note in result["notes"]]


def solo_cards(game: int) -> tuple[int, int]:
    """R34, by hand: game n is 48 + 2n cards against Egon's 48 - 2n."""
    return 48 + 2 * game, 48 - 2 * game


def rating_by_hand(best: int | None) -> str | None:
    """R34: 50 okay, 52 decent, 54 good, 56 very good, 58 great, 60 or more sensational."""
    if best is None:
        return None
    bands = [(60, "sensational"), (58, "great"), (56, "very_good"), (54, "good"), (52, "decent"), (50, "okay")]
    return next((name for least, name in bands if best >= least), None)


# --- the referee's questions --------------------------------------------------------------


def lay(spec: str) -> list[list[dict[str, Any]]]:
    """``"6R@1 6R@2; 7R@1"``: plays separated by ``;``, each card with its row."""
    return [[{"card": x.rsplit("@", 1)[0], "row": int(x.rsplit("@", 1)[1])} for x in play.split()]
            for play in spec.split(";") if play.strip()]


def lay_question(display: list[str], spec: str | list[Any], **fields: Any) -> dict[str, Any]:
    plays = lay(spec) if isinstance(spec, str) else spec
    return {"game": "dreist", "display": display, "lay": plays, **fields}


def egon_question(display: list[str], turned: list[str], **fields: Any) -> dict[str, Any]:
    return {"game": "dreist", "display": display, "turned": turned, **fields}


def ask(client: FlaskClient, path: str, question: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The answer in English and in German, which must agree in everything but the words."""
    english = client.post(path, json=question, headers=ENGLISH)
    assert english.status_code == 200, english.get_json()
    german = client.post(path, json=question, headers=GERMAN)
    assert german.status_code == 200, german.get_json()
    answer, deutsch = english.get_json(), german.get_json()
    assert {**deutsch, "reason": None} == {**answer, "reason": None}
    assert_german(deutsch["reason"], answer["reason"])
    return answer, deutsch


def example(kind: str, name: str) -> dict[str, Any]:
    return next(e for e in EXAMPLES[kind] if e["name"] == name)


# --- German that reads as German --------------------------------------------------------

_GERMAN_WORDS = {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einer", "und", "oder", "nicht",
                 "ist", "hat", "mit", "nur", "noch", "kein", "keine", "wer", "wie", "was", "gibt", "es", "für",
                 "sind", "aber", "also", "dort", "liegt", "liegen", "läge", "darf", "dürfen", "wird", "gelegt",
                 "Karte", "Karten", "Reihe", "Spalte", "Spalten", "Spiel", "Serie", "Partie", "Spieler", "Hand",
                 "Stapel", "Farbe", "Farben", "Grundkarten", "Verbindung", "hätte", "neben", "unter", "bei",
                 "gewinnt", "gewinnen", "gewonnen", "geschlagen", "vorbei", "keiner", "niemanden", "Wertung",
                 "Hast", "du", "Wie", "viele", "hatte", "jeder", "Zusammen", "bisher", "weitere", "aufdecken",
                 "abgebrochen", "abgebrochenes", "nachziehen", "Diese", "Die", "Der", "Das", "Ein", "Eine", "Einige",
                 "Felder", "stimmen", "spielt", "spielen", "zwei", "drei", "dreimal", "übrig", "übrigen", "sein",
                 "Zug", "Angabe", "gehört", "Spielweise", "Bester", "Lauf", "zum", "beginnen", "Reihen", "höchstens"}
_ENGLISH_WORDS = {"the", "and", "not", "with", "only", "must", "has", "is", "are", "who", "card", "cards", "row",
                  "column", "cannot", "may", "of", "to", "left", "player", "players", "game", "won", "lost", "laid",
                  "draw", "there", "already", "would", "beside", "colour", "connection", "base", "his", "turn",
                  "over", "more", "so", "far", "this", "that", "played", "by", "have", "how", "many", "did", "you",
                  "beat", "best", "rated", "exists", "times", "lie", "side", "never", "happens", "holds", "been"}
#: Sentences a German-speaking player reads (the checker: tests/api/contract.py).
assert_german = german_checker(_GERMAN_WORDS, _ENGLISH_WORDS)


def assert_problem_german(client: FlaskClient, method: str, path: str, body: Any, status: int, code: str,
                          headers: dict[str, str] | None = None, *, names_codes: bool = False) -> dict[str, Any]:
    """The same refusal asked in English and in German: the German detail and field
    messages read as German (schema messages of ``invalid_fields`` excepted; with
    ``names_codes`` the message quotes house-rule names, so it is only told apart)."""
    send = getattr(client, method)
    english = assert_problem(send(path, json=body, headers={**(headers or {}), **ENGLISH}), status, code)
    german = assert_problem(send(path, json=body, headers={**(headers or {}), **GERMAN}), status, code)
    assert (german.get("rule"), (german.get("errors") or {}).keys()) == (
        english.get("rule"), (english.get("errors") or {}).keys())
    if names_codes:
        assert german["detail"] != english["detail"]
    elif code != "invalid_fields":
        assert_german(german["detail"], english["detail"])
        for name, message in (german.get("errors") or {}).items():
            assert_german(message, english["errors"][name])
    return english
