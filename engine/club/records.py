"""What the club core reads of a club's matches: each match's summary as the API keeps it
(:class:`MatchRecord`), with every counting entry's tally and when it was made
(:class:`Counted`).  Names in tallies, rankings and standings are already member ids."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from engine.game import Ranking, Tally


def utc(at: datetime) -> datetime:
    """``at`` as an aware time in UTC; a naive time is taken to be UTC already (the way the
    database hands back what it was given)."""
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class Counted:
    """One entry's tally: what it added to the season, in which match, as its ``seq``-th
    entry, recorded ``at``."""

    match: str
    seq: int
    at: datetime
    tally: Tally


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A club match as the season sees it: its game, its players (member ids, in seating
    order), when its first counting entry was made (``None``: none yet), its counted entries
    in ``seq`` order, its standing (R38: a game that ranks a table's whole evening, else
    empty) and whether it is over."""

    id: str
    game: str
    players: tuple[str, ...]
    first_at: datetime | None
    counted: tuple[Counted, ...]
    standing: Ranking = ()
    finished: bool = False

    @property
    def started_at(self) -> datetime | None:
        """When its first counting entry was made: ``first_at``, or the first counted entry's
        time where the summary does not say; ``None`` while nothing counts."""
        if self.first_at is not None:
            return self.first_at
        return self.counted[0].at if self.counted else None

    @property
    def last(self) -> Counted | None:
        """Its last counted entry (where a standing is ranked, R38), ``None`` while nothing counts."""
        return self.counted[-1] if self.counted else None
