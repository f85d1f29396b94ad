"""R38: a club's season: each member's figures per game over the evenings in a range, where
every number came from (``sources``), how he fared against each other member
(``head_to_head``) and his evenings one after the other (``series``).

A match belongs to the range if its evening (R36, that of its first counting entry) does;
then all its counted entries count.  Figures are the game's (:class:`~engine.game.Figure`):
summed, the largest kept where ``best``, shown divided by their ``per`` figure (two
decimals; ``None`` while that figure is 0: no games, no average).  Beside them every game
has ``cents`` (the member's money, R37) and ``played`` (the matches he sat at)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from engine.club.evening import DEFAULT_TIMEZONE, evening_of_match, in_range
from engine.club.rating import Rating, Result, fold, ratings, results
from engine.club.records import MatchRecord, utc
from engine.game import KITTY, ClubFigures, Figure

#: what every game counts beside its own figures
CENTS = "cents"
PLAYED = "played"
#: what a source can be asked for beside the figures: the ranked results and the rating they moved
RANKED = "ranked"
RATING = "rating"

WON, LOST, TIED = "won", "lost", "tied"

Games = Mapping[str, ClubFigures[Any, Any, Any] | None]


@dataclass(frozen=True, slots=True)
class GameFigures:
    """A member's season in one game: its figures by name (with ``cents`` and ``played``),
    how many ranked results he has, and his rating (the ordinal, shown from the fifth result)."""

    figures: dict[str, int | float | None]
    ranked: int
    rating: float | None
    mu: float
    sigma: float

    def to_json(self) -> dict[str, Any]:
        return {**self.figures, RANKED: self.ranked, RATING: self.rating, "mu": round(self.mu, 4),
                "sigma": round(self.sigma, 4)}


@dataclass(frozen=True, slots=True)
class Season:
    """Each member's :class:`GameFigures` per game he played in the range."""

    members: dict[str, dict[str, GameFigures]]
    since: date | None = None
    until: date | None = None

    def to_json(self) -> dict[str, Any]:
        return {"from": self.since and self.since.isoformat(), "to": self.until and self.until.isoformat(),
                "members": {member: {game: figures.to_json() for game, figures in games.items()}
                            for member, games in self.members.items()}}


def _chosen(records: Iterable[MatchRecord], since: date | None, until: date | None,
            timezone: str) -> list[tuple[date, MatchRecord]]:
    chosen = []
    for record in records:
        day = evening_of_match(record, timezone)
        if day is not None and in_range(day, since, until):
            chosen.append((day, record))
    return chosen


def _shown(declared: tuple[Figure, ...], counts: dict[str, int]) -> dict[str, int | float | None]:
    """The figures as a season table shows them: every declared one (0 where nothing counted),
    a ``per`` figure divided by its other one, then any the game counted but did not declare."""
    shown: dict[str, int | float | None] = {}
    for figure in declared:
        value = counts.get(figure.name, 0)
        if figure.per is None:
            shown[figure.name] = value
        else:
            other = counts.get(figure.per, 0)
            shown[figure.name] = round(value / other, 2) if other else None
    shown.update({name: value for name, value in counts.items() if name not in shown})
    return shown


def season(records: Iterable[MatchRecord], games: Games, *, since: date | None = None, until: date | None = None,
           timezone: str = DEFAULT_TIMEZONE) -> Season:
    """R38: each member's figures per game over the matches whose evening is in ``[since,
    until]`` (inclusive, ``None`` open), with his money, the matches he played, his ranked
    results and his rating."""
    chosen = _chosen(records, since, until, timezone)
    counts: dict[str, dict[str, dict[str, int]]] = {}
    for _, record in chosen:
        club = games.get(record.game)
        best = {figure.name for figure in club.figures if figure.best} if club is not None else set()
        for player in record.players:
            mine = counts.setdefault(player, {}).setdefault(record.game, {})
            mine[PLAYED] = mine.get(PLAYED, 0) + 1
            mine.setdefault(CENTS, 0)
        for counted in record.counted:
            for party, cents in counted.tally.money.items():
                if party == KITTY:
                    continue
                mine = counts.setdefault(party, {}).setdefault(record.game, {})
                mine[CENTS] = mine.get(CENTS, 0) + cents
            for player, figures in counted.tally.figures.items():
                mine = counts.setdefault(player, {}).setdefault(record.game, {})
                for name, value in figures.items():
                    mine[name] = max(mine.get(name, value), value) if name in best else mine.get(name, 0) + value
    rated = ratings([record for _, record in chosen], timezone=timezone)
    members: dict[str, dict[str, GameFigures]] = {}
    for member, by_game in counts.items():
        for game, mine in by_game.items():
            club = games.get(game)
            declared = club.figures if club is not None else ()
            ordered = {name: mine[name] for name in (CENTS, PLAYED) if name in mine}
            rating = rated.get(game, {}).get(member, Rating())
            members.setdefault(member, {})[game] = GameFigures(
                {**_shown(declared, {k: v for k, v in mine.items() if k not in ordered}), **ordered},
                rating.ranked, rating.shown, rating.mu, rating.sigma)
    return Season(members, since, until)


@dataclass(frozen=True, slots=True)
class Source:
    """Where part of a figure came from ("tap a number"): entry ``seq`` of ``match``, on
    ``evening``, added ``amount``."""

    match: str
    seq: int
    evening: date
    amount: int | float

    def to_json(self) -> dict[str, Any]:
        return {"match": self.match, "seq": self.seq, "evening": self.evening.isoformat(), "amount": self.amount}


def sources(records: Iterable[MatchRecord], member: str, game: str, figure: str, *, since: date | None = None,
            until: date | None = None, timezone: str = DEFAULT_TIMEZONE) -> tuple[Source, ...]:
    """Every entry that made ``member``'s ``figure`` in ``game`` over the range, in the order
    they were made, with what it added: a game's figure (a ``per`` figure: its own parts, a
    ``best`` figure: each entry that counted one), ``cents`` (his money), ``played`` (each match
    he sat at, at its first counted entry, 1), ``ranked`` (each ranked result, 1) and ``rating``
    (each ranked result, what it moved his ordinal by, two decimals)."""
    chosen = [(day, record) for day, record in _chosen(records, since, until, timezone) if record.game == game]
    if figure in (RANKED, RATING):
        found = results([record for _, record in chosen], timezone=timezone)
        return tuple(Source(result.match, result.seq, result.evening,
                            1 if figure == RANKED else round(new.ordinal - old.ordinal, 2))
                     for result, moved in fold(found) if member in moved for old, new in [moved[member]])
    made: list[tuple[Any, Source]] = []
    for day, record in chosen:
        if figure == PLAYED:
            if member in record.players and record.counted:
                first = record.counted[0]
                made.append(((first.at, record.id, first.seq), Source(record.id, first.seq, day, 1)))
            continue
        for counted in record.counted:
            if figure == CENTS:
                amount = counted.tally.money.get(member, 0)
            else:
                amount = counted.tally.figures.get(member, {}).get(figure, 0)
            if amount:
                made.append(((counted.at, record.id, counted.seq), Source(record.id, counted.seq, day, amount)))
    made.sort(key=lambda pair: (utc(pair[0][0]), *pair[0][1:]))
    return tuple(source for _, source in made)


def _outcome(result: Result, member: str) -> str:
    """R38 for a member's own results: he won when he is in the best group and not everyone
    is (a shared first place is a win, as games count wins shared), tied when all are in one
    group, lost otherwise."""
    place = result.place(member)
    if len(result.ranking) == 1:
        return TIED
    return WON if place == 0 else LOST


def head_to_head(records: Iterable[MatchRecord], member: str, *, since: date | None = None,
                 until: date | None = None, timezone: str = DEFAULT_TIMEZONE) -> dict[str, dict[str, dict[str, int]]]:
    """How ``member`` fared against each other member, per game: in every ranked result where
    both are ranked, the better group won and the same group tied."""
    table: dict[str, dict[str, dict[str, int]]] = {}
    for result in results(records, since=since, until=until, timezone=timezone):
        mine = result.place(member)
        if mine is None:
            continue
        for place, group in enumerate(result.ranking):
            for other in group:
                if other == member:
                    continue
                outcome = WON if mine < place else LOST if mine > place else TIED
                counts = table.setdefault(other, {}).setdefault(result.game, {WON: 0, LOST: 0, TIED: 0})
                counts[outcome] += 1
    return table


@dataclass(frozen=True, slots=True)
class EveningPoint:
    """A member's evening (R36): his money that evening, his balance after it (all evenings in
    the range so far) and per game his ranked results' outcomes (won, lost, tied)."""

    date: date
    cents: int
    balance: int
    games: dict[str, dict[str, int]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"date": self.date.isoformat(), "cents": self.cents, "balance": self.balance,
                "games": {game: dict(counts) for game, counts in self.games.items()}}


def series(records: Iterable[MatchRecord], member: str, timezone: str = DEFAULT_TIMEZONE, *,
           since: date | None = None, until: date | None = None) -> tuple[EveningPoint, ...]:
    """``member``'s evenings in the range, the oldest first: each evening he played (sat at a
    match or was paid or ranked in one), his money that evening and his balance so far."""
    chosen = _chosen(records, since, until, timezone)
    cents: dict[date, int] = {}
    outcomes: dict[date, dict[str, dict[str, int]]] = {}
    for day, record in chosen:
        money = sum(counted.tally.money.get(member, 0) for counted in record.counted)
        if member in record.players or money:
            cents[day] = cents.get(day, 0) + money
    for result in results([record for _, record in chosen], timezone=timezone):
        if result.place(member) is not None:
            cents.setdefault(result.evening, 0)
            counts = outcomes.setdefault(result.evening, {}).setdefault(result.game, {WON: 0, LOST: 0, TIED: 0})
            counts[_outcome(result, member)] += 1
    points: list[EveningPoint] = []
    balance = 0
    for day in sorted(cents):
        balance += cents[day]
        points.append(EveningPoint(day, cents[day], balance, outcomes.get(day, {})))
    return tuple(points)
