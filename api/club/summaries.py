"""A club match's summary: what its entries add to the members' season (the game's
tallies, R37/R38), kept in the transaction of every write to the match, so the season is
read from summaries and never by replaying a log.

A new hand appends its tally (the engine folded it already: :attr:`api.store.Change.folded`);
a void, a replacement or a change of the match's rates builds the summary again from the
log (money is counted at the match's rates as they stand).  :func:`rebuilt` is also what the
tests compare the kept summaries with."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, String, bindparam, func, select, update
from sqlalchemy import cast as sa_cast
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Connection

import engine
from api import events
from api.club.rows import CLUB_MATCHES, CLUBS
from api.games import load_entry
from api.log import fold_hands
from api.models import Entry
from api.store import Change, MatchRow, iso
from engine.game import Tally

STREAM = "c"  # live streams follow "c:<id>" (api.events kinds)
#: match id → its club's id, or None: a match's club never changes, so each worker asks once
_CLUB_OF: dict[str, str | None] = {}
_CLUB_OF_MOST = 20_000


def stream_key(club_id: str) -> str:
    return events.stream_key(STREAM, club_id)


def club_of(connection: Connection, match_id: str) -> str | None:
    if match_id in _CLUB_OF:
        return _CLUB_OF[match_id]
    club_id = connection.execute(select(CLUB_MATCHES.c.club_id).where(CLUB_MATCHES.c.match_id == match_id)).scalar()
    if len(_CLUB_OF) >= _CLUB_OF_MOST:
        _CLUB_OF.clear()
    _CLUB_OF[match_id] = club_id
    return club_id


def joined(match_id: str, club_id: str) -> None:
    """A match was made a club's (in this worker)."""
    _CLUB_OF[match_id] = club_id


def _appended(dialect: str) -> Any:
    """The summary's tallies with the bound ``tally`` appended, in SQL: the list is not read
    back and written whole with every entry (a long table would cost more with every deal)."""
    tally = bindparam("tally", type_=String)
    if dialect == "postgresql":
        return sa_cast(sa_cast(CLUB_MATCHES.c.tallies, JSONB).op("||")(
            func.jsonb_build_array(sa_cast(tally, JSONB))), JSON)
    return func.json_insert(CLUB_MATCHES.c.tallies, "$[#]", func.json(tally))


def _dealt(dialect: str | None) -> Any:
    """A hand's move of the summary, built once per database (the hot path of a club's table:
    a statement built per deal costs as much as running it); ``dialect`` None: no tally."""
    column = CLUB_MATCHES.c
    at = bindparam("at", type_=column.last_at.type)
    values: dict[str, Any] = {
        "last_at": at, "first_at": func.coalesce(column.first_at, at),
        "finished": bindparam("finished", type_=column.finished.type),
        "standing": bindparam("standing", type_=column.standing.type),
    }
    if dialect is not None:
        values["tallies"] = _appended(dialect)
    return update(CLUB_MATCHES).where(CLUB_MATCHES.c.match_id == bindparam("summary_of")).values(**values)


_DEALT = {name: _dealt(name) for name in ("sqlite", "postgresql")}
_DEALT_EMPTY = _dealt(None)
_BUMP = (update(CLUBS).where(CLUBS.c.id == bindparam("club_id"))
         .values(revision=CLUBS.c.revision + 1,
                 last_change=bindparam("change", type_=CLUBS.c.last_change.type))
         .returning(CLUBS.c.revision))


def tally_json(seq: int, at: datetime, tally: Tally) -> dict[str, Any]:
    return {"seq": seq, "at": iso(at), **tally.to_json()}


def summary(game_name: str, players: Iterable[str], rules: dict[str, str], dealer: str | None,
            rates: dict[str, int] | None, hands: Iterable[tuple[int, datetime, Any]]) -> dict[str, Any]:
    """A match's summary from its hands that count (seq, recorded_at, entry), in order."""
    game = engine.get_game(game_name)
    start = game.start(list(players), rules=rules, dealer=dealer)
    every_rate = {name: (rates or {}).get(name, 0) for name in game.money_rates}
    made: list[dict[str, Any]] = []
    times = []
    entries = []
    for seq, at, entry in hands:
        times.append(at)
        entries.append(((seq, at), entry))
    for (seq, at), tally in game.tallies(start, entries, every_rate):
        if not tally.empty:
            made.append(tally_json(seq, at, tally))
    state = game.replay(start, (entry for _, entry in entries))
    standing = game.club.standing(state) if game.club is not None else ()
    finished = bool(game.state_to_json(state).get("finished", False))
    return {"tallies": made, "standing": [list(group) for group in standing],
            "first_at": min(times) if times else None, "last_at": max(times) if times else None,
            "finished": finished}


def rebuilt(connection: Connection, match: Any) -> dict[str, Any]:
    """The summary of ``match`` (a row of ``matches``) from its log as it stands."""
    log = connection.execute(select(Entry.seq, Entry.action, Entry.body, Entry.result, Entry.token_kind,
                                    Entry.recorded_at).where(Entry.match_id == match.id)
                             .order_by(Entry.seq, Entry.id))
    hands = [(seq, hand.recorded_at, load_entry(match.game, hand.body)[1])
             for seq, hand in fold_hands(log) if not hand.voided]
    return summary(match.game, match.players, match.rules, match.first_dealer, match.rates, hands)


def match_written(connection: Connection, match: MatchRow, change: Change) -> Callable[[], None] | None:
    """Inside a write to a match (:func:`api.store.store`): if it is a club's, its summary
    moves on and the club's revision with it (the evening's board wakes).  A ruling adds
    nothing to a summary; a match outside a club costs one cached lookup."""
    club_id = club_of(connection, match.id)
    if club_id is None or not (change.records or change.settings):
        return None
    if change.folded is not None and len(change.records) == 1 and change.settings == {}:
        before, entry, outcome = change.folded
        game = engine.get_game(match.game)
        values: dict[str, Any] = {"summary_of": match.id, "at": change.at,
                                  "finished": bool(change.state.get("finished", False)), "standing": []}
        statement = _DEALT_EMPTY
        if game.club is not None:
            rates = {name: (match.rates or {}).get(name, 0) for name in game.money_rates}
            tally = game.club.tally(before, entry, outcome, rates)
            if not tally.empty:
                statement = _DEALT[connection.dialect.name]
                values["tally"] = json.dumps(tally_json(change.records[0]["seq"], change.at, tally),
                                             ensure_ascii=False, separators=(",", ":"))
            values["standing"] = [list(group) for group in game.club.standing(outcome.state)]
        connection.execute(statement, values)
    else:
        current = {name: getattr(match, name) for name in ("id", "game", "players", "rules", "first_dealer", "rates")}
        connection.execute(update(CLUB_MATCHES).where(CLUB_MATCHES.c.match_id == match.id)
                           .values(**rebuilt(connection, _Row({**current, **change.settings}))))
    return bump(connection, club_id, {"action": "match", "match_id": match.id})


class _Row:
    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)


def bump(connection: Connection, club_id: str, change: dict[str, Any]) -> Callable[[], None]:
    """Inside a transaction: the club moves on one revision; its stream wakes after the commit."""
    revision = connection.execute(_BUMP, {"club_id": club_id, "change": change}).scalar_one()
    events.publish(connection, stream_key(club_id), revision)

    def then() -> None:
        events.notify(stream_key(club_id), revision)

    return then
