"""A tournament's rows: the tournament (its conditions, its snapshot of the engine's
state), its log of entries and its tables' links to their matches; read for a request,
locked for a write."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import Row, select
from sqlalchemy.engine import Connection

from api.extensions import db
from api.models import Match, Tournament, TournamentEntry, TournamentMatch
from api.store import possible_id
from engine.tournament import TournamentState, config_from_json, state_from_json, state_to_json

TOURNAMENTS = Tournament.__table__
ENTRIES = TournamentEntry.__table__
LINKS = TournamentMatch.__table__
MATCHES = Match.__table__
ORGANISER, VIEWER = "organiser", "viewer"
ORGANISER_SOURCE, MATCH_SOURCE = "organiser", "match"


def load_tournament(tournament_id: str, connection: Connection | None = None, *,
                    lock: bool = False) -> Row[Any] | None:
    """The tournament's row; ``lock``: for a write, held until its transaction ends
    (PostgreSQL ``FOR UPDATE``; SQLite has one writer at a time anyway).  Every deal of a
    hall moves its tournament on, so a write that only guarded the revision would lose
    race after race to the tables' deals and give up."""
    if not possible_id(tournament_id):
        return None
    connection = connection or db.session.connection()
    query = select(TOURNAMENTS).where(TOURNAMENTS.c.id == tournament_id)
    return connection.execute(query.with_for_update() if lock else query).first()


def engine_state(row: Any) -> TournamentState:
    """The engine's state of the tournament as ``row`` has it (its snapshot read back;
    the log folds to the same, :func:`engine.tournament.fold`)."""
    return state_from_json(config_from_json(row.config), row.state)


def stored_state(row: Any) -> Mapping[str, Any]:
    """The row's snapshot of the engine's state.  One written by a Kreide before card
    numbers (a player's cards told apart: ``held_cards``, each pairing's ``cards``, each
    prize's ``card``) is worked out again from the engine, so an answer always has them."""
    state: Mapping[str, Any] = row.state
    if any("held_cards" not in player for player in state.get("players") or []):
        return state_to_json(engine_state(row))
    return state


def pairing_json(state: Mapping[str, Any], round_: int, number: int) -> dict[str, Any] | None:
    """Pairing ``number`` of round ``round_`` in a snapshot of the state, if there is one."""
    for each in state.get("rounds") or []:
        if each.get("round") == round_:
            return next((p for p in each.get("pairings") or [] if p.get("number") == number), None)
    return None


def link(tournament_id: str, round_: int, number: int) -> str | None:
    """The id of the match opened for table ``number`` of round ``round_``, if one was."""
    match_id: str | None = db.session.scalar(select(LINKS.c.match_id).where(
        LINKS.c.tournament_id == tournament_id, LINKS.c.round == round_, LINKS.c.number == number))
    return match_id
