"""R38: the rating (Spielstärke) per game: openskill's Plackett-Luce model with its
defaults, fed the ranked results in the order they were made.

A ranked result is an entry's ranking (what a finished game or part of one ranks) or a
match's standing (a game that ranks a table's whole evening), which counts once, at the
match's last counted entry.  Results are taken in the order (time, match, seq).

The update is openskill's ``PlackettLuce().rate`` for players who each are their own team,
written out here over plain floats: ``rate`` deep-copies every rating and draws a fresh
uuid for it, which makes a season of a few thousand results slow to fold.  The parameters
come from the model itself, and tests/engine/club/test_rating.py checks the numbers against
``rate`` on random rankings.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from openskill.models import PlackettLuce

from engine.club.evening import DEFAULT_TIMEZONE, evening_of_match, in_range
from engine.club.records import MatchRecord, utc
from engine.game import Ranking

#: the model with its defaults (R38)
MODEL = PlackettLuce()

#: R38: the rating is shown once a member has this many ranked results in a game
SHOWN_FROM = 5


@dataclass(frozen=True, slots=True)
class Rating:
    """A member's rating in one game: openskill's ``mu`` and ``sigma``, the ordinal
    ``mu - 3 sigma`` and how many ranked results it rests on."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    ranked: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> float | None:
        """The ordinal as a season shows it (two decimals) once it rests on five results, else ``None``."""
        return round(self.ordinal, 2) if self.ranked >= SHOWN_FROM else None


@dataclass(frozen=True, slots=True)
class Result:
    """A ranked result (R38): ``ranking`` of a ``game``'s players, made at ``(at, match, seq)``;
    ``evening`` is its match's (R36)."""

    at: datetime
    match: str
    seq: int
    game: str
    evening: date
    ranking: Ranking

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(player for group in self.ranking for player in group)

    def place(self, member: str) -> int | None:
        """The index of ``member``'s group (0 best), ``None`` if he is not ranked in it."""
        return next((index for index, group in enumerate(self.ranking) if member in group), None)


def results(records: Iterable[MatchRecord], *, since: date | None = None, until: date | None = None,
            timezone: str = DEFAULT_TIMEZONE) -> tuple[Result, ...]:
    """Every ranked result of the matches whose evening is in ``[since, until]``, in the
    order they were made; a ranking of fewer than two players ranks nobody and is left out."""
    found: list[tuple[tuple[datetime, str, int, int], Result]] = []
    for record in records:
        day = evening_of_match(record, timezone)
        if day is None or not in_range(day, since, until):
            continue
        for counted in record.counted:
            if sum(map(len, counted.tally.ranking)) >= 2:
                at = utc(counted.at)
                found.append(((at, record.id, counted.seq, 0),
                              Result(at, record.id, counted.seq, record.game, day, counted.tally.ranking)))
        last = record.last
        if last is not None and sum(map(len, record.standing)) >= 2:
            at = utc(last.at)
            found.append(((at, record.id, last.seq, 1), Result(at, record.id, last.seq, record.game, day,
                                                               record.standing)))
    found.sort(key=lambda pair: pair[0])
    return tuple(result for _, result in found)


def rate(ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """openskill's Plackett-Luce update (Weng and Lin, algorithm 4) of players who are each
    their own team, ``places[i]`` the place of ``ratings[i]`` (lower is better, equal ties):
    the same numbers as ``PlackettLuce().rate([[r] for r in ratings], ranks=places)``."""
    moved = _update([r.mu for r in ratings], [r.sigma for r in ratings], places)
    return [Rating(mu, sigma, r.ranked + 1) for (mu, sigma), r in zip(moved, ratings)]


_TAU_SQUARED = MODEL.tau * MODEL.tau
_BETA_SQUARED = MODEL.beta * MODEL.beta


def _update(mus: Sequence[float], sigmas: Sequence[float], places: Sequence[int]) -> list[tuple[float, float]]:
    """:func:`rate` over plain floats: each player's new ``(mu, sigma)``.  A player's share
    of each place at or above his is his strength over the strengths of all placed there or
    below; openskill's sum over the players of a place, each divided by how many tie there,
    is that place's term once."""
    k = len(mus)
    variances = [sigma * sigma + _TAU_SQUARED for sigma in sigmas]
    c = math.sqrt(sum(variances) + k * _BETA_SQUARED)
    strength = [math.exp(mu / c) for mu in mus]
    below = {place: 0.0 for place in places}
    tied = dict.fromkeys(places, 0)
    for place, power in zip(places, strength):
        tied[place] += 1
        for other in below:
            if place >= other:
                below[other] += power
    moved = []
    for i in range(k):
        # each place at or above his adds, once per player placed there, over the players
        # tied there: his share's variance, minus his share, plus one for his own place
        mine = places[i]
        omega = 1 / tied[mine]
        delta = 0.0
        for place, total in below.items():
            if place <= mine:
                share = strength[i] / total
                delta += share * (1 - share)
                omega -= share
        variance = variances[i]
        deviation = math.sqrt(variance)
        omega *= variance / c
        delta *= variance / (c * c) * (deviation / c)
        moved.append((mus[i] + omega, deviation * math.sqrt(max(1 - delta, MODEL.kappa))))
    return moved


def fold(found: Iterable[Result]) -> Iterator[tuple[Result, dict[str, tuple[Rating, Rating]]]]:
    """Each result with every ranked member's rating before and after it (its game's)."""
    table: dict[str, dict[str, Rating]] = {}
    for result in found:
        game = table.setdefault(result.game, {})
        players = result.players
        before = [game.get(player, Rating()) for player in players]
        after = rate(before, [place for place, group in enumerate(result.ranking) for _ in group])
        game.update(zip(players, after))
        yield result, {player: (old, new) for player, old, new in zip(players, before, after)}


def ratings(records: Iterable[MatchRecord], *, since: date | None = None, until: date | None = None,
            timezone: str = DEFAULT_TIMEZONE) -> dict[str, dict[str, Rating]]:
    """R38: each game's rating of each member ranked in it, over the ranked results of the
    matches whose evening is in ``[since, until]``, taken in the order they were made."""
    table: dict[str, dict[str, tuple[float, float, int]]] = {}
    fresh = (MODEL.mu, MODEL.sigma, 0)
    for result in results(records, since=since, until=until, timezone=timezone):
        game = table.setdefault(result.game, {})
        players = [player for group in result.ranking for player in group]
        places = [place for place, group in enumerate(result.ranking) for _ in group]
        before = [game.get(player, fresh) for player in players]
        moved = _update([b[0] for b in before], [b[1] for b in before], places)
        for player, (mu, sigma), old in zip(players, moved, before):
            game[player] = (mu, sigma, old[2] + 1)
    return {name: {player: Rating(*values) for player, values in game.items()} for name, game in table.items()}
