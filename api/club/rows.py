"""A club's rows: the club, its members, its matches (with their summaries); read for a
request, locked for a write."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Row, select
from sqlalchemy.engine import Connection

from api.extensions import db
from api.models import Club, ClubMatch, ClubMember, Match
from api.store import possible_id

CLUBS = Club.__table__
MEMBERS = ClubMember.__table__
CLUB_MATCHES = ClubMatch.__table__
MATCHES = Match.__table__
#: a club's members, merged ones included: a Stammtisch, not a league
MEMBERS_MOST = 200


def load_club(club_id: str, connection: Connection | None = None, *, lock: bool = False) -> Row[Any] | None:
    if not possible_id(club_id):
        return None
    connection = connection or db.session.connection()
    query = select(CLUBS).where(CLUBS.c.id == club_id)
    return connection.execute(query.with_for_update() if lock else query).first()


def members(club_id: str, connection: Connection | None = None) -> list[Row[Any]]:
    """Every member of the club, merged ones included, oldest first."""
    connection = connection or db.session.connection()
    return list(connection.execute(select(MEMBERS).where(MEMBERS.c.club_id == club_id)
                                   .order_by(MEMBERS.c.created_at, MEMBERS.c.id)))


def current(members_: list[Row[Any]]) -> dict[str, str]:
    """Each member id (merged ones too) → the id of the member he counts for now."""
    into = {m.id: m.merged_into for m in members_}
    resolved: dict[str, str] = {}
    for member in into:
        seen, at = set(), member
        while into.get(at) and at not in seen:
            seen.add(at)
            at = into[at] or at
        resolved[member] = at
    return resolved


def club_matches(club_id: str, connection: Connection | None = None, *, tallies: bool = True) -> list[Row[Any]]:
    """The club's matches with their summaries (without the tallies, unless ``tallies``) and
    each match's game, oldest first."""
    connection = connection or db.session.connection()
    link = [column for column in CLUB_MATCHES.c if tallies or column.name != "tallies"]
    query = (select(*link, MATCHES.c.game, MATCHES.c.players.label("seats"), MATCHES.c.created_at,
                    MATCHES.c.revision.label("match_revision"),
                    MATCHES.c.rates, MATCHES.c.rules, MATCHES.c.first_dealer)
             .join(MATCHES, MATCHES.c.id == CLUB_MATCHES.c.match_id)
             .where(CLUB_MATCHES.c.club_id == club_id).order_by(MATCHES.c.created_at, MATCHES.c.id))
    return list(connection.execute(query))


def tallies_of(match_ids: list[str], connection: Connection | None = None) -> dict[str, list[dict[str, Any]]]:
    """The summaries' tallies of these matches."""
    connection = connection or db.session.connection()
    found: dict[str, list[dict[str, Any]]] = {}
    for start in range(0, len(match_ids), 500):
        batch = match_ids[start:start + 500]
        found.update((row.match_id, row.tallies) for row in connection.execute(
            select(CLUB_MATCHES.c.match_id, CLUB_MATCHES.c.tallies).where(CLUB_MATCHES.c.match_id.in_(batch))))
    return found
