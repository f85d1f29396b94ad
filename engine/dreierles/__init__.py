"""Dreierles (seed 002, RULES.md R25-R32): planned.

Listed in the catalogue and refused with "not available yet", never mis-scored.  When
it is built, this package holds its `Game`, entries, state, rules, sentences and (if it
has one) its referee, like `engine.dreeg`.
"""

from __future__ import annotations

from engine.game import PlannedGame, titles
from engine.i18n import Sentences

NAMES = Sentences("dreierles.names", {
    "game_dreierles": {"en": "Dreierles", "de": "Dreierles"},
}, shared=True)

GAME = PlannedGame("dreierles", titles("dreierles"), (3, 4, 5), players_rule="R32")
