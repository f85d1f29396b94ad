"""Sixty-Six and Schnapsen (seed 001, RULES.md R16-R23): deals of two players on the
trick core (T1-T8), game points by how each deal ended, counted down on the Bummerl.

Exports the game (:data:`SIXTYSIX`) and its referee (:data:`REFEREE`: the questions it
answers, by name).
"""

from __future__ import annotations

from engine.sixtysix import sentences as _sentences  # noqa: F401  (registers the sentences)
from engine.sixtysix.entries import AtClose, Ending, Exchange, SixtySixEntry
from engine.sixtysix.game import SixtySixGame, SixtySixResult
from engine.sixtysix.rules import DECKS, Deck, Variant
from engine.sixtysix.state import BummerlRecord, SixtySixState
from engine.tricks.melds import Meld

GAME = SIXTYSIX = SixtySixGame()
REFEREE = SIXTYSIX.referee

__all__ = [
    "DECKS", "GAME", "REFEREE", "SIXTYSIX", "AtClose", "BummerlRecord", "Deck", "Ending", "Exchange", "Meld",
    "SixtySixEntry", "SixtySixGame", "SixtySixResult", "SixtySixState", "Variant",
]
