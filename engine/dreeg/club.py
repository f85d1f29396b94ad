"""What a Partie of Dreeg counts for a club's members (R37, R38): the Partien played and
won (the fewest blobs, shared, R14), the blobs received and the sub-games lost (R3, R4,
R12), each on the hand that made it; at the Partie's end every player pays his blobs
into the club's kitty (R37) and the Partie ranks its players by blobs (R38)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from engine.dreeg.entries import DreegEntry
from engine.dreeg.state import DreegState
from engine.game import KITTY, ClubFigures, Figure, Outcome, Ranking, Tally

if TYPE_CHECKING:  # the game module holds the result and registers these figures
    from engine.dreeg.game import DreegResult

#: R37: the rate of a blob, in cents
PER_BLOB = "per_blob"


def ranked_by_blobs(state: DreegState) -> Ranking:
    """R38: a Partie ranks its players by blobs, fewest first; equal blobs tie (R14),
    each group in seating order."""
    counts = dict(zip(state.players, state.blobs))
    return tuple(tuple(p for p in state.players if counts[p] == n) for n in sorted(set(counts.values())))


class DreegClub(ClubFigures[DreegState, DreegEntry, "DreegResult"]):
    figures: ClassVar[tuple[Figure, ...]] = (
        Figure("partien", {"en": "games played", "de": "Partien"}),
        Figure("partien_won", {"en": "games won", "de": "gewonnene Partien"}),
        Figure("blobs", {"en": "blobs", "de": "Bollen"}),
        Figure("subgames_lost", {"en": "sub-games lost", "de": "verlorene Runden"}),
    )

    def tally(self, before: DreegState, entry: DreegEntry, outcome: Outcome[DreegState, DreegResult],
              rates: Mapping[str, int]) -> Tally:
        """A hand counts when it ends a sub-game (its losers' blobs, R3, R4, R12) and,
        the eighth's last hand, the Partie (R14: Partien, the winners, the kitty, the
        ranking); any other hand counts nothing."""
        after, result = outcome.state, outcome.result
        figures: dict[str, dict[str, int]] = {}
        for player, had, has in zip(after.players, before.blobs, after.blobs):
            if has > had:
                figures.setdefault(player, {})["blobs"] = has - had
        for player in result.losers:
            figures.setdefault(player, {})["subgames_lost"] = 1
        if not after.finished:
            return Tally(figures)
        for player in after.players:
            figures.setdefault(player, {})["partien"] = 1
        for player in after.winners:
            figures[player]["partien_won"] = 1
        return Tally(figures, self.kitty(after, rates.get(PER_BLOB, 0)), ranked_by_blobs(after))

    @staticmethod
    def kitty(state: DreegState, per_blob: int) -> dict[str, int]:
        """R37: at the end of a Partie each player pays his blobs times the rate into the
        club's kitty (nothing at all when the club does not play for money)."""
        paid = {p: -n * per_blob for p, n in zip(state.players, state.blobs) if n * per_blob}
        return {**paid, KITTY: -sum(paid.values())} if paid else {}
