"""A Stammtisch's whole season on one server: is the season as quick to read as a table, and
does a club's table write as cheaply as any other?

Builds, through the API, a club of 12 members with 50 evenings of 4 tables and 100 entries
each (20,000 entries): the server stamps each entry with the moment it is written, so the
evenings are written as a club export (``GET /api/clubs/{id}/export.json``'s format: the
members, every match with its members and its log, each entry's ``at`` on a Wednesday a week
after the last, 19:00-23:00 Europe/Berlin) and posted to ``POST /api/clubs/import``, which
replays every match through the engine (timed and printed).  Every entry is made with the
engine itself (``game.needs``, ``game.apply``; the stored body is ``api.games.canonical_body``):
Dreeg replays the hand-worked Partien of tests/engine/dreeg/data/dreeg_games.json with the
members' names, Sixty-Six plays claimed deals to the end of each match, Dreierles writes 100
declared games at one table, DREIst! plays series of one game per player.  Every evening has
the four games at four tables of players drawn from the 12 members; the rates are per_blob
10, per_bummerl 50, per_fach 5, per_point 2 cents, so money flows.

Then the app (gunicorn, ``bench/harness.py``: a temporary SQLite file, a free loopback port)
is measured side by side in one run, interleaved so that a drift of the machine's load hits
every kind alike, one keep-alive connection, one request at a time:

1. ``GET /api/clubs/{id}/season`` (the viewer token) against ``GET /api/matches/{id}`` of one
   of the club's tables (100 Dreierles deals); the evenings and a member's page the same way.
   Target: the season's median at most 3x the match's.
2. A new Dreierles deal at a fresh table of the club (``POST /api/clubs/{id}/matches`` and the
   deals with the members' token) against the same deal at a match outside any club (``POST
   /api/matches``, the same players, its scorer token), alternately.  Target: the club's
   median at most 1.2x the other's.
3. The season read right after a deal at a club's table (the first read of a new revision:
   what the server kept for the one before does not serve), against the match's answer of (1).

Prints median and p90 of each, the ratios and whether each target is met (the reads of (1)
stop after ``--read-time`` seconds if the season is slow).  Loopback only; the server is
stopped at the end; bounded by ``--time-limit``.  ``--strict`` exits 1 when a target is
missed; ``--profile`` profiles the season's answer afterwards, in-process on the run's
database (nothing of this is a pytest test: timings do not belong there).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from api.games import canonical_body, load_entry
from bench import harness
from bench.harness import quantile
from engine.errors import RuleViolation

MEMBERS = ["Anna", "Benno", "Carla", "Dieter", "Emil", "Franz", "Gerti", "Hans", "Ida", "Jakob", "Sepp", "Vroni"]
RATES = {"per_blob": 10, "per_bummerl": 50, "per_fach": 5, "per_point": 2}
TIMEZONE = "Europe/Berlin"
GAMES = ("dreeg", "sixtysix", "dreierles", "dreist")
DREEG_DATA = harness.REPO / "tests" / "engine" / "dreeg" / "data" / "dreeg_games.json"
SEASON_TARGET, ENTRY_TARGET = 3.0, 1.2

Body = dict[str, Any]
Table = list[tuple[list[str], dict[str, str], str | None, list[Body]]]  # matches: players, rules, dealer, bodies


# --- entries made with the engine ------------------------------------------------------------------


class Play:
    """One match being played: each body is checked by the game's ``apply`` before it is kept."""

    def __init__(self, game: str, players: list[str], rules: dict[str, str] | None = None,
                 dealer: str | None = None) -> None:
        self.name = game
        self.game = engine.get_game(game)
        self.players = players
        self.rules = rules or {}
        self.dealer = dealer
        self.state = self.game.start(players, rules=self.rules, dealer=dealer)
        self.bodies: list[Body] = []

    def needs(self) -> dict[str, Any]:
        return self.game.needs(self.state)

    def take(self, body: Body) -> bool:
        """Apply ``body`` as the next entry; False (nothing kept) when the rules refuse it."""
        seq = len(self.bodies) + 1
        _, entry = load_entry(self.name, {"seq": seq, **body})
        try:
            self.state = self.game.apply(self.state, entry).state
        except RuleViolation:
            return False
        self.bodies.append(canonical_body(self.name, seq, entry))
        return True

    @property
    def finished(self) -> bool:
        return bool(self.game.state_to_json(self.state).get("finished"))


def dreierles_deal(play: Play, rng: random.Random) -> Body:
    """A declared game (R27): the declarer one of the deal's active players, his points counted."""
    while True:
        kind = rng.choice(["dreier", "dreier", "dreier", "zweier", "zweier", "einser", "solo"])
        body = {"game": kind, "declarer": rng.choice(play.needs()["active"]), "declarer_points": rng.randint(22, 62)}
        if play.take(body):
            return body


def sixtysix_deal(play: Play, rng: random.Random) -> Body:
    """A deal ended by a claim of 66 (R17): 3, 2 or 1 game points to the claimer."""
    while True:
        winner = rng.choice(play.players)
        loser = next(p for p in play.players if p != winner)
        points, tricks = rng.choice([((66, 0), (4, 0)), ((66, 32), (4, 2)), ((66, 40), (4, 3))])
        body = {"ended_by": "claim", "claim": winner, "points": {winner: points[0], loser: points[1]},
                "tricks": {winner: tricks[0], loser: tricks[1]}}
        if play.take(body):
            return body


def dreist_game(play: Play, rng: random.Random) -> Body:
    """A series game (R33): one player out of cards, the others' cards left."""
    while True:
        out = rng.choice(play.players)
        body = {"remaining": {p: 0 if p == out else rng.randint(1, 15) for p in play.players}}
        if play.take(body):
            return body


def renamed(value: Any, names: dict[str, str]) -> Any:
    """A hand-worked entry with its players' names replaced (keys and values alike)."""
    if isinstance(value, dict):
        return {names.get(k, k): renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


def table(game: str, players: list[str], entries: int, rng: random.Random,
          partien: list[dict[str, Any]]) -> Table:
    """``entries`` entries at one table: one match, or matches one after the other (the last one
    left unfinished when the evening ends first)."""
    made: Table = []
    left = entries
    while left > 0:
        if game == "dreeg":
            partie = next(p for p in partien if len(p["players"]) == len(players))
            names = dict(zip(partie["players"], players))
            play = Play(game, players, partie["rules"], names[partie["dealer"]])
            for hand in partie["hands"][:left]:
                if not play.take(renamed(hand["entry"], names)):
                    raise AssertionError("a hand-worked Partie does not replay")
        else:
            play = Play(game, players)
            step: Callable[[Play, random.Random], Body] = {
                "sixtysix": sixtysix_deal, "dreierles": dreierles_deal, "dreist": dreist_game}[game]
            while len(play.bodies) < left and not (game != "dreierles" and play.finished):
                step(play, rng)
        made.append((players, play.rules, play.dealer, play.bodies))
        left -= len(play.bodies)
    return made


def seated(rng: random.Random) -> dict[str, list[str]]:
    """An evening's four tables, each member at one of them at most."""
    shuffled = rng.sample(MEMBERS, len(MEMBERS))
    dreeg = rng.choice([3, 4])
    dreierles = rng.randint(3, min(5, len(MEMBERS) - dreeg - 2 - 2))
    dreist = min(5, len(MEMBERS) - dreeg - 2 - dreierles)
    sizes = {"dreeg": dreeg, "sixtysix": 2, "dreierles": dreierles, "dreist": dreist}
    tables, at = {}, 0
    for game in GAMES:
        tables[game] = shuffled[at:at + sizes[game]]
        at += sizes[game]
    return tables


def utc(moment: datetime) -> str:
    return moment.astimezone(ZoneInfo("UTC")).isoformat()


def season_file(evenings: int, tables: int, entries: int, seed: int) -> tuple[dict[str, Any], int]:
    """The club's export: ``evenings`` Wednesdays a week apart ending last week, ``tables``
    tables each of ``entries`` entries, spread over 19:00-23:00 local time; and how many entries."""
    rng = random.Random(seed)
    partien = json.loads(DREEG_DATA.read_text(encoding="utf-8"))["games"]
    zone = ZoneInfo(TIMEZONE)
    today = date.today()
    last = today - timedelta(days=7 + (today.weekday() - 2) % 7)  # a Wednesday at least a week ago
    created = datetime(last.year, last.month, last.day, 18, tzinfo=zone) - timedelta(weeks=evenings)
    member_ids = {name: f"m{number:02}" for number, name in enumerate(MEMBERS, start=1)}
    matches = []
    count = 0
    for evening in range(evenings):
        day = last - timedelta(weeks=evenings - 1 - evening)
        start = datetime(day.year, day.month, day.day, 19, tzinfo=zone)
        sitting = seated(rng)
        for number in range(tables):
            game = GAMES[(evening + number) % len(GAMES)]
            players = sitting[game]
            spacing = timedelta(hours=4) / entries
            at = start + timedelta(seconds=7 * number)
            for part, (seats, rules, dealer, bodies) in enumerate(table(game, players, entries, rng, partien)):
                hands = []
                for body in bodies:
                    hands.append({"seq": body["seq"], "action": "hand", "body": body, "by": "scorer", "at": utc(at)})
                    at += spacing
                matches.append({
                    "id": f"e{evening + 1:02}t{number + 1}m{part + 1}", "game": game, "players": seats,
                    "members": {name: member_ids[name] for name in seats}, "rules": rules, "dealer": dealer,
                    "rates": {rate: RATES[rate] for rate in engine.get_game(game).money_rates},
                    "created_at": hands[0]["at"] if hands else utc(at), "hands": hands, "rulings": []})
                count += len(bodies)
    return {
        "format": "kreide-club", "version": 1,
        "club": {"id": "bench", "name": "Stammtisch Zur Linde", "timezone": TIMEZONE, "rates": RATES,
                 "created_at": utc(created)},
        "members": [{"id": member_ids[name], "name": name, "anonymised": False, "merged_into": None,
                     "created_at": utc(created)} for name in MEMBERS],
        "matches": matches,
    }, count


def dreierles_deals(players: list[str], count: int, seed: int) -> list[Body]:
    """``count`` deals of one Dreierles table, as the phone posts them (without ``seq``)."""
    rng = random.Random(seed)
    play = Play("dreierles", players)
    for _ in range(count):
        dreierles_deal(play, rng)
    return [{k: v for k, v in body.items() if k != "seq"} for body in play.bodies]


# --- the client --------------------------------------------------------------------------------


class Client:
    """One keep-alive connection; JSON in and out, each request timed."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)

    def send(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any, float]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        data = None
        if body is not None:
            data = json.dumps(body, separators=(",", ":")).encode()
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        self.connection.request(method, path, body=data, headers=headers)
        answer = self.connection.getresponse()
        raw = answer.read()
        elapsed = time.perf_counter() - started
        return answer.status, json.loads(raw) if raw else None, elapsed

    def ok(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[Any, float]:
        status, answer, elapsed = self.send(method, path, body, token)
        if status not in (200, 201):
            raise SystemExit(f"{method} {path}: {status} {json.dumps(answer)[:600]}")
        return answer, elapsed

    def close(self) -> None:
        self.connection.close()


class Timings:
    def __init__(self, name: str) -> None:
        self.name = name
        self.seconds: list[float] = []

    @property
    def median(self) -> float:
        return statistics.median(self.seconds) if self.seconds else float("nan")

    @property
    def p90(self) -> float:
        return quantile(self.seconds, 0.9)

    def line(self) -> str:
        return (f"{self.name:<46} {len(self.seconds):>4} req  median {self.median * 1000:8.2f} ms  "
                f"p90 {self.p90 * 1000:8.2f} ms")


def interleaved(client: Client, kinds: list[tuple[Timings, str, str]], rounds: int, deadline: float) -> None:
    """Each round one GET of every kind, the order turned by one each round."""
    for turn in range(rounds):
        if time.monotonic() > deadline:
            break
        for index in range(len(kinds)):
            timings, path, token = kinds[(turn + index) % len(kinds)]
            _, elapsed = client.ok("GET", path, token=token)
            timings.seconds.append(elapsed)


def entries_side_by_side(client: Client, club: dict[str, Any], players: list[str], count: int, per_table: int,
                         seed: int, deadline: float) -> tuple[Timings, Timings]:
    """``count`` deals at the club's fresh Dreierles tables and as many outside any club,
    alternately (a new table of each every ``per_table`` deals, untimed)."""
    deals = dreierles_deals(players, per_table, seed)
    inside, outside = Timings("(2) deal at a club's table"), Timings("(2) deal at a table outside any club")
    member = club["member_token"]
    tables: dict[str, tuple[str, str]] = {}
    for number in range(count):
        if time.monotonic() > deadline:
            break
        seq = number % per_table + 1
        if seq == 1:
            made, _ = client.ok("POST", f"/api/clubs/{club['id']}/matches", {"game": "dreierles", "players": players},
                                member)
            tables["club"] = (made["id"], member)
            made, _ = client.ok("POST", "/api/matches", {"game": "dreierles", "players": players})
            tables["alone"] = (made["id"], made["scorer_token"])
        pair = [(inside, tables["club"]), (outside, tables["alone"])]
        if number % 2:
            pair.reverse()  # neither always goes first
        for timings, (match_id, token) in pair:
            _, elapsed = client.ok("POST", f"/api/matches/{match_id}/hands", {"seq": seq, **deals[seq - 1]}, token)
            timings.seconds.append(elapsed)
    return inside, outside


def cold_reads(client: Client, club: dict[str, Any], players: list[str], count: int, seed: int,
               deadline: float) -> Timings:
    """The season read right after a deal at one of the club's tables: every write moves the
    club on, so the server cannot answer from what it kept for the revision before (what a
    phone opening the season in the middle of an evening meets)."""
    deals = dreierles_deals(players, count, seed + 1)
    made, _ = client.ok("POST", f"/api/clubs/{club['id']}/matches", {"game": "dreierles", "players": players},
                        club["member_token"])
    cold = Timings("(3) GET season right after a deal")
    for seq, deal in enumerate(deals, start=1):
        if time.monotonic() > deadline:
            break
        client.ok("POST", f"/api/matches/{made['id']}/hands", {"seq": seq, **deal}, club["member_token"])
        _, elapsed = client.ok("GET", f"/api/clubs/{club['id']}/season", token=club["viewer_token"])
        cold.seconds.append(elapsed)
    return cold


def verdict(name: str, value: float, target: float) -> tuple[str, bool]:
    ok = value <= target
    return f"{name:<52} {value:6.2f}x  (target <= {target}x)  {'met' if ok else 'MISSED'}", ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=50)
    parser.add_argument("--tables", type=int, default=4, help="tables an evening (the four games in turn)")
    parser.add_argument("--entries", type=int, default=100, help="entries at each table")
    parser.add_argument("--reads", type=int, default=200, help="requests of each kind in (1)")
    parser.add_argument("--read-time", type=float, default=900,
                        help="(1) stops after this many seconds even if --reads are not all made")
    parser.add_argument("--writes", type=int, default=300, help="deals of each kind in (2)")
    parser.add_argument("--deals-per-table", type=int, default=100, help="(2): a fresh table every so many deals")
    parser.add_argument("--cold", type=int, default=30, help="(3): seasons read right after a deal")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--time-limit", type=float, default=1500, help="seconds for the whole run")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--profile", action="store_true",
                        help="afterwards, profile the season's answer in-process on the run's database (cProfile)")
    args = parser.parse_args(argv)
    deadline = time.monotonic() + args.time_limit

    started = time.perf_counter()
    export, count = season_file(args.evenings, args.tables, args.entries, args.seed)
    made_in = time.perf_counter() - started
    size = len(json.dumps(export, separators=(",", ":")).encode())
    with tempfile.TemporaryDirectory(prefix="kreide-club-") as tmp:
        port = harness.free_port()
        # the import replays 20,000 entries in one request: more than gunicorn's 30 s worker timeout allows
        env = {"WEB_CONCURRENCY": str(args.workers), "GUNICORN_CMD_ARGS": "--timeout 600"}
        server = harness.start_server(Path(tmp), port, env)
        client = Client(port)
        try:
            club, imported = client.ok("POST", "/api/clubs/import", export)
            viewer = club["viewer_token"]
            base = f"/api/clubs/{club['id']}"
            listed, _ = client.ok("GET", base, token=viewer)
            long_table = next(m for m in listed["matches"] if m["game"] == "dreierles")
            member_id = listed["members"][0]["id"]
            season, match = Timings("(1) GET season"), Timings("(1) GET match (100 Dreierles deals)")
            evenings, page = Timings("(1) GET evenings"), Timings("(1) GET a member's page")
            kinds = [(season, f"{base}/season", viewer), (match, f"/api/matches/{long_table['id']}", viewer),
                     (evenings, f"{base}/evenings", viewer), (page, f"{base}/members/{member_id}", viewer)]
            interleaved(client, kinds, 3, deadline)  # warm-up
            for timings, _, _ in kinds:
                timings.seconds.clear()
            interleaved(client, kinds, args.reads, min(deadline, time.monotonic() + args.read_time))
            inside, outside = entries_side_by_side(client, club, MEMBERS[:3], args.writes, args.deals_per_table,
                                                   args.seed, deadline)
            cold = cold_reads(client, club, MEMBERS[3:6], args.cold, args.seed, deadline)
            cpu = harness.server_cpu(server.pid)
        finally:
            client.close()
            harness.stop_server(server)
        profile = profiled(Path(tmp), f"{base}/season", viewer) if args.profile else None

    print(f"\nKreide club bench: {len(MEMBERS)} members, {args.evenings} evenings of {args.tables} tables, "
          f"{count} entries in {len(export['matches'])} matches; {args.workers} gunicorn workers, SQLite, "
          f"{os.cpu_count()} CPUs shared with the client")
    print(f"  the export made with the engine in {made_in:.1f} s ({size / 1e6:.1f} MB); "
          f"POST /api/clubs/import (every match replayed) took {imported:.1f} s")
    for timings in (season, match, evenings, page, inside, outside, cold):
        print("  " + timings.line())
    checks = [
        verdict("season / match (median)", season.median / match.median, SEASON_TARGET),
        verdict("club deal / deal outside a club (median)", inside.median / outside.median, ENTRY_TARGET),
    ]
    print(f"  {'season / match (p90)':<52} {season.p90 / match.p90:6.2f}x")
    print(f"  {'evenings / match (median)':<52} {evenings.median / match.median:6.2f}x")
    print(f"  {'member page / match (median)':<52} {page.median / match.median:6.2f}x")
    print(f"  {'club deal / deal outside a club (p90)':<52} {inside.p90 / outside.p90:6.2f}x")
    print(f"  {'season right after a deal / match (median)':<52} {cold.median / match.median:6.2f}x  "
          "(no target: the first read of a new revision)")
    for text, _ in checks:
        print("  " + text)
    if cpu is not None:
        print(f"  (server CPU for the whole run: {cpu:.1f} s)")
    if profile is not None:
        print(profile)
    return 1 if args.strict and not all(ok for _, ok in checks) else 0


def profiled(workdir: Path, path: str, token: str, top: int = 15) -> str:
    """The season's answer profiled in this process (Flask's test client) on the run's
    database, once warm: the functions that take the most time, with what they call."""
    import cProfile
    import pstats
    from io import StringIO

    from api import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": harness.sqlite_url(workdir), "KREIDE_BENCH": False})
    client = app.test_client()
    headers = {"Authorization": f"Bearer {token}"}
    assert client.get(path, headers=headers).status_code == 200
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(3):
        client.get(path, headers=headers)
    profile.disable()
    out = StringIO()
    stats = pstats.Stats(profile, stream=out)
    stats.sort_stats("cumulative").print_stats(r"/(api|engine)/", top)  # the project's own functions
    stats.sort_stats("tottime").print_stats(top)
    text = out.getvalue().replace(f"{harness.REPO}/", "")
    return f"\n  cProfile of 3 season answers in-process (the run's database):\n{text}"


if __name__ == "__main__":
    sys.exit(main())
