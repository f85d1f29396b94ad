"""What DREIst! counts for a club's members (R37, R38).

A series (R33): each game counts one game to every player and the cards he had left, and
ranks the table by cards left (the fewest first, ties shared).  The game that ends the
series counts it to everyone and as won to the lowest total (ties share); with a
``per_point`` rate each player then pays the winner his total minus the winner's (R37).

Solo against Egon (R34): the largest count won in the run, counted on each game that
raises it (the season keeps the best), and the run itself once it ends.  One player: no
money, nothing ranked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from engine.game import ClubFigures, Figure, Outcome, Ranking, Tally

if TYPE_CHECKING:  # the game module holds entries, states and results, and registers these figures
    from engine.dreist.game import DreistEntry, DreistResult, DreistState


def series_money(players: Sequence[str], totals: Sequence[int], per_point: int) -> dict[str, int]:
    """R37: after a series each player pays the winner his total minus the winner's, in
    cents at ``per_point``.  Tied winners split each payer's amount equally in whole cents;
    the cents left over go one by one to the tied winners in seating order (``players``).
    Only those who pay or are paid; the amounts sum to zero."""
    low = min(totals)
    winners = [p for p, t in zip(players, totals) if t == low]
    money = dict.fromkeys(players, 0)
    for payer, total in zip(players, totals):
        amount = (total - low) * per_point
        if not amount:
            continue
        money[payer] -= amount
        share, rest = divmod(amount, len(winners))
        for place, winner in enumerate(winners):
            money[winner] += share + (1 if place < rest else 0)
    return {p: cents for p, cents in money.items() if cents}


def by_cards_left(players: Sequence[str], remaining: Mapping[str, int]) -> Ranking:
    """R38: a series game ranks its players by cards left, the fewest first; equal counts
    share a place (in seating order within it)."""
    groups: dict[int, list[str]] = {}
    for player in players:
        groups.setdefault(remaining[player], []).append(player)
    return tuple(tuple(groups[n]) for n in sorted(groups))


def _figure(name: str, en: str, de: str, *, best: bool = False, per: str | None = None) -> Figure:
    return Figure(name, {"en": en, "de": de}, best=best, per=per)


class DreistClub(ClubFigures["DreistState", "DreistEntry", "DreistResult"]):
    figures: ClassVar[tuple[Figure, ...]] = (
        _figure("games", "Games", "Spiele"),
        _figure("cards_left", "Cards left per game", "Karten übrig je Spiel", per="games"),
        _figure("series", "Series", "Serien"),
        _figure("series_won", "Series won", "Serien gewonnen"),
        _figure("best_run", "Best solo run", "Beste Solo-Runde", best=True),
        _figure("solo_runs", "Solo runs", "Solo-Runden"),
    )

    def tally(self, before: DreistState, entry: DreistEntry, outcome: Outcome[DreistState, DreistResult],
              rates: Mapping[str, int]) -> Tally:
        return self._solo(before, outcome) if before.solo else self._series(before, outcome, rates)

    @staticmethod
    def _series(before: DreistState, outcome: Outcome[DreistState, DreistResult],
                rates: Mapping[str, int]) -> Tally:
        """R33: a game to each, his cards left, the table ranked by them; the last game of
        the series counts it, won by the lowest total (ties share), and settles it (R37)."""
        after, remaining = outcome.state, outcome.result.remaining
        figures: dict[str, dict[str, int]] = {}
        for player in after.players:
            figures[player] = {"games": 1, **({"cards_left": remaining[player]} if remaining[player] else {})}
        money: dict[str, int] = {}
        if after.finished:
            for player in after.players:
                figures[player]["series"] = 1
            for player in after.leaders:
                figures[player]["series_won"] = 1
            money = series_money(after.players, after.totals, rates.get("per_point", 0))
        return Tally(figures, money, by_cards_left(after.players, remaining))

    @staticmethod
    def _solo(before: DreistState, outcome: Outcome[DreistState, DreistResult]) -> Tally:
        """R34: the largest count won so far, on the game that raises it; the run once it
        ends (a first game lost is a run without a count)."""
        after = outcome.state
        mine: dict[str, int] = {}
        if after.best is not None and after.best != before.best:
            mine["best_run"] = after.best
        if after.finished:
            mine["solo_runs"] = 1
        return Tally({after.players[0]: mine} if mine else {})


__all__ = ["DreistClub", "by_cards_left", "series_money"]
