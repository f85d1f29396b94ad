"""A long match: its hands list compressed and paged, its exports streamed (the same bytes
as the whole export built at once)."""

from __future__ import annotations

import csv
import gzip
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import brotli
import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import log, services
from api.extensions import db
from api.games import game_api
from api.store import load_match
from tests.api.conftest import PLAYERS, assert_problem, bearer, deutsch_hand
from tests.api.test_events import events
from tests.conftest import make_app

HANDS = 70  # every hand but the last voided (a Dreeg sub-game ends after a few that count)
BATCH = 7  # rows read per batch by the exports: many batches


@pytest.fixture(scope="module")
def long_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    app = make_app(Path(tmp_path_factory.mktemp("long")) / "long.sqlite3", KREIDE_EXPORT_BATCH=BATCH)
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture(scope="module")
def long_match(long_app: Flask) -> dict[str, Any]:
    client = long_app.test_client()
    match = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}).get_json()
    url, scorer = f"/api/matches/{match['id']}/hands", bearer(match["scorer_token"])
    for seq in range(1, HANDS + 1):
        assert client.post(url, json=deutsch_hand(seq), headers=scorer).status_code == 201
        if seq % 10 == 3:  # a replacement now and then: audit trails and "replaced" rows
            changed = deutsch_hand(seq, last_trick="Benno")
            assert client.put(f"{url}/{seq}", json=changed, headers=scorer).status_code == 200
        if seq < HANDS:
            assert client.post(f"{url}/{seq}/void", headers=scorer).status_code == 200
    return match


@pytest.fixture
def client(long_app: Flask) -> FlaskClient:
    return long_app.test_client()


def hands_url(match: dict[str, Any], query: str = "") -> str:
    return f"/api/matches/{match['id']}/hands{query}"


def viewer_of(match: dict[str, Any]) -> dict[str, str]:
    return bearer(match["viewer_token"])


# --- pages ---------------------------------------------------------------------------------


def test_without_parameters_the_list_is_whole(client: FlaskClient, long_match: dict) -> None:
    response = client.get(hands_url(long_match), headers=viewer_of(long_match))
    assert response.status_code == 200 and "Link" not in response.headers
    hands = response.get_json()["hands"]
    assert len(hands) == HANDS and [h["voided"] for h in hands] == [True] * (HANDS - 1) + [False]


def test_pages_follow_their_links_to_the_whole_list(client: FlaskClient, long_match: dict) -> None:
    whole = client.get(hands_url(long_match), headers=viewer_of(long_match)).get_json()["hands"]
    url: str | None = hands_url(long_match, "?limit=30")
    pages: list[list[dict]] = []
    while url is not None:
        response = client.get(url, headers=viewer_of(long_match))
        assert response.status_code == 200
        pages.append(response.get_json()["hands"])
        link = response.headers.get("Link")
        url = None if link is None else link.split(">", 1)[0].removeprefix("<")
        if link is not None:
            assert link.endswith('; rel="next"')
    assert [len(page) for page in pages] == [30, 30, 10]
    assert [hand for page in pages for hand in page] == whole
    assert client.get(hands_url(long_match, "?limit=30"), headers=viewer_of(long_match)).headers["Link"] == (
        f'<{hands_url(long_match)}?after=30&limit=30>; rel="next"')


@pytest.mark.parametrize(("query", "count", "more"), [
    ("?after=65", 5, False),  # after alone: the rest
    (f"?limit={HANDS}", HANDS, False),  # exactly all: no next page
    ("?after=69&limit=1", 1, False),
    ("?after=68&limit=1", 1, True),
    (f"?after={HANDS}", 0, False),
    ("?after=1000000000000000000000&limit=5", 0, False),
    ("?after=0&limit=2&unknown=1", 2, True),  # other parameters are ignored
])
def test_a_page(client: FlaskClient, long_match: dict, query: str, count: int, more: bool) -> None:
    response = client.get(hands_url(long_match, query), headers=viewer_of(long_match))
    assert response.status_code == 200
    hands = response.get_json()["hands"]
    assert len(hands) == count and ("Link" in response.headers) == more
    whole = client.get(hands_url(long_match), headers=viewer_of(long_match)).get_json()["hands"]
    assert all(hand in whole for hand in hands)


@pytest.mark.parametrize(("query", "field"), [
    ("?limit=0", "limit"), ("?limit=1001", "limit"), ("?limit=abc", "limit"), ("?limit=2.5", "limit"),
    ("?after=-1", "after"), ("?after=x", "after"), ("?limit=", "limit"),
])
def test_bad_page_parameters_are_422(client: FlaskClient, long_match: dict, query: str, field: str) -> None:
    response = client.get(hands_url(long_match, query), headers={**viewer_of(long_match), "Accept-Language": "de"})
    problem = assert_problem(response, 422, "invalid_fields")
    assert any(field in path for path in problem["errors"]) and "Feld" in problem["detail"]


def test_pages_are_in_the_openapi_document(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    get = spec["paths"]["/api/matches/{match_id}/hands"]["get"]
    names = {p["name"] for p in get["parameters"] if p["in"] == "query"}
    assert {"limit", "after"} <= names
    assert "Link" in get["responses"]["200"]["headers"]


# --- compression ---------------------------------------------------------------------------


def test_the_hands_list_is_compressed(client: FlaskClient, long_match: dict) -> None:
    plain = client.get(hands_url(long_match), headers=viewer_of(long_match))
    assert "Content-Encoding" not in plain.headers
    for encoding, decode in (("gzip", gzip.decompress), ("br", brotli.decompress)):
        packed = client.get(hands_url(long_match), headers={**viewer_of(long_match), "Accept-Encoding": encoding})
        assert packed.headers["Content-Encoding"] == encoding
        assert "Accept-Encoding" in packed.headers["Vary"]
        body = packed.get_data()
        assert len(body) * 5 < len(plain.get_data())
        assert json.loads(decode(body)) == plain.get_json()


def test_a_problem_carrying_the_state_is_compressed_too(client: FlaskClient, long_match: dict) -> None:
    headers = {**bearer(long_match["scorer_token"]), "Accept-Encoding": "gzip"}
    response = client.post(hands_url(long_match), json=deutsch_hand(1), headers=headers)
    assert response.status_code == 409 and response.headers["Content-Encoding"] == "gzip"
    assert response.mimetype == "application/problem+json"
    assert json.loads(gzip.decompress(response.get_data()))["code"] == "stale_seq"


def test_etag_and_304_with_compression(client: FlaskClient, long_match: dict) -> None:
    url, headers = f"/api/matches/{long_match['id']}", {**viewer_of(long_match), "Accept-Encoding": "gzip"}
    first = client.get(url, headers=headers)
    assert first.headers["Content-Encoding"] == "gzip"
    tag = first.headers["ETag"]
    assert tag.endswith(':gzip"')  # another representation than the plain one: another strong tag
    again = client.get(url, headers={**headers, "If-None-Match": tag})
    assert again.status_code == 304 and again.headers["ETag"] == tag and not again.get_data()
    plain = client.get(url, headers=viewer_of(long_match))
    assert plain.status_code == 200 and plain.headers["ETag"] == tag.replace(":gzip", "")
    assert client.get(url, headers={**viewer_of(long_match), "If-None-Match": plain.headers["ETag"]}).status_code == 304


def test_the_live_stream_is_never_compressed(client: FlaskClient, long_match: dict) -> None:
    headers = {**viewer_of(long_match), "Accept-Encoding": "gzip, br"}
    with events(client, long_match["id"], headers) as stream:
        first = next(stream)
        assert first.startswith(b"id: ")  # plain text, one event as it is written
    response = client.get(f"/api/matches/{long_match['id']}/events", headers=headers)
    try:
        assert "Content-Encoding" not in response.headers
    finally:
        response.close()


def test_small_answers_are_left_alone(client: FlaskClient) -> None:
    response = client.get("/api/health", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in response.headers and response.get_json()["status"] == "ok"


# --- exports -------------------------------------------------------------------------------


def reference(app: Flask, match_id: str) -> tuple[bytes, bytes]:
    """The exports built whole, in memory, as they were before they were streamed."""
    with app.app_context():
        row = load_match(match_id)
        assert row is not None
        export = services.export_json(row)
        whole = json.dumps(game_api(row.game).dump("export", export), separators=(",", ":")).encode()
        out = io.StringIO()
        csv.writer(out).writerows(log.csv_rows(export["records"]))
        db.session.remove()
    return whole, out.getvalue().encode()


@pytest.mark.parametrize("kind", ["json", "csv"])
def test_exports_stream_the_same_bytes(long_app: Flask, client: FlaskClient, long_match: dict, kind: str) -> None:
    expected = dict(zip(("json", "csv"), reference(long_app, long_match["id"])))[kind]
    response = client.get(f"/api/matches/{long_match['id']}/export.{kind}", headers=viewer_of(long_match))
    assert response.status_code == 200 and response.is_streamed
    assert "attachment" in response.headers["Content-Disposition"]
    chunks = list(response.response)
    assert len(chunks) > 3  # written as it is read, batch by batch
    assert b"".join(c if isinstance(c, bytes) else c.encode() for c in chunks) == expected


def test_exports_of_a_new_match_are_the_same_bytes(long_app: Flask, client: FlaskClient) -> None:
    match = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}).get_json()
    whole, table = reference(long_app, match["id"])
    assert client.get(f"/api/matches/{match['id']}/export.json", headers=viewer_of(match)).get_data() == whole
    assert client.get(f"/api/matches/{match['id']}/export.csv", headers=viewer_of(match)).get_data() == table


def test_json_export_is_compressed_when_streamed_with_br(client: FlaskClient, long_match: dict) -> None:
    url = f"/api/matches/{long_match['id']}/export.json"
    plain = client.get(url, headers=viewer_of(long_match)).get_data()
    packed = client.get(url, headers={**viewer_of(long_match), "Accept-Encoding": "br"})
    assert packed.headers["Content-Encoding"] == "br"
    assert brotli.decompress(packed.get_data()) == plain
