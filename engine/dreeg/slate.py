"""Dreeg's slate, the table people read: per hand the sub-game and dealer, and for each
player his card points (with the marriages that counted, R10), the strokes left on his
slate after the hand (R2; the sub-game's last hand shows the slates as it left them) and
his blobs so far (R3, R4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dreeg.entries import DreegEntry
from engine.dreeg.state import DreegState
from engine.game import Column, Outcome, Phrase, Slate, SlateRow
from engine.i18n import Sentences

if TYPE_CHECKING:  # the game module holds the result and registers this slate
    from engine.dreeg.game import DreegResult

SENTENCES = Sentences("dreeg_slate", {
    "dreeg_slate_subgame": {"en": "Sub-game", "de": "Runde"},
    "dreeg_slate_subgame_value": {"en": "{number}: {subgame}", "de": "{number}: {subgame}"},
    "dreeg_slate_dealer": {"en": "Dealer", "de": "Geber"},
    "dreeg_slate_points": {"en": "card points", "de": "Augen"},
    "dreeg_slate_strokes": {"en": "strokes left", "de": "Striche übrig"},
    "dreeg_slate_blobs": {"en": "blobs", "de": "Bollen"},
})


class DreegSlate(Slate[DreegState, DreegEntry, "DreegResult"]):
    def columns(self, start: DreegState) -> tuple[Column, ...]:
        return (Column("subgame", "dreeg_slate_subgame"), Column("dealer", "dreeg_slate_dealer"),
                Column("points", "dreeg_slate_points", per_player=True),
                Column("strokes", "dreeg_slate_strokes", per_player=True),
                Column("blobs", "dreeg_slate_blobs", per_player=True))

    def row(self, before: DreegState, entry: DreegEntry, outcome: Outcome[DreegState, DreegResult]) -> SlateRow:
        result, after = outcome.result, outcome.state
        strokes = {p: left - result.subtract.get(p, 0) for p, left in zip(before.players, before.strokes)}
        return SlateRow(
            cells={"subgame": Phrase("dreeg_slate_subgame_value", {"number": result.subgame, "subgame": result.type}),
                   "dealer": result.dealer},
            players={"points": dict(result.totals), "strokes": strokes, "blobs": dict(zip(after.players, after.blobs))},
            notes=result.notes,
        )

