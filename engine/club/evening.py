"""R36: a club's evenings.  An evening is the matches whose first entry falls from 12:00 on
a day until before 12:00 on the next, in the club's time zone; it carries the first day's
date.  Its money (R37) is each member's net and the kitty's, settled by payments."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.club.money import Transfer, net, settle
from engine.club.records import MatchRecord, utc
from engine.game import KITTY

#: R36: the time zone of a club that names none
DEFAULT_TIMEZONE = "Europe/Berlin"

#: R36: an evening runs from noon to noon
NOON = time(12)


@cache
def _zone(timezone: str) -> ZoneInfo:
    return ZoneInfo(timezone)


def is_timezone(name: str) -> bool:
    """Whether ``name`` is a time zone a club can keep its evenings in (an IANA name such as
    ``Europe/Berlin``)."""
    try:
        _zone(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def evening_of(at: datetime, timezone: str = DEFAULT_TIMEZONE) -> date:
    """R36: the evening a moment belongs to, in the club's time zone: its own day from 12:00
    on, the day before until 11:59 (a night that goes past midnight belongs to the day it
    started).  A naive ``at`` is UTC."""
    local = utc(at).astimezone(_zone(timezone))
    return local.date() if local.time() >= NOON else local.date() - timedelta(days=1)


def evening_of_match(record: MatchRecord, timezone: str = DEFAULT_TIMEZONE) -> date | None:
    """R36: the evening of a match is that of its first counting entry; a match where nothing
    counts yet has none."""
    started = record.started_at
    return None if started is None else evening_of(started, timezone)


def in_range(day: date | None, since: date | None, until: date | None) -> bool:
    """Whether an evening falls in ``[since, until]`` (inclusive, ``None`` open); no evening
    falls in any range."""
    return day is not None and (since is None or since <= day) and (until is None or day <= until)


@dataclass(frozen=True, slots=True)
class Evening:
    """One evening (R36) of a club: its matches (by when they started), each member's net in
    cents (every player of its matches, 0 kept), the kitty's and the payments that settle them
    (R37)."""

    date: date
    matches: tuple[str, ...]
    net: dict[str, int]
    kitty: int
    transfers: tuple[Transfer, ...]

    def to_json(self) -> dict[str, Any]:
        return {"date": self.date.isoformat(), "matches": list(self.matches), "net": dict(self.net),
                "kitty": self.kitty, "transfers": [t.to_json() for t in self.transfers]}


def evening(day: date, records: Iterable[MatchRecord]) -> Evening:
    """The evening ``day`` of ``records`` (its matches): the money of every tally of theirs,
    by member and kitty, and its settle-up (R37)."""
    ordered = sorted(records, key=lambda r: (utc(r.started_at or datetime.min), r.id))
    money = net(counted.tally for record in ordered for counted in record.counted)
    members = {player: 0 for record in ordered for player in record.players}
    members.update({party: cents for party, cents in money.items() if party != KITTY})
    kitty = money.get(KITTY, 0)
    return Evening(day, tuple(r.id for r in ordered), members, kitty, settle({**members, KITTY: kitty}))


def evenings(records: Iterable[MatchRecord], timezone: str = DEFAULT_TIMEZONE) -> tuple[Evening, ...]:
    """R36: a club's evenings, the newest first; a match where nothing counts yet is on none."""
    by_day: dict[date, list[MatchRecord]] = {}
    for record in records:
        day = evening_of_match(record, timezone)
        if day is not None:
            by_day.setdefault(day, []).append(record)
    return tuple(evening(day, by_day[day]) for day in sorted(by_day, reverse=True))
