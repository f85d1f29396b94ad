"""The referee at the table (API.md, "Referee"): no match, no token, nothing stored."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from api.errors import lang
from api.schemas.referee import HandQuestionSchema, HandRulingSchema, PlayQuestionSchema, PlayRulingSchema
from api.views.common import body_doc, json_body, problems
from engine.referee import judge_hand, judge_play

blp = Blueprint("referee", __name__, url_prefix="/api/referee",
                description="The referee: may I play this card? and a disputed hand replayed")

_play_question = PlayQuestionSchema()
_hand_question = HandQuestionSchema()


@blp.route("/play")
class Play(MethodView):
    @blp.doc(requestBody=body_doc(PlayQuestionSchema))
    @blp.response(200, PlayRulingSchema)
    @problems(blp, 400, 422)
    def post(self) -> dict[str, Any]:
        """May I play this card?

        Legal or not, the rule (T1, T2, T4, T5, T8) and the reason in words, and every
        card of the hand that may be played.  A situation that cannot arise (Kamerun
        with a trump, a card both in the hand and in the trick) is 422."""
        return judge_play(**_play_question.load(json_body())).to_json(lang())


@blp.route("/hand")
class Hand(MethodView):
    @blp.doc(requestBody=body_doc(HandQuestionSchema))
    @blp.response(200, HandRulingSchema)
    @problems(blp, 400, 422)
    def post(self) -> dict[str, Any]:
        """Replay a disputed hand

        Trick by trick: who played what, the winner and the points, and every rule
        broken (with trick, player and T-number); the totals; and the summary entry a
        POST .../hands would accept (add seq).  A trick of the wrong size or a card
        played twice is no hand that was played: 422."""
        return judge_hand(**_hand_question.load(json_body())).to_json(lang())
