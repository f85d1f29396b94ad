"""What a tournament's readers see: its state with each pairing's match, its log, the
organiser's answer with the board's link, and the live event of its board."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection

from api import events
from api.extensions import db
from api.store import iso
from api.tournament import rows
from api.tournament.rows import ENTRIES, LINKS, TOURNAMENTS, VIEWER, stored_state
from api.tournament.tokens import board_token, tournament_url

STREAM = "t"  # live streams follow "t:<id>" (api.events kinds)
#: A hall's deals move the board on many times a second; it is sent at most 4 times a second.
BOARD_PACE = 0.25


def stream_key(tournament_id: str) -> str:
    return events.stream_key(STREAM, tournament_id)


def enriched_state(connection: Connection, row: Any) -> dict[str, Any]:
    """The state with each pairing's ``match_id`` (or null) and, in the current round,
    its match's ``match`` summary: one query for all of them (the summaries are kept on
    the links, so no match's state is read).  The row's state is shared, not changed:
    the rounds and pairings are copied, nothing deeper."""
    state: dict[str, Any] = dict(stored_state(row))
    current = state.get("round") or 0
    query = select(LINKS.c.round, LINKS.c.number, LINKS.c.match_id, LINKS.c.summary).where(
        LINKS.c.tournament_id == row.id)
    opened = {(r, n): (match_id, summary) for r, n, match_id, summary in connection.execute(query)}

    def enrich(round_: int, pairings: list[dict[str, Any]]) -> list[dict[str, Any]]:
        made = []
        for pairing in pairings:
            match_id, summary = opened.get((round_, pairing.get("number")), (None, None))
            made.append({**pairing, "match_id": match_id})
            if round_ == current and match_id is not None:
                made[-1]["match"] = summary
        return made

    state["rounds"] = [{**each, "pairings": enrich(each.get("round"), each.get("pairings") or [])}
                       for each in state.get("rounds") or []]
    state["pairings"] = enrich(current, state.get("pairings") or [])
    return state


def public_json(connection: Connection, row: Any) -> dict[str, Any]:
    """What every token holder sees (the live events send this)."""
    return {"id": row.id, "name": row.name, "config": row.config, "match_rules": row.match_rules,
            "created_at": iso(row.created_at), "state": enriched_state(connection, row), "revision": row.revision,
            "next_seq": row.next_seq, "last_change": row.last_change}


def tournament_json(row: Any, role: str, token: str) -> dict[str, Any]:
    """GET's answer: the public part, the token's role and the board's link."""
    viewer = token if role == VIEWER else board_token(token, row.id)
    return {**public_json(db.session.connection(), row), "role": role,
            "view_url": tournament_url(row.id, viewer)}


def entries_json(row: Any) -> list[dict[str, Any]]:
    rows_ = db.session.execute(
        select(ENTRIES.c.seq, ENTRIES.c.body, ENTRIES.c.source, ENTRIES.c.match_id, ENTRIES.c.recorded_at)
        .where(ENTRIES.c.tournament_id == row.id).order_by(ENTRIES.c.seq))
    return [{"seq": seq, "body": body, "source": source, "match_id": match_id, "recorded_at": iso(at)}
            for seq, body, source, match_id, at in rows_]


def event_text(connection: Connection, tournament_id: str) -> tuple[int, str] | None:
    """The live event of a tournament: ``state`` with the public part (no role, no link:
    those are the asking token's and never change)."""
    row = rows.load_tournament(tournament_id, connection)
    if row is None:
        return None
    data = json.dumps(public_json(connection, row), ensure_ascii=False, separators=(",", ":"))
    return row.revision, f"id: {row.revision}\nevent: state\ndata: {data}\n\n"


#: The board's stream: registered by :func:`api.tournament.init_app`.
STREAM_KIND = events.Kind(TOURNAMENTS, event_text, pace=BOARD_PACE)
