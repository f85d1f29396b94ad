"""Live streams on the real server (gunicorn with the project's gunicorn.conf.py): two
app servers sharing one database, the caps on streams, a stream freed when its phone
goes away, and slow clients that hold nobody up.

The database is the suite's: a fresh SQLite file, or the PostgreSQL of
``KREIDE_TEST_DATABASE_URL`` (where the two servers hear of each other's writes by
LISTEN/NOTIFY instead of polling).  Every wait is bounded; nothing is timed."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest

from bench.harness import free_port, start_server, stop_server
from tests.api.conftest import PLAYERS, deutsch_hand

WAIT = 15.0  # seconds any one read may take before the test fails


CAPS = {"KREIDE_STREAMS_PER_TOKEN": "2", "KREIDE_STREAMS_PER_ADDRESS": "3", "KREIDE_EVENTS_PROBE": "0.2",
        "KREIDE_EVENTS_KEEPALIVE": "1"}


@pytest.fixture(scope="module")
def ports(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, int]]:
    """Two gunicorn servers (one worker each) on one database, with small caps: two
    streams per token, three per client address.  Each test speaks from its own
    loopback address (127.0.0.x), so the per-address counts of one do not touch another."""
    tmp_path = tmp_path_factory.mktemp("servers")
    url = os.environ.get("KREIDE_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'kreide.sqlite3'}"
    env = {"DATABASE_URL": url, "WEB_CONCURRENCY": "1", **CAPS}
    running, found = [], []
    try:
        for number in range(2):
            workdir = tmp_path / f"server{number}"
            workdir.mkdir()
            port = free_port()
            running.append(start_server(workdir, port, env))
            found.append(port)
        yield found[0], found[1]
    finally:
        for server in running:  # the graceful stop would wait out keep-alive connections
            stop_server(server, quick=True)


def connect(port: int, source: str) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=WAIT, source_address=(source, 0))


def call(port: int, method: str, path: str, body: Any = None, token: str | None = None,
         source: str = "127.0.0.1") -> tuple[int, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT, source_address=(source, 0))
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    return answer.status, json.loads(data) if data else None


class Stream:
    """A phone following a match: a raw socket reading the event stream."""

    def __init__(self, port: int, match_id: str, token: str, source: str) -> None:
        self.sock = connect(port, source)
        self.sock.sendall(f"GET /api/matches/{match_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.buffer = b""
        head = self._until(b"\r\n\r\n")
        self.status = int(head.split(b" ", 2)[1])
        self.head = head.decode("latin-1")

    def _until(self, mark: bytes) -> bytes:
        while mark not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise AssertionError(f"stream closed before {mark!r}: {self.buffer[-300:]!r}")
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(mark)
        return head

    def body(self) -> str:
        """A refusal's whole body (sent with Content-Length)."""
        length = int(next(line.split(":", 1)[1] for line in self.head.split("\r\n")
                          if line.lower().startswith("content-length")))
        while len(self.buffer) < length:
            self.buffer += self.sock.recv(65536)
        return self.buffer[:length].decode()

    def revision(self) -> int:
        """The revision of the next state event (keep-alives and chunk sizes skipped)."""
        while True:
            block = self._until(b"\n\n").decode()
            for line in block.split("\n"):
                if line.startswith("id: "):
                    return int(line[4:])

    def close(self) -> None:
        self.sock.close()


def create(port: int) -> dict[str, Any]:
    status, match = call(port, "POST", "/api/matches", {"game": "dreeg", "players": PLAYERS})
    assert status == 201, match
    return match


def test_a_phone_on_one_server_sees_a_hand_posted_through_another(ports: tuple[int, int]) -> None:
    first, second = ports
    match = create(first)
    stream = Stream(first, match["id"], match["viewer_token"], "127.0.0.11")
    try:
        assert stream.status == 200
        assert stream.revision() == 0  # the state as it is
        for seq in (1, 2):
            status, _ = call(second, "POST", f"/api/matches/{match['id']}/hands", deutsch_hand(seq),
                             match["scorer_token"])
            assert status == 201
            assert stream.revision() == seq
    finally:
        stream.close()


def test_streams_are_capped_per_token_and_per_address(ports: tuple[int, int]) -> None:
    port = ports[0]
    match, other = create(port), create(port)
    source = "127.0.0.12"
    opened = [Stream(port, match["id"], match["viewer_token"], source) for _ in range(2)]
    try:
        assert [each.status for each in opened] == [200, 200]
        third = Stream(port, match["id"], match["viewer_token"], source)
        assert third.status == 429
        problem = json.loads(third.body())
        assert problem["code"] == "streams_per_token"
        assert "2 phones" in problem["detail"]
        third.close()
        opened.append(Stream(port, other["id"], other["viewer_token"], source))  # another table's link
        assert opened[-1].status == 200
        fourth = Stream(port, other["id"], other["scorer_token"], source)
        assert fourth.status == 429
        assert json.loads(fourth.body())["code"] == "streams_per_address"
        fourth.close()
        elsewhere = Stream(port, other["id"], other["scorer_token"], "127.0.0.13")  # another address
        assert elsewhere.status == 200
        elsewhere.close()
    finally:
        for each in opened:
            each.close()


def test_a_stream_is_freed_when_its_phone_goes_away(ports: tuple[int, int]) -> None:
    """With two streams allowed per token, the link can follow again once a phone that
    held one has gone: the server notices the closed socket while the match is quiet."""
    port = ports[0]
    match = create(port)
    source = "127.0.0.14"
    kept = Stream(port, match["id"], match["viewer_token"], source)
    gone = Stream(port, match["id"], match["viewer_token"], source)
    assert kept.status == gone.status == 200 and gone.revision() == 0
    gone.close()
    try:
        for _attempt in range(100):  # bounded: 100 tries, 0.1 s apart at least
            again = Stream(port, match["id"], match["viewer_token"], source)
            again.close()
            if again.status == 200:
                break
            assert again.status == 429
            time.sleep(0.1)
        else:
            raise AssertionError("the stream of the phone that went away was never freed")
    finally:
        kept.close()


def test_slow_clients_hold_nobody_up(ports: tuple[int, int]) -> None:
    """200 connections that have sent half their headers and stall, beside open
    streams: /api/health and a hand are still answered, and the streams see the hand."""
    port = ports[0]
    match = create(port)
    slow: list[socket.socket] = []
    streams: list[Stream] = []
    try:
        for _ in range(200):
            sock = connect(port, "127.0.0.15")
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            slow.append(sock)
        streams = [Stream(port, match["id"], match["viewer_token"], f"127.0.0.{16 + n}") for n in range(2)]
        assert [each.revision() for each in streams] == [0, 0]
        for _ in range(20):
            assert call(port, "GET", "/api/health") == (200, {"status": "ok"})
        status, _ = call(port, "POST", f"/api/matches/{match['id']}/hands", deutsch_hand(1), match["scorer_token"])
        assert status == 201
        assert [each.revision() for each in streams] == [1, 1]
    finally:
        for sock in slow:
            sock.close()
        for each in streams:
            each.close()


def test_a_graceful_stop_ends_the_streams_at_once_and_every_worker_exits_cleanly(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """systemctl stop/restart (SIGTERM): the phones' streams end at once (they reconnect to
    the other server or the restarted one with Last-Event-ID) and each worker stops as asked,
    not by an error in the signal handler (gevent refuses to start a thread from there)."""
    workdir = tmp_path_factory.mktemp("graceful")
    url = os.environ.get("KREIDE_TEST_DATABASE_URL") or f"sqlite:///{workdir / 'kreide.sqlite3'}"
    port = free_port()
    server = start_server(workdir, port, {"DATABASE_URL": url, "WEB_CONCURRENCY": "1", **CAPS})
    try:
        match = create(port)
        stream = Stream(port, match["id"], match["viewer_token"], "127.0.0.41")
        assert stream.status == 200 and stream.revision() == 0
        started = time.monotonic()
        os.killpg(server.pid, signal.SIGTERM)
        while not stream.buffer.endswith(b"\r\n0\r\n\r\n"):  # the chunked body's end
            chunk = stream.sock.recv(65536)
            assert chunk, "the connection closed before the stream ended"
            stream.buffer += chunk
        ended = time.monotonic() - started
        stream.close()
        assert server.wait(WAIT) == 0
        assert ended < 5, ended  # the stream did not wait for graceful_timeout (10 s)
        log = (workdir / "gunicorn.log").read_text()
        assert "Traceback" not in log and "BlockingSwitchOutError" not in log, log[-2000:]
        assert "Worker exiting" in log
    finally:
        stop_server(server, quick=True)
