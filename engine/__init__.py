"""Kreide's rules engine: pure Python, no I/O.

It is the part of Kreide that settles disputes, so it reads beside RULES.md: every
rejection is a :class:`~engine.errors.RuleViolation` citing its R- or T-number, and
every score carries notes saying which rules were applied.

A match is a game's ``start(...)`` state folded with ``apply`` over its entries.  Each
game family is a package of its own (``engine/dreeg`` …), built on the trick core
(``engine/tricks``) and a card family (``engine/cards``) where it needs them, and named
once in :data:`GAMES`: the only place that lists them all.  The Preisschnapsen
tournament (``engine/tournament``) is no game of the catalogue: it holds ``sixtysix``
matches, one per table and round.
"""

from __future__ import annotations

from typing import Any

from engine import dreeg, dreierles, dreist, sixtysix, tournament
from engine.errors import ConfigError, IllegalPlay, NotAvailable, RuleViolation, RuleViolations
from engine.game import Game, HouseRule, Note, Outcome, PlannedGame

#: Every game Kreide knows, in catalogue order (one line per game); planned ones refuse to start.
GAMES: dict[str, Game[Any, Any, Any]] = {game.name: game for game in (
    dreeg.GAME,
    sixtysix.GAME,
    dreierles.GAME,
    dreist.GAME,
)}


def get_game(name: str) -> Game[Any, Any, Any]:
    """The game called ``name``; unknown names are refused with the list of known ones."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ConfigError("unknown_game", field="game", game=name, known=sorted(GAMES)) from None


def catalogue() -> list[dict[str, Any]]:
    return [game.catalogue_json() for game in GAMES.values()]


__all__ = [
    "GAMES", "ConfigError", "Game", "HouseRule", "IllegalPlay", "NotAvailable", "Note", "Outcome", "PlannedGame",
    "RuleViolation", "RuleViolations", "catalogue", "get_game", "tournament",
]
