"""What the tournament endpoints do (API.md, "Tournaments"; RULES.md R24).

A tournament is its configuration plus an append-only log of entries, folded through
the engine (``engine.tournament``); the state after the last entry is kept on the row
(the snapshot the board reads).  Writes work like a match's (:mod:`api.store`): decided
against the row as read, stored in one transaction with ``UPDATE ... WHERE revision = ?``,
decided again when another write got in first.

Each pairing of the current round can open a ``sixtysix`` match in tournament mode.  Its
tokens are derived from the organiser's token (HMAC-SHA256 of the tournament, round,
table and role), so opening it again gives the same links and creates nothing.  Every
write to such a match also moves the tournament on (:func:`match_written`, a hook of
:func:`api.store.store`): the board's stream wakes, and the match's finish records the
pairing's result; a write that would contradict a recorded result is refused.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import hmac
import io
import json
import re
from collections.abc import Callable, Mapping
from types import SimpleNamespace
from typing import Any

from flask import Response, current_app, request
from sqlalchemy import Row, exists, insert, or_, select, update
from sqlalchemy.engine import Connection

import engine
from api import events, idempotency, limits
from api.auth import bearer_token, hash_token, new_match_id, new_token
from api.errors import Problem, lang
from api.extensions import db
from api.models import Match, Tournament, TournamentEntry, TournamentMatch, utcnow
from api.schemas.tournaments import NAME_MAX, TournamentCreateSchema, load_entry
from api.services import links, match_json, match_row, new_match
from api.store import (
    SNAPSHOTS,
    Change,
    LostRace,
    MatchRow,
    iso,
    json_response,
    on_delete,
    on_write,
    snapshot_of,
    with_retries,
    writing,
)
from engine.errors import ConfigError, RuleViolation
from engine.i18n import render
from engine.names import NAME_MAX as PLAYER_NAME_MAX
from engine.names import name_problem, trimmed
from engine.tournament import TournamentState, apply, config_from_json, start, state_from_json, state_to_json

TOURNAMENTS = Tournament.__table__
ENTRIES = TournamentEntry.__table__
LINKS = TournamentMatch.__table__
MATCHES = Match.__table__
ORGANISER, VIEWER = "organiser", "viewer"
ORGANISER_SOURCE, MATCH_SOURCE = "organiser", "match"
CREATE_SCOPE = "create-tn"  # idempotency records of tournament creations (matches': "create")
STREAM = "t"  # live streams follow "t:<id>" (api.events kinds)
TOKENS = ("organiser_token", "viewer_token")
#: The house rules every table's match is played with (R22, R24).
FORCED_RULES = {"tournament": "true", "bummerl": "2"}
_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="kreide"'}
MAX_TABLE = 512  # tables of a round of 1024 cards
_POSSIBLE_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")
_create_schema = TournamentCreateSchema()


# --- tokens and links ------------------------------------------------------------------


def derived_token(key: str, message: str) -> str:
    """HMAC-SHA256 keyed with ``key`` (the organiser's token), urlsafe base64 unpadded:
    as unguessable as the key, and the same every time it is asked for."""
    digest = hmac.new(key.encode("utf-8", "surrogatepass"), message.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def board_token(organiser_token: str, tournament_id: str) -> str:
    """The viewer token of the board, derived from the organiser's: the organiser can
    always show the board's link and QR again."""
    return derived_token(organiser_token, f"{tournament_id}:viewer")


def table_tokens(organiser_token: str, tournament_id: str, round_: int, number: int) -> dict[str, str]:
    """The scorer and viewer tokens of the match of table ``number`` in round ``round_``."""
    return {f"{role}_token": derived_token(organiser_token, f"{tournament_id}:{round_}:{number}:{role}")
            for role in ("scorer", "viewer")}


def _base(base: str | None = None) -> str:
    return base or current_app.config.get("KREIDE_PUBLIC_URL") or request.host_url.rstrip("/")


def tournament_url(tournament_id: str, token: str, *, base: str | None = None) -> str:
    """The phone app's route of a tournament: the token in the fragment, never in a log."""
    return f"{_base(base)}/#/t/{tournament_id}/{token}"


def stream_key(tournament_id: str) -> str:
    return events.stream_key(STREAM, tournament_id)


# --- reading ---------------------------------------------------------------------------


def load_tournament(tournament_id: str, connection: Connection | None = None, *,
                    lock: bool = False) -> Row[Any] | None:
    """The tournament's row; ``lock``: for a write, held until its transaction ends
    (PostgreSQL ``FOR UPDATE``; SQLite has one writer at a time anyway).  Every deal of a
    hall moves its tournament on, so a write that only guarded the revision would lose
    race after race to the tables' deals and give up."""
    if not _POSSIBLE_ID.fullmatch(tournament_id):
        return None
    connection = connection or db.session.connection()
    query = select(TOURNAMENTS).where(TOURNAMENTS.c.id == tournament_id)
    return connection.execute(query.with_for_update() if lock else query).first()


def authenticate(tournament_id: str, *, write: bool = False) -> tuple[Row[Any], str, str]:
    """The tournament, the token's role (organiser / viewer) and the token, or a refusal
    as for matches: 401 no or unknown token, 404 a token of another tournament, 403 a
    viewer writing; unknown tokens count as failed attempts (429)."""
    try:
        token = bearer_token()
    except Problem as problem:
        raise Problem(401, "tournament_no_token", headers=_CHALLENGE) from problem
    digest = hash_token(token)
    limits.token_allowed()
    row = load_tournament(tournament_id, lock=write)
    if row is not None:
        if hmac.compare_digest(digest, row.organiser_hash):
            return row, ORGANISER, token
        if hmac.compare_digest(digest, row.viewer_hash):
            if write:
                raise Problem(403, "tournament_read_only")
            return row, VIEWER, token
    elsewhere = db.session.scalar(select(TOURNAMENTS.c.id).where(
        or_(TOURNAMENTS.c.organiser_hash == digest, TOURNAMENTS.c.viewer_hash == digest)).limit(1))
    limits.bad_token()
    if elsewhere is not None:
        raise Problem(404, "no_tournament")
    raise Problem(401, "bad_token", headers=_CHALLENGE)


def summary(state: Mapping[str, Any]) -> dict[str, Any]:
    """Where a table's match stands, for the board."""
    return {"score": state.get("score"), "bummerl": state.get("bummerl"), "deals": state.get("deals", 0),
            "finished": bool(state.get("finished")), "winner": state.get("winner")}


def stored_state(row: Any) -> Mapping[str, Any]:
    """The row's snapshot of the engine's state.  One written by a Kreide before card
    numbers (a player's cards told apart: ``held_cards``, each pairing's ``cards``, each
    prize's ``card``) is worked out again from the engine, so an answer always has them."""
    state: Mapping[str, Any] = row.state
    if any("held_cards" not in player for player in state.get("players") or []):
        return state_to_json(engine_state(row))
    return state


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
    rows = db.session.execute(
        select(ENTRIES.c.seq, ENTRIES.c.body, ENTRIES.c.source, ENTRIES.c.match_id, ENTRIES.c.recorded_at)
        .where(ENTRIES.c.tournament_id == row.id).order_by(ENTRIES.c.seq))
    return [{"seq": seq, "body": body, "source": source, "match_id": match_id, "recorded_at": iso(at)}
            for seq, body, source, match_id, at in rows]


def event_text(connection: Connection, tournament_id: str) -> tuple[int, str] | None:
    """The live event of a tournament: ``state`` with the public part (no role, no link:
    those are the asking token's and never change)."""
    row = load_tournament(tournament_id, connection)
    if row is None:
        return None
    data = json.dumps(public_json(connection, row), ensure_ascii=False, separators=(",", ":"))
    return row.revision, f"id: {row.revision}\nevent: state\ndata: {data}\n\n"


#: A hall's deals move the board on many times a second; it is sent at most 4 times a second.
BOARD_PACE = 0.25
events.register_kind(STREAM, events.Kind(TOURNAMENTS, event_text, pace=BOARD_PACE))


# --- the engine's state ---------------------------------------------------------------


def engine_state(row: Any) -> TournamentState:
    """The engine's state of the tournament as ``row`` has it (its snapshot read back;
    the log folds to the same, :func:`engine.tournament.fold`)."""
    return state_from_json(config_from_json(row.config), row.state)


# --- creating --------------------------------------------------------------------------


def _checked_name(raw: str, field: str, *, limit: int, prefix: str = "player_name") -> str:
    """Untrusted text checked as players' names are (:mod:`engine.names`), up to
    ``limit`` characters; a refusal's sentence is ``prefix`` + the reason."""
    name = trimmed(raw)
    refusal = name_problem(name, limit=limit)
    if refusal is not None:
        code, params = refusal
        raise Problem(422, "invalid_fields", errors={field: sentence(code.replace("player_name", prefix), params)},
                      fields=field)
    return name


def sentence(code: str, params: Mapping[str, Any]) -> str:
    """A sentence of the API's or the engine's tables in the client's language."""
    return render(code, lang(), dict(params))


def _match_rules(given: Mapping[str, str] | None) -> dict[str, str]:
    """The tables' house rules, checked by the sixtysix game, defaults filled in."""
    rules = {**(given or {}), **FORCED_RULES}
    try:
        started = engine.get_game("sixtysix").start(["A", "B"], rules=rules)
    except ConfigError as error:
        problem = Problem.from_violation(error)
        if problem.errors:
            problem.errors = {f"match_{path}" if path.startswith("rules") else path: text
                              for path, text in problem.errors.items()}
        raise problem from None
    return dict(started.rules)


def create(body: Any) -> Response:
    """A new tournament in sales; ``Idempotency-Key`` as for a match creation."""
    key = idempotency.request_key(minimum=idempotency.CREATE_KEY_MIN)
    fingerprint = idempotency.fingerprint(body) if key else None

    def attempt() -> Response:
        if key and fingerprint and (stored := idempotency.find(CREATE_SCOPE, key, fingerprint)):
            return _created_response(*stored, key=key)
        data = _create_schema.load(body)
        name = _checked_name(data["name"], "name", limit=NAME_MAX, prefix="tournament_name")
        config = config_from_json({field: data[field] for field in ("cards", "max_per_player", "prizes",
                                                                     "multiple_prizes") if field in data})
        rules = _match_rules(data.get("match_rules"))
        tournament_id = new_match_id()
        organiser = new_token()
        tokens = {"organiser_token": organiser, "viewer_token": board_token(organiser, tournament_id)}
        row = Tournament(id=tournament_id, name=name, config=config.to_json(), match_rules=rules,
                         organiser_hash=hash_token(tokens["organiser_token"]),
                         viewer_hash=hash_token(tokens["viewer_token"]), created_at=utcnow(), revision=0,
                         next_seq=1, state=state_to_json(start(config)), last_change=None)
        answer = {**public_json(db.session.connection(), row), "role": ORGANISER, **tokens, **_links(row.id, tokens)}
        with writing():
            db.session.add(row)
            if key and fingerprint:
                idempotency.remember(CREATE_SCOPE, key, fingerprint, 201,
                                     idempotency.sealed_answer(answer, key, TOKENS))
            db.session.commit()
        current_app.logger.info("tournament %s: created, %d cards", tournament_id, config.to_json()["cards"])
        return json_response(201, answer, {"Location": f"/api/tournaments/{tournament_id}"})

    return with_retries(attempt)


def _links(tournament_id: str, tokens: Mapping[str, str]) -> dict[str, str]:
    return {"join_url": tournament_url(tournament_id, tokens["organiser_token"]),
            "view_url": tournament_url(tournament_id, tokens["viewer_token"])}


def _created_response(status: int, stored: dict[str, Any], *, key: str) -> Response:
    answer, tokens = idempotency.unsealed_tokens(stored, key, TOKENS)
    answer.update(tokens, **_links(answer["id"], tokens))
    return json_response(status, answer, {"Location": f"/api/tournaments/{answer['id']}"})


# --- the organiser's entries -------------------------------------------------------------


def _scope(tournament_id: str) -> str:
    return f"t:{tournament_id}"  # idempotency records of this tournament's writes


def _canonical(entry: dict[str, Any]) -> dict[str, Any]:
    """Names as written (NFC, trimmed); a buyer's name checked as a player's."""
    kind = entry["kind"]
    if kind in ("buy", "refund"):
        entry["player"] = _checked_name(entry["player"], "player", limit=PLAYER_NAME_MAX)
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


def _move_on(connection: Connection, row: Any, *, state: TournamentState, next_seq: int,
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


def _after_commit(tournament_id: str, revision: int) -> Callable[[], None]:
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
            revision, state_json = _move_on(connection, row, state=state, next_seq=seq + 1, change=change, entries=[
                {"seq": seq, "body": entry, "source": ORGANISER_SOURCE, "match_id": None, "recorded_at": at}])
            moved = SimpleNamespace(**{**row._asdict(), "revision": revision, "next_seq": seq + 1,
                                       "state": state_json, "last_change": change})
            answer = {"seq": seq, "entry": entry, "state": enriched_state(connection, moved), "revision": revision,
                      "next_seq": seq + 1}
            if key and fingerprint:
                idempotency.remember(_scope(row.id), key, fingerprint, 201, answer)
            db.session.commit()
        _after_commit(row.id, revision)()
        current_app.logger.info("tournament %s: entry %d (%s) by organiser", row.id, seq, entry["kind"])
        return json_response(201, answer)

    return with_retries(attempt)


# --- the tables' matches ------------------------------------------------------------------


def _pairing(state: Mapping[str, Any], round_: int, number: int) -> dict[str, Any] | None:
    for each in state.get("rounds") or []:
        if each.get("round") == round_:
            return next((p for p in each.get("pairings") or [] if p.get("number") == number), None)
    return None


def _link(tournament_id: str, round_: int, number: int) -> str | None:
    match_id: str | None = db.session.scalar(select(LINKS.c.match_id).where(
        LINKS.c.tournament_id == tournament_id, LINKS.c.round == round_, LINKS.c.number == number))
    return match_id


def _opened(round_: int, number: int, match: Any, tokens: Mapping[str, str]) -> dict[str, Any]:
    return {"round": round_, "number": number, "match_id": match.id, **tokens,
            **links(match.id, tokens["scorer_token"], tokens["viewer_token"]),
            "match": match_json(match)}


def open_match(tournament_id: str, number: int) -> Response:
    """Open the sixtysix match of the current round's pairing ``number`` (organiser):
    201 the first time, 200 with the same match and links every later time."""
    def attempt() -> Response:
        row, _, token = authenticate(tournament_id, write=True)
        round_, pairing = _current_pairing(row, number)
        tokens = table_tokens(token, row.id, round_, number)
        existing = _link(row.id, round_, number)
        if existing is not None:
            opened = db.session.execute(select(MATCHES).where(MATCHES.c.id == existing)).first()
            return json_response(200, _opened(round_, number, opened, tokens))
        if pairing.get("bye"):
            raise Problem(409, "pairing_bye", number=number, player=pairing["players"][0])
        if pairing.get("self"):
            raise Problem(409, "pairing_self", number=number, player=pairing["players"][0])
        if pairing.get("winner") is not None:
            raise Problem(409, "pairing_decided", number=number, winner=pairing["winner"])
        rules = {**row.match_rules, **FORCED_RULES}
        match, _ = new_match({"game": "sixtysix", "players": list(pairing["players"]), "rules": rules}, tokens)
        connection = db.session.connection()
        change = {"action": "open", "number": number, "match_id": match.id}
        with writing():
            db.session.add(match)
            db.session.flush()
            connection.execute(insert(LINKS).values(tournament_id=row.id, round=round_, number=number,
                                                    match_id=match.id, summary=summary(match.state)))
            revision = _bump(connection, row, change)
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
    pairing = _pairing(row.state, round_, number) if 1 <= number <= MAX_TABLE else None
    if pairing is None:
        raise Problem(422, "no_pairing", errors={"number": sentence("no_pairing", {"number": number})},
                      number=number)
    return round_, pairing


def table_join_url(tournament_id: str, number: int, *, base: str | None) -> str:
    """The join link of the current round's table ``number`` (organiser), for its QR."""
    row, _, token = authenticate(tournament_id, write=True)
    round_, _ = _current_pairing(row, number)
    match_id = _link(row.id, round_, number)
    if match_id is None:
        raise Problem(409, "pairing_no_match", number=number)
    tokens = table_tokens(token, row.id, round_, number)
    return links(match_id, tokens["scorer_token"], tokens["viewer_token"], base=base)["join_url"]


def board_url(tournament_id: str, *, base: str | None) -> str:
    row, role, token = authenticate(tournament_id)
    return tournament_url(row.id, token if role == VIEWER else board_token(token, row.id), base=base)


# --- a match's write moves its tournament on ---------------------------------------------


@on_write
def match_written(connection: Connection, match: MatchRow, change: Change) -> Callable[[], None] | None:
    """Inside a write to a match (:func:`api.store.store`): if it is a table's match, the
    tournament moves on one revision; its finish records the pairing's result (an entry
    from the match); a write contradicting a result already recorded is refused."""
    if match.game != "sixtysix" or (match.rules or {}).get("tournament") != "true":
        return None
    link = connection.execute(select(LINKS.c.tournament_id, LINKS.c.round, LINKS.c.number)
                              .where(LINKS.c.match_id == match.id)).first()
    if link is None:
        return None
    row = load_tournament(link.tournament_id, connection, lock=True)
    if row is None:
        return None
    pairing = _pairing(row.state, link.round, link.number) or {}
    winner = pairing.get("winner")
    after = change.state
    finished = bool(after.get("finished"))
    if winner is not None and change.records and (
        pairing.get("by") == MATCH_SOURCE or (finished and after.get("winner") != winner)
    ):
        raise Problem(409, "tournament_result_recorded", number=link.number, winner=winner)
    tn_change: dict[str, Any] = {"action": "match", "number": link.number, "match_id": match.id, "seq": None}
    connection.execute(update(LINKS).where(LINKS.c.match_id == match.id).values(summary=summary(after)))
    try:
        if winner is None and finished and after.get("winner"):
            entry = {"kind": "result", "number": link.number, "winner": after["winner"], "match": match.id}
            try:
                state = apply(engine_state(row), entry)
            except RuleViolation as violation:
                raise Problem.from_violation(violation, status=409) from None
            tn_change["seq"] = row.next_seq
            revision, _ = _move_on(connection, row, state=state, next_seq=row.next_seq + 1, change=tn_change,
                                   entries=[{"seq": row.next_seq, "body": entry, "source": MATCH_SOURCE,
                                             "match_id": match.id, "recorded_at": change.at}])
            current_app.logger.info("tournament %s: entry %d (result of table %d) by match %s", row.id,
                                    row.next_seq, link.number, match.id)
        else:
            revision = _bump(connection, row, tn_change)
    except LostRace:
        raise LostRace(match.id) from None
    return _after_commit(row.id, revision)


def _bump(connection: Connection, row: Any, change: dict[str, Any]) -> int:
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


@on_delete
def match_in_tournament(match_id: str) -> None:
    """A table's match stays: the tournament's result may rest on it."""
    if db.session.scalar(select(exists().where(LINKS.c.match_id == match_id))):
        raise Problem(409, "match_in_tournament")


# --- export ------------------------------------------------------------------------------

CSV_PAIRINGS = ("round", "table", "left", "right", "bye", "self", "winner", "decided_by", "match_id", "left_card",
                "right_card")
CSV_PRIZES = ("place", "places", "player", "card")
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    """A cell a spreadsheet shows as text: names are untrusted, so one that starts like a
    formula gets a leading apostrophe (OWASP's advice on CSV injection)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(_FORMULA):
        return f"'{value}"
    return value


def export_csv(row: Any) -> str:
    """Every pairing of every round (with its match), then the prize list; a player's cards
    told apart by their numbers (``left_card``, ``right_card``, ``card``: empty for a player
    with one card), in columns after the first ones, so a reader of the old columns reads on."""
    state = enriched_state(db.session.connection(), row)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_PAIRINGS)
    for each in state.get("rounds") or []:
        for pairing in each.get("pairings") or []:
            players = list(pairing.get("players") or [])
            left = players[0] if players else None
            right = players[1] if len(players) > 1 else None
            cards = [card.get("card") for card in pairing.get("cards") or []] + [None, None]
            writer.writerow([_cell(v) for v in (
                each.get("round"), pairing.get("number"), left, right, bool(pairing.get("bye")),
                bool(pairing.get("self")), pairing.get("winner"), pairing.get("by"), pairing.get("match_id"),
                cards[0], cards[1] if right is not None else None)])
    writer.writerow([])
    writer.writerow(CSV_PRIZES)
    for prize in state.get("prizes") or []:
        places = prize.get("places") or []
        span = "-".join(str(p) for p in places) if len(set(places)) > 1 else str(prize.get("place"))
        writer.writerow([_cell(prize.get("place")), span, _cell(prize.get("player")), _cell(prize.get("card"))])
    return out.getvalue()
