"""How soon does a change reach every phone following the match live?

Starts the app under gunicorn as ``bench/api.py`` does (the project's gunicorn.conf.py,
a temporary SQLite file in WAL, a free port on 127.0.0.1, 2 workers), opens ``--clients``
streams of ``GET /api/matches/{id}/events`` (threads reading with ``http.client``, the
scorer and viewer tokens in turn), then writes to the match they follow: a Deutsch hand
for four, then its void, and so on (so the match never ends), ``--per-match`` writes a
match before all clients move to a fresh match, ``--writes`` in all.  Each write waits
until every client has the event with its revision (or ``--wait`` s), so nothing is
coalesced and every delivery is timed: from just before the POST is sent to the
client's receipt of that revision.  The streams spread over both workers, so about half
the deliveries go through the other worker's notifier poll (``KREIDE_EVENTS_POLL``).

Prints p50/p90/p99/max over all deliveries against the target (p99 < 50 ms), and how
long the server takes to stop with streams open.  Bounded in count and time; loopback
only; the server is stopped at the end.  ``--strict`` exits 1 when the target is missed.
"""

from __future__ import annotations

import argparse
import http.client
import importlib.util
import json
import os
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import ModuleType

from harness import quantile

HERE = Path(__file__).resolve().parent
TARGET_P99 = 0.050


def _bench_api() -> ModuleType:
    """``bench/api.py``'s helpers, loaded by path (the name ``api`` is the app's package)."""
    spec = importlib.util.spec_from_file_location("kreide_bench_api", HERE / "api.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


bench_api = _bench_api()


class Follower(threading.Thread):
    """One phone following a match: reads the event stream, notes when each revision came."""

    def __init__(self, port: int, match_id: str, token: str, arrived: threading.Condition) -> None:
        super().__init__(daemon=True)
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.connection.request("GET", f"/api/matches/{match_id}/events",
                                headers={"Authorization": f"Bearer {token}", "Accept": "text/event-stream"})
        self.response = self.connection.getresponse()
        if self.response.status != 200:
            raise SystemExit(f"events: {self.response.status} {self.response.read()[:200]!r}")
        self.arrived = arrived
        self.received: dict[int, float] = {}  # revision -> perf_counter at receipt
        self.latest = -1
        self.ended = False

    def run(self) -> None:
        buffer = b""
        try:
            while chunk := self.response.read1(65536):
                now = time.perf_counter()
                buffer += chunk
                while b"\n\n" in buffer:
                    frame, buffer = buffer.split(b"\n\n", 1)
                    self._take(frame, now)
        except (OSError, http.client.HTTPException, ValueError, AttributeError):
            pass
        with self.arrived:
            self.ended = True
            self.arrived.notify_all()

    def _take(self, frame: bytes, now: float) -> None:
        fields = dict(line.split(": ", 1) for line in frame.decode().split("\n") if not line.startswith(":"))
        if fields.get("event") != "state":
            return
        revision = json.loads(fields["data"])["revision"]
        with self.arrived:
            self.received.setdefault(revision, now)
            self.latest = max(self.latest, revision)
            self.arrived.notify_all()

    def delay(self, revision: int, sent: float) -> float | None:
        """From ``sent`` to the first event at or past ``revision``."""
        times = [t for r, t in self.received.items() if r >= revision]
        return min(times) - sent if times else None

    def hang_up(self) -> None:
        """Leave like a phone closing the page; the reading thread sees the end and stops."""
        try:
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        except (OSError, AttributeError):
            pass


def follow(port: int, match: dict, clients: int, arrived: threading.Condition) -> list[Follower]:
    tokens = [match["scorer_token"], match["viewer_token"]]
    followers = [Follower(port, match["id"], tokens[i % 2], arrived) for i in range(clients)]
    for follower in followers:
        follower.start()
    return followers


def wait_for(arrived: threading.Condition, followers: list[Follower], revision: int, seconds: float) -> bool:
    with arrived:
        return arrived.wait_for(lambda: all(f.latest >= revision for f in followers), timeout=seconds)


def warm_up(client: object, arrived: threading.Condition) -> None:
    """A few untimed writes first, so each worker has loaded the engine and warmed SQLite."""
    for _ in range(4):
        _status, match, _ = client.send("POST", "/api/matches", {"game": "dreeg", "players": bench_api.PLAYERS})
        headers = {"Authorization": f"Bearer {match['scorer_token']}"}
        for seq in range(1, 4):
            client.send("POST", f"/api/matches/{match['id']}/hands", {"seq": seq, **bench_api.HAND}, headers)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20, help="streams following the match")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--writes", type=int, default=200, help="hands and voids in all")
    parser.add_argument("--per-match", type=int, default=40, help="writes before the clients move to a new match")
    parser.add_argument("--wait", type=float, default=2.0, help="seconds a write waits for every client")
    parser.add_argument("--time-limit", type=float, default=120, help="seconds for the whole run")
    parser.add_argument("--strict", action="store_true", help="exit 1 when the target is missed")
    args = parser.parse_args(argv)
    deadline = time.monotonic() + args.time_limit
    # a client that left is noticed at the next keep-alive: keep it short so the threads
    # of one match's streams are free again before the next match's
    os.environ.setdefault("KREIDE_EVENTS_KEEPALIVE", "1")
    # 20 phones per match, and the streams of the match before until their keep-alive
    # finds them gone: more threads than the default 32 a worker keeps for a pub's tables
    os.environ.setdefault("WEB_THREADS", "64")

    delays: dict[str, list[float]] = {"hand": [], "void": []}
    missed = 0
    with tempfile.TemporaryDirectory(prefix="kreide-live-") as tmp:
        port = bench_api.free_port()
        server = bench_api.start_server(Path(tmp), port, {"KREIDE_BENCH": "1", "WEB_CONCURRENCY": str(args.workers)})
        followers: list[Follower] = []
        try:
            client = bench_api.Client(port)
            arrived = threading.Condition()
            written = 0
            slowest = (0.0, 0, "")
            warm_up(client, arrived)
            while written < args.writes and time.monotonic() < deadline:
                for follower in followers:
                    follower.hang_up()
                status, match, _ = client.send("POST", "/api/matches", {"game": "dreeg", "players": bench_api.PLAYERS})
                assert status == 201, match
                followers = follow(port, match, args.clients, arrived)
                if not wait_for(arrived, followers, 0, 10):
                    raise SystemExit("the streams did not start")
                headers = {"Authorization": f"Bearer {match['scorer_token']}"}
                base = f"/api/matches/{match['id']}/hands"
                for number in range(min(args.per_match, args.writes - written)):
                    if time.monotonic() > deadline:
                        break
                    seq = number // 2 + 1
                    action = "hand" if number % 2 == 0 else "void"
                    path, body = ((base, {"seq": seq, **bench_api.HAND}) if action == "hand"
                                  else (f"{base}/{seq}/void", {}))
                    sent = time.perf_counter()
                    status, answer, took = client.send("POST", path, body, headers)
                    assert status in (200, 201), answer
                    slowest = max(slowest, (took, written, action))
                    wait_for(arrived, followers, answer["revision"], args.wait)
                    for follower in followers:
                        delay = follower.delay(answer["revision"], sent)
                        if delay is None:
                            missed += 1
                        else:
                            delays[action].append(delay)
                    written += 1
            client.close()
            stop_started = time.perf_counter()
        finally:
            bench_api.stop_server(server)
        stopped_in = time.perf_counter() - stop_started
        for follower in followers:
            follower.join(5)
        ended = sum(f.ended for f in followers)
        for follower in followers:
            follower.connection.close()

    everything = delays["hand"] + delays["void"]
    if not everything:
        raise SystemExit("nothing was measured")
    print(f"\nKreide live events: {args.workers} gunicorn workers, {args.clients} clients per match, "
          f"{written} writes, poll {os.environ.get('KREIDE_EVENTS_POLL', '0.02')} s, {os.cpu_count()} CPUs")
    for name, values in (("hand", delays["hand"]), ("void", delays["void"]), ("all", everything)):
        if values:
            print(f"  {name:<5} {len(values):>6} deliveries  p50 {quantile(values, 0.5) * 1000:6.2f} ms  "
                  f"p90 {quantile(values, 0.9) * 1000:6.2f} ms  p99 {quantile(values, 0.99) * 1000:6.2f} ms  "
                  f"max {max(values) * 1000:6.2f} ms")
    print(f"  missed (not within {args.wait} s): {missed}; slowest POST itself: write {slowest[1]} "
          f"({slowest[2]}) {slowest[0] * 1000:.1f} ms")
    p99 = quantile(everything, 0.99)
    ok = p99 < TARGET_P99 and missed == 0
    print(f"  p99 {p99 * 1000:.2f} ms  (target < {TARGET_P99 * 1000:.0f} ms, none missed)  {'ok' if ok else 'MISSED'}")
    print(f"  server stopped in {stopped_in:.2f} s with {len(followers)} streams open; "
          f"{ended} of them ended cleanly (graceful_timeout 10 s)")
    return 1 if args.strict and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
