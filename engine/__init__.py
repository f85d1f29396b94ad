"""Kreide's rules engine: pure Python, no I/O.

It is the part of Kreide that settles disputes, so it reads beside RULES.md: every
rejection is a :class:`~engine.errors.RuleViolation` citing its R- or T-number, and
every score carries notes saying which rules were applied.

A match is a game's ``start(...)`` state folded with ``apply`` over its entries.
"""

from __future__ import annotations

from engine.dreeg import DREEG
from engine.errors import ConfigError, IllegalPlay, NotAvailable, RuleViolation
from engine.game import Game, HouseRule, Note, Outcome, PlannedGame

#: Every game Kreide knows, in catalogue order; the planned ones refuse to start.
GAMES: dict[str, Game] = {
    "dreeg": DREEG,
    "sixtysix": PlannedGame("sixtysix", {"en": "Sixty-Six / Schnapsen", "de": "Sechsundsechzig / Schnapsen"}, (2,)),
    "dreierles": PlannedGame("dreierles", {"en": "Dreierles", "de": "Dreierles"}, (3, 4, 5)),
    "dreist": PlannedGame("dreist", {"en": "DREIst!", "de": "DREIst!"}, (1, 2, 3, 4, 5)),
}


def get_game(name: str) -> Game:
    """The game called ``name``; unknown names are refused with the list of known ones."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ConfigError("unknown_game", field="game", game=name, known=sorted(GAMES)) from None


def catalogue() -> list[dict]:
    return [game.catalogue_json() for game in GAMES.values()]


__all__ = [
    "GAMES", "ConfigError", "Game", "HouseRule", "IllegalPlay", "NotAvailable", "Note", "Outcome",
    "RuleViolation", "catalogue", "get_game",
]
