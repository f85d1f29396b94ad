"""Dreierles (seed 002, RULES.md R25-R32): the Baden Cego game as the Malsch club plays it.

Three play each deal of a table of three to five, the 54-card Cego pack counted in threes
(:mod:`engine.dreierles.counting`), the game's value in Fach (:mod:`engine.dreierles.scoring`)
settled on a running ledger that always sums to zero.  Exports the game
(:data:`DREIERLES`) and its referee (:data:`REFEREE`: "what is this pile worth?").
"""

from __future__ import annotations

from engine.dreierles import sentences as _sentences  # noqa: F401  (registers the sentences)
from engine.dreierles.entries import DreierlesEntry
from engine.dreierles.game import DreierlesGame, DreierlesResult
from engine.dreierles.rules import Extra, GameType
from engine.dreierles.state import DreierlesState

GAME = DREIERLES = DreierlesGame()
REFEREE = DREIERLES.referee

__all__ = ["DREIERLES", "GAME", "REFEREE", "DreierlesEntry", "DreierlesGame", "DreierlesResult", "DreierlesState",
           "Extra", "GameType"]
