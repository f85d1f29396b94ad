"""Health and the catalogue of games."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

import engine
from api import network
from api.games import GAMES
from api.schemas.matches import GamesSchema, HealthSchema, NetworkSchema

blp = Blueprint("meta", __name__, url_prefix="/api", description="Health and the games Kreide knows")


@blp.route("/health")
class Health(MethodView):
    @blp.response(200, HealthSchema)
    def get(self) -> dict[str, Any]:
        """Is the server up?"""
        return {"status": "ok"}


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
