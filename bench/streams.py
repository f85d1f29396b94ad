"""A hall of phones following their matches live: 1,000 open streams on one server.

Starts the app under gunicorn with the project's gunicorn.conf.py (its evented workers,
2 of them on 2 cores) on SQLite and/or a throwaway PostgreSQL (``scripts/pg.sh``),
creates ``--streams`` / 4 Dreeg tables and opens four streams on each (the phones of a
table, from ten loopback addresses 127.0.0.2-11 as phones come from many addresses;
the per-address cap is raised for the run and said so).  Then, for ``--seconds`` each,
two phases:

1. ``quiet``: a scorer posts ``--rate`` writes per second over all tables (a hand, then
   its void, so no match ends), and ``/api/health`` is asked every 20 ms;
2. ``slow``: the same, beside ``--slow`` connections trickling their request headers one
   byte a second (a slow-loris crowd), which must change neither figure.

Post-to-screen is from just before a POST is sent to the moment each of the table's
four streams has that revision.  Prints p50/p99 of both, against the targets
(post-to-screen p99 < 100 ms, health p99 < 50 ms), and missed deliveries.  Client and
server share the machine's cores: the client is one asyncio loop.  Bounded in count
and time; loopback only; everything is stopped at the end.  ``--strict`` exits 1 when a
target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import free_port, postgres, quantile, start_server, stop_server

PLAYERS = ["Anna", "Benno", "Carla", "Dieter"]
HAND = {"points": {"Anna": 40, "Benno": 30, "Carla": 30, "Dieter": 20},
        "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1}, "last_trick": "Anna"}
SOURCES = [f"127.0.0.{n}" for n in range(2, 12)]
TARGET_DELIVERY = 0.100
TARGET_HEALTH = 0.050
EVENT = re.compile(rb"id: (\d+)\nevent: state\n")


@dataclass
class Table:
    id: str
    scorer: str
    viewer: str
    writes: int = 0  # hands and voids so far
    arrivals: list[dict[int, float]] = field(default_factory=list)  # per phone: revision -> time

    def next_write(self) -> tuple[str, dict]:
        seq = self.writes // 2 + 1
        if self.writes % 2 == 0:
            return f"/api/matches/{self.id}/hands", {"seq": seq, **HAND}
        return f"/api/matches/{self.id}/hands/{seq}/void", {}


async def request(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, method: str, path: str,
                  body: dict | None = None, token: str | None = None) -> tuple[int, dict | None]:
    """One request on a keep-alive connection; the answer's status and JSON."""
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
    if body is not None:
        head += "Content-Type: application/json\r\n"
    if token:
        head += f"Authorization: Bearer {token}\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    status_line = await reader.readline()
    length = 0
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        if name.lower() == "content-length":
            length = int(value)
    raw = await reader.readexactly(length) if length else b""
    return int(status_line.split()[1]), (json.loads(raw) if raw else None)


async def follow(port: int, table: Table, source: str, ready: asyncio.Event, opened: list[int]) -> None:
    """One phone: open the stream, note when each revision arrives, until cancelled."""
    arrivals: dict[int, float] = {}
    table.arrivals.append(arrivals)
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    try:
        writer.write(f"GET /api/matches/{table.id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"Authorization: Bearer {table.viewer}\r\nAccept: text/event-stream\r\n\r\n".encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            raise SystemExit(f"a stream was refused: {head[:200]!r}")
        opened[0] += 1
        if opened[0] == opened[1]:
            ready.set()
        buffer = b""
        while chunk := await reader.read(65536):
            now = time.perf_counter()
            buffer += chunk
            for found in EVENT.finditer(buffer):
                arrivals.setdefault(int(found.group(1)), now)
            buffer = buffer[-200:]  # an event's head never spans more than this
    finally:
        writer.close()


async def slow_client(port: int, until: float) -> None:
    """A client trickling its request headers, one byte a second, never finishing."""
    _reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        while time.monotonic() < until:
            writer.write(b"X")
            await asyncio.sleep(1)
    except OSError:
        pass
    finally:
        writer.close()


async def probe_health(port: int, until: float, latencies: list[float]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while time.monotonic() < until:
            started = time.perf_counter()
            status, _ = await request(reader, writer, "GET", "/api/health")
            if status == 200:
                latencies.append(time.perf_counter() - started)
            await asyncio.sleep(0.02)
    finally:
        writer.close()


async def post(port: int, tables: list[Table], rate: float, until: float,
               sent: list[tuple[Table, int, float]]) -> int:
    """The scorers: ``rate`` writes a second, round the tables, on eight connections."""
    refused = 0
    connections = [await asyncio.open_connection("127.0.0.1", port) for _ in range(8)]
    queue: asyncio.Queue[Table] = asyncio.Queue()

    async def scorer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal refused
        while True:
            table = await queue.get()
            path, body = table.next_write()
            started = time.perf_counter()
            status, answer = await request(reader, writer, "POST", path, body, table.scorer)
            if status in (200, 201) and answer is not None:
                table.writes += 1
                sent.append((table, answer["revision"], started))
            else:
                refused += 1
            queue.task_done()

    workers = [asyncio.create_task(scorer(*each)) for each in connections]
    number = 0
    start = time.monotonic()
    while time.monotonic() < until:
        queue.put_nowait(tables[number % len(tables)])
        number += 1
        await asyncio.sleep(max(0.0, start + number / rate - time.monotonic()))
    await queue.join()
    for task in workers:
        task.cancel()
    for _reader, writer in connections:
        writer.close()
    return refused


def deliveries(sent: list[tuple[Table, int, float]]) -> tuple[list[float], int]:
    delays, missed = [], 0
    for table, revision, started in sent:
        for arrivals in table.arrivals:
            times = [at for seen, at in arrivals.items() if seen >= revision]
            if times:
                delays.append(min(times) - started)
            else:
                missed += 1
    return delays, missed


async def run(port: int, tables: list[Table], args: argparse.Namespace) -> dict[str, dict[str, float]]:
    ready = asyncio.Event()
    opened = [0, len(tables) * 4]
    phones = [asyncio.create_task(follow(port, table, SOURCES[(n * 4 + k) % len(SOURCES)], ready, opened))
              for n, table in enumerate(tables) for k in range(4)]
    await asyncio.wait_for(ready.wait(), 120)
    await asyncio.sleep(1)
    results = {}
    for phase in ("quiet", "slow"):
        until = time.monotonic() + args.seconds
        slow = [asyncio.create_task(slow_client(port, until + 1)) for _ in range(args.slow if phase == "slow" else 0)]
        if slow:
            await asyncio.sleep(2)  # let the crowd connect
            until = time.monotonic() + args.seconds
        health: list[float] = []
        sent: list[tuple[Table, int, float]] = []
        prober = asyncio.create_task(probe_health(port, until, health))
        refused = await post(port, tables, args.rate, until, sent)
        await prober
        await asyncio.sleep(args.grace)  # the last writes' events
        delays, missed = deliveries(sent)
        results[phase] = {"writes": len(sent), "refused": refused, "deliveries": len(delays), "missed": missed,
                          "p50": quantile(delays, 0.5), "p99": quantile(delays, 0.99),
                          "health": len(health), "h50": quantile(health, 0.5), "h99": quantile(health, 0.99)}
        for task in slow:
            task.cancel()
        await asyncio.gather(*slow, return_exceptions=True)
    for task in phones:
        task.cancel()
    await asyncio.gather(*phones, return_exceptions=True)
    return results


def measure(database: str, url: str | None, args: argparse.Namespace, tmp: Path) -> tuple[bool, str]:
    import http.client

    env = {"WEB_CONCURRENCY": str(args.workers), "KREIDE_STREAMS_PER_ADDRESS": str(args.streams),
           "KREIDE_EVENTS_MAX": str(args.streams + 100)}
    if url:
        env["DATABASE_URL"] = url
    port = free_port()
    workdir = tmp / database
    workdir.mkdir()
    server = start_server(workdir, port, env)
    try:
        tables = []
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for _ in range(args.streams // 4):
            connection.request("POST", "/api/matches", json.dumps({"game": "dreeg", "players": PLAYERS}),
                               {"Content-Type": "application/json"})
            answer = connection.getresponse()
            match = json.loads(answer.read())
            if answer.status != 201:
                raise SystemExit(f"creating a match: {answer.status} {match}")
            tables.append(Table(match["id"], match["scorer_token"], match["viewer_token"]))
        connection.close()
        results = asyncio.run(run(port, tables, args))
    finally:
        stop_server(server)
    lines, ok = [], True
    for phase, r in results.items():
        good = (r["p99"] < TARGET_DELIVERY and r["h99"] < TARGET_HEALTH and r["missed"] == 0
                and r["refused"] == 0 and r["deliveries"] > 0)
        ok = ok and good
        lines.append(f"  {database:<10} {phase:<6} {len(tables) * 4:>5} streams {r['writes']:>5} writes "
                     f"{r['deliveries']:>6} deliveries  post-to-screen p50 {r['p50'] * 1000:6.1f} ms "
                     f"p99 {r['p99'] * 1000:6.1f} ms   health p50 {r['h50'] * 1000:5.1f} ms "
                     f"p99 {r['h99'] * 1000:5.1f} ms   missed {r['missed']} refused {r['refused']}  "
                     f"{'ok' if good else 'MISSED'}")
    return ok, "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000, help="open streams (four per table)")
    parser.add_argument("--seconds", type=float, default=20, help="length of each phase")
    parser.add_argument("--rate", type=float, default=20, help="writes per second over all tables")
    parser.add_argument("--slow", type=int, default=200, help="slow connections in the second phase")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--grace", type=float, default=2, help="seconds to wait for the last events")
    parser.add_argument("--db", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    report, ok = [], True
    with tempfile.TemporaryDirectory(prefix="kreide-streams-") as name, ExitStack() as stack:
        tmp = Path(name)
        for database in ("sqlite", "postgres"):
            if args.db not in (database, "both"):
                continue
            url = stack.enter_context(postgres()) if database == "postgres" else None
            good, lines = measure(database, url, args, tmp)
            ok = ok and good
            report.append(lines)
    print(f"\nKreide live streams: {args.workers} gevent workers, {os.cpu_count()} CPUs, {args.rate:g} writes/s, "
          f"{args.seconds:g} s a phase, slow phase with {args.slow} trickling connections; "
          f"targets: post-to-screen p99 < {TARGET_DELIVERY * 1000:.0f} ms, health p99 < {TARGET_HEALTH * 1000:.0f} ms")
    print("\n".join(report))
    print("  all targets met" if ok else "  a target was MISSED")
    return 1 if args.strict and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
