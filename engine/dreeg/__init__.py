"""Dreeg (seed 000, RULES.md R1-R15): eight sub-games of Sixty-Six on a chalk slate."""

from __future__ import annotations

from engine.dreeg import messages as _messages  # noqa: F401  (registers the sentences)
from engine.dreeg.entries import UNSET, DreegEntry, Meld
from engine.dreeg.game import DreegGame, DreegResult
from engine.dreeg.subgames import score_each_for_himself
from engine.dreeg.rules import SubGame
from engine.dreeg.state import DreegState, SubGameRecord

DREEG = DreegGame()

__all__ = [
    "DREEG", "UNSET", "DreegEntry", "DreegGame", "DreegResult", "DreegState", "Meld", "SubGame",
    "SubGameRecord", "score_each_for_himself",
]
