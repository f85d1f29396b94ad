"""Request bodies: repeated JSON keys refused, 413 for a body too large (chunked too),
through the test client and through a real gunicorn on loopback; gunicorn's own refusals
of a huge request line or huge headers (which the reverse proxy hides, see SECURITY.md)."""

from __future__ import annotations

import io
import json
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.bodies import loads
from api.errors import Problem
from bench.harness import free_port, start_server, stop_server
from tests.api.conftest import PLAYERS, assert_problem, deutsch_hand

LIMIT = 64 * 1024
JSON = {"Content-Type": "application/json"}


# --- repeated keys -------------------------------------------------------------------------


pytestmark = pytest.mark.sqlite_only  # request bodies refused before the database is asked


@pytest.mark.parametrize(("text", "path"), [
    ('{"game": "dreeg", "game": "sixtysix", "players": ["A", "B"]}', "game"),
    ('{"game": "dreeg", "players": ["A", "B"], "rules": {"order": "x", "order": "y"}}', "rules.order"),
    ('{"a": [1, {"b": {"c": 1, "c": 2}}]}', "a.1.b.c"),
    ('{"outer": {"x": 1, "x": 1}, "outer": 2}', "outer"),  # the outermost is named first
    ('{"first": {"k": 1, "k": 2}, "second": {"j": 1, "j": 2}}', "first.k"),  # in document order
    ('[{"k": 1}, {"k": 1, "k": 1}]', "1.k"),
])
def test_loads_names_the_first_repeated_key(text: str, path: str) -> None:
    with pytest.raises(Problem) as refused:
        loads(text)
    assert refused.value.status == 400 and refused.value.code == "duplicate_key"
    assert refused.value.errors is not None and list(refused.value.errors) == [path]
    assert path in refused.value.detail


def test_loads_keeps_what_is_fine() -> None:
    assert loads('{"a": {"b": [1, {"b": 2}]}, "b": 3}') == {"a": {"b": [1, {"b": 2}]}, "b": 3}
    assert loads('{"A": 1, "a": 2}') == {"A": 1, "a": 2}  # keys differ by case: two keys


def test_repeated_key_in_a_match_is_400_in_both_languages(client: FlaskClient) -> None:
    text = '{"game": "dreeg", "players": ["Anna", "Benno", "Carla"], "game": "sixtysix"}'
    english = assert_problem(client.post("/api/matches", data=text, headers=JSON), 400, "duplicate_key")
    assert "'game'" in english["detail"] and english["errors"] == {"game": english["detail"]}
    assert english["type"] == "urn:kreide:problem:duplicate_key"
    german = assert_problem(client.post("/api/matches", data=text, headers={**JSON, "Accept-Language": "de"}),
                            400, "duplicate_key")
    assert "zweimal" in german["detail"] and "'game'" in german["detail"]


def test_repeated_key_deep_in_a_hand_is_refused_and_records_nothing(client: FlaskClient, match: dict,
                                                                    scorer: dict, hands_url: str) -> None:
    text = json.dumps(deutsch_hand(1)).replace('"Anna": 40', '"Anna": 40, "Anna": 90')
    assert text.count('"Anna"') > 2
    problem = assert_problem(client.post(hands_url, data=text, headers={**JSON, **scorer}), 400, "duplicate_key")
    assert list(problem["errors"]) == ["points.Anna"]
    assert client.get(hands_url, headers=scorer).get_json()["hands"] == []


def test_every_endpoint_reading_json_refuses_repeated_keys(client: FlaskClient, match: dict,
                                                          scorer: dict, hands_url: str) -> None:
    text = '{"seq": 1, "seq": 1}'
    for method, url in [("post", hands_url), ("put", f"{hands_url}/1"), ("post", f"{hands_url}/1/void"),
                        ("post", f"/api/matches/{match['id']}/rulings"), ("post", "/api/referee/hand")]:
        response = getattr(client, method)(url, data=text, headers={**JSON, **scorer})
        assert_problem(response, 400, "duplicate_key")


def test_flask_get_json_refuses_repeated_keys_too(app: Any) -> None:
    with app.test_request_context("/", method="POST", data='{"a": 1, "a": 2}', headers=JSON):
        from flask import request

        with pytest.raises(Problem):
            request.get_json()


# --- size ----------------------------------------------------------------------------------


def big_body(size: int) -> bytes:
    body = json.dumps({"game": "dreeg", "players": PLAYERS, "note": "x" * size}).encode()
    return body


def test_too_large_with_content_length_is_413(client: FlaskClient) -> None:
    assert_problem(client.post("/api/matches", data=big_body(LIMIT), headers=JSON), 413, "too_large")


def test_too_large_chunked_is_413(client: FlaskClient) -> None:
    """As a WSGI server passes a chunked body (no Content-Length, the input ends itself):
    Werkzeug would cut it at the limit and the view would see half a JSON (400)."""
    response = client.post("/api/matches", input_stream=io.BytesIO(big_body(LIMIT)),
                           headers={**JSON, "Transfer-Encoding": "chunked"},
                           environ_overrides={"wsgi.input_terminated": True})
    problem = assert_problem(response, 413, "too_large")
    assert problem["type"] == "about:blank"


def test_small_chunked_body_is_read_whole(client: FlaskClient) -> None:
    body = json.dumps({"game": "dreeg", "players": PLAYERS}).encode()
    response = client.post("/api/matches", input_stream=io.BytesIO(body),
                           headers={**JSON, "Transfer-Encoding": "chunked"},
                           environ_overrides={"wsgi.input_terminated": True})
    assert response.status_code == 201, response.get_json()


# --- through gunicorn ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def gunicorn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """gunicorn as `make run` starts it (gunicorn.conf.py), one worker, on 127.0.0.1."""
    port = free_port()
    server = start_server(tmp_path_factory.mktemp("gunicorn"), port, {"WEB_CONCURRENCY": "1"})
    try:
        yield port
    finally:
        stop_server(server, quick=True)


def raw_exchange(port: int, head: bytes, body: bytes = b"", *, chunk: int = 8192) -> tuple[int, dict, bytes]:
    """Send ``head`` (and ``body`` in HTTP/1.1 chunks when given) over a raw socket;
    the status, headers and body of the answer (read until the server closes)."""
    with socket.create_connection(("127.0.0.1", port), timeout=15) as sock:
        sock.sendall(head)
        try:
            for start in range(0, len(body), chunk):
                piece = body[start:start + chunk]
                sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
            if body:
                sock.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered early and closed: read what it said
        answer = b""
        while True:
            try:
                data = sock.recv(65536)
            except ConnectionResetError:
                break
            if not data:
                break
            answer += data
            if b"\r\n\r\n" in answer:
                head_part, _, rest = answer.partition(b"\r\n\r\n")
                length = [line.split(b":", 1)[1] for line in head_part.split(b"\r\n")
                          if line.lower().startswith(b"content-length:")]
                if length and len(rest) >= int(length[0]):
                    break
    head_part, _, rest = answer.partition(b"\r\n\r\n")
    lines = head_part.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:] if ":" in line)}
    return int(lines[0].split()[1]), headers, rest


def chunked_post(port: int, path: str, body: bytes) -> tuple[int, dict, bytes]:
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n").encode()
    return raw_exchange(port, head, body)


def test_gunicorn_chunked_body_too_large_is_413_problem(gunicorn: int) -> None:
    status, headers, body = chunked_post(gunicorn, "/api/matches", big_body(LIMIT * 2))
    assert status == 413
    assert headers["content-type"] == "application/problem+json"
    assert json.loads(body)["code"] == "too_large"


def test_gunicorn_chunked_body_that_fits_is_read_whole(gunicorn: int) -> None:
    body = json.dumps({"game": "dreeg", "players": PLAYERS}).encode()
    status, _, answer = chunked_post(gunicorn, "/api/matches", body)
    assert status == 201, answer
    assert json.loads(answer)["players"] == PLAYERS


def test_gunicorn_repeated_key_is_400_problem(gunicorn: int) -> None:
    status, headers, body = chunked_post(gunicorn, "/api/matches", b'{"game": "dreeg", "game": "dreeg"}')
    assert status == 400 and headers["content-type"] == "application/problem+json"
    assert json.loads(body)["errors"] == {"game": json.loads(body)["detail"]}


def test_gunicorn_refuses_a_huge_request_line_itself(gunicorn: int) -> None:
    """gunicorn answers a request line over ``limit_request_line`` (4094) itself with
    ``414`` and an HTML page, before the app: no problem JSON is possible there.  The
    production recipe puts the reverse proxy in front, whose own limits answer first
    (SECURITY.md); this pins what gunicorn does behind it."""
    head = f"GET /api/health?{'x' * 10_000} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    status, headers, _ = raw_exchange(gunicorn, head)
    assert status == 414
    assert headers.get("content-type", "").startswith("text/html")


def test_gunicorn_refuses_huge_headers_itself(gunicorn: int) -> None:
    """200 KB of headers: over ``limit_request_field_size`` (8190) for one header, over
    ``limit_request_fields`` (100) for many; gunicorn's own ``431`` page, before the app."""
    one = f"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: {'x' * 200_000}\r\n\r\n".encode()
    status, headers, _ = raw_exchange(gunicorn, one)
    assert status == 431 and headers.get("content-type", "").startswith("text/html")
    many = "".join(f"X-H{n}: {'y' * 1900}\r\n" for n in range(105))
    status, headers, _ = raw_exchange(gunicorn, f"GET /api/health HTTP/1.1\r\nHost: x\r\n{many}\r\n".encode())
    assert status == 431 and headers.get("content-type", "").startswith("text/html")


def test_half_a_surrogate_pair_in_a_field_name_is_a_problem_not_a_500(client: FlaskClient, match: dict,
                                                                       scorer: dict, hands_url: str) -> None:
    """A field name the answer echoes, holding half a surrogate pair (valid JSON text,
    no valid UTF-8): the problem body escapes it."""
    raw = b'{"seq": 1, "x\\ud800": 1, "points": {}}'
    answer = client.post(hands_url, data=raw, headers={**scorer, "Content-Type": "application/json"})
    assert 400 <= answer.status_code < 500
    assert answer.mimetype == "application/problem+json"
    assert answer.get_json()["status"] == answer.status_code
    assert client.get(f"/api/matches/{match['id']}", headers=scorer).get_json()["version"] == 0
