"""Sixty-Six's slate, the table people read: per deal the Bummerl it belongs to, the
dealer and the winner, and for each player the game points he won with it (the carry of
a 65:65 he took included, R21), his counter as the deal left it (counting down from 7,
R22) and the Bummerl he has received so far."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game import Column, Outcome, Slate, SlateRow
from engine.i18n import Sentences
from engine.sixtysix.entries import SixtySixEntry
from engine.sixtysix.state import SixtySixState

if TYPE_CHECKING:  # the game module holds the result and registers this slate
    from engine.sixtysix.game import SixtySixResult

SENTENCES = Sentences("sixtysix_slate", {
    "ss_slate_bummerl_number": {"en": "Bummerl", "de": "Bummerl"},
    "ss_slate_dealer": {"en": "Dealer", "de": "Geber"},
    "ss_slate_winner": {"en": "Winner", "de": "Gewinner"},
    "ss_slate_game_points": {"en": "game points", "de": "Punkte"},
    "ss_slate_counter": {"en": "counter", "de": "Stand"},
    "ss_slate_bummerl": {"en": "Bummerl received", "de": "Bummerl bekommen"},
})


class SixtySixSlate(Slate[SixtySixState, SixtySixEntry, "SixtySixResult"]):
    def columns(self, start: SixtySixState) -> tuple[Column, ...]:
        return (Column("bummerl_number", "ss_slate_bummerl_number"), Column("dealer", "ss_slate_dealer"),
                Column("winner", "ss_slate_winner"),
                Column("game_points", "ss_slate_game_points", per_player=True),
                Column("counter", "ss_slate_counter", per_player=True),
                Column("bummerl", "ss_slate_bummerl", per_player=True))

    def row(self, before: SixtySixState, entry: SixtySixEntry,
            outcome: Outcome[SixtySixState, SixtySixResult]) -> SlateRow:
        result, after = outcome.result, outcome.state
        won = result.game_points + result.carry_used
        return SlateRow(
            cells={"bummerl_number": len(before.bummerls) + 1, "dealer": result.dealer, "winner": result.winner},
            players={"game_points": {p: won if p == result.winner else 0 for p in before.players},
                     "counter": dict(result.score), "bummerl": dict(zip(after.players, after.bummerl))},
            notes=result.notes,
        )
