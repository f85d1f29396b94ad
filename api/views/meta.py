"""Health and the catalogue of games."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

import engine
from api.schemas.matches import GamesSchema, HealthSchema

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
        games this version does not score yet have available: false."""
        return {"games": [game.catalogue_json() for game in engine.GAMES.values()]}
