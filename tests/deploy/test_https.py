"""The production recipe of deploy/, brought up on loopback and played through over HTTPS.

Caddy from ``deploy/Caddyfile`` (its ``{$VAR}`` settings moved to 127.0.0.1 and free ports,
``tls internal``, its data in a temporary directory, its timeouts shortened), in front of two
gunicorn servers as the units of deploy/ start them (``kreide-migrate.service`` once, then
``kreide@.service`` per port, with ``deploy/kreide.env``), on one throwaway PostgreSQL cluster
(``scripts/pg.sh``): ``bench/recipe.py``. Every request goes over TLS, checked against the root
certificate of Caddy's own authority; a hand is played, and its event seen on the live stream;
one server is killed and the other answers.

Caddy comes from ``scripts/install-caddy.sh`` (Debian's package, apt-get, root); where there is
neither Caddy nor a way to install it, these tests are skipped and say why. Only 127.0.0.1.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import ssl
import subprocess
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, NoReturn

import pytest

from bench.recipe import (
    DEPLOY,
    READINESS_PATH,
    Answer,
    Recipe,
    RecipeFailed,
    RecipeUnavailable,
    Site,
    caddy_binary,
    read_env_file,
    recipe,
    site_up,
    start_caddy,
    stop,
    wait_until,
)

PLAYERS = ["Anna", "Benno", "Carla", "Dieter"]
HAND = {
    "seq": 1,
    "points": {"Anna": 40, "Benno": 30, "Carla": 30, "Dieter": 20},
    "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1},
    "last_trick": "Anna",
}

# The recipe's timeouts (10 s and 30 s), shortened so that the tests see them act; apart, so
# that the header timeout is seen to act on its own (Go's server falls back to the other).
READ_HEADER_TIMEOUT = 1.0
READ_BODY_TIMEOUT = 3.0
TIMEOUTS = {"KREIDE_READ_HEADER_TIMEOUT": f"{READ_HEADER_TIMEOUT}s",
            "KREIDE_READ_BODY_TIMEOUT": f"{READ_BODY_TIMEOUT}s"}

pytestmark = pytest.mark.deploy


def cannot_run(reason: RecipeUnavailable) -> NoReturn:
    """Where the recipe's parts cannot be had (no apt-get or root) the test fails and says
    why: a skipped recipe test would hide a broken production recipe."""
    pytest.fail(f"the production recipe's test cannot run here: {reason}")


# --- the recipe, up ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def caddy() -> str:
    try:
        return caddy_binary()
    except RecipeUnavailable as reason:
        cannot_run(reason)


@pytest.fixture(scope="module")
def up(caddy: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Recipe]:
    """PostgreSQL, two gunicorn servers (kreide-migrate.service, kreide@.service with
    kreide.env), Caddy (deploy/Caddyfile) with its timeouts shortened."""
    # no keep-alive comment and no reconnect while the test reads: only the events themselves
    # can push bytes through a proxy that holds them back
    quiet = {"KREIDE_EVENTS_KEEPALIVE": "600", "KREIDE_EVENTS_MAX_AGE": "600"}
    try:
        with recipe(tmp_path_factory.mktemp("recipe"), servers=2, settings=quiet, caddy_settings=TIMEOUTS) as running:
            yield running
    except RecipeUnavailable as reason:
        cannot_run(reason)
    except RecipeFailed as failure:
        pytest.fail(str(failure))


@pytest.fixture(scope="module")
def site(up: Recipe) -> Site:
    return up.site


# --- the tests ---------------------------------------------------------------------------------


def read_event(stream: http.client.HTTPResponse) -> dict[str, Any]:
    """The next event of a text/event-stream (comments skipped): its data as JSON."""
    data: list[str] = []
    while True:
        line = stream.readline()
        assert line, "the stream ended"
        text = line.decode().rstrip("\r\n")
        if text == "" and data:
            return dict(json.loads("\n".join(data)))
        if text.startswith("data:"):
            data.append(text[5:].strip())


def test_a_hand_is_played_over_https(site: Site) -> None:
    created = site.request("POST", "/api/matches", {"game": "dreeg", "players": PLAYERS})
    assert created.status == 201, created.body
    match = created.json()
    assert match["join_url"].startswith(site.url + "/#/m/")  # KREIDE_PUBLIC_URL: the phones' address
    path = f"/api/matches/{match['id']}"

    # a phone follows the match; gzip offered, as every browser does
    connection = site.connect(timeout=15)
    try:
        connection.request("GET", f"{path}/events", headers={
            "Authorization": f"Bearer {match['viewer_token']}", "Accept": "text/event-stream",
            "Accept-Encoding": "gzip, deflate, br, zstd"})
        stream = connection.getresponse()
        assert stream.status == 200
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        assert stream.headers.get("Content-Encoding") is None  # not held back by an encoder
        assert_answer_headers(Answer(stream.status, stream.headers, b""))
        assert read_event(stream)["revision"] == 0

        # Caddy's read timeouts bound the request, not the answer: the stream outlives them
        time.sleep(READ_BODY_TIMEOUT + 0.5)
        posted = site.request("POST", f"{path}/hands", HAND, token=match["scorer_token"],
                              headers={"Idempotency-Key": "deploy-test-hand-1"})
        assert posted.status == 201, posted.body
        assert_answer_headers(posted)
        # the hand's event arrives while the stream stays open: nothing else is sent for ten
        # minutes (no keep-alive), so a buffering proxy would hold it and this read would time out
        event = read_event(stream)
        assert event["change"] == {"action": "hand", "seq": 1}
        assert event["revision"] == 1
    finally:
        connection.close()

    state = site.request("GET", path, token=match["viewer_token"])
    assert state.status == 200
    assert state.json()["version"] == 1
    assert state.json()["state"] == posted.json()["state"]

    # JSON answers are compressed by Caddy (the app compresses none), and say so to caches
    hands = site.request("GET", f"{path}/hands", token=match["viewer_token"], headers={"Accept-Encoding": "gzip"})
    assert hands.status == 200
    assert hands.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in hands.headers.get("Vary", "")
    assert [hand["seq"] for hand in hands.json()["hands"]] == [1]
    plain = site.request("GET", f"{path}/hands", token=match["viewer_token"])
    assert plain.headers.get("Content-Encoding") is None
    assert json.loads(plain.body) == hands.json()


def test_the_certificate_is_caddys_own_and_http_is_redirected(site: Site) -> None:
    verified = ssl.create_default_context(cafile=str(site.ca))
    with socket.create_connection(("127.0.0.1", site.port), timeout=10) as raw, \
            verified.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
        assert tls.version() in ("TLSv1.2", "TLSv1.3")
        issuer = dict(pair[0] for pair in tls.getpeercert()["issuer"])
        assert "Caddy Local Authority" in issuer["commonName"]
    # nothing else vouches for it: without Caddy's root certificate the handshake fails
    system = ssl.create_default_context()
    with socket.create_connection(("127.0.0.1", site.port), timeout=10) as raw, \
            pytest.raises(ssl.SSLCertVerificationError):
        system.wrap_socket(raw, server_hostname="127.0.0.1")

    connection = http.client.HTTPConnection("127.0.0.1", site.http_port, timeout=10)
    try:
        connection.request("GET", "/api/health", headers={"Host": f"127.0.0.1:{site.port}"})
        redirect = connection.getresponse()
        assert redirect.status in (301, 308)
        # to https (Caddy names no port when it is its https_port, here the site's own)
        assert redirect.headers["Location"].startswith("https://127.0.0.1")
        assert redirect.headers["Location"].endswith("/api/health")
    finally:
        connection.close()


def assert_answer_headers(answer: Answer) -> None:
    """What every HTTPS answer carries: HSTS for a year (this name only, see deploy/README.md),
    and nothing naming the proxy or the app server or their versions."""
    assert answer.headers["Strict-Transport-Security"] == "max-age=31536000"
    assert answer.headers.get_all("Server") is None
    assert answer.headers.get("Via") is None


def test_answers_carry_hsts_and_name_no_server(site: Site) -> None:
    answers = {
        "the app's JSON": site.request("GET", "/api/health"),
        "the app's 404": site.request("GET", "/api/no-such-thing"),
        "the phone app's shell": site.request("GET", "/", headers={"Accept": "text/html"}),
        "Caddy's own 414": site.request("GET", "/api/health?pad=" + "x" * 5000),
    }
    for what, answer in answers.items():
        assert answer.status in (200, 404, 414), what
        assert_answer_headers(answer)
    # plain http only redirects to https, without HSTS (a browser takes it from https alone)
    connection = http.client.HTTPConnection("127.0.0.1", site.http_port, timeout=10)
    try:
        connection.request("GET", "/", headers={"Host": f"127.0.0.1:{site.port}"})
        redirect = connection.getresponse()
        assert redirect.status == 308
        assert redirect.headers.get("Strict-Transport-Security") is None
        assert redirect.headers.get_all("Server") is None
    finally:
        connection.close()


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_a_client_trickling_its_headers_is_closed(site: Site, scheme: str) -> None:
    """A client that sends one header line every 0.2 s (slowloris) is cut off once the header
    read timeout has passed since its request began, without an answer: on the site, and on
    plain http's port, which only redirects."""
    port = site.port if scheme == "https" else site.http_port
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw, \
            (site.context().wrap_socket(raw, server_hostname="127.0.0.1") if scheme == "https" else raw) as client:
        started = time.monotonic()
        client.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        client.settimeout(0.2)
        answer: bytes | None = None
        while answer is None and time.monotonic() - started < READ_HEADER_TIMEOUT + 5:
            try:
                client.sendall(b"X-Slow: x\r\n")
                answer = client.recv(1024)
            except TimeoutError:
                continue
            except OSError:  # reset, or TLS ended without close_notify
                answer = b""
        closed_after = time.monotonic() - started
    assert answer == b"", answer
    assert READ_HEADER_TIMEOUT - 0.1 < closed_after < READ_BODY_TIMEOUT - 0.5


def test_a_client_that_never_starts_tls_is_closed(site: Site) -> None:
    """Go's server gives the TLS handshake the header read timeout too."""
    with socket.create_connection(("127.0.0.1", site.port), timeout=10) as raw:
        started = time.monotonic()
        assert raw.recv(1024) == b""
        assert READ_HEADER_TIMEOUT - 0.1 < time.monotonic() - started < READ_BODY_TIMEOUT - 0.5


def assert_caddys_problem(answer: Answer, status: int, code: str, detail: str) -> None:
    """Caddy's problem JSON, with the headers of every answer (or the app's own with the same
    code: a chunked body is refused by whichever reaches 64 KiB first)."""
    assert answer.status == status, answer.body
    assert answer.headers["Content-Type"] == "application/problem+json"
    assert_answer_headers(answer)
    problem = answer.json()
    assert problem == {"type": "about:blank", "title": problem["title"], "status": status, "detail": detail,
                       "code": code}


def test_oversized_requests_are_answered_by_caddy(site: Site) -> None:
    german = {"Accept-Language": "fr-CH, de;q=0.9, en;q=0.8"}
    long_uri = "/api/health?pad=" + "x" * 5000  # over gunicorn's 4094-byte request line
    assert_caddys_problem(site.request("GET", long_uri), 414, "uri_too_long", "The address is too long.")
    assert_caddys_problem(site.request("GET", long_uri, headers=german), 414, "uri_too_long",
                          "Die Adresse ist zu lang.")

    body = json.dumps({"game": "dreeg", "players": PLAYERS, "pad": "x" * 70_000}).encode()
    assert_caddys_problem(site.request("POST", "/api/matches", body, headers=german), 413, "too_large",
                          "Die Anfrage ist zu groß.")
    # a chunked body says nothing of its size beforehand: cut off at 64 KiB
    connection = site.connect()
    try:
        connection.request("POST", "/api/matches", body=iter([body[:40_000], body[40_000:]]),
                           headers={"Content-Type": "application/json", "Accept": "application/json"},
                           encode_chunked=True)
        response = connection.getresponse()
        assert_caddys_problem(Answer(response.status, response.headers, response.read()), 413, "too_large",
                              "The request is too large.")
    finally:
        connection.close()
    # the largest body the app takes still passes
    largest = json.dumps({"game": "dreeg", "players": PLAYERS}).ljust(65_536).encode()
    fits = site.request("POST", "/api/matches", largest)
    assert fits.status == 201, fits.body

    # headers: a 10 KB one and 150 small ones pass Caddy, and gunicorn takes them as well
    # (kreide.env lifts its limits of 8190 bytes and 100 fields)
    assert site.request("GET", "/api/health", headers={"X-Pad": "x" * 10_000}).status == 200
    many = {f"X-Pad-{n}": "x" for n in range(150)}
    assert site.request("GET", "/api/health", headers=many).status == 200
    # beyond Caddy's limit, Go's server under Caddy answers alone, before any handler of the
    # Caddyfile: in plain text, not problem JSON (deploy/README.md), and naming no server
    huge = site.request("GET", "/api/health", headers={"X-Pad": "x" * 40_000})
    assert huge.status == 431
    assert huge.headers["Content-Type"] == "text/plain; charset=utf-8"
    assert huge.body == b"431 Request Header Fields Too Large"
    assert huge.headers.get("Server") is None


class _Echo(BaseHTTPRequestHandler):
    """Answers with the request's headers, as the app behind Caddy receives them."""

    def do_GET(self) -> None:
        body = json.dumps({name.lower(): value for name, value in self.headers.items()}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def test_the_app_learns_the_clients_address_and_scheme_from_caddy(caddy: str, tmp_path: Path) -> None:
    """What gunicorn and the app behind Caddy are told (an echo server in gunicorn's place):
    the client's own address whatever X-Forwarded-For it sent, https, the site's host; a
    client's Forwarded header is dropped."""
    echo = ThreadingHTTPServer(("127.0.0.1", 0), _Echo)
    thread = threading.Thread(target=echo.serve_forever, daemon=True)
    thread.start()
    process, site = start_caddy(caddy, tmp_path, f"127.0.0.1:{echo.server_address[1]}")
    try:
        wait_until(lambda: site_up(site), [process], [tmp_path / "caddy.log"], "caddy")
        seen = site.request("GET", "/api/health", headers={
            "X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "http", "X-Forwarded-Host": "evil.example",
            "Forwarded": "for=203.0.113.7;proto=http"}).json()
        assert seen["x-forwarded-for"] == "127.0.0.1"
        assert seen["x-forwarded-proto"] == "https"
        assert seen["x-forwarded-host"] == f"127.0.0.1:{site.port}"
        assert "forwarded" not in seen
    finally:
        stop(process)
        echo.shutdown()
        echo.server_close()


class _ReadyServer(ThreadingHTTPServer):
    """An app server in miniature: its readiness check answers 200 while ``ready``, else 503;
    every other request is answered with the server's port."""

    ready = True


class _Ready(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        assert isinstance(self.server, _ReadyServer)
        status = 503 if self.path == READINESS_PATH and not self.server.ready else 200
        body = json.dumps({"port": self.server.server_address[1]}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def test_a_server_that_is_not_ready_leaves_rotation_and_returns(caddy: str, tmp_path: Path) -> None:
    """Caddy's active health checks: a server whose readiness check answers 503 gets no
    requests soon (a check every second: about 2 s; bounded here at 5 s, no timing in a test),
    and takes them again once it answers 200."""
    servers = [_ReadyServer(("127.0.0.1", 0), _Ready) for _ in range(2)]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    ports = [server.server_address[1] for server in servers]
    process, site = start_caddy(caddy, tmp_path, " ".join(f"127.0.0.1:{port}" for port in ports))

    def answered_by(count: int) -> set[int]:
        return {site.request("GET", "/api/games").json()["port"] for _ in range(count)}

    def seconds_until(ports_seen: set[int]) -> float:
        started = time.monotonic()
        while answered_by(10) != ports_seen:
            assert time.monotonic() - started < 10, f"still not only {ports_seen}"
        return time.monotonic() - started

    try:
        wait_until(lambda: site_up(site), [process], [tmp_path / "caddy.log"], "caddy")
        assert seconds_until(set(ports)) < 5  # both take requests (least_conn: the idle one, at random)
        servers[0].ready = False
        assert seconds_until({ports[1]}) < 5
        servers[0].ready = True
        assert seconds_until(set(ports)) < 5
    finally:
        stop(process)
        for server in servers:
            server.shutdown()
            server.server_close()


def test_the_public_recipe_asks_for_a_real_certificate(caddy: str, tmp_path: Path) -> None:
    """deploy/caddy.env as shipped (a public name and an e-mail address): certificates from
    ACME, every address on ports 80 and 443. Only adapted, never run: nothing leaves the machine."""
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("KREIDE_")},
           **read_env_file(DEPLOY / "caddy.env"), "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path)}
    adapted = subprocess.run([caddy, "adapt", "--adapter", "caddyfile", "--config", str(DEPLOY / "Caddyfile")],
                             env=env, capture_output=True, text=True, check=True)
    config = json.loads(adapted.stdout)
    assert "not formatted" not in adapted.stderr  # caddy fmt keeps it as it is
    servers = {tuple(server["listen"]): server for server in config["apps"]["http"]["servers"].values()}
    assert set(servers) == {(":443",), (":80",)}
    server = servers[(":443",)]
    assert server["max_header_bytes"] == 16 * 1024
    assert config["admin"]["listen"] == "localhost:2019"  # systemctl reload caddy needs it
    policy = config["apps"]["tls"]["automation"]["policies"][0]
    assert policy["subjects"] == [env["KREIDE_SITE"]]
    assert {issuer["module"] for issuer in policy["issuers"]} == {"acme", "zerossl"}
    assert all(issuer["email"] == env["KREIDE_TLS"] for issuer in policy["issuers"])
    # the timeouts bound a request, never an answer (no write timeout: live streams last hours),
    # on both ports
    for listening in servers.values():
        assert (listening["read_header_timeout"], listening["read_timeout"]) == (10 * 10**9, 30 * 10**9)
        assert "write_timeout" not in listening
    proxies = list(_handlers(server["routes"], "reverse_proxy"))
    assert len(proxies) == 2  # the live streams' and the rest's
    for proxy in proxies:
        assert proxy["upstreams"] == [{"dial": "127.0.0.1:8001"}, {"dial": "127.0.0.1:8002"}]
        assert proxy["health_checks"]["active"]["uri"] == "/api/ready"
        assert proxy["load_balancing"]["selection_policy"] == {"policy": "least_conn"}


def _handlers(config: Any, name: str) -> Iterator[dict[str, Any]]:
    """Every handler called ``name`` in an adapted Caddy configuration, however deeply nested."""
    if isinstance(config, dict):
        if config.get("handler") == name:
            yield config
        for value in config.values():
            yield from _handlers(value, name)
    elif isinstance(config, list):
        for value in config:
            yield from _handlers(value, name)


def test_one_server_killed_the_other_answers(up: Recipe) -> None:
    """SIGKILL to one app server (arbiter and workers): reads sent at that moment are all
    answered (one that met the dead server is retried on the other), and a hand sent with its
    Idempotency-Key is stored once, without waiting for Caddy to give up (the 2 s of the
    recipe's promise are bench/faults.py's to measure). Caddy 2.6 cannot resend a request body: a write
    that met the dead server is answered 502 (problem JSON, Retry-After), and the client sends it
    again with the same key. Last in this module: one server is left."""
    site = up.site
    created = site.request("POST", "/api/matches", {"game": "dreeg", "players": PLAYERS})
    assert created.status == 201, created.body
    match = created.json()
    path = f"/api/matches/{match['id']}"
    time.sleep(1.2)  # Caddy's health checks (every second) have passed both servers since they started

    def read() -> int:
        return site.request("GET", path, token=match["viewer_token"]).status

    def write() -> list[Answer]:
        answers: list[Answer] = []
        while not answers or answers[-1].status != 201:
            answers.append(site.request("POST", f"{path}/hands", HAND, token=match["scorer_token"],
                                        headers={"Idempotency-Key": "deploy-test-kill-hand-1"}))
            if answers[-1].status != 201:
                time.sleep(0.1)
        return answers

    up.kill_server(0)
    killed = time.monotonic()
    # sent together, before Caddy has noticed: some of them are sent to the dead server
    with ThreadPoolExecutor(max_workers=9) as pool:
        writing = pool.submit(write)
        reads = [pool.submit(read) for _ in range(8)]
        assert [future.result(timeout=10) for future in reads] == [200] * 8
        answers = writing.result(timeout=10)
    # not held until Caddy gave up (lb_try_duration 5 s); the 2 s target is measured by bench/faults.py
    assert time.monotonic() - killed < 5
    for refused in answers[:-1]:
        assert_caddys_problem(refused, 502, "unavailable",
                              "The server cannot be reached just now; try again in a moment.")
        assert refused.headers["Retry-After"] == "1"
    assert answers[-1].status == 201, answers[-1].body

    hands = site.request("GET", f"{path}/hands", token=match["viewer_token"])
    assert [hand["seq"] for hand in hands.json()["hands"]] == [1]
    # and the live server goes on answering alone
    assert [read() for _ in range(5)] == [200] * 5
