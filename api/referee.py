"""The referee's questions, answered by the game the question names (``"game"``).

Each game registers its questions in ``api/games/<game>.py`` (request and answer
schemas) and answers them in its engine package (``Game.referee``); this module only
finds the right pair: a game without that question is refused as the engine refuses a
game it cannot score (``game_not_available``), an unknown game as ``unknown_game``.  A
question only one game answers (``/api/referee/dreist``, ``/egon``) takes that game when the
body names none (the path names it; the game's schema may still ask for ``game``), and a body
that names another game is told whose question it is (``referee_no_question``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from marshmallow import Schema, ValidationError

import engine
from api.games import GAMES, RefereeQuestion
from engine.errors import NotAvailable


def questions() -> dict[str, dict[str, RefereeQuestion]]:
    """Every question name, with the games that answer it: ``{"play": {"dreeg": ...}}``."""
    found: dict[str, dict[str, RefereeQuestion]] = {}
    for api in GAMES.values():
        for kind, question in api.referee.items():
            found.setdefault(kind, {})[api.name] = question
    return found


@cache
def _schemas(game: str, kind: str) -> tuple[Schema, Schema]:
    question = GAMES[game].referee[kind]
    return question.question(), question.answer()


def judge(kind: str, body: Any) -> tuple[Schema, Any]:
    """Load ``body`` with its game's schema for ``kind`` and ask the game's referee:
    ``(answer schema, ruling)``."""
    if not isinstance(body, dict):
        raise ValidationError({"body": ["The question must be a JSON object."]})
    answering = sorted(questions().get(kind, {}))
    name = body.get("game")
    if name is None and len(answering) == 1:
        name = answering[0]  # the path names the game
    if not isinstance(name, str):
        raise ValidationError({"game": ["Missing data for required field."]})
    game = engine.get_game(name)
    api = GAMES.get(game.name)
    if api is None or not game.available:
        raise NotAvailable("game_not_available", field="game", game=game)
    if kind not in api.referee or not game.referee or kind not in game.referee:
        raise NotAvailable("referee_no_question", field="game", game=game, question=kind,
                           owners=[engine.get_game(owner) for owner in answering], known=sorted(api.referee) or ["-"])
    question, answer = _schemas(game.name, kind)
    ruling = game.referee[kind](**question.load(body))
    return answer, ruling


def ask(kind: str, body: Any, *, languages: Iterable[str]) -> dict[str, Any]:
    """The answer to the question in each of ``languages``, dumped through its schema."""
    answer, ruling = judge(kind, body)
    return {language: answer.dump(ruling.to_json(language)) for language in languages}
