"""Moving house: a whole club as one JSON file, and back.

The export holds the club (name, time zone, rates), its members (merged and anonymised
ones too) and every match with its whole log (hands, voids and replacements, as recorded)
and its rulings.  The import makes a new club with new ids and tokens; every match's log
is replayed through the engine first, and a file with one match that does not replay is
refused as a whole, naming the match and the entry: nothing is written.  Exporting the
imported club gives the same matches, entries and results."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from flask import Response, current_app
from sqlalchemy import select

import engine
from api import creation
from api.auth import hash_token, new_match_id, new_token
from api.club import rows, summaries
from api.club.sentences import sentence
from api.club.tokens import TOKENS, derived, links
from api.club.writes import CLUB_NAME_MAX, all_rates, checked_timezone, text_of
from api.creation import checked_name
from api.errors import Problem
from api.extensions import db
from api.games import load_entry
from api.log import fold_hands
from api.models import HAND, REPLACE, SCORER, VIEWER, VOID, Club, ClubMatch, ClubMember, Entry, Match, Ruling, utcnow
from api.store import iso
from engine.errors import RuleViolation
from engine.names import NAME_MAX

FORMAT, VERSION = "kreide-club", 1
CREATABLE = creation.Creatable("create-ci", TOKENS, links, "/api/clubs/{id}")
#: an export may be large (a season of evenings): this much, not a match's 64 KiB
IMPORT_MAX = 32 * 1024 * 1024
ACTIONS = (HAND, VOID, REPLACE)


def export_club(club: Any) -> dict[str, Any]:
    members = rows.members(club.id)
    matches = []
    for match in rows.club_matches(club.id):
        log = db.session.execute(select(Entry.seq, Entry.action, Entry.body, Entry.token_kind, Entry.recorded_at)
                                 .where(Entry.match_id == match.match_id).order_by(Entry.id))
        rulings = db.session.execute(select(Ruling).where(Ruling.match_id == match.match_id)
                                     .order_by(Ruling.number)).scalars()
        full = db.session.execute(select(Match.state, Match.version).where(Match.id == match.match_id)).first()
        matches.append({
            "id": match.match_id, "game": match.game, "players": list(match.seats), "members": dict(match.players),
            "rules": match.rules, "dealer": match.first_dealer, "rates": match.rates or {},
            "created_at": iso(match.created_at),
            "hands": [{"seq": r.seq, "action": r.action, "body": r.body, "by": r.token_kind, "at": iso(r.recorded_at)}
                      for r in log],
            "rulings": [{"number": r.number, "kind": r.kind, "question": r.question, "answer": r.answer,
                         "rule": r.rule, "legal": r.legal, "note": r.note, "by": r.token_kind,
                         "at": iso(r.recorded_at)} for r in rulings],
            "version": full.version if full else 0, "state": full.state if full else None,
        })
    return {
        "format": FORMAT, "version": VERSION,
        "club": {"id": club.id, "name": club.name, "timezone": club.timezone, "rates": club.rates,
                 "created_at": iso(club.created_at)},
        "members": [{"id": m.id, "name": m.name, "anonymised": m.anonymised, "merged_into": m.merged_into,
                     "created_at": iso(m.created_at)} for m in members],
        "matches": matches,
    }


def import_club(body: Any) -> Response:
    return creation.create(CREATABLE, body, _imported)


def _refuse(reason: str, field: str = "format") -> Problem:
    return Problem(422, "not_an_export", errors={field: reason}, version=VERSION)


def _moment(value: Any, field: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise _refuse("Not a time as an export writes it.", field) from None
    if moment.tzinfo is None:
        raise _refuse("Not a time as an export writes it.", field)
    return moment


def _imported(body: Any) -> creation.Created:
    if not isinstance(body, dict) or body.get("format") != FORMAT or body.get("version") != VERSION:
        raise _refuse(sentence("not_an_export", {"version": VERSION}))
    club_in, members_in, matches_in = body.get("club"), body.get("members"), body.get("matches")
    if not isinstance(club_in, dict) or not isinstance(members_in, list) or not isinstance(matches_in, list):
        raise _refuse("An export has a club, members and matches.")
    name = checked_name(text_of(club_in.get("name")), "club.name",
                        limit=CLUB_NAME_MAX, prefix="club_name")
    timezone = checked_timezone(club_in.get("timezone"))
    rates = all_rates(club_in.get("rates") if isinstance(club_in.get("rates"), dict) else {})
    club_id = new_match_id()
    tokens = derived(new_token(), club_id)
    now = utcnow()
    club = Club(id=club_id, name=name, timezone=timezone, rates=rates, admin_hash=hash_token(tokens["admin_token"]),
                member_hash=hash_token(tokens["member_token"]), viewer_hash=hash_token(tokens["viewer_token"]),
                created_at=now, revision=0, last_change=None)
    ids: dict[str, str] = {}
    members: list[ClubMember] = []
    for index, member in enumerate(members_in):
        if not isinstance(member, dict) or not isinstance(member.get("id"), str) or member["id"] in ids:
            raise _refuse("Each member has an id of his own.", f"members.{index}")
        ids[member["id"]] = new_match_id()
    for index, member in enumerate(members_in):
        into = member.get("merged_into")
        if into is not None and into not in ids:
            raise _refuse("merged_into names no member of the file.", f"members.{index}.merged_into")
        members.append(ClubMember(
            id=ids[member["id"]], club_id=club_id,
            name=checked_name(text_of(member.get("name")),
                              f"members.{index}.name", limit=NAME_MAX),
            anonymised=member.get("anonymised") is True, merged_into=ids[into] if into else None,
            # the file's order kept (its times are to the second)
            created_at=_moment(member.get("created_at"), f"members.{index}.created_at")
            + timedelta(microseconds=index)))
    made = [_match(number, each, club_id, ids) for number, each in enumerate(matches_in, start=1)]
    answer = {"id": club_id, "name": name, "timezone": timezone, "rates": rates, "created_at": iso(now),
              "revision": 0, "members": [{"id": m.id, "name": m.name, "anonymised": m.anonymised}
                                         for m in members if m.merged_into is None],
              "access": "admin", **tokens, **links(club_id, tokens)}

    def during() -> None:
        db.session.add_all(members)
        db.session.flush()
        for match, entries, rulings_, link in made:
            db.session.add(match)
            db.session.flush()
            db.session.add_all(entries)
            db.session.add_all(rulings_)
            db.session.add(link)
        db.session.flush()
        connection = db.session.connection()
        for match, _, _, link in made:
            link_values = summaries.rebuilt(connection, match)
            for name, value in link_values.items():
                setattr(link, name, value)
        db.session.flush()

    def then() -> None:
        for match, _, _, _ in made:
            summaries.joined(match.id, club_id)
        current_app.logger.info("club %s: imported, %d members, %d matches", club_id, len(members), len(made))

    return creation.Created(club, answer, then, during)


def _match(number: int, data: Any, club_id: str, ids: Mapping[str, str]) -> tuple[Match, list[Entry], list[Ruling],
                                                                                   ClubMatch]:
    """A match of the file, replayed through the engine; refused naming it and its entry."""
    label = data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), str) else f"#{number}"

    def bad(reason: str) -> Problem:
        return Problem(422, "import_bad_match", errors={f"matches.{number - 1}": reason}, match=label, number=number,
                       reason=reason)

    if not isinstance(data, dict):
        raise bad("A match is an object.")
    game_name = data.get("game")
    if game_name not in engine.GAMES or not engine.GAMES[game_name].available:
        raise bad(f"No game '{game_name}'.")
    game = engine.get_game(game_name)
    players, seated = data.get("players"), data.get("members")
    if not isinstance(players, list) or not isinstance(seated, dict) or set(seated) != set(players) \
            or any(member not in ids for member in seated.values()):
        raise bad("Its players are not the club's members.")
    rates_in: dict[str, Any] = data["rates"] if isinstance(data.get("rates"), dict) else {}
    if any(type(value) is not int for value in rates_in.values()):
        raise bad("Its rates are not whole cents.")
    if data.get("dealer") is not None and not isinstance(data.get("dealer"), str):
        raise bad("Its dealer is not a player's name.")
    try:
        start = game.start(players, rules=data.get("rules") if isinstance(data.get("rules"), dict) else {},
                           dealer=data.get("dealer"))
        rates = game.resolve_rates(rates_in)
    except RuleViolation as violation:
        raise bad(violation.message("en")) from None
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise bad("It has no list of hands.")
    entries: list[Entry] = []
    next_seq = 1
    for index, record in enumerate(hands):
        if not isinstance(record, dict) or record.get("action") not in ACTIONS or type(record.get("seq")) is not int:
            raise bad(f"Entry {index + 1} is not a hand, a void or a replacement.")
        seq, action = record["seq"], record["action"]
        if (action == HAND and seq != next_seq) or (action != HAND and not 1 <= seq < next_seq):
            raise bad(f"Entry {index + 1} has the number {seq} out of order.")
        if action != VOID and not isinstance(record.get("body"), dict):
            raise bad(f"Entry {index + 1} has no body.")
        if action == HAND:
            next_seq += 1
        entries.append(Entry(seq=seq, action=action, body=record.get("body") if action != VOID else None, result=None,
                             token_kind=record.get("by") if record.get("by") in (SCORER, VIEWER) else SCORER,
                             recorded_at=_moment(record.get("at"), f"matches.{number - 1}.hands.{index}.at")))
    state = start
    results: dict[int, Any] = {}
    voided: set[int] = set()
    for seq, hand in fold_hands(sorted(entries, key=lambda record: record.seq)):  # (seq, record) order
        if hand.voided:
            voided.add(seq)
            continue
        try:
            seq_, entry = load_entry(game_name, hand.body)
            if seq_ not in (None, seq):
                raise ValueError(f"it says it is number {seq_}")
            outcome = game.apply(state, entry)
        except RuleViolation as violation:
            raise Problem(422, "import_does_not_replay", rule=violation.rule,
                          errors={f"matches.{number - 1}.hands": violation.message("en")}, match=label, number=number,
                          seq=seq, reason=violation.message(_lang())) from None
        except Exception as error:  # a body the game's schema refuses
            raise Problem(422, "import_does_not_replay", errors={f"matches.{number - 1}.hands": str(error)[:300]},
                          match=label, number=number, seq=seq, reason=str(error)[:300]) from None
        state = outcome.state
        results[seq] = game.result_to_json(outcome.result)
    last: dict[int, Entry] = {}
    for record in entries:
        last[record.seq] = record
    for seq, record in last.items():
        record.result = None if seq in voided else results.get(seq)
    rulings = []
    for index, ruling in enumerate(data.get("rulings") or []):
        if not isinstance(ruling, dict) or not isinstance(ruling.get("question"), dict) \
                or not isinstance(ruling.get("answer"), dict) or not isinstance(ruling.get("kind"), str):
            raise bad(f"Ruling {index + 1} is not as an export writes it.")
        rulings.append(Ruling(number=index + 1, kind=ruling["kind"][:32], question=ruling["question"],
                              answer=ruling["answer"], rule=_rule(ruling.get("rule")),
                              legal=ruling.get("legal") is True,
                              note=text_of(ruling.get("note"))[:500] or None,
                              token_kind=SCORER,
                              recorded_at=_moment(ruling.get("at"), f"matches.{number - 1}.rulings.{index}.at")))
    match_id = new_match_id()
    for record in entries:
        record.match_id = match_id
    for ruling in rulings:
        ruling.match_id = match_id
    state_json = game.state_to_json(state)
    match = Match(id=match_id, game=game.name, players=list(start.players), rules=dict(start.rules),
                  first_dealer=game.state_to_json(start).get("dealer"), scorer_hash=hash_token(new_token()),
                  viewer_hash=hash_token(new_token()),
                  created_at=_moment(data.get("created_at"), f"matches.{number - 1}.created_at"),
                  version=len(results), revision=len(entries) + len(rulings), next_seq=next_seq, state=state_json,
                  last_change=None, rates=rates, audit=None)
    link = ClubMatch(match_id=match_id, club_id=club_id, players={name: ids[seated[name]] for name in players},
                     tallies=[], standing=[], first_at=None, last_at=None, finished=False)
    return match, entries, rulings, link


def _rule(value: Any) -> str | None:
    """A ruling's R- or T-number as a file gives it (anything else: none)."""
    return value if isinstance(value, str) and re.fullmatch(r"[RT]\d{1,3}", value) else None


def _lang() -> str:
    from api.errors import lang

    return lang()
