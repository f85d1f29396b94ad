"""What a club's readers see: the club with its members, matches and evenings; the
evenings' settle-up (R36, R37); the season's figures and ratings (R38); a member's page;
where a figure came from; the live event of the club.  Every figure is computed by
``engine.club`` from the matches' summaries (:mod:`api.club.summaries`), never by replaying
a log; names are the members' as they are now."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.engine import Connection

import engine
from api.club import rows
from api.club.tokens import ADMIN, MEMBER, club_url, derived, links, viewer_token
from api.errors import Problem
from api.store import iso
from engine import club as tally
from engine.game import KITTY, Tally


def _moment(value: Any) -> datetime:
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=ZoneInfo("UTC"))


#: each match as the engine counts it, kept by this worker: by the match's revision (every
#: write and every rename moves it on) and who its players are now (a merge changes that)
_COUNTED: dict[str, tuple[tuple[Any, ...], tally.MatchRecord]] = {}
_COUNTED_MOST = 50_000


def records(club: Any, connection: Connection | None = None) -> tuple[list[Any], dict[str, Any],
                                                                       list[tally.MatchRecord]]:
    """The club's members (rows), its matches (rows, without their tallies) and each match as
    the engine counts it: names at the table mapped to the members they are now (merges
    followed).  A match unchanged since this worker last counted it is not read again."""
    members = rows.members(club.id, connection)
    now = rows.current(members)
    matches = rows.club_matches(club.id, connection, tallies=False)
    keys = {}
    for match in matches:
        who = {name: now.get(member, member) for name, member in match.players.items()}
        keys[match.match_id] = (match.match_revision, tuple(sorted(who.items())), match.first_at)
    missing = [m.match_id for m in matches if _COUNTED.get(m.match_id, ((), None))[0] != keys[m.match_id]]
    read = rows.tallies_of(missing, connection) if missing else {}
    if len(_COUNTED) + len(missing) > _COUNTED_MOST:
        _COUNTED.clear()
        missing = [m.match_id for m in matches]
        read = rows.tallies_of(missing, connection)
    for match in matches:
        if match.match_id in read:
            _COUNTED[match.match_id] = (keys[match.match_id], _record(match, read[match.match_id], now))
    made = [_COUNTED[m.match_id][1] for m in matches]
    return members, {m.match_id: m for m in matches}, made


def _record(match: Any, tallies: list[dict[str, Any]], now: dict[str, str]) -> tally.MatchRecord:
    who = {name: now.get(member, member) for name, member in match.players.items()}

    def named(mapping: Any) -> dict[str, Any]:
        return {who.get(name, name) if name != KITTY else KITTY: value for name, value in mapping.items()}

    counted = tuple(
        tally.Counted(match.match_id, each["seq"], _moment(each["at"]), Tally(
            named(each.get("figures", {})), named(each.get("money", {})),
            tuple(tuple(who.get(name, name) for name in group) for group in each.get("ranking", ()))))
        for each in tallies)
    return tally.MatchRecord(
        id=match.match_id, game=match.game, players=tuple(who.get(name, name) for name in match.seats),
        first_at=_moment(match.first_at) if match.first_at is not None else None, counted=counted,
        standing=tuple(tuple(who.get(name, name) for name in group) for group in match.standing),
        finished=match.finished)


def _day(day: date | None) -> str | None:
    return day.isoformat() if day is not None else None


def member_json(member: Any) -> dict[str, Any]:
    return {"id": member.id, "name": member.name, "anonymised": member.anonymised}


def listed(members: list[Any]) -> list[Any]:
    """The members a club lists: not the ones merged into another."""
    return [m for m in members if m.merged_into is None]


def figures_catalogue() -> dict[str, list[dict[str, Any]]]:
    """Each game's season figures (R38), as the season's table heads them."""
    return {name: [figure.to_json() for figure in game.club.figures]
            for name, game in engine.GAMES.items() if game.available and game.club is not None}


def public_json(club: Any, connection: Connection | None = None) -> dict[str, Any]:
    """What every token holder sees of the club (the live event sends this): its matches
    with their evenings, read without their tallies (a write to a table sends it anew)."""
    members = rows.members(club.id, connection)
    now = rows.current(members)
    matches = {m.match_id: m for m in rows.club_matches(club.id, connection, tallies=False)}
    made = [tally.MatchRecord(
        id=m.match_id, game=m.game, players=tuple(now.get(m.players.get(name, name), name) for name in m.seats),
        first_at=_moment(m.first_at) if m.first_at is not None else None, counted=(), finished=m.finished)
        for m in matches.values()]
    names = {m.id: m.name for m in members}
    evening = {r.id: tally.evening_of(r.first_at, club.timezone) if r.first_at else None for r in made}
    days: dict[date, list[str]] = {}
    for record in made:
        day = evening[record.id]
        if day is not None:
            days.setdefault(day, []).append(record.id)
    return {
        "id": club.id, "name": club.name, "timezone": club.timezone, "rates": club.rates,
        "created_at": iso(club.created_at), "revision": club.revision, "last_change": club.last_change,
        "members": [member_json(m) for m in listed(members)],
        "matches": [{
            "id": r.id, "game": r.game, "players": list(r.players),
            "player_names": [names.get(p, p) for p in r.players],
            "created_at": iso(matches[r.id].created_at), "first_at": iso(r.first_at) if r.first_at else None,
            "finished": r.finished, "evening": _day(evening[r.id]),
        } for r in made],
        "evenings": [{"date": day.isoformat(), "matches": ids} for day, ids in sorted(days.items(), reverse=True)],
        "tonight": tally.evening_of(datetime.now(ZoneInfo("UTC")), club.timezone).isoformat(),
        "games": figures_catalogue(),
    }


class Answers:
    """The answers of this worker to a club's reads, by the club's revision and the question:
    every change of the club and every write to one of its tables moves the revision on, so
    an answer kept for a revision is the answer for as long as it is the club's.  A season is
    read far more often than a table is written to at a club's evening."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.kept: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, club: Any, question: tuple[Any, ...], make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        key = (club.id, club.revision, club.timezone, *question)
        with self.lock:
            if key in self.kept:
                self.kept.move_to_end(key)
                return self.kept[key]
        answer = make()
        with self.lock:
            self.kept[key] = answer
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
        return answer


ANSWERS = Answers()


def _question(args: Any, *names: str) -> tuple[Any, ...]:
    return tuple(args.get(name) for name in names)


def club_json(club: Any, role: str, token: str | None = None) -> dict[str, Any]:
    """GET's answer: what everyone sees, the token's ``access``, and the links it may hand
    on (the tokens below it are derived from it): the admin's the members' and the viewers',
    a member's the viewers'."""
    answer = {**public_json(club), "access": role}
    if token is not None:
        answer.update(links_below(club.id, role, token))
    return answer


def links_below(club_id: str, role: str, token: str) -> dict[str, str]:
    if role == ADMIN:
        tokens = derived(token, club_id)
        return {**{name: tokens[name] for name in ("member_token", "viewer_token")}, **links(club_id, tokens)}
    if role == MEMBER:
        viewer = viewer_token(token, club_id)
        return {"member_token": token, "viewer_token": viewer, "join_url": club_url(club_id, token),
                "view_url": club_url(club_id, viewer)}
    return {"viewer_token": token, "view_url": club_url(club_id, token)}


def evenings_json(club: Any) -> dict[str, Any]:
    return ANSWERS.get(club, ("evenings",), lambda: _evenings(club))


def _evenings(club: Any) -> dict[str, Any]:
    _, _, made = records(club)
    return {"evenings": [{
        "date": evening.date.isoformat(), "matches": list(evening.matches), "net": dict(evening.net),
        "kitty": evening.kitty, "transfers": [transfer.to_json() for transfer in evening.transfers],
    } for evening in tally.evenings(made, club.timezone)]}


def date_range(args: Any) -> tuple[date | None, date | None]:
    """``from`` and ``to`` of a request (inclusive evenings; either may be left out)."""
    bounds: dict[str, date | None] = {}
    for name in ("from", "to"):
        value = args.get(name)
        if value in (None, ""):
            bounds[name] = None
            continue
        try:
            bounds[name] = date.fromisoformat(value)
        except ValueError:
            raise Problem(422, "invalid_fields", errors={name: _say("bad_date", value=value)}, fields=name) from None
    since, until = bounds["from"], bounds["to"]
    if since is not None and until is not None and until < since:
        raise Problem(422, "invalid_fields", errors={"to": _say("range_backwards", since=since, to=until)},
                      fields="to")
    return since, until


def _say(code: str, **params: Any) -> str:
    from api.club.sentences import sentence

    return sentence(code, params)


def game_arg(args: Any) -> str | None:
    value = args.get("game") or None
    if value is not None and value not in figures_catalogue():
        raise Problem(422, "invalid_fields", errors={"game": _say("unknown_game_club", game=value)}, fields="game")
    return value


def _games() -> dict[str, Any]:
    return {name: game.club for name, game in engine.GAMES.items() if game.available}


def season_json(club: Any, args: Any) -> dict[str, Any]:
    return ANSWERS.get(club, ("season", *_question(args, "from", "to", "game")), lambda: _season(club, args))


def _season(club: Any, args: Any) -> dict[str, Any]:
    since, until = date_range(args)
    only = game_arg(args)
    members, _, made = records(club)
    if only is not None:
        made = [r for r in made if r.game == only]
    season = tally.season(made, _games(), since=since, until=until, timezone=club.timezone)
    games = figures_catalogue()
    return {
        "from": since.isoformat() if since else None, "to": until.isoformat() if until else None,
        "members": [{"id": m.id, "name": m.name, "anonymised": m.anonymised,
                     "games": {game: figures.to_json() for game, figures in season.members.get(m.id, {}).items()}}
                    for m in listed(members)],
        "games": {name: figures for name, figures in games.items() if only is None or name == only},
    }


def member_page_json(club: Any, member_id: str, args: Any) -> dict[str, Any]:
    return ANSWERS.get(club, ("member", member_id, *_question(args, "from", "to")),
                       lambda: _member_page(club, member_id, args))


def _member_page(club: Any, member_id: str, args: Any) -> dict[str, Any]:
    since, until = date_range(args)
    members, _, made = records(club)
    member = next((m for m in listed(members) if m.id == member_id), None)
    if member is None:
        raise Problem(404, "no_member", member=member_id)
    season = tally.season(made, _games(), since=since, until=until, timezone=club.timezone)
    names = {m.id: m.name for m in members}
    against = tally.head_to_head(made, member.id, since=since, until=until, timezone=club.timezone)
    return {
        **member_json(member),
        "games": {game: figures.to_json() for game, figures in season.members.get(member.id, {}).items()},
        "head_to_head": [{"id": other, "name": names.get(other, other),
                          "games": {game: dict(score) for game, score in games.items()}}
                         for other, games in sorted(against.items(), key=lambda item: names.get(item[0], item[0]))],
        "series": [point.to_json() for point in tally.series(made, member.id, timezone=club.timezone,
                                                             since=since, until=until)],
    }


def sources_json(club: Any, args: Any) -> dict[str, Any]:
    return ANSWERS.get(club, ("sources", *_question(args, "member", "game", "figure", "from", "to")),
                       lambda: _sources(club, args))


def _sources(club: Any, args: Any) -> dict[str, Any]:
    since, until = date_range(args)
    members, _, made = records(club)
    member_id = args.get("member") or ""
    if member_id not in {m.id for m in listed(members)}:
        raise Problem(422, "invalid_fields", errors={"member": _say("no_member", member=member_id)}, fields="member")
    game = args.get("game") or ""
    known = figures_catalogue()
    if game not in known:
        raise Problem(422, "invalid_fields", errors={"game": _say("unknown_game_club", game=game)}, fields="game")
    figure = args.get("figure") or ""
    names = {f["name"] for f in known[game]} | {"cents", "rating", "played", "ranked"}
    if figure not in names:
        raise Problem(422, "invalid_fields", errors={"figure": _say(
            "unknown_figure", game=engine.get_game(game), figure=figure, known=sorted(names))}, fields="figure")
    found = tally.sources(made, member_id, game, figure, since=since, until=until, timezone=club.timezone)
    return {"member": member_id, "game": game, "figure": figure, "sources": [source.to_json() for source in found]}


def event_text(connection: Connection, club_id: str) -> tuple[int, str] | None:
    """The live event of a club: ``state`` with what every token holder sees."""
    row = rows.load_club(club_id, connection)
    if row is None:
        return None
    data = json.dumps(public_json(row, connection), ensure_ascii=False, separators=(",", ":"))
    return row.revision, f"id: {row.revision}\nevent: state\ndata: {data}\n\n"
