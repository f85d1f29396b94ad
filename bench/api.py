"""How much does recording a hand cost over the bare minimum a web request must pay?

Starts the app under gunicorn (the project's gunicorn.conf.py, a temporary SQLite file
in WAL, ``KREIDE_BENCH=1``, a free port on 127.0.0.1), then measures with concurrent
keep-alive clients:

  (a) POST /api/_bench/json   - a small JSON answer, no database
  (b) POST /api/_bench/write  - one row inserted and committed
  (c) POST .../hands          - Deutsch hands for four (many matches, hand 1, 2, 3 of each)
                                (a), (b), (c) interleaved in chunks, so background load on a
                                shared machine hits all three alike
  (d) hand 400 vs hand 1      - the next hand of a match whose log holds 399 records
                                (hand and void alternately) against hand 1 of a fresh
                                match, interleaved, one request at a time

and prints throughput, p50 and p99 of each (and the server's CPU time per request,
read from /proc, which noise disturbs far less), and the ratios against their targets:
hands / bare write throughput >= 0.8, hand p99 / bare write p99 <= 1.5, and hand 400 /
hand 1 (median) <= 1.1.  Bounded in requests and time; loopback only; the server is
stopped at the end.  ``--strict`` exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness import free_port, start_server, stop_server  # bench/live.py uses them through here too

PLAYERS = ["Anna", "Benno", "Carla", "Dieter"]
HAND = {
    "points": {"Anna": 40, "Benno": 30, "Carla": 30, "Dieter": 20},
    "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1},
    "last_trick": "Anna",
}
HANDS_PER_MATCH = 3  # the same hand three times keeps all four players in (Anna reaches 0 on the third)

Request = tuple[str, str, Any, dict[str, str]]  # method, path, JSON body, headers


@dataclass
class Measured:
    name: str
    latencies: list[float]
    seconds: float
    statuses: dict[int, int]

    @property
    def throughput(self) -> float:
        return len(self.latencies) / self.seconds

    def quantile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:  # the time limit came first
            return float("nan")
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def line(self) -> str:
        return (f"{self.name:<28} {len(self.latencies):>6} req  {self.throughput:>8.0f} req/s  "
                f"p50 {self.quantile(0.5) * 1000:>6.2f} ms  p99 {self.quantile(0.99) * 1000:>6.2f} ms  "
                f"status {dict(sorted(self.statuses.items()))}")


class Client:
    """One keep-alive connection to the server."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def send(self, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None) -> tuple[int, Any, float]:
        data = None if body is None else json.dumps(body).encode()
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        start = time.perf_counter()
        self.connection.request(method, path, body=data, headers=all_headers)
        response = self.connection.getresponse()
        raw = response.read()
        elapsed = time.perf_counter() - start
        return response.status, (json.loads(raw) if raw else None), elapsed

    def close(self) -> None:
        self.connection.close()


def in_threads(worker: Callable[[], None], count: int) -> None:
    """Run ``worker`` in ``count`` threads and wait for all of them."""
    pool = [threading.Thread(target=worker) for _ in range(count)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()


def run_concurrently(port: int, threads: int, requests: Iterable[Request], name: str,
                     deadline: float) -> Measured:
    """Send ``requests`` from ``threads`` keep-alive clients; time each and the whole."""
    work: queue.SimpleQueue[Request | None] = queue.SimpleQueue()
    for request in requests:
        work.put(request)
    for _ in range(threads):
        work.put(None)
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    lock = threading.Lock()

    def worker() -> None:
        client = Client(port)
        mine: list[float] = []
        seen: dict[int, int] = {}
        while (item := work.get()) is not None and time.monotonic() < deadline:
            status, _, elapsed = client.send(*item)
            mine.append(elapsed)
            seen[status] = seen.get(status, 0) + 1
        client.close()
        with lock:
            latencies.extend(mine)
            for status, number in seen.items():
                statuses[status] = statuses.get(status, 0) + number

    start = time.perf_counter()
    in_threads(worker, threads)
    return Measured(name, latencies, time.perf_counter() - start, statuses)


def create_matches(port: int, threads: int, count: int, deadline: float) -> list[tuple[str, dict[str, str]]]:
    """``count`` matches for four, created concurrently: (id, scorer headers)."""
    made: list[tuple[str, dict[str, str]]] = []
    lock = threading.Lock()
    todo = iter(range(count))

    def worker() -> None:
        client = Client(port)
        for _ in todo:
            if time.monotonic() > deadline:
                break
            status, match, _ = client.send("POST", "/api/matches", {"game": "dreeg", "players": PLAYERS})
            assert status == 201, match
            with lock:
                made.append((match["id"], {"Authorization": f"Bearer {match['scorer_token']}"}))
        client.close()

    in_threads(worker, threads)
    return made


def hand_requests(matches: list[tuple[str, dict[str, str]]], seq: int) -> list[Request]:
    return [("POST", f"/api/matches/{mid}/hands", {"seq": seq, **HAND}, headers) for mid, headers in matches]


def grow_log(port: int, threads: int, matches: list[tuple[str, dict[str, str]]], records: int,
             deadline: float) -> None:
    """Give each match a log of ``records`` records: hand, void, hand, void, ..., hand."""
    todo: queue.SimpleQueue[tuple[str, dict[str, str]] | None] = queue.SimpleQueue()
    for match in matches:
        todo.put(match)
    for _ in range(threads):
        todo.put(None)

    def worker() -> None:
        client = Client(port)
        while (item := todo.get()) is not None:
            mid, headers = item
            for number in range(records):
                if time.monotonic() > deadline:
                    raise SystemExit("time limit reached while preparing long matches")
                seq = number // 2 + 1
                if number % 2 == 0:
                    status, body, _ = client.send("POST", f"/api/matches/{mid}/hands", {"seq": seq, **HAND}, headers)
                else:
                    status, body, _ = client.send("POST", f"/api/matches/{mid}/hands/{seq}/void", {}, headers)
                assert status in (200, 201), body
        client.close()

    in_threads(worker, threads)


def long_vs_fresh(port: int, long: list[tuple[str, dict[str, str]]], fresh: list[tuple[str, dict[str, str]]],
                  rounds: int, records: int, deadline: float) -> tuple[Measured, Measured]:
    """The next hand of each long match and hand 1 of a fresh one, alternately, one at a time.
    After each round the new hand of a long match is voided again (untimed), so its log stays
    at about ``records`` records."""
    client = Client(port)
    timed_long: list[float] = []
    timed_fresh: list[float] = []
    fresh_left = iter(fresh)
    next_seq = {mid: records // 2 + 2 for mid, _ in long}
    start = time.perf_counter()
    for turn in range(rounds):
        for number, (mid, headers) in enumerate(long):
            if time.monotonic() > deadline:
                break
            fresh_id, fresh_headers = next(fresh_left)
            pair = [(timed_long, mid, next_seq[mid], headers), (timed_fresh, fresh_id, 1, fresh_headers)]
            if (turn + number) % 2:
                pair.reverse()  # neither kind always goes first
            for timings, match_id, seq, match_headers in pair:
                status, body, elapsed = client.send("POST", f"/api/matches/{match_id}/hands",
                                                    {"seq": seq, **HAND}, match_headers)
                assert status == 201, body
                timings.append(elapsed)
            status, body, _ = client.send("POST", f"/api/matches/{mid}/hands/{next_seq[mid]}/void", {}, headers)
            assert status == 200, body
            next_seq[mid] += 1
    seconds = time.perf_counter() - start
    client.close()
    return (Measured(f"hand {records + 1} (long log)", timed_long, seconds, {201: len(timed_long)}),
            Measured("hand 1 (fresh match)", timed_fresh, seconds, {201: len(timed_fresh)}))


def server_cpu(server: subprocess.Popen) -> float | None:
    """CPU seconds used so far by gunicorn's process group (Linux /proc; else None)."""
    if not Path("/proc/self/stat").exists():
        return None
    total = 0
    for pid in os.listdir("/proc"):
        try:  # processes come and go on a shared machine: one that has gone is skipped
            if not pid.isdigit() or os.getpgid(int(pid)) != server.pid:
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


@dataclass
class Tally:
    """One kind of request measured in several chunks, interleaved with the other kinds
    (a shared, noisy machine then disturbs every kind alike)."""

    name: str
    latencies: list[float]
    seconds: float = 0.0
    cpu: float | None = 0.0
    statuses: dict[int, int] | None = None

    def add(self, measured: Measured, cpu: float | None) -> None:
        self.latencies.extend(measured.latencies)
        self.seconds += measured.seconds
        self.cpu = None if cpu is None or self.cpu is None else self.cpu + cpu
        self.statuses = _merge([self.statuses or {}, measured.statuses])

    def measured(self) -> Measured:
        return Measured(self.name, self.latencies, self.seconds, self.statuses or {})

    @property
    def cpu_per_request(self) -> float | None:
        return None if self.cpu is None else self.cpu / len(self.latencies)


def verdict(name: str, value: float, target: float, *, at_least: bool) -> tuple[str, bool]:
    ok = value >= target if at_least else value <= target
    sign = ">=" if at_least else "<="
    return f"{name:<44} {value:6.2f}  (target {sign} {target})  {'ok' if ok else 'MISSED'}", ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=8, help="concurrent clients")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", "2")))
    parser.add_argument("--matches", type=int, default=1200, help=f"matches for (c), {HANDS_PER_MATCH} hands each")
    parser.add_argument("--chunks", type=int, default=6, help="(a), (b), (c) are measured interleaved in chunks")
    parser.add_argument("--long-matches", type=int, default=20, help="matches with a long log for (d)")
    parser.add_argument("--records", type=int, default=399, help="log records before the timed hand in (d)")
    parser.add_argument("--rounds", type=int, default=10, help="timed hands per long match in (d)")
    parser.add_argument("--time-limit", type=float, default=300, help="seconds for the whole run")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    deadline = time.monotonic() + args.time_limit

    with tempfile.TemporaryDirectory(prefix="kreide-bench-") as tmp:
        port = free_port()
        server = start_server(Path(tmp), port, {"KREIDE_BENCH": "1", "WEB_CONCURRENCY": str(args.workers)})
        try:
            tallies, long, fresh = measure(server, port, args, deadline)
        finally:
            stop_server(server)

    _bare_json, bare_write, hands = tallies
    print(f"\nKreide API bench: {args.workers} gunicorn workers ({os.environ.get('KREIDE_WORKER_CLASS', 'gevent')}), "
          f"{args.threads} clients, SQLite WAL, {os.cpu_count()} CPUs shared with the clients")
    for tally in tallies:
        cpu = tally.cpu_per_request
        print("  " + tally.measured().line() + ("" if cpu is None else f"  server CPU {cpu * 1e6:5.0f} us/req"))
    print("  " + long.line())
    print("  " + fresh.line())
    checks = [
        verdict("hand throughput / bare write throughput",
                hands.measured().throughput / bare_write.measured().throughput, 0.8, at_least=True),
        verdict("hand p99 / bare write p99",
                hands.measured().quantile(0.99) / bare_write.measured().quantile(0.99), 1.5, at_least=False),
        verdict(f"hand {args.records + 1} / hand 1 (median)",
                _median(long.latencies) / _median(fresh.latencies), 1.1, at_least=False),
    ]
    for text, _ in checks:
        print("  " + text)
    if bare_write.cpu_per_request and hands.cpu_per_request:
        print(f"  (server CPU: bare write / hand = {bare_write.cpu_per_request / hands.cpu_per_request:.2f}; "
              "on a CPU-bound box the throughput ratio cannot exceed it)")
    return 1 if args.strict and not all(ok for _, ok in checks) else 0


def measure(server: subprocess.Popen, port: int, args: argparse.Namespace,
            deadline: float) -> tuple[list[Tally], Measured, Measured]:
    body = {"seq": 1, **HAND}

    def run(name: str, requests: list[Request], tally: Tally | None = None) -> None:
        before = server_cpu(server)
        measured = run_concurrently(port, args.threads, requests, name, deadline)
        after = server_cpu(server)
        if tally is not None:
            tally.add(measured, None if before is None or after is None else after - before)

    run("warm-up", [("POST", "/api/_bench/json", body, {})] * 300)
    run("warm-up", [("POST", "/api/_bench/write", body, {})] * 300)
    run("warm-up", hand_requests(create_matches(port, args.threads, 100, deadline), 1))

    matches = create_matches(port, args.threads, args.matches, deadline)
    size = max(1, len(matches) // args.chunks)
    per_chunk = size * HANDS_PER_MATCH
    tallies = [Tally("(a) bare JSON", []), Tally("(b) bare one-row write", []), Tally("(c) Deutsch hand entry", [])]
    for start in range(0, size * args.chunks, size):
        group = matches[start:start + size]
        run("(a)", [("POST", "/api/_bench/json", body, {})] * per_chunk, tallies[0])
        run("(b)", [("POST", "/api/_bench/write", body, {})] * per_chunk, tallies[1])
        for seq in range(1, HANDS_PER_MATCH + 1):
            run("(c)", hand_requests(group, seq), tallies[2])

    long = create_matches(port, args.threads, args.long_matches, deadline)
    grow_log(port, args.threads, long, args.records, deadline)
    fresh = create_matches(port, args.threads, args.long_matches * args.rounds, deadline)
    long_hand, fresh_hand = long_vs_fresh(port, long, fresh, args.rounds, args.records, deadline)
    return tallies, long_hand, fresh_hand


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _merge(statuses: Iterable[dict[int, int]]) -> dict[int, int]:
    merged: dict[int, int] = {}
    for part in statuses:
        for status, number in part.items():
            merged[status] = merged.get(status, 0) + number
    return merged


if __name__ == "__main__":
    sys.exit(main())
