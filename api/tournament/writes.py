"""The organiser's entries, and how any write moves a tournament on.

Writes work like a match's (:mod:`api.store`): decided against the row as read, stored in
one transaction with ``UPDATE ... WHERE revision = ?``, decided again when another write
got in first.  Every revision wakes the board's stream."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from flask import Response, current_app
from sqlalchemy import insert, update
from sqlalchemy.engine import Connection

from api import events, idempotency
from api.creation import checked_name
from api.errors import Problem
from api.extensions import db
from api.models import utcnow
from api.store import LostRace, json_response, with_retries, writing
from api.tournament.access import authenticate
from api.tournament.reads import enriched_state, entries_json, stream_key
from api.tournament.rows import ENTRIES, ORGANISER_SOURCE, TOURNAMENTS, engine_state
from api.tournament.schemas import load_entry
from api.tournament.sentences import sentence
from engine.names import NAME_MAX as PLAYER_NAME_MAX
from engine.names import trimmed
from engine.tournament import TournamentState, apply, state_to_json


def _scope(tournament_id: str) -> str:
    return f"t:{tournament_id}"  # idempotency records of this tournament's writes


def _canonical(entry: dict[str, Any]) -> dict[str, Any]:
    """Names as written (NFC, trimmed); a buyer's name checked as a player's."""
    kind = entry["kind"]
    if kind in ("buy", "refund"):
        entry["player"] = checked_name(entry["player"], "player", limit=PLAYER_NAME_MAX)
    elif kind == "result":
        entry["winner"] = trimmed(entry["winner"])
    elif kind == "settle":
        entry["order"] = [trimmed(name) for name in entry["order"]]
    elif kind == "draw" and "numbers" in entry:
        entry["numbers"] = {trimmed(name): numbers for name, numbers in entry["numbers"].items()}
    return entry


def stale(row: Any, seq: int) -> Problem:
    """409 ``stale_seq`` as for hands: the tournament as it stands, and the entry
    recorded under ``seq`` if there is one."""
    recorded = None
    if 1 <= seq < row.next_seq:
        recorded = next((entry for entry in entries_json(row) if entry["seq"] == seq), None)
    return Problem(409, "stale_seq", detail=sentence("tournament_stale_seq", {
        "seq": seq, "next_seq": row.next_seq}), extra={
        "state": enriched_state(db.session.connection(), row), "version": row.next_seq - 1,
        "revision": row.revision, "next_seq": row.next_seq, "recorded": recorded})


def move_on(connection: Connection, row: Any, *, state: TournamentState, next_seq: int,
            change: dict[str, Any], entries: list[dict[str, Any]]) -> tuple[int, dict[str, Any]]:
    """Inside a transaction: the tournament's snapshot moves on one revision if nobody
    else's write got in first (else :class:`LostRace`), its new entries appended."""
    revision = row.revision + 1
    state_json = state_to_json(state)
    moved = connection.execute(
        update(TOURNAMENTS).where(TOURNAMENTS.c.id == row.id, TOURNAMENTS.c.revision == row.revision)
        .values(revision=revision, next_seq=next_seq, state=state_json, last_change=change)
    ).rowcount
    if moved != 1:
        raise LostRace(row.id)
    if entries:
        connection.execute(insert(ENTRIES), [{"tournament_id": row.id, **entry} for entry in entries])
    events.publish(connection, stream_key(row.id), revision)
    return revision, state_json


def bump(connection: Connection, row: Any, change: dict[str, Any]) -> int:
    """A table's deal: the tournament moves on one revision (its board's stream wakes),
    its state and log as they were; :class:`LostRace` if another write got in first."""
    revision = row.revision + 1
    moved = connection.execute(
        update(TOURNAMENTS).where(TOURNAMENTS.c.id == row.id, TOURNAMENTS.c.revision == row.revision)
        .values(revision=revision, last_change=change)
    ).rowcount
    if moved != 1:
        raise LostRace(row.id)
    events.publish(connection, stream_key(row.id), revision)
    return revision


def after_commit(tournament_id: str, revision: int) -> Callable[[], None]:
    def then() -> None:
        events.notify(stream_key(tournament_id), revision)

    return then


def write_entry(tournament_id: str, body: Any) -> Response:
    """The organiser's entry: shape, seq, then the engine; stored with a revision guard."""
    key = idempotency.request_key()
    fingerprint = idempotency.fingerprint(body) if key else None

    def attempt() -> Response:
        row, _, _ = authenticate(tournament_id, write=True)
        if key and fingerprint and (stored := idempotency.find(_scope(row.id), key, fingerprint)):
            return json_response(*stored)
        seq, entry = load_entry(body)
        if seq != row.next_seq:
            raise stale(row, seq)
        entry = _canonical(entry)
        connection = db.session.connection()
        state = apply(engine_state(row), entry)
        at = utcnow()
        change = {"action": "entry", "seq": seq, "source": ORGANISER_SOURCE}
        with writing():
            revision, state_json = move_on(connection, row, state=state, next_seq=seq + 1, change=change, entries=[
                {"seq": seq, "body": entry, "source": ORGANISER_SOURCE, "match_id": None, "recorded_at": at}])
            moved = SimpleNamespace(**{**row._asdict(), "revision": revision, "next_seq": seq + 1,
                                       "state": state_json, "last_change": change})
            answer = {"seq": seq, "entry": entry, "state": enriched_state(connection, moved), "revision": revision,
                      "next_seq": seq + 1}
            if key and fingerprint:
                idempotency.remember(_scope(row.id), key, fingerprint, 201, answer)
            db.session.commit()
        after_commit(row.id, revision)()
        current_app.logger.info("tournament %s: entry %d (%s) by organiser", row.id, seq, entry["kind"])
        return json_response(201, answer)

    return with_retries(attempt)
