"""The referee at the table (API.md, "Referee"): no match, no token, nothing stored.

One route per question any game's referee answers (``/api/referee/play``,
``/api/referee/hand`` …); the body's ``game`` picks the game that answers it
(:mod:`api.referee`), and the OpenAPI document shows each game's question and answer.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import Response
from flask.views import MethodView
from flask_smorest import Blueprint

from api.errors import lang
from api.games import GAMES, RefereeQuestion
from api.referee import ask, questions
from api.store import json_response
from api.views.common import json_body, one_of, problems

blp = Blueprint("referee", __name__, url_prefix="/api/referee",
                description="The referee: may I play this card? a disputed hand replayed, and what each game asks")


def _view(kind: str, games: Mapping[str, RefereeQuestion]) -> type[MethodView]:
    summary = next(iter(games.values())).summary or kind
    refs = {name: f"{GAMES[name].prefix}Referee{kind.title()}" for name in games}

    picks = "The body's game picks the game" if len(games) > 1 else \
        f"Only {next(iter(games))} answers it: the body's game may be left out"

    questions = {name: f"{ref}Question" for name, ref in refs.items()}
    answers = {name: f"{ref}Answer" for name, ref in refs.items()}
    # the answer names its game; a question does where more than one game answers it
    asked_by = "game" if len(games) > 1 else None

    @blp.doc(summary=summary, description=f"Answered by: {', '.join(games)}. {picks}; a situation that cannot "
                                          "arise is 422. The answer's game names the game that answered.",
             requestBody={"required": True, "content": {"application/json": {
                 "schema": one_of(list(questions.values()), discriminator=asked_by, mapping=questions)}}})
    @blp.response(200, one_of(list(answers.values()), discriminator="game", mapping=answers))
    @problems(blp, 400, 413, 422)
    def post(self: MethodView) -> Response:
        return json_response(200, ask(kind, json_body(), languages=(lang(),))[lang()])

    return type(f"Referee{kind.title()}", (MethodView,), {"post": post})


for _kind, _games in sorted(questions().items()):
    blp.route(f"/{_kind}")(_view(_kind, _games))
