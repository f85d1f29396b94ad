"""What an evening of Dreierles counts for a club's members (R37, R38).

Each deal adds to the season of those who played it: the Fach it settled for each of them
(R29-R31, the ledger's step, negative for a payer), one deal each, and for the declarer his
game, by type and whether he won it (Räuber and Drescher have no declarer, R30).  Those who
sit the deal out (R32) get nothing.  The money is each player's settlement times the table's
``per_fach`` (R37), which sums to zero as the ledger does: nothing goes to the kitty.  The
rating ranks the whole table by its balance (R38), not single deals.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from engine.dreierles.entries import DreierlesEntry
from engine.dreierles.rules import GameType
from engine.dreierles.state import DreierlesState
from engine.game import ClubFigures, Figure, Outcome, Ranking, Tally

if TYPE_CHECKING:  # the game module holds the result and registers these figures
    from engine.dreierles.game import DreierlesResult


def _figure(name: str, en: str, de: str) -> Figure:
    return Figure(name, {"en": en, "de": de})


#: the figure counting a declarer's games of each type (R28)
DECLARED_TYPE = {
    GameType.DREIER: "declared_dreier",
    GameType.ZWEIER: "declared_zweier",
    GameType.EINSER: "declared_einser",
    GameType.SOLO: "declared_solo",
    GameType.SOLO_DURCHMARSCH: "declared_durchmarsch",
}


class DreierlesClub(ClubFigures[DreierlesState, DreierlesEntry, "DreierlesResult"]):
    figures: ClassVar[tuple[Figure, ...]] = (
        _figure("fach", "Fach", "Fach"),
        _figure("deals", "Deals played", "Spiele mitgespielt"),
        _figure("declared", "Games as declarer", "Spiele als Spieler"),
        _figure("declared_won", "Won as declarer", "Als Spieler gewonnen"),
        _figure("declared_dreier", "Dreier as declarer", "Dreier gespielt"),
        _figure("declared_zweier", "Zweier as declarer", "Zweier gespielt"),
        _figure("declared_einser", "Einser as declarer", "Einser gespielt"),
        _figure("declared_solo", "Solo as declarer", "Solo gespielt"),
        _figure("declared_durchmarsch", "Solo with Durchmarsch as declarer", "Solo mit Durchmarsch gespielt"),
    )

    def tally(self, before: DreierlesState, entry: DreierlesEntry,
              outcome: Outcome[DreierlesState, DreierlesResult], rates: Mapping[str, int]) -> Tally:
        """The deal's settlement as Fach and money, a deal to each who played it, the
        declarer's game (R28, R29-R31); a Räuber or Drescher has no declarer (R30)."""
        result = outcome.result
        settled = result.scored.settlement
        figures: dict[str, dict[str, int]] = {}
        for player in result.active:
            mine = {"deals": 1}
            if settled.get(player, 0):
                mine["fach"] = settled[player]
            figures[player] = mine
        if result.declarer is not None and result.game in DECLARED_TYPE:
            mine = figures[result.declarer]
            mine["declared"] = 1
            mine[DECLARED_TYPE[result.game]] = 1
            if result.scored.won:
                mine["declared_won"] = 1
        rate = rates.get("per_fach", 0)
        money = {p: fach * rate for p, fach in settled.items() if fach * rate}
        return Tally(figures, money)

    def standing(self, state: DreierlesState) -> Ranking:
        """R38: the table ranked by balance, the most Fach first; equal balances tie.
        Before the first deal nothing is ranked."""
        if not state.deals:
            return ()
        groups: dict[int, list[str]] = {}
        for player, balance in zip(state.players, state.balance):
            groups.setdefault(balance, []).append(player)
        return tuple(tuple(groups[b]) for b in sorted(groups, reverse=True))


__all__ = ["DECLARED_TYPE", "DreierlesClub"]
