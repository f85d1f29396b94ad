"""DREIst! (seed 003, RULES.md R33-R35): a laying game, not a trick game.

A series of games or a solo run against Egon (:mod:`engine.dreist.game`), the laying
referee (:mod:`engine.dreist.laying`) and Egon's turns (:mod:`engine.dreist.egon`) on the
shared display (:mod:`engine.dreist.display`), with its own cards (``engine.cards.dreist``).
"""

from __future__ import annotations

from engine.dreist import sentences as _sentences  # noqa: F401  (registers the sentences)
from engine.dreist.display import Display
from engine.dreist.egon import judge_egon
from engine.dreist.game import DreistEntry, DreistGame, DreistResult, DreistState
from engine.dreist.laying import judge_lay

GAME = DREIST = DreistGame()
REFEREE = DREIST.referee

__all__ = ["DREIST", "GAME", "REFEREE", "Display", "DreistEntry", "DreistGame", "DreistResult", "DreistState",
           "judge_egon", "judge_lay"]
