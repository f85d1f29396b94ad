"""Dreierles' slate, the table people read: per deal the dealer, the game (R28, R30), its
declarer and its Fach, and for each player what the deal settled for him (R29: paid to
the declarer or received; blank for those sitting out, R32) and his balance so far, each
followed by its worth in money where the table plays for money (R37 ``per_fach``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dreierles.entries import DreierlesEntry
from engine.dreierles.state import DreierlesState
from engine.game import Column, Outcome, Slate, SlateRow
from engine.i18n import Sentences

if TYPE_CHECKING:  # the game module holds the result and registers this slate
    from engine.dreierles.game import DreierlesResult

SENTENCES = Sentences("dreierles_slate", {
    "dl_slate_dealer": {"en": "Dealer", "de": "Geber"},
    "dl_slate_game": {"en": "Game", "de": "Spiel"},
    "dl_slate_declarer": {"en": "Declarer", "de": "Spieler"},
    "dl_slate_fach": {"en": "Fach", "de": "Fach"},
    "dl_slate_settlement": {"en": "Fach this deal", "de": "Fach im Spiel"},
    "dl_slate_balance": {"en": "balance", "de": "Stand"},
})


class DreierlesSlate(Slate[DreierlesState, DreierlesEntry, "DreierlesResult"]):
    def columns(self, start: DreierlesState) -> tuple[Column, ...]:
        return (Column("dealer", "dl_slate_dealer"), Column("game", "dl_slate_game"),
                Column("declarer", "dl_slate_declarer"), Column("fach", "dl_slate_fach"),
                Column("settlement", "dl_slate_settlement", per_player=True, money="per_fach"),
                Column("balance", "dl_slate_balance", per_player=True, money="per_fach"))

    def row(self, before: DreierlesState, entry: DreierlesEntry,
            outcome: Outcome[DreierlesState, DreierlesResult]) -> SlateRow:
        result = outcome.result
        settled = result.scored.settlement
        return SlateRow(
            cells={"dealer": result.dealer, "game": result.game, "declarer": result.declarer,
                   "fach": result.scored.fach},
            players={"settlement": {p: settled.get(p, 0) for p in result.active},
                     "balance": dict(result.balance)},
            notes=tuple(result.scored.notes),
        )
