"""Messages a player reads, in English and German, keyed by a stable code.

The engine raises and explains with codes and parameters; this table turns them into
sentences.  The phone app gets both the code and the sentence, so it can show either.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGUAGES = ("en", "de")

MESSAGES: dict[str, dict[str, str]] = {
    # cards and notation
    "bad_card": {
        "en": "'{text}' is not a card: write suit then rank, e.g. HA, E10, GO, SU (or 'Eichel Ober').",
        "de": "'{text}' ist keine Karte: Farbe und Schlag, z. B. HA, E10, GO, SU (oder 'Eichel Ober').",
    },
    "bad_suit": {
        "en": "'{text}' is not a suit: H (hearts), S (bells), E (acorns) or G (leaves).",
        "de": "'{text}' ist keine Farbe: H (Herz), S (Schellen), E (Eichel) oder G (Grün/Laub).",
    },
    # match set-up
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
    "unknown_player": {
        "en": "'{name}' is not a player of this match.",
        "de": "'{name}' spielt in dieser Partie nicht mit.",
    },
}


def render(code: str, lang: str, params: Mapping[str, Any]) -> str:
    """The message for ``code`` in ``lang`` with ``params`` filled in."""
    texts = MESSAGES.get(code)
    if texts is None:
        return code
    template = texts.get(lang) or texts["en"]
    values = {k: _show(v) for k, v in params.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError):
        return template


def both(code: str, params: Mapping[str, Any]) -> dict[str, str]:
    """The message in every language: ``{"en": ..., "de": ...}``."""
    return {lang: render(code, lang, params) for lang in LANGUAGES}


def _show(value: Any) -> str:
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(_show(v) for v in value)
    return str(value)
