"""What a match of Sixty-Six or Schnapsen counts for a club's members (R37, R38): the
deals played, and on the deal that decides a Bummerl (R22) its winner and its receiver
(two Bummerl for a Schneider, one in tournament mode), whether it was a Schneider, the
money the receiver pays the winner per Bummerl received (R37) and the result the rating
ranks: the winner over the receiver (R38)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from engine.game import ClubFigures, Figure, Outcome, Tally
from engine.sixtysix.entries import SixtySixEntry
from engine.sixtysix.state import BummerlRecord, SixtySixState

if TYPE_CHECKING:  # the game module holds the result and registers these figures
    from engine.sixtysix.game import SixtySixResult

#: R37: the rate of a Bummerl, in cents
PER_BUMMERL = "per_bummerl"


class SixtySixClub(ClubFigures[SixtySixState, SixtySixEntry, "SixtySixResult"]):
    figures: ClassVar[tuple[Figure, ...]] = (
        Figure("deals", {"en": "deals played", "de": "Spiele"}),
        Figure("bummerl_won", {"en": "Bummerl won", "de": "Bummerl gewonnen"}),
        Figure("bummerl_received", {"en": "Bummerl received", "de": "Bummerl bekommen"}),
        Figure("schneider_won", {"en": "Schneider won", "de": "Schneider gewonnen"}),
        Figure("schneider_received", {"en": "Schneider received", "de": "Schneider bekommen"}),
    )

    def tally(self, before: SixtySixState, entry: SixtySixEntry, outcome: Outcome[SixtySixState, SixtySixResult],
              rates: Mapping[str, int]) -> Tally:
        """Every deal counts one deal to both players (a 65:65 too, R21); the deal that
        decides a Bummerl (R22: the state records a new one) counts it for both."""
        after = outcome.state
        figures = {player: {"deals": 1} for player in after.players}
        if len(after.bummerls) == len(before.bummerls):
            return Tally(figures)
        record = after.bummerls[-1]
        return self._bummerl(figures, record, rates.get(PER_BUMMERL, 0))

    @staticmethod
    def _bummerl(figures: dict[str, dict[str, int]], record: BummerlRecord, per_bummerl: int) -> Tally:
        """R22: the winner wins one Bummerl, the receiver gets ``record.count`` (two for a
        Schneider, single in tournament mode); a Schneider is counted for both as the
        fact it is, whatever it counts; R37: the receiver pays the winner the rate per
        Bummerl he got; R38: the winner ranks over the receiver."""
        figures[record.winner]["bummerl_won"] = 1
        figures[record.loser]["bummerl_received"] = record.count
        if record.schneider:
            figures[record.winner]["schneider_won"] = 1
            figures[record.loser]["schneider_received"] = 1
        cents = record.count * per_bummerl
        money = {record.winner: cents, record.loser: -cents} if cents else {}
        return Tally(figures, money, ((record.winner,), (record.loser,)))
