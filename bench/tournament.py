"""A whole Preisschnapsen hall on one machine: how soon does a deal reach the phones?

Starts the app under gunicorn (``bench/harness.py``: the project's gunicorn.conf.py, a
temporary SQLite file, or ``--postgresql`` a throwaway cluster, a free port on 127.0.0.1)
and plays, measured side by side in one run:

1. **one table alone**: a tournament of 4 cards, table 1's match played deal by deal while
   its two phones follow the match's live stream: the single-table figure (as bench/live.py
   measures a match with its phones);
2. **the hall**: a tournament of ``--cards`` entry cards (128: 64 tables in round 1) sold to
   players with one to three cards each, drawn from a committed seed; every round, the
   organiser opens each table's match, two phones per table follow its stream, the board and
   the organiser follow the tournament's, and every table posts its deals at the same time
   (one thread per table: post a deal, wait until both phones have it, next).  A finished
   match records its result by itself; when a round is over the organiser draws the next
   (each draw's seed committed right after the previous draw), down to the last card.

For every deal, the post-to-screen delay is from just before the POST to the moment each of
the table's phones has the match's new revision; the board's delay is to its first event
after the deal.  The server's CPU (its process group, /proc) is divided by the deals posted.
Prints p50/p99 and CPU per deal for both, and the hall-to-single ratios.  Loopback only;
the server is stopped at the end; bounded by ``--time-limit``.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import http.client
import json
import os
import random
import secrets
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import harness
from bench.harness import quantile

BOARD_PACE = 0.25  # api/tournament/reads.py: the board's stream sends at most 4 events a second

NAMES = ["Anna", "Benno", "Carla", "Dora", "Emil", "Franz", "Gerti", "Hans", "Ida", "Jakob", "Karl", "Lena",
         "Maria", "Norbert", "Olga", "Paul", "Resi", "Sepp", "Toni", "Ulli", "Vroni", "Willi", "Xaver", "Zenzi"]


class Client:
    """One keep-alive connection; JSON in and out."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def send(self, method: str, path: str, body: Any = None, token: str | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, Any]:
        sent = dict(headers or {})
        if token:
            sent["Authorization"] = f"Bearer {token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=data, headers=sent)
                answer = self.connection.getresponse()
                raw = answer.read()
                return answer.status, json.loads(raw) if raw else None
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        self.connection.close()


class Follower(threading.Thread):
    """A phone (or the board) following a stream: notes when each revision arrived."""

    def __init__(self, port: int, path: str, token: str) -> None:
        super().__init__(daemon=True)
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.connection.request("GET", path, headers={"Authorization": f"Bearer {token}",
                                                      "Accept": "text/event-stream"})
        self.response = self.connection.getresponse()
        if self.response.status != 200:
            raise SystemExit(f"{path}: {self.response.status} {self.response.read()[:200]!r}")
        self.changed = threading.Condition()
        self.arrivals: list[tuple[int, float]] = []  # (revision, perf_counter) in order
        self.latest = -1

    def run(self) -> None:
        buffer = b""
        with contextlib.suppress(OSError, http.client.HTTPException, ValueError, AttributeError):
            while chunk := self.response.read1(65536):
                now = time.perf_counter()
                buffer += chunk
                while b"\n\n" in buffer:
                    frame, buffer = buffer.split(b"\n\n", 1)
                    self._take(frame, now)

    def _take(self, frame: bytes, now: float) -> None:
        fields = dict(line.split(": ", 1) for line in frame.decode().split("\n") if ": " in line
                      and not line.startswith(":"))
        if "data" not in fields:
            return
        revision = json.loads(fields["data"]).get("revision", -1)
        with self.changed:
            self.arrivals.append((revision, now))
            self.latest = max(self.latest, revision)
            self.changed.notify_all()

    def wait(self, revision: int, seconds: float) -> float | None:
        """When the first event at or past ``revision`` came (None: not within ``seconds``)."""
        with self.changed:
            self.changed.wait_for(lambda: self.latest >= revision, timeout=seconds)
            return next((t for r, t in self.arrivals if r >= revision), None)

    def hang_up(self) -> None:
        with contextlib.suppress(OSError, AttributeError):
            self.connection.sock.shutdown(socket.SHUT_RDWR)


class Measures:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.phones: list[float] = []
        self.board: list[float] = []
        self.deals = 0
        self.missed = 0
        self.errors: list[str] = []  # deals the server refused
        self.cpu = 0.0  # the server's CPU seconds while the tables played
        self.playing = 0.0  # seconds the tables played
        self.idle = 0.0  # the server's CPU seconds per second with every stream open and no deal
        self.rested: tuple[int, float, float] | None = None  # deals, CPU s, s: played as measured at rest

    def own_cpu(self) -> float | None:
        """A deal's own CPU (s): what the tables measured at rest took beyond the rest."""
        if self.rested is None or not self.rested[0]:
            return None
        deals, cpu, seconds = self.rested
        return (cpu - self.idle * seconds) / deals

    def add(self, phones: list[float | None], sent: float, sent_times: list[float]) -> None:
        with self.lock:
            self.deals += 1
            sent_times.append(sent)
            for arrived in phones:
                if arrived is None:
                    self.missed += 1
                else:
                    self.phones.append(arrived - sent)

    def refused(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)

    def board_saw(self, board: Follower, sent_times: list[float]) -> None:
        """Afterwards: each deal's delay to the board's first event after it (the board
        is not waited for, so it does not slow the tables down)."""
        arrivals = sorted(t for _r, t in board.arrivals)
        for sent in sent_times:
            later = [t for t in arrivals if t >= sent]
            if later:
                self.board.append(later[0] - sent)


def deal(winner: str, loser: str) -> dict[str, Any]:
    """A deal ended by a correct claim of 66 against no trick: 3 game points (R17)."""
    return {"ended_by": "claim", "claim": winner, "points": {winner: 66, loser: 0},
            "tricks": {winner: 4, loser: 0}}


def play_table(port: int, table: dict[str, Any], sent_times: list[float], measures: Measures,
               rng: random.Random, wait: float, deadline: float, think: float,
               ready: threading.Barrier | None = None) -> None:
    """Two phones follow the table's match; deals are posted until it is over (after
    ``ready``, when given: every table's phones are up)."""
    client = Client(port)
    token = table["token"]
    phones = [Follower(port, f"/api/matches/{table['match_id']}/events", token) for _ in range(2)]
    for phone in phones:
        phone.start()
    try:
        for phone in phones:
            phone.wait(0, 10)
        if ready is not None:
            ready.wait()
        players = table["players"]
        seq = 1
        time.sleep(rng.uniform(0, think))  # the tables do not start on the same instant
        while time.monotonic() < deadline:
            winner = rng.choice(players)
            loser = players[1] if winner == players[0] else players[0]
            sent = time.perf_counter()
            status, answer = client.send("POST", f"/api/matches/{table['match_id']}/hands",
                                         {"seq": seq, **deal(winner, loser)}, token)
            if status not in (200, 201):  # counted and shown: a table's thread must not end unseen
                measures.refused(f"deal {seq} at table {table['number']}: {status} {answer}")
                return
            revision = answer["revision"]
            arrived = [phone.wait(revision, wait) for phone in phones]
            measures.add(arrived, sent, sent_times)
            seq += 1
            if answer["state"]["finished"]:
                break
            time.sleep(rng.uniform(0.5, 1.5) * think)
    finally:
        for phone in phones:
            phone.hang_up()
        client.close()


def create(client: Client, cards: int) -> dict[str, Any]:
    status, tournament = client.send("POST", "/api/tournaments",
                                     {"name": f"Preisschnapsen {cards}", "cards": cards, "max_per_player": 3},
                                     headers={"Idempotency-Key": secrets.token_urlsafe(18)})
    assert status == 201, tournament
    return tournament


class Organiser:
    def __init__(self, client: Client, tournament: dict[str, Any]) -> None:
        self.client = client
        self.id = tournament["id"]
        self.token = tournament["organiser_token"]
        self.seq = tournament["next_seq"]
        self.seed: str | None = None

    def enter(self, entry: dict[str, Any]) -> dict[str, Any]:
        status, answer = self.client.send("POST", f"/api/tournaments/{self.id}/entries",
                                          {"seq": self.seq, **entry}, self.token)
        if status == 409:  # a match's result came in between: take the next seq
            self.seq = self.state_answer()["next_seq"]
            return self.enter(entry)
        assert status in (200, 201), (status, answer)
        self.seq = answer["next_seq"]
        return answer

    def state_answer(self) -> dict[str, Any]:
        status, answer = self.client.send("GET", f"/api/tournaments/{self.id}", token=self.token)
        assert status == 200, answer
        return answer

    def commit(self) -> None:
        self.seed = secrets.token_hex(16)
        self.enter({"kind": "commit", "hash": hashlib.sha256(self.seed.encode()).hexdigest()})

    def draw(self) -> dict[str, Any]:
        assert self.seed is not None
        answer = self.enter({"kind": "draw", "seed": self.seed})
        self.seed = None
        if answer["state"]["phase"] != "finished" and answer["state"]["can_commit"]:
            self.commit()
        return answer["state"]

    def tables(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        """Open the match of every table still to play; its scorer link's token."""
        opened = []
        for pairing in state["pairings"]:
            if pairing["winner"] is not None:
                continue
            status, match = self.client.send(
                "POST", f"/api/tournaments/{self.id}/pairings/{pairing['number']}/match", {}, self.token)
            assert status in (200, 201), match
            opened.append({"number": pairing["number"], "players": pairing["players"], "match_id": match["match_id"],
                           "token": match["join_url"].rsplit("/", 1)[-1]})  # …/#/m/{id}/{scorer token}
        return opened


def sell(organiser: Organiser, cards: int, rng: random.Random) -> None:
    sold = 0
    number = 0
    while sold < cards:
        name = f"{NAMES[number % len(NAMES)]} {number // len(NAMES) + 1}"
        count = min(rng.choice([1, 1, 2, 3]), cards - sold)
        organiser.enter({"kind": "buy", "player": name, "cards": count})
        sold += count
        number += 1


def run_tournament(port: int, server_pid: int, cards: int, *, wait: float, deadline: float, rng: random.Random,
                   measures: Measures, think: float, rounds: int | None = None, alone: bool = False,
                   rest: float = 0.0) -> dict[str, Any]:
    client = Client(port)
    tournament = create(client, cards)
    organiser = Organiser(client, tournament)
    board = Follower(port, f"/api/tournaments/{organiser.id}/events", tournament["viewer_token"])
    desk = Follower(port, f"/api/tournaments/{organiser.id}/events", organiser.token)
    board.start()
    desk.start()
    try:
        sent_times: list[float] = []
        sell(organiser, cards, rng)
        organiser.commit()
        state = organiser.draw()
        played = 0
        while state["phase"] != "finished" and time.monotonic() < deadline:
            tables = organiser.tables(state)
            # the first round of the first tournament is measured at rest first: every
            # phone, the board and the organiser following, no deal (one table alone: its own)
            at_rest = rest if played == 0 and not measures.idle else 0.0
            resting = tables[:1] if alone else tables
            ready = threading.Barrier(len(resting) + 1) if at_rest and resting else None
            threads = [threading.Thread(target=play_table, daemon=True,
                                        args=(port, table, sent_times, measures, random.Random(rng.random()), wait,
                                              deadline, think, ready if table in resting else None))
                       for table in tables]
            if ready is not None:
                for thread in threads[:len(resting)]:
                    thread.start()
                time.sleep(2)
                quiet = harness.server_cpu(server_pid) or 0.0
                time.sleep(at_rest)
                measures.idle = ((harness.server_cpu(server_pid) or 0.0) - quiet) / at_rest
                ready.wait()
            cpu = harness.server_cpu(server_pid) or 0.0
            started = time.perf_counter()
            deals_before = measures.deals
            for index, thread in enumerate(threads):
                if ready is None or index >= len(resting):
                    thread.start()
                if alone:  # one table at a time
                    thread.join()
                    if ready is not None and index == 0:
                        measures.rested = (measures.deals - deals_before,
                                           (harness.server_cpu(server_pid) or 0.0) - cpu,
                                           time.perf_counter() - started)
            for thread in threads:
                thread.join()
            measures.cpu += (harness.server_cpu(server_pid) or 0.0) - cpu
            measures.playing += time.perf_counter() - started
            if ready is not None and not alone:
                measures.rested = (measures.deals - deals_before, (harness.server_cpu(server_pid) or 0.0) - cpu,
                                   time.perf_counter() - started)
            played += 1
            if measures.errors:  # a table could not finish: the round cannot end
                break
            if rounds is not None and played >= rounds:
                break
            state = organiser.state_answer()["state"]
            if state["phase"] == "finished":
                break
            state = organiser.draw()
        time.sleep(BOARD_PACE * 2)  # the board's last event
        measures.board_saw(board, sent_times)
        return state
    finally:
        board.hang_up()
        desk.hang_up()
        client.close()


@contextlib.contextmanager
def database(use_postgresql: bool) -> Iterator[str | None]:
    if use_postgresql:
        with harness.postgres() as url:
            yield url
    else:
        yield None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=128, help="entry cards of the hall's tournament")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--single-deals", type=int, default=120, help="deals posted at the table alone")
    parser.add_argument("--wait", type=float, default=5.0, help="seconds a deal waits for its phones")
    parser.add_argument("--time-limit", type=float, default=600, help="seconds for the whole run")
    parser.add_argument("--postgresql", action="store_true", help="on a throwaway PostgreSQL cluster")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--rest", type=float, default=10.0,
                        help="seconds the hall is measured at rest (every stream open, no deal) before round 1")
    parser.add_argument("--think", type=float, default=2.0,
                        help="seconds a table takes between two deals, on average (a real deal takes minutes; "
                             "0: as fast as the server answers)")
    args = parser.parse_args(argv)
    deadline = time.monotonic() + args.time_limit
    os.environ.setdefault("KREIDE_EVENTS_KEEPALIVE", "1")
    rng = random.Random(args.seed)
    single, hall = Measures(), Measures()
    with tempfile.TemporaryDirectory(prefix="kreide-tournament-") as tmp, database(args.postgresql) as url:
        port = harness.free_port()
        env = {"WEB_CONCURRENCY": str(args.workers), "KREIDE_STREAMS_PER_ADDRESS": "10000",
               "KREIDE_STREAMS_PER_TOKEN": "10000", "KREIDE_LIMIT_FAILED": "1000000/minute"}
        server = harness.start_server(Path(tmp), port, env, database_url=url)
        try:
            # 1. one table alone (tables of 4-card tournaments, one after the other)
            while single.deals < args.single_deals and time.monotonic() < deadline:
                run_tournament(port, server.pid, 4, wait=args.wait, deadline=deadline, rng=rng, measures=single,
                               think=0.0, rounds=1, alone=True, rest=min(args.rest, 5.0))
            # 2. the hall
            cpu_before = harness.server_cpu(server.pid) or 0.0
            started = time.perf_counter()
            final = run_tournament(port, server.pid, args.cards, wait=args.wait, deadline=deadline, rng=rng,
                                   measures=hall, think=args.think, rest=args.rest)
            took = time.perf_counter() - started
            cpu_all = (harness.server_cpu(server.pid) or 0.0) - cpu_before
        finally:
            harness.stop_server(server)

    print(f"\nKreide Preisschnapsen: {args.cards} entry cards ({args.cards // 2} tables in round 1, two phones "
          f"each, a board and the organiser), {args.workers} gunicorn workers, "
          f"{'PostgreSQL' if args.postgresql else 'SQLite'}, {os.cpu_count()} CPUs")
    print(f"  the hall: {args.think:g} s between a table's deals; "
          f"{hall.deals} deals in {took:.1f} s ({hall.deals / took:.1f} deals/s), "
          f"{final.get('round')} rounds, phase {final.get('phase')}, winner {final.get('winner')}; the whole "
          f"tournament (sales, draws, opening the tables, the deals) took {cpu_all:.1f} s of server CPU")
    for name, measured in (("one table alone", single), ("the hall", hall)):
        cpu = measured.cpu
        print(f"  {name:<16} {measured.deals:>5} deals  phones p50 {quantile(measured.phones, .5) * 1000:7.2f} ms  "
              f"p99 {quantile(measured.phones, .99) * 1000:7.2f} ms  board p50 "
              f"{quantile(measured.board, .5) * 1000:7.2f} ms  p99 {quantile(measured.board, .99) * 1000:7.2f} ms  "
              f"CPU {cpu / max(measured.deals, 1) * 1000:6.2f} ms/deal (while playing)  missed {measured.missed}")
    print("  a deal's own CPU (beyond the upkeep of the streams at rest, measured before the first round):")
    for name, measured in (("one table alone", single), ("the hall", hall)):
        own = measured.own_cpu()
        print(f"    {name:<16} at rest {measured.idle * 1000:6.1f} ms of CPU per second; a deal "
              + (f"{own * 1000:.2f} ms" if own is not None else "not measured"))
    if single.phones and hall.phones:
        single_own, hall_own = single.own_cpu(), hall.own_cpu()
        ratio = f"{hall_own / single_own:.2f}" if single_own and hall_own is not None else "n/a"
        print(f"  hall / alone: post-to-screen p50 {quantile(hall.phones, .5) / quantile(single.phones, .5):.2f}, "
              f"p99 {quantile(hall.phones, .99) / quantile(single.phones, .99):.2f}; a deal's own CPU {ratio}")
    for measured in (single, hall):
        for error in measured.errors[:5]:
            print(f"  REFUSED {error}")
    refused = len(single.errors) + len(hall.errors)
    print(f"  deals refused by the server: {refused}")
    return 0 if hall.missed == 0 and not refused and final.get("phase") == "finished" else 1


if __name__ == "__main__":
    sys.exit(main())
