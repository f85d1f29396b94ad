"""Dreeg (seed 000, RULES.md R1-R15): eight sub-games of Sixty-Six on a chalk slate.

Exports the game (:data:`DREEG`) and its referee (:data:`REFEREE`: the questions it
answers, by name).
"""

from __future__ import annotations

from engine.dreeg import sentences as _sentences  # noqa: F401  (registers the sentences)
from engine.dreeg.entries import UNSET, DreegEntry
from engine.dreeg.game import DreegGame, DreegResult
from engine.dreeg.rules import SubGame
from engine.dreeg.state import DreegState, SubGameRecord
from engine.dreeg.subgames import SUBGAMES, score_each_for_himself
from engine.tricks.melds import Meld

GAME = DREEG = DreegGame()
REFEREE = DREEG.referee

__all__ = [
    "DREEG", "GAME", "REFEREE", "SUBGAMES", "UNSET", "DreegEntry", "DreegGame", "DreegResult", "DreegState", "Meld",
    "SubGame", "SubGameRecord", "score_each_for_himself",
]
