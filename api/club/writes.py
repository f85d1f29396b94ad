"""What changes a club: its creation, its members (added, renamed, merged, anonymised),
its settings, and a table started from it.

A member is a person: his matches name him as he is named now.  A rename (or an
anonymisation, or a merge) rewrites the names in his matches, whose hands are then
replayed through the engine, so every note, answer and export names him anew and the
figures stay exactly what they were (:func:`renamed_in_match`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from flask import Response, current_app
from sqlalchemy import delete, select, update
from sqlalchemy.engine import Connection

import engine
from api import creation, events
from api.auth import hash_token, new_match_id, new_token
from api.club import rows, summaries
from api.club.access import authenticate
from api.club.reads import club_json, member_json
from api.club.rows import CLUB_MATCHES, CLUBS, MATCHES, MEMBERS, MEMBERS_MOST
from api.club.sentences import sentence
from api.club.tokens import ADMIN, MEMBER, TOKENS, derived, links
from api.creation import checked_name
from api.errors import Problem
from api.extensions import db
from api.games import load_entry
from api.log import fold_hands
from api.models import Club, ClubMatch, ClubMember, DeletedMatch, Entry, HandResult, IdempotencyRecord, Ruling, utcnow
from api.schemas.matches import MatchCreateSchema
from api.services import new_match
from api.store import SNAPSHOTS, json_response, with_retries, writing
from engine.club import DEFAULT_TIMEZONE, is_timezone
from engine.errors import ConfigError, RuleViolation
from engine.names import NAME_MAX, name_key

#: A club as created with a key (its records' scope).
CREATABLE = creation.Creatable("create-cl", TOKENS, links, "/api/clubs/{id}")
CLUB_NAME_MAX = 60


def all_rates(rates: Mapping[str, Any] | None, current: Mapping[str, int] | None = None) -> dict[str, int]:
    """Every game's money rates (R37), checked by each game; all refusals together, each
    naming its field (``rates.per_blob``)."""
    given = dict(rates or {})
    problems: dict[str, str] = {}
    settled: dict[str, int] = {}
    known = [name for game in engine.GAMES.values() if game.available for name in game.money_rates]
    for name, value in given.items():
        if name not in known:
            problems[f"rates.{name}"] = sentence("unknown_rate", {"game": "Kreide", "name": name, "known": known})
        elif type(value) is not int:
            problems[f"rates.{name}"] = sentence("rate_range", {"most": engine.game.RATE_MOST, "value": value})
    for game in engine.GAMES.values():
        if not game.available:
            continue
        mine = {n: v for n, v in given.items() if n in game.money_rates and type(v) is int}
        try:
            settled.update(game.resolve_rates(mine, current=current))
        except ConfigError as error:
            problems.update(Problem.from_violation(error).errors or {})
    if problems:
        raise Problem(422, "invalid_fields", rule="R37", errors=problems, fields=", ".join(problems))
    return settled


def checked_timezone(value: Any) -> str:
    """R36: the time zone of a club's evenings (the engine's default when none is given)."""
    if value is None:
        return DEFAULT_TIMEZONE
    if not isinstance(value, str) or not is_timezone(value):
        raise Problem(422, "invalid_fields", rule="R36", errors={"timezone": sentence("bad_timezone", {
            "value": value})}, fields="timezone")
    return value


def _body(body: Any) -> dict[str, Any]:
    """A JSON object whose fields, where given, are not null (a field left out is left out)."""
    if not isinstance(body, dict):
        raise Problem(422, "invalid_fields", errors={"body": "A JSON object is expected."}, fields="body")
    nulls = sorted(str(name) for name, value in body.items() if value is None)
    if nulls:
        raise Problem(422, "invalid_fields", errors={name: "Field may not be null." for name in nulls},
                      fields=", ".join(nulls))
    return body


def text_of(value: Any) -> str:
    """A field that should be text: itself, or nothing to read (refused as a name is)."""
    return value if isinstance(value, str) else ""


def _names(raw: Any, field: str) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > MEMBERS_MOST or not all(isinstance(n, str) for n in raw):
        raise Problem(422, "invalid_fields", errors={field: sentence("members_too_many", {"most": MEMBERS_MOST})
                                                     if isinstance(raw, list) and len(raw) > MEMBERS_MOST
                                                     else "A list of names is expected."}, fields=field)
    names: list[str] = []
    seen: set[str] = set()
    for index, name in enumerate(raw):
        clean = checked_name(name, f"{field}.{index}", limit=NAME_MAX)
        if name_key(clean) in seen:
            raise Problem(422, "invalid_fields", errors={f"{field}.{index}": sentence("member_twice", {
                "name": clean})}, fields=f"{field}.{index}")
        seen.add(name_key(clean))
        names.append(clean)
    return names


def create(body: Any) -> Response:
    """A new club; ``Idempotency-Key`` as for a match."""
    return creation.create(CREATABLE, body, _made)


def _made(body: Any) -> creation.Created:
    data = _body(body)
    unknown = sorted(set(data) - {"name", "members", "timezone", "rates"})
    if unknown:
        raise Problem(422, "invalid_fields", errors={name: "Unknown field." for name in unknown}, fields=unknown[0])
    if not isinstance(data.get("name"), str):
        raise Problem(422, "invalid_fields", errors={"name": "Missing data for required field."}, fields="name")
    name = checked_name(data["name"], "name", limit=CLUB_NAME_MAX, prefix="club_name")
    names = _names(data.get("members"), "members")
    timezone = checked_timezone(data.get("timezone"))
    if data.get("rates") is not None and not isinstance(data["rates"], dict):
        raise Problem(422, "invalid_fields", errors={"rates": "An object of whole cents by name is expected."},
                      fields="rates")
    rates = all_rates(data.get("rates"))
    club_id = new_match_id()
    tokens = derived(new_token(), club_id)
    now = utcnow()
    club = Club(id=club_id, name=name, timezone=timezone, rates=rates, admin_hash=hash_token(tokens["admin_token"]),
                member_hash=hash_token(tokens["member_token"]), viewer_hash=hash_token(tokens["viewer_token"]),
                created_at=now, revision=0, last_change=None)
    # a microsecond apart, so the club lists them in the order given
    members = [ClubMember(id=new_match_id(), club_id=club_id, name=n, anonymised=False, merged_into=None,
                          created_at=now + timedelta(microseconds=index)) for index, n in enumerate(names)]
    db.session.add_all(members)
    answer = {"id": club_id, "name": name, "timezone": timezone, "rates": rates, "created_at": now.isoformat(),
              "revision": 0, "members": [member_json(m) for m in members], "matches": [], "evenings": [],
              "access": ADMIN, **tokens, **links(club_id, tokens)}

    def then() -> None:
        current_app.logger.info("club %s: created, %d members", club_id, len(members))

    return creation.Created(club, answer, then)


# --- members ------------------------------------------------------------------------------


def _member(club_id: str, member_id: str) -> Any:
    found = db.session.execute(select(MEMBERS).where(MEMBERS.c.club_id == club_id, MEMBERS.c.id == member_id,
                                                     MEMBERS.c.merged_into.is_(None))).first()
    if found is None:
        raise Problem(404, "no_member", member=member_id)
    return found


def _free(club_id: str, name: str, field: str, *, but: str | None = None) -> None:
    for member in rows.members(club_id):
        if member.merged_into is None and member.id != but and name_key(member.name) == name_key(name):
            raise Problem(422, "invalid_fields", errors={field: sentence("member_exists", {"name": name})},
                          fields=field)


def _write(club_id: str, need: str, act: Any) -> Response:
    """Authenticate, act in one transaction with the club locked, retried on a lost race."""

    def attempt() -> Response:
        club, _, _ = authenticate(club_id, need=need, lock=True)
        with writing():
            status, answer, change = act(club)
            then = summaries.bump(db.session.connection(), club.id, change)
            db.session.commit()
        then()
        return json_response(status, answer)

    return with_retries(attempt)


def add_member(club_id: str, body: Any) -> Response:
    data = _body(body)

    def act(club: Any) -> tuple[int, dict[str, Any], dict[str, Any]]:
        name = checked_name(text_of(data.get("name")), "name", limit=NAME_MAX)
        _free(club.id, name, "name")
        if len(rows.members(club.id)) >= MEMBERS_MOST:
            raise Problem(422, "invalid_fields", errors={"name": sentence("members_too_many", {
                "most": MEMBERS_MOST})}, fields="name")
        member = ClubMember(id=new_match_id(), club_id=club.id, name=name, anonymised=False, merged_into=None,
                            created_at=utcnow())
        db.session.add(member)
        db.session.flush()
        return 201, member_json(member), {"action": "member", "member": member.id}

    return _write(club_id, MEMBER, act)


def rename_member(club_id: str, member_id: str, body: Any) -> Response:
    data = _body(body)

    def act(club: Any) -> tuple[int, dict[str, Any], dict[str, Any]]:
        member = _member(club.id, member_id)
        name = checked_name(text_of(data.get("name")), "name", limit=NAME_MAX)
        _free(club.id, name, "name", but=member.id)
        _rename(club, member, name, anonymised=member.anonymised)
        return 200, {**member_json(member), "name": name}, {"action": "member", "member": member.id}

    return _write(club_id, ADMIN, act)


def anonymise_member(club_id: str, member_id: str) -> Response:
    def act(club: Any) -> tuple[int, dict[str, Any], dict[str, Any]]:
        member = _member(club.id, member_id)
        if member.anonymised:
            return 200, member_json(member), {"action": "member", "member": member.id}
        taken = {name_key(m.name) for m in rows.members(club.id)}
        number = 1 + sum(m.anonymised for m in rows.members(club.id))
        while name_key(name := sentence("anonymous", {"number": number})) in taken:
            number += 1
        _rename(club, member, name, anonymised=True)
        return 200, {"id": member.id, "name": name, "anonymised": True}, {"action": "member", "member": member.id}

    return _write(club_id, ADMIN, act)


def merge_member(club_id: str, member_id: str, body: Any) -> Response:
    data = _body(body)

    def act(club: Any) -> tuple[int, dict[str, Any], dict[str, Any]]:
        member = _member(club.id, member_id)
        into_id = data.get("into")
        if not isinstance(into_id, str):
            raise Problem(422, "invalid_fields", errors={"into": "A member's id is expected."}, fields="into")
        if into_id == member.id:
            raise Problem(422, "invalid_fields", errors={"into": sentence("merge_self", {})}, fields="into")
        try:
            into = _member(club.id, into_id)
        except Problem:
            raise Problem(422, "invalid_fields", errors={"into": sentence("no_member", {"member": into_id})},
                          fields="into") from None
        connection = db.session.connection()
        for match in rows.club_matches(club.id, connection):
            seated = set(match.players.values())
            if member.id in seated and into.id in seated:
                raise Problem(409, "merge_same_table", member=member.name, into=into.name, match=match.match_id)
        _rename(club, member, into.name, anonymised=into.anonymised, becomes=into.id)
        connection.execute(update(MEMBERS).where(MEMBERS.c.id == member.id).values(merged_into=into.id))
        return 200, member_json(into), {"action": "member", "member": into.id}

    return _write(club_id, ADMIN, act)


def _rename(club: Any, member: Any, name: str, *, anonymised: bool, becomes: str | None = None) -> None:
    """``member`` is called ``name`` from now on, in every match of the club he sat at (as
    the member ``becomes``, for a merge)."""
    connection = db.session.connection()
    for match in rows.club_matches(club.id, connection):
        old = next((n for n, m in match.players.items() if m == member.id), None)
        if old is None:
            continue
        players = {(name if n == old else n): (becomes or m if n == old else m) for n, m in match.players.items()}
        renamed_in_match(connection, match.match_id, {old: name})
        connection.execute(update(CLUB_MATCHES).where(CLUB_MATCHES.c.match_id == match.match_id)
                           .values(players=players))
    if becomes is None:
        connection.execute(update(MEMBERS).where(MEMBERS.c.id == member.id).values(name=name, anonymised=anonymised))


def _mapped(value: Any, names: Mapping[str, str]) -> Any:
    """A stored body with every player's name mapped (keys and whole values)."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_mapped(v, names) for v in value]
    if isinstance(value, dict):
        return {(names.get(k, k) if isinstance(k, str) else k): _mapped(v, names) for k, v in value.items()}
    return value


def _intext_of(text: Any, names: Mapping[str, str]) -> Any:
    """A sentence of a ruling with each name replaced where it stands as a word."""
    if isinstance(text, dict):
        return {k: _intext_of(v, names) for k, v in text.items()}
    if isinstance(text, list):
        return [_intext_of(v, names) for v in text]
    if not isinstance(text, str):
        return text
    for old, new in names.items():
        text = re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", new.replace("\\", "\\\\"), text)
    return text


def renamed_in_match(connection: Connection, match_id: str, names: Mapping[str, str]) -> None:
    """Rewrite a match with its players' names mapped: its seats, its log's bodies, its
    rulings; then replay the hands through the engine for their results and the state,
    so every note names the player anew.  A log that would not replay refuses the whole
    change (409).  Its cached snapshot and replies of earlier requests are dropped."""
    match = connection.execute(select(MATCHES).where(MATCHES.c.id == match_id).with_for_update()).first()
    if match is None:
        return
    game = engine.get_game(match.game)
    players = [names.get(p, p) for p in match.players]
    dealer = names.get(match.first_dealer, match.first_dealer) if match.first_dealer else match.first_dealer
    log = list(connection.execute(select(Entry.id, Entry.seq, Entry.action, Entry.body, Entry.result,
                                         Entry.token_kind, Entry.recorded_at)
                                  .where(Entry.match_id == match_id).order_by(Entry.seq, Entry.id)))
    bodies = {row.id: _mapped(row.body, names) if row.body is not None else None for row in log}

    class _R:
        def __init__(self, row: Any) -> None:
            self.__dict__.update(row._asdict())
            self.body = bodies[row.id]

    state = game.start(players, rules=match.rules, dealer=dealer)
    results: dict[int, Any] = {}
    try:
        for seq, hand in fold_hands(_R(row) for row in log):
            if hand.voided:
                results[seq] = None
                continue
            outcome = game.apply(state, load_entry(match.game, hand.body)[1])
            state = outcome.state
            results[seq] = game.result_to_json(outcome.result)
    except (RuleViolation, ValueError) as error:
        raise Problem(409, "import_does_not_replay", match=match_id, number=1, seq=0, reason=str(error)) from None
    last = {row.seq: row.id for row in log}
    for row in log:
        result = results.get(row.seq) if last[row.seq] == row.id else None
        connection.execute(update(Entry.__table__).where(Entry.__table__.c.id == row.id)
                           .values(body=bodies[row.id], result=result))
    connection.execute(delete(HandResult.__table__).where(HandResult.__table__.c.match_id == match_id))
    for ruling in connection.execute(select(Ruling.id, Ruling.question, Ruling.answer, Ruling.note)
                                     .where(Ruling.match_id == match_id)):
        connection.execute(update(Ruling.__table__).where(Ruling.__table__.c.id == ruling.id).values(
            question=_mapped(ruling.question, names), answer=_intext_of(ruling.answer, names),
            note=_intext_of(ruling.note, names)))
    connection.execute(delete(IdempotencyRecord.__table__).where(IdempotencyRecord.__table__.c.scope == match_id))
    revision = match.revision + 1
    connection.execute(update(MATCHES).where(MATCHES.c.id == match_id).values(
        players=players, first_dealer=dealer, state=game.state_to_json(state), revision=revision,
        last_change={"action": "rename", "seq": None}))
    connection.execute(update(CLUB_MATCHES).where(CLUB_MATCHES.c.match_id == match_id).values(
        **summaries.rebuilt(connection, _Match(match, players, dealer))))
    events.publish(connection, match_id, revision)
    SNAPSHOTS.forget(match_id)


class _Match:
    def __init__(self, row: Any, players: list[str], dealer: str | None) -> None:
        self.id, self.game, self.rules, self.rates = row.id, row.game, row.rules, row.rates
        self.players, self.first_dealer = players, dealer


# --- the club's settings ----------------------------------------------------------------


def change_club(club_id: str, body: Any) -> Response:
    data = _body(body)

    def act(club: Any) -> tuple[int, dict[str, Any], dict[str, Any]]:
        unknown = sorted(set(data) - {"name", "timezone", "rates"})
        if unknown:
            raise Problem(422, "invalid_fields", errors={n: "Unknown field." for n in unknown}, fields=unknown[0])
        values: dict[str, Any] = {}
        if "name" in data:
            values["name"] = checked_name(text_of(data["name"]), "name",
                                          limit=CLUB_NAME_MAX, prefix="club_name")
        if "timezone" in data:
            values["timezone"] = checked_timezone(data["timezone"])
        if "rates" in data:
            if not isinstance(data["rates"], dict):
                raise Problem(422, "invalid_fields", errors={"rates": "An object of whole cents by name is expected."},
                              fields="rates")
            values["rates"] = all_rates(data["rates"], club.rates)
        if values:
            db.session.execute(update(CLUBS).where(CLUBS.c.id == club.id).values(**values))
        fresh = rows.load_club(club.id)
        return 200, club_json(fresh, ADMIN), {"action": "club"}

    return _write(club_id, ADMIN, act)


# --- a table started from the club --------------------------------------------------------


#: a table's body is a match's (POST /api/matches)
_MATCH_SCHEMA = MatchCreateSchema()
CLUB_MATCH = creation.Creatable("create-cm", ("scorer_token", "viewer_token"),
                                lambda match_id, tokens: _match_links(match_id, tokens), "/api/matches/{id}")


def _match_links(match_id: str, tokens: Mapping[str, str]) -> dict[str, str]:
    from api.services import links as match_links

    return match_links(match_id, tokens["scorer_token"], tokens["viewer_token"])


def start_match(club_id: str, body: Any) -> Response:
    """A match of the club: its players are members (by name; a new name becomes one).
    The answer is the match with its own tokens, and ``new_members``."""
    club, _, _ = authenticate(club_id, need=MEMBER)
    return creation.create(CLUB_MATCH, {"club": club.id, **_body(body)}, _made_match)


def _made_match(body: Any) -> creation.Created:
    club_id = body["club"]
    data = _MATCH_SCHEMA.load({k: v for k, v in body.items() if k != "club"})
    club = rows.load_club(club_id)
    assert club is not None
    members = [m for m in rows.members(club_id) if m.merged_into is None]
    by_key: dict[str, Any] = {name_key(m.name): m for m in members}
    seats: list[str] = []
    players: dict[str, str] = {}
    new: list[ClubMember] = []
    for index, raw in enumerate(data["players"]):
        name = checked_name(raw, f"players.{index}", limit=NAME_MAX)
        member: Any = by_key.get(name_key(name))
        if member is None:
            made = ClubMember(id=new_match_id(), club_id=club_id, name=name, anonymised=False, merged_into=None,
                              created_at=utcnow())
            new.append(made)
            by_key[name_key(name)] = made
            member = made
        if member.name in players:
            raise Problem(422, "invalid_fields", errors={f"players.{index}": sentence("member_twice", {
                "name": member.name})}, fields=f"players.{index}")
        seats.append(member.name)
        players[member.name] = member.id
    if len(members) + len(new) > MEMBERS_MOST:
        raise Problem(422, "invalid_fields", errors={"players": sentence("members_too_many", {
            "most": MEMBERS_MOST})}, fields="players")
    game = engine.get_game(data["game"])
    rates = {name: club.rates.get(name, 0) for name in game.money_rates}
    rates.update(data.get("rates") or {})
    dealer = data.get("dealer")
    if isinstance(dealer, str) and name_key(dealer) in by_key:
        dealer = by_key[name_key(dealer)].name
    tokens = {"scorer_token": new_token(), "viewer_token": new_token()}
    match, answer = new_match({**data, "players": seats, "rates": rates, "dealer": dealer}, tokens)
    answer = {**answer, "club": club_id, "new_members": [member_json(m) for m in new]}
    bumped: list[Any] = []

    def during() -> None:
        db.session.add_all(new)
        db.session.add(ClubMatch(match_id=match.id, club_id=club_id, players=players, tallies=[], standing=[],
                                 first_at=None, last_at=None, finished=False))
        db.session.flush()
        bumped.append(summaries.bump(db.session.connection(), club_id, {"action": "match", "match_id": match.id}))

    def then() -> None:
        summaries.joined(match.id, club_id)
        for wake in bumped:
            wake()
        current_app.logger.info("club %s: match %s started", club_id, match.id)

    return creation.Created(match, answer, then, during)


# --- the club deleted -----------------------------------------------------------------------


def delete_club(club_id: str, body: Any) -> Response:
    """The admin deletes the club: ``confirm`` must be its id.  Its members, its tables with
    their logs and rulings and the answers kept for their retried requests go in one
    transaction; the tables' links answer ``410`` for a while, as a deleted match's do."""
    data = _body(body)

    def attempt() -> Response:
        club, _, _ = authenticate(club_id, need=ADMIN, lock=True)
        if data.get("confirm") != club.id:
            raise Problem(422, "invalid_fields", errors={"confirm": f"must be {club.id}"}, fields="confirm")
        with writing():
            connection = db.session.connection()
            tables = list(connection.execute(select(MATCHES.c.id, MATCHES.c.scorer_hash, MATCHES.c.viewer_hash)
                                             .join(CLUB_MATCHES, CLUB_MATCHES.c.match_id == MATCHES.c.id)
                                             .where(CLUB_MATCHES.c.club_id == club.id)))
            ids = [table.id for table in tables]
            connection.execute(delete(CLUB_MATCHES).where(CLUB_MATCHES.c.club_id == club.id))
            connection.execute(delete(IdempotencyRecord.__table__).where(IdempotencyRecord.__table__.c.scope.in_(ids)))
            for table in (HandResult.__table__, Entry.__table__, Ruling.__table__):
                connection.execute(delete(table).where(table.c.match_id.in_(ids)))
            connection.execute(delete(MATCHES).where(MATCHES.c.id.in_(ids)))
            db.session.add_all([DeletedMatch(id=t.id, scorer_hash=t.scorer_hash, viewer_hash=t.viewer_hash,
                                             deleted_at=utcnow()) for t in tables])
            connection.execute(delete(MEMBERS).where(MEMBERS.c.club_id == club.id))
            connection.execute(delete(CLUBS).where(CLUBS.c.id == club.id))
            db.session.commit()
        for match_id in ids:
            SNAPSHOTS.forget(match_id)
        current_app.logger.info("club %s: deleted by its admin with %d tables", club.id, len(ids))
        return Response(status=204)

    return with_retries(attempt)
