"""Building a club's match records by hand: each entry's tally as a game would count it, at a
local time in the club's time zone."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from zoneinfo import ZoneInfo

from engine.club import Counted, MatchRecord
from engine.game import Ranking, Tally

BERLIN = "Europe/Berlin"
NEW_YORK = "America/New_York"


def local(text: str, timezone: str = BERLIN) -> datetime:
    """A moment written as the table's clock shows it, "2026-01-15 20:30"."""
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(timezone))


def tally(figures: Mapping[str, Mapping[str, int]] | None = None, money: Mapping[str, int] | None = None,
          ranking: Ranking = ()) -> Tally:
    return Tally(dict(figures or {}), dict(money or {}), ranking)


def match(id: str, game: str, players: tuple[str, ...], entries: list[tuple[str, Tally]], *,
          standing: Ranking = (), timezone: str = BERLIN, finished: bool = True) -> MatchRecord:
    """A match whose counted entries were made at the local times given, numbered 1, 2, ..."""
    counted = tuple(Counted(id, seq, local(at, timezone), entry) for seq, (at, entry) in enumerate(entries, 1))
    return MatchRecord(id, game, players, counted[0].at if counted else None, counted, standing, finished)


def bummerl(at: str, winner: str, receiver: str, *, cents: int = 50, schneider: bool = False) -> tuple[str, Tally]:
    """A Sixty-Six Bummerl (R37: the receiver pays the winner, two for a Schneider)."""
    times = 2 if schneider else 1
    figures: dict[str, dict[str, int]] = {winner: {"bummerl_won": 1, "deals": 1},
                                          receiver: {"bummerl_received": times, "deals": 1}}
    if schneider:
        figures[winner]["schneider_won"] = 1
        figures[receiver]["schneider_received"] = 1
    return at, tally(figures, {winner: cents * times, receiver: -cents * times} if cents else {},
                     ((winner,), (receiver,)))
