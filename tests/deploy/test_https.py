"""The production recipe of deploy/, brought up on loopback and played through over HTTPS.

Caddy from ``deploy/Caddyfile`` (its ``{$VAR}`` settings moved to 127.0.0.1 and free ports,
``tls internal``, its data in a temporary directory), gunicorn as ``deploy/kreide.service``
starts it (the unit's own command lines, with ``deploy/kreide.env``), on a throwaway
PostgreSQL cluster (``scripts/pg.sh``). Every request goes over TLS, checked against the root
certificate of Caddy's own authority; a hand is played, and its event seen on the live stream.

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
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, NoReturn

import pytest

from bench.recipe import (
    DEPLOY,
    Answer,
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
def site(caddy: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """PostgreSQL, gunicorn (kreide.service with kreide.env), Caddy (deploy/Caddyfile)."""
    # no keep-alive comment and no reconnect while the test reads: only the events themselves
    # can push bytes through a proxy that holds them back
    quiet = {"KREIDE_EVENTS_KEEPALIVE": "600", "KREIDE_EVENTS_MAX_AGE": "600"}
    try:
        with recipe(tmp_path_factory.mktemp("recipe"), settings=quiet) as up:
            yield up.site
    except RecipeUnavailable as reason:
        cannot_run(reason)
    except RecipeFailed as failure:
        pytest.fail(str(failure))


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
        assert read_event(stream)["revision"] == 0

        posted = site.request("POST", f"{path}/hands", HAND, token=match["scorer_token"],
                              headers={"Idempotency-Key": "deploy-test-hand-1"})
        assert posted.status == 201, posted.body
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


def assert_caddys_problem(answer: Answer, status: int, code: str, detail: str, *, app_may_answer: bool = False) -> None:
    """Caddy's problem JSON (gunicorn never saw the request), or, where ``app_may_answer``,
    the app's own with the same code (a chunked body: whichever reaches 64 KiB first says so)."""
    assert answer.status == status, answer.body
    assert answer.headers["Content-Type"] == "application/problem+json"
    servers = answer.headers.get_all("Server")
    assert servers == ["Caddy"] or (app_may_answer and servers == ["Caddy", "gunicorn"]), servers
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
                              "The request is too large.", app_may_answer=True)
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
    # beyond Caddy's limit, Caddy (Go's server) answers alone, in plain text
    huge = site.request("GET", "/api/health", headers={"X-Pad": "x" * 40_000})
    assert huge.status == 431
    assert b"<html" not in huge.body.lower()


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
    server = config["apps"]["http"]["servers"]["srv0"]
    assert server["listen"] == [":443"]
    assert server["max_header_bytes"] == 16 * 1024
    assert config["admin"]["listen"] == "localhost:2019"  # systemctl reload caddy needs it
    policy = config["apps"]["tls"]["automation"]["policies"][0]
    assert policy["subjects"] == [env["KREIDE_SITE"]]
    assert {issuer["module"] for issuer in policy["issuers"]} == {"acme", "zerossl"}
    assert all(issuer["email"] == env["KREIDE_TLS"] for issuer in policy["issuers"])
