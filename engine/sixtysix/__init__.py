"""Sixty-Six and Schnapsen (seed 001, RULES.md R16-R24): planned.

Listed in the catalogue and refused with "not available yet", never mis-scored.  When
it is built, this package holds its `Game`, entries, state, rules, sentences and (if it
has one) its referee, like `engine.dreeg`.
"""

from __future__ import annotations

from engine.game import PlannedGame, titles
from engine.i18n import Sentences

NAMES = Sentences("sixtysix.names", {
    "game_sixtysix": {"en": "Sixty-Six / Schnapsen", "de": "Sechsundsechzig / Schnapsen"},
}, shared=True)

GAME = PlannedGame("sixtysix", titles("sixtysix"), (2,), players_rule="R16")
