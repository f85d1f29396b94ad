"""Health and readiness, the catalogue of games and the rule book."""

from __future__ import annotations

import json
from typing import Any

from flask import Response, current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint

import engine
from api import network, outage, rulebook
from api.errors import Problem, ProblemSchema, lang
from api.games import GAMES
from api.schemas.matches import GamesSchema, HealthSchema, NetworkSchema, NotReadyProblemSchema, ReadySchema
from api.schemas.rules import OneRuleSchema, RuleBookSchema, RulesQuerySchema
from api.views.common import problems
from engine.i18n import render

blp = Blueprint("meta", __name__, url_prefix="/api",
                description="Health and readiness, the games Kreide knows and its rule book")


@blp.route("/health")
class Health(MethodView):
    @blp.response(200, HealthSchema)
    def get(self) -> dict[str, Any]:
        """Is the server up?

        Liveness only: the process answers (the database is not asked; see ``/api/ready``)."""
        return {"status": "ok"}


NOT_READY = {503: ("Not ready: database and rate_limits say what is down; Retry-After says when to ask again",
                   NotReadyProblemSchema)}


@blp.route("/ready")
class Ready(MethodView):
    @blp.response(200, ReadySchema)
    @problems(blp, 503, special=NOT_READY)
    def get(self) -> dict[str, Any]:
        """Is the server ready to serve?

        Readiness, for a proxy's health checks and the service manager: the database answers a
        ``SELECT 1`` within about two seconds and takes writes (not read-only), and the rate
        limits' shared store (Redis), if one is configured, answers its ping.  Never cached, never
        rate-limited, no token."""
        report = outage.readiness()
        if not report.ready:
            raise report.problem()
        return {"status": "ok", **report.to_json()}


@blp.route("/games")
class Games(MethodView):
    @blp.response(200, GamesSchema)
    def get(self) -> dict[str, Any]:
        """List the games

        Every game with its player counts, variants and house rules (with R-numbers);
        games this version does not score yet have available: false; ``referee`` lists
        the questions its referee answers, ``facts`` what its phone draws from."""
        return {"games": [{**game.catalogue_json(), "available": game.available and game.name in GAMES,
                           "referee": sorted(GAMES[game.name].referee) if game.name in GAMES else [],
                           "facts": GAMES[game.name].facts_json() if game.name in GAMES else {}}
                          for game in engine.GAMES.values()]}


@blp.route("/network")
class Network(MethodView):
    @blp.response(200, NetworkSchema)
    def get(self) -> dict[str, Any]:
        """This server on the local network

        Asked on a loopback address (``localhost``), the addresses other phones on the
        same network open instead; otherwise none (the address in use works)."""
        return {"addresses": network.addresses()}


ETAG = {"ETag": {"required": True, "schema": {"type": "string"}}}
RULE_ID = {"in": "path", "name": "rule_id", "required": True, "schema": {"type": "string"},
           "description": "R1-R38 or T1-T8 (r17 is read as R17)"}
NOT_MODIFIED = "Not modified: If-None-Match named the current ETag (no body)"


@blp.route("/rules")
class Rules(MethodView):
    @blp.arguments(RulesQuerySchema, location="query", as_kwargs=True)
    @blp.response(200, RuleBookSchema, headers=ETAG)
    @blp.alt_response(304, description=NOT_MODIFIED, headers=ETAG)
    @problems(blp, 422)
    def get(self, **query: str) -> Response:
        """The rule book

        Every rule Kreide keeps (T1-T8, R1-R38) for players, in German or English
        (``lang``, else Accept-Language): its title, text, an example and its house rules
        as the app names them; read from docs/rules at start.  ETag / If-None-Match (304)."""
        book = _book(query.get("lang"))
        return _cached(book.etag, book.to_json)


@blp.route("/rules/<string:rule_id>")
class OneRule(MethodView):
    @blp.doc(parameters=[RULE_ID])
    @blp.arguments(RulesQuerySchema, location="query", as_kwargs=True)
    @blp.response(200, OneRuleSchema, headers=ETAG)
    @blp.alt_response(304, description=NOT_MODIFIED, headers=ETAG)
    @problems(blp, 404, 422, special={404: ("The book has no such rule", ProblemSchema)})
    def get(self, rule_id: str, **query: str) -> Response:
        """One rule

        The rule ``rule_id`` (R17, T1) as ``GET /api/rules`` gives it, with its ``lang``;
        404 for a rule the book does not have."""
        book = _book(query.get("lang"))
        rule = book.rule(rule_id)
        if rule is None:
            raise Problem(404, "no_rule", detail=render("no_rule", book.lang, {"rule": rule_id[:12]}))
        return _cached(f"{book.etag}-{rule.id}", lambda: {"lang": book.lang, **rule.to_json()})


def _book(language: str | None) -> rulebook.Book:
    return rulebook.load(current_app.config["KREIDE_RULES_DIR"], language or lang())


def _cached(tag: str, body: Any) -> Response:
    """The answer, or 304 when If-None-Match names its ETag (a compressed answer's carries its
    encoding: "tag:br"); revalidated on every use, since a deploy may change the book."""
    seen = next((t for t in (tag, f"{tag}:br", f"{tag}:gzip") if request.if_none_match.contains_weak(t)), None)
    if seen is not None:
        response = Response(status=304)
        response.set_etag(seen)
    else:
        response = Response(json.dumps(body(), ensure_ascii=False, separators=(",", ":")),
                            mimetype="application/json")
        response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("Accept-Language")
    return response
