"""What the match endpoints do, between the request's JSON and the database.

Each write is a *decision* (load the entry with the game's schema, ask the engine)
that yields a :class:`~api.store.Change`, then :func:`write` stores it in one
transaction.  The rules live in the engine; nothing here knows them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from flask import Response, current_app, request
from marshmallow import ValidationError
from sqlalchemy import func, select

import engine
from api import creation, idempotency, retention
from api.auth import authenticate, hash_token, new_match_id, new_token
from api.errors import Problem, lang
from api.extensions import db
from api.games import canonical_body, game_api, load_entry
from api.log import HandRecord, fold_hands, hand_json, record_json, ruling_json
from api.models import HAND, REPLACE, SCORER, VOID, Entry, HandResult, Match, Ruling, utcnow
from api.referee import ask
from api.schemas.matches import MatchCreateSchema, MatchDeleteSchema
from api.schemas.rates import MatchPatchSchema
from api.schemas.rulings import RulingRequestSchema
from api.store import (
    DELETE_GUARDS,
    SNAPSHOTS,
    Change,
    LostRace,
    MatchRow,
    Snapshot,
    iso,
    json_response,
    snapshot_of,
    store,
    with_retries,
)
from engine.errors import RuleViolation

CREATE_SCOPE = "create"
TOKENS = ("scorer_token", "viewer_token")
_create_schema = MatchCreateSchema()
_delete_schema = MatchDeleteSchema()
_patch_schema = MatchPatchSchema()
_ruling_request = RulingRequestSchema()

Decision = Callable[[MatchRow, str, Any], Change]


# --- matches ---------------------------------------------------------------------------


def links(match_id: str, scorer_token: str, viewer_token: str, *, base: str | None = None) -> dict[str, str]:
    """Join and view URLs: the token travels in the fragment, never to a server log."""
    base = base or current_app.config.get("KREIDE_PUBLIC_URL") or request.host_url.rstrip("/")
    return {"join_url": f"{base}/#/m/{match_id}/{scorer_token}",
            "view_url": f"{base}/#/m/{match_id}/{viewer_token}"}


#: A match as created with a key (:mod:`api.creation`).
CREATABLE = creation.Creatable(
    CREATE_SCOPE, TOKENS, lambda match_id, tokens: links(match_id, tokens["scorer_token"], tokens["viewer_token"]),
    "/api/matches/{id}")


def _match_data(match: MatchRow | Match, access: str | None = None) -> dict[str, Any]:
    data = {
        "id": match.id, "game": match.game, "players": match.players, "rules": match.rules,
        "dealer": match.first_dealer, "created_at": iso(match.created_at), "version": match.version,
        "revision": match.revision, "next_seq": match.next_seq, "state": match.state,
        "rates": _rates(match), "audit": match.audit or [],
    }
    if access is not None:
        data["access"] = access
    return data


def _rates(match: MatchRow | Match) -> dict[str, int]:
    """Every money rate of the match's game (a match kept from before rates: all 0)."""
    names = engine.get_game(match.game).money_rates
    return {name: (match.rates or {}).get(name, 0) for name in names}


def match_json(match: MatchRow | Match, access: str | None = None) -> dict[str, Any]:
    """The match as the API shows it (never its tokens); ``access`` when read with one."""
    dumped: dict[str, Any] = game_api(match.game).dump("match", _match_data(match, access))
    return dumped


def match_row(match: Match) -> Snapshot:
    """A freshly created match as its row reads."""
    return Snapshot(**{column.name: getattr(match, column.name) for column in Match.__table__.columns})


def create_match(body: Any) -> Response:
    """Start a game with the engine and store the match; ``Idempotency-Key`` scope 'create'."""
    return creation.create(CREATABLE, body, _made_match)


def _made_match(body: Any) -> creation.Created:
    match, answer = new_match(_create_schema.load(body), {name: new_token() for name in TOKENS})

    def then() -> None:
        SNAPSHOTS.put(snapshot_of(match_row(match)))
        current_app.logger.info("match %s: created, %s for %d", answer["id"], match.game, len(match.players))

    return creation.Created(match, answer, then)


def new_match(data: dict[str, Any], tokens: dict[str, str]) -> tuple[Match, dict[str, Any]]:
    """A new match (not stored yet) from a loaded creation request, started by its game,
    with the given ``scorer_token`` and ``viewer_token``, and the answer to its creation."""
    game = engine.get_game(data["game"])
    state = game.start(data["players"], rules=data.get("rules"), dealer=data.get("dealer"))
    rates = game.resolve_rates(data.get("rates"))
    state_json = game.state_to_json(state)
    match = Match(
        id=new_match_id(), game=game.name, players=list(state.players), rules=dict(state.rules),
        first_dealer=state_json.get("dealer"), scorer_hash=hash_token(tokens["scorer_token"]),
        viewer_hash=hash_token(tokens["viewer_token"]), created_at=utcnow(), version=0,
        revision=0, next_seq=1, state=state_json, rates=rates, audit=None,
    )
    answer: dict[str, Any] = game_api(game.name).dump(
        "created", {**_match_data(match, SCORER), **tokens, **links(match.id, *tokens.values())})
    return match, answer


def delete_match(match_id: str, body: Any) -> Response:
    """Delete the match on its scorer's request: ``confirm`` must be its id and
    ``exported_revision`` its current revision (the scorer has its whole history)."""
    match, _ = authenticate(match_id, write=True)
    data = _delete_schema.load(body)
    for guard in DELETE_GUARDS:
        guard(match.id)
    if data["confirm"] != match.id:
        raise Problem(422, "delete_unconfirmed", errors={"confirm": f"must be {match.id}"}, match_id=match.id)
    revision = match.revision
    if data["exported_revision"] == revision and retention.delete_match(
        match.id, revision, match.scorer_hash, match.viewer_hash
    ):
        current_app.logger.info("match %s: deleted by scorer at revision %d", match.id, revision)
        return Response(status=204)
    if data["exported_revision"] == revision:  # a write got in between
        db.session.rollback()
        revision = db.session.scalar(select(Match.revision).where(Match.id == match.id)) or revision
    raise Problem(409, "export_stale", errors={"exported_revision": f"the match is at revision {revision}"},
                  extra={"revision": revision}, exported=data["exported_revision"], revision=revision)


def change_match(match: MatchRow, kind: str, body: Any) -> Change:
    """A scorer changes the match itself: its money rates (R37), each named one (the
    others stay), checked by its game.  A change is one revision, kept in the match's
    audit trail and sent to every phone on the live stream; the rates as they stand change
    nothing."""
    data = _patch_schema.load(body)
    before = _rates(match)
    after = engine.get_game(match.game).resolve_rates(data["rates"], current=before)
    at = utcnow()
    change = Change(200, {}, at, [], match.version, match.next_seq, match.state)
    if after != before:
        change.setting = "rates"
        change.settings = {"rates": after, "audit": [*(match.audit or []), {
            "action": "rates", "at": iso(at), "by": kind, "rates": after, "previous": before}]}
    changed = replace(snapshot_of(match), revision=match.revision + change.revisions, **change.settings)
    change.answer = match_json(changed, kind)
    return change


# --- writes to a match -----------------------------------------------------------------


def write(match_id: str, body: Any, decide: Decision) -> Response:
    """Authenticate as scorer, replay or decide, store; retried when another write won."""
    key = idempotency.request_key()
    fingerprint = idempotency.fingerprint(body) if key else None

    fresh = False

    def attempt() -> Response:
        nonlocal fresh
        known = None if fresh else SNAPSHOTS.get(match_id)
        match, kind = authenticate(match_id, write=True, known=known)
        if key and fingerprint and (stored := idempotency.find(match.id, key, fingerprint)):
            return json_response(*stored)
        try:
            change = decide(match, kind, body)
        except (Problem, RuleViolation):
            if match is not known:
                raise
            fresh = True  # refused on a cached snapshot: decide again on a fresh read
            raise LostRace(match_id) from None
        if change.unchanged:  # a setting given as it stands: nothing to record, nothing to tell
            if match is known:  # unless a cached snapshot is behind: look again first
                fresh = True
                raise LostRace(match_id)
            return json_response(change.status, change.answer)
        store(match, kind, change, key=key, fingerprint=fingerprint)
        for record in change.records:
            current_app.logger.info("match %s: %s %s by %s", match_id, record["action"], record["seq"], kind)
        return json_response(change.status, change.answer)

    return with_retries(attempt)


def record_hand(match: MatchRow, kind: str, body: Any) -> Change:
    """A new hand: checked by the engine against the snapshot, no history replayed."""
    if isinstance(match, Snapshot) and _other_seq(body, match.next_seq):
        # a cached snapshot behind the client: another worker has most likely moved the
        # match on; decide on a fresh read at once (a wrong seq is refused there, 409)
        raise LostRace(match.id)
    game = engine.get_game(match.game)
    seq, entry = load_entry(match.game, body)
    if seq is None or seq != match.next_seq:
        raise stale(match, seq)
    before = game.state_from_json(match.state)
    outcome = game.apply(before, entry)
    state = game.state_to_json(outcome.state)
    result = game.result_to_json(outcome.result)
    at = utcnow()
    record: dict[str, Any] = {"seq": seq, "action": HAND, "body": canonical_body(match.game, seq, entry),
                              "result": result}
    change = Change(201, {}, at, [record], match.version + 1, seq + 1, state, folded=(before, entry, outcome))
    change.answer = _answer(match, change, hand_json(HandRecord(record["body"], at, kind), result))
    return change


def _other_seq(body: Any, next_seq: int) -> bool:
    """The body claims a whole-number seq other than ``next_seq`` (anything else is the
    schema's to judge)."""
    seq = body.get("seq") if isinstance(body, dict) else None
    return type(seq) is int and seq != next_seq


def stale(match: MatchRow, seq: int | None) -> Problem:
    """409: the entry is not for the next hand; the answer carries the current state and,
    when a hand was already recorded under ``seq``, that hand (``recorded``), so the
    phone can show what the table entered instead."""
    recorded = hand_at(match, seq) if isinstance(seq, int) and 1 <= seq < match.next_seq else None
    return Problem(409, "stale_seq", seq=seq, next_seq=match.next_seq, extra={
        "state": match.state, "version": match.version, "revision": match.revision,
        "next_seq": match.next_seq, "recorded": recorded,
    })


def void_hand(seq: int) -> Decision:
    def decide(match: MatchRow, kind: str, body: Any) -> Change:
        if body not in ({}, None):
            raise Problem(422, "invalid_fields", errors={"body": "A void takes no fields."}, fields="body")
        return _refold(match, kind, seq, VOID, None)

    return decide


def replace_hand(seq: int) -> Decision:
    def decide(match: MatchRow, kind: str, body: Any) -> Change:
        given, entry = load_entry(match.game, body, replacing=True)
        if given is not None and given != seq:
            raise Problem(422, "seq_mismatch", errors={"seq": f"must be {seq}"}, given=given, seq=seq)
        return _refold(match, kind, seq, REPLACE, canonical_body(match.game, seq, entry))

    return decide


def _refold(match: MatchRow, kind: str, seq: int, action: str, body: dict | None) -> Change:
    """Void or replace hand ``seq`` and fold every hand that counts through the engine
    again; a later hand that no longer fits refuses the change (409)."""
    hands = history(match)
    if seq not in hands:
        raise Problem(404, "no_hand", seq=seq)
    if hands[seq].voided:
        raise Problem(409, "hand_voided", seq=seq)
    at = utcnow()
    hands[seq].amend(action, at, kind, body)
    game = engine.get_game(match.game)
    state = game.start(match.players, rules=match.rules, dealer=match.first_dealer)
    results: dict[int, Any] = {}
    for number, hand in sorted(hands.items()):
        if hand.voided:
            results[number] = None
            continue
        try:
            outcome = game.apply(state, load_entry(match.game, hand.body)[1])
        except RuleViolation as violation:
            raise _refused(violation, number, changed=seq) from None
        state = outcome.state
        results[number] = game.result_to_json(outcome.result) if number >= seq else hand.result
    version = sum(not hand.voided for hand in hands.values())
    record = {"seq": seq, "action": action, "body": body, "result": results[seq]}
    change = Change(200, {}, at, [record], version, match.next_seq, game.state_to_json(state),
                    rewrite_from=seq, results={n: r for n, r in results.items() if n >= seq})
    change.answer = _answer(match, change, hand_json(hands[seq], results[seq]))
    return change


def _refused(violation: RuleViolation, number: int, *, changed: int) -> Problem:
    if number == changed:  # the replacement itself is wrong
        return Problem.from_violation(violation)
    text = violation.message(lang())
    errors = {f"hands.{number}.{violation.field}" if violation.field else f"hands.{number}": text}
    return Problem(409, "replay_conflict", rule=violation.rule, errors=errors, seq=number, reason=text,
                   extra={"seq": number, "reason": violation.to_json(lang())})


def _answer(match: MatchRow, change: Change, hand: dict[str, Any]) -> dict[str, Any]:
    """The answer to a write, dumped through the game's schema that documents it."""
    answer: dict[str, Any] = game_api(match.game).dump("written", {
        "hand": hand, "state": change.state, "version": change.version,
        "revision": match.revision + change.revisions, "next_seq": change.next_seq,
    })
    return answer


# --- rulings ---------------------------------------------------------------------------


def record_ruling(match: MatchRow, kind: str, body: Any) -> Change:
    """Ask the engine the referee's question (never trusting an answer sent along) and
    keep question, answer (English and German), note and asker as the next ruling.  The
    match's revision grows; its version, next_seq and state stay."""
    data = _ruling_request.load(body)
    question = {"game": match.game, **data["question"]}
    if question["game"] != match.game:
        raise Problem(422, "ruling_game_mismatch", errors={"question.game": f"must be {match.game}"},
                      game=engine.get_game(match.game))
    if data["kind"] not in game_api(match.game).referee:
        raise Problem(422, "invalid_fields", errors={"kind": f"one of {', '.join(game_api(match.game).referee)}"},
                      fields="kind")
    try:
        answer = ask(data["kind"], question, languages=("en", "de"))
    except ValidationError as error:
        raise ValidationError({"question": error.messages}) from None
    except RuleViolation as violation:
        raise _in_question(Problem.from_violation(violation)) from None
    violations = answer["en"].get("violations") or []
    row = {
        "number": _rulings_so_far(match) + 1, "kind": data["kind"], "question": question, "answer": answer,
        "rule": answer["en"].get("rule") or next((v["rule"] for v in violations if v["rule"]), None),
        "legal": answer["en"].get("legal", True), "note": data.get("note"),  # Egon's turn and a count: no verdict
    }
    at = utcnow()
    change = Change(201, {}, at, [], match.version, match.next_seq, match.state, rulings=[row])
    change.answer = {"ruling": ruling_json({**row, "recorded_at": at, "token_kind": kind}),
                     "revision": match.revision + change.revisions}
    return change


def _in_question(problem: Problem) -> Problem:
    """The engine names fields of the referee request; here they sit under ``question``."""
    if problem.errors:
        problem.errors = {f"question.{path}": text for path, text in problem.errors.items()}
    return problem


def _rulings_so_far(match: MatchRow) -> int:
    return db.session.scalar(select(func.count()).select_from(Ruling).where(Ruling.match_id == match.id)) or 0


def rulings_json(match: MatchRow) -> list[dict[str, Any]]:
    """Every ruling of the match, oldest first."""
    rows = db.session.execute(
        select(Ruling.number, Ruling.kind, Ruling.question, Ruling.answer, Ruling.rule, Ruling.legal, Ruling.note,
               Ruling.recorded_at, Ruling.token_kind)
        .where(Ruling.match_id == match.id).order_by(Ruling.id)
    )
    return [ruling_json(row) for row in rows]


# --- reading the log -------------------------------------------------------------------


def log_rows(match: MatchRow, seq: int | None = None, *, seqs: tuple[int, int] | None = None,
             by_seq: bool = False) -> list[Any]:
    """The match's log records (of hand ``seq``, or those in the range ``seqs``), in
    record order or, ``by_seq``, in (seq, record) order."""
    query = (select(Entry.id, Entry.seq, Entry.action, Entry.body, Entry.result, Entry.token_kind, Entry.recorded_at)
             .where(Entry.match_id == match.id).order_by(*((Entry.seq, Entry.id) if by_seq else (Entry.id,))))
    if seq is not None:
        query = query.where(Entry.seq == seq)
    if seqs is not None:
        query = query.where(Entry.seq.between(*seqs))
    return list(db.session.execute(query))


def history(match: MatchRow, seq: int | None = None, *, seqs: tuple[int, int] | None = None) -> dict[int, HandRecord]:
    """Every hand by seq (or only hand ``seq``, or those in the range ``seqs``), with
    replacements and voids folded in, and its current result: the cached one when a void
    or replacement has refolded it, else the one recorded."""
    hands = dict(fold_hands(log_rows(match, seq, seqs=seqs, by_seq=True)))
    query = select(HandResult.seq, HandResult.result).where(HandResult.match_id == match.id)
    if seq is not None:
        query = query.where(HandResult.seq == seq)
    if seqs is not None:
        query = query.where(HandResult.seq.between(*seqs))
    cached = db.session.execute(query)
    for seq, result in cached:
        if seq in hands:
            hands[seq].result = result
    return hands


def hands_json(match: MatchRow) -> list[dict[str, Any]]:
    """Every hand in seq order, voided ones included and marked (dumped by the view)."""
    return [hand_json(hand, hand.result) for _, hand in sorted(history(match).items())]


def hands_page(match: MatchRow, after: int, limit: int | None) -> tuple[list[dict[str, Any]], int | None]:
    """The hands with a seq above ``after``, at most ``limit`` of them, and the cursor of
    the next page (None: no more).  Seqs run 1, 2, ... without gaps (a void or a
    replacement keeps its hand's number), so a page is a range of them."""
    last = match.next_seq - 1
    upto = last if limit is None else min(last, after + limit)
    if upto <= after:
        return [], None
    hands = history(match, seqs=(after + 1, upto))
    return [hand_json(hand, hand.result) for _, hand in sorted(hands.items())], (upto if upto < last else None)


def hand_at(match: MatchRow, seq: int) -> dict[str, Any] | None:
    """Hand ``seq`` as the hands list shows it, or None if none was recorded."""
    hand = history(match, seq).get(seq)
    return None if hand is None else hand_json(hand, hand.result)


def export_json(match: MatchRow) -> dict[str, Any]:
    """The whole history, one row per log record, with the match (never its tokens), in
    memory at once: the export endpoints stream the same bytes (:mod:`api.exports`)."""
    records = [record_json(n, row) for n, row in enumerate(log_rows(match), start=1)]
    return {"match": match_json(match), "records": records, "hands": hands_json(match),
            "rulings": rulings_json(match)}
