"""The tables' matches: each pairing of the current round can open a match of the game
the tournament's tables play (tournament mode), and every write to such a match moves
the tournament on.

A table's match's tokens are derived from the organiser's (:mod:`api.tournament.tokens`),
so opening it again gives the same links and creates nothing.  Every write to it moves the
tournament on (:func:`match_written`, a hook of :func:`api.store.store` registered by
:func:`api.tournament.init_app`): the board's stream wakes, and the match's finish records
the pairing's result; a write that would contradict a recorded result is refused.  What a
match means for its pairing is the engine's (:mod:`engine.tournament.tables`); where a
match stands and who won it, its game's (:class:`engine.game.TournamentTable`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Response, current_app
from sqlalchemy import exists, insert, select, update
from sqlalchemy.engine import Connection

import engine
from api import events
from api.errors import Problem
from api.extensions import db
from api.services import links, match_json, match_row, new_match
from api.store import SNAPSHOTS, Change, LostRace, MatchRow, json_response, snapshot_of, with_retries, writing
from api.tournament import rows
from api.tournament.access import authenticate
from api.tournament.reads import stream_key
from api.tournament.rows import LINKS, MATCH_SOURCE, MATCHES, VIEWER, engine_state, link, pairing_json
from api.tournament.sentences import sentence
from api.tournament.tokens import board_token, table_tokens, tournament_url
from api.tournament.writes import after_commit, bump, move_on
from engine.errors import RuleViolation
from engine.tournament import Pairing, apply, config_from_json, playable, table_of, table_result, table_rules

MAX_TABLE = 512  # tables of a round of 1024 cards


def _summary(game: engine.Game[Any, Any, Any], state: Mapping[str, Any]) -> dict[str, Any]:
    """Where a table's match stands, for the board, as its game tells."""
    return table_of(game).summary(game.state_from_json(state))


def _opened(round_: int, number: int, match: Any, tokens: Mapping[str, str]) -> dict[str, Any]:
    return {"round": round_, "number": number, "match_id": match.id, **tokens,
            **links(match.id, tokens["scorer_token"], tokens["viewer_token"]),
            "match": match_json(match)}


def open_match(tournament_id: str, number: int) -> Response:
    """Open the match of the current round's pairing ``number`` (organiser): 201 the
    first time, 200 with the same match and links every later time."""
    def attempt() -> Response:
        row, _, token = authenticate(tournament_id, write=True)
        round_, pairing = _current_pairing(row, number)
        tokens = table_tokens(token, row.id, round_, number)
        existing = link(row.id, round_, number)
        if existing is not None:
            opened = db.session.execute(select(MATCHES).where(MATCHES.c.id == existing)).first()
            return json_response(200, _opened(round_, number, opened, tokens))
        try:
            playable(Pairing.from_json(pairing))
        except RuleViolation as violation:
            raise Problem.from_violation(violation, status=409) from None
        game = engine.get_game(config_from_json(row.config).game)
        rules = table_rules(game, row.match_rules)
        match, _ = new_match({"game": game.name, "players": list(pairing["players"]), "rules": rules}, tokens)
        connection = db.session.connection()
        change = {"action": "open", "number": number, "match_id": match.id}
        with writing():
            db.session.add(match)
            db.session.flush()
            connection.execute(insert(LINKS).values(tournament_id=row.id, round=round_, number=number,
                                                    match_id=match.id, summary=_summary(game, match.state)))
            revision = bump(connection, row, change)
            answer = _opened(round_, number, match, tokens)
            db.session.commit()
        SNAPSHOTS.put(snapshot_of(match_row(match)))
        events.notify(stream_key(row.id), revision)
        current_app.logger.info("tournament %s: match %s opened for table %d of round %d", row.id, match.id, number,
                                round_)
        return json_response(201, answer, {"Location": f"/api/matches/{match.id}"})

    return with_retries(attempt)


def _current_pairing(row: Any, number: int) -> tuple[int, dict[str, Any]]:
    """The current round and its pairing ``number``; 409 outside play, 422 no such table."""
    round_ = row.state.get("round") or 0
    if row.state.get("phase") not in ("playing", "finished") or round_ < 1:
        raise Problem(409, "tournament_not_playing")
    pairing = pairing_json(row.state, round_, number) if 1 <= number <= MAX_TABLE else None
    if pairing is None:
        raise Problem(422, "no_pairing", errors={"number": sentence("no_pairing", {"number": number})},
                      number=number)
    return round_, pairing


def table_join_url(tournament_id: str, number: int, *, base: str | None) -> str:
    """The join link of the current round's table ``number`` (organiser), for its QR."""
    row, _, token = authenticate(tournament_id, write=True)
    round_, _ = _current_pairing(row, number)
    match_id = link(row.id, round_, number)
    if match_id is None:
        raise Problem(409, "pairing_no_match", number=number)
    tokens = table_tokens(token, row.id, round_, number)
    return links(match_id, tokens["scorer_token"], tokens["viewer_token"], base=base)["join_url"]


def board_url(tournament_id: str, *, base: str | None) -> str:
    row, role, token = authenticate(tournament_id)
    return tournament_url(row.id, token if role == VIEWER else board_token(token, row.id), base=base)


# --- a match's write moves its tournament on ---------------------------------------------


def match_written(connection: Connection, match: MatchRow, change: Change) -> Callable[[], None] | None:
    """Inside a write to a match (:func:`api.store.store`): if it is a table's match, the
    tournament moves on one revision; its finish records the pairing's result (an entry
    from the match); a write contradicting a result already recorded is refused.  Costs
    nothing for a match whose game has no tables or that is not played under their rules."""
    game = engine.GAMES.get(match.game)
    table = None if game is None else game.tournament_table
    rules = match.rules or {}
    if game is None or table is None or any(rules.get(name) != value for name, value in table.forced_rules.items()):
        return None
    found = connection.execute(select(LINKS.c.tournament_id, LINKS.c.round, LINKS.c.number)
                               .where(LINKS.c.match_id == match.id)).first()
    if found is None:
        return None
    row = rows.load_tournament(found.tournament_id, connection, lock=True)
    if row is None:
        return None
    pairing = pairing_json(row.state, found.round, found.number)
    after = game.state_from_json(change.state)
    try:
        entry = table_result(Pairing.from_json(pairing) if pairing else Pairing(found.number, ()),
                             table.winner(after), match=match.id, changes_deals=bool(change.records))
    except RuleViolation as violation:
        raise Problem.from_violation(violation, status=409) from None
    tn_change: dict[str, Any] = {"action": "match", "number": found.number, "match_id": match.id, "seq": None}
    connection.execute(update(LINKS).where(LINKS.c.match_id == match.id).values(summary=table.summary(after)))
    try:
        if entry is not None:
            try:
                state = apply(engine_state(row), entry)
            except RuleViolation as violation:
                raise Problem.from_violation(violation, status=409) from None
            tn_change["seq"] = row.next_seq
            revision, _ = move_on(connection, row, state=state, next_seq=row.next_seq + 1, change=tn_change,
                                  entries=[{"seq": row.next_seq, "body": entry, "source": MATCH_SOURCE,
                                            "match_id": match.id, "recorded_at": change.at}])
            current_app.logger.info("tournament %s: entry %d (result of table %d) by match %s", row.id,
                                    row.next_seq, found.number, match.id)
        else:
            revision = bump(connection, row, tn_change)
    except LostRace:
        raise LostRace(match.id) from None
    return after_commit(row.id, revision)


def match_in_tournament(match_id: str) -> None:
    """A table's match stays: the tournament's result may rest on it."""
    if db.session.scalar(select(exists().where(LINKS.c.match_id == match_id))):
        raise Problem(409, "match_in_tournament")
