"""A club's books (the Stammtisch, R36-R38): its evenings and their settle-up, each member's
season figures per game, his rating, head-to-head record and evenings, and where every number
came from.  Pure functions over the club's :class:`MatchRecord` s, which the API builds from
its matches; games come in only through their :class:`~engine.game.ClubFigures` (no game is
named here)."""

from __future__ import annotations

from engine.club.evening import (
    DEFAULT_TIMEZONE,
    Evening,
    evening,
    evening_of,
    evening_of_match,
    evenings,
    in_range,
    is_timezone,
)
from engine.club.money import Transfer, net, settle
from engine.club.rating import MODEL, SHOWN_FROM, Rating, Result, rate, ratings, results
from engine.club.records import Counted, MatchRecord
from engine.club.season import (
    CENTS,
    LOST,
    PLAYED,
    RANKED,
    RATING,
    TIED,
    WON,
    EveningPoint,
    GameFigures,
    Season,
    Source,
    head_to_head,
    season,
    series,
    sources,
)

__all__ = [
    "CENTS", "DEFAULT_TIMEZONE", "LOST", "MODEL", "PLAYED", "RANKED", "RATING", "SHOWN_FROM", "TIED", "WON", "Counted",
    "Evening", "EveningPoint", "GameFigures", "MatchRecord", "Rating", "Result", "Season", "Source", "Transfer",
    "evening", "evening_of", "evening_of_match", "evenings", "head_to_head", "in_range", "is_timezone", "net", "rate",
    "ratings", "results", "season", "series", "settle", "sources",
]
