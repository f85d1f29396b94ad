"""DREIst! (seed 003, RULES.md R33-R35): planned.

Listed in the catalogue and refused with "not available yet", never mis-scored.  When
it is built, this package holds its `Game`, entries, state, rules, sentences and (if it
has one) its referee, like `engine.dreeg`.
"""

from __future__ import annotations

from engine.game import PlannedGame, titles
from engine.i18n import Sentences

NAMES = Sentences("dreist.names", {
    "game_dreist": {"en": "DREIst!", "de": "DREIst!"},
}, shared=True)

GAME = PlannedGame("dreist", titles("dreist"), (1, 2, 3, 4, 5), players_rule="R33")
