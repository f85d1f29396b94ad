"""Health, catalogue, OpenAPI, the phone app's files, headers and Flask's own errors."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import brotli
import pytest
from flask.testing import FlaskClient

from api.views.pwa import SERVER_INPUTS
from engine.dreeg import DREEG
from tests.api.conftest import assert_problem
from tests.conftest import make_app

#: Every game with matches, in the registry's order, as its OpenAPI components are prefixed.
GAME_PREFIXES = ["Dreeg", "Sixtysix", "Dreierles", "Dreist"]


def test_health(client: FlaskClient) -> None:
    response = client.get("/api/health")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}


def test_games_lists_every_game_with_unavailable_ones_marked(client: FlaskClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").get_json()["games"]}
    assert set(games) == {"dreeg", "sixtysix", "dreierles", "dreist"}
    assert games["dreeg"]["available"] is True
    assert games["sixtysix"]["available"] is True
    assert games["dreierles"]["available"] is True
    assert games["dreist"]["available"] is True
    assert games["dreeg"]["players"] == [2, 3, 4]
    rule = games["dreeg"]["rules"][0]
    assert {"name", "values", "default", "rule"} <= rule.keys()


@pytest.mark.parametrize(("name", "rule", "default"), [
    pytest.param("order", "R1", "nauf_und_noo", id="order of the eight sub-games"),
    pytest.param("rotation", "R13", "counter_clockwise", id="direction of the deal"),
    pytest.param("meld_trick", "R10", "side", id="when a marriage counts in side games"),
    pytest.param("aoh", "R7", "solo", id="how Ace of Hearts is scored"),
    pytest.param("kamerun3", "R12", "2-1-0", id="Kamerun strokes with three"),
])
def test_dreeg_house_rules_are_listed_with_values_and_default(client: FlaskClient, name: str, rule: str,
                                                               default: str) -> None:
    dreeg = next(g for g in client.get("/api/games").get_json()["games"] if g["name"] == "dreeg")
    listed = {r["name"]: r for r in dreeg["rules"]}
    assert listed.keys() == {"order", "rotation", "meld_trick", "aoh", "kamerun3"}
    house_rule = listed[name]
    assert (house_rule["rule"], house_rule["default"]) == (rule, default)
    assert house_rule["values"][0] == default and len(house_rule["values"]) >= 2
    assert house_rule["description"].keys() == {"en", "de"}
    engine_rule = next(r for r in DREEG.house_rules if r.name == name)
    assert house_rule["values"] == list(engine_rule.values)


def test_openapi_document_names_every_endpoint(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    paths = spec["paths"]
    assert {"post"} <= paths["/api/matches"].keys()
    assert {"get", "post"} <= paths["/api/matches/{match_id}/hands"].keys()
    assert "put" in paths["/api/matches/{match_id}/hands/{seq}"]
    assert "post" in paths["/api/matches/{match_id}/hands/{seq}/void"]
    body = paths["/api/matches/{match_id}/hands"]["post"]["requestBody"]["content"]["application/json"]
    assert body["schema"] == {"$ref": "#/components/schemas/EntryByGame"}
    assert spec["components"]["schemas"]["EntryByGame"]["anyOf"] == [{"$ref": f"#/components/schemas/{game}Entry"}
                                                                      for game in GAME_PREFIXES]
    assert "seq" in spec["components"]["schemas"]["DreegEntry"]["properties"]


@pytest.mark.parametrize(("path", "method", "status", "component"), [
    pytest.param("/api/matches", "post", "201", "MatchCreated", id="a match created"),
    pytest.param("/api/matches/{match_id}", "get", "200", "Match", id="a match read"),
    pytest.param("/api/matches/{match_id}/hands", "get", "200", "Hands", id="the hands listed"),
    pytest.param("/api/matches/{match_id}/hands", "post", "201", "HandWritten", id="a hand recorded"),
    pytest.param("/api/matches/{match_id}/hands/{seq}", "put", "200", "HandWritten", id="a hand replaced"),
    pytest.param("/api/matches/{match_id}/export.json", "get", "200", "Export", id="the export"),
])
def test_every_answer_is_one_of_the_games_schemas(client: FlaskClient, path: str, method: str, status: str,
                                                  component: str) -> None:
    spec = client.get("/api/openapi.json").get_json()
    schema = spec["paths"][path][method]["responses"][status]["content"]["application/json"]["schema"]
    by_game = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    choices = by_game.get("oneOf") or by_game["anyOf"]
    assert [ref["$ref"].rsplit("/", 1)[1] for ref in choices] == [game + component for game in GAME_PREFIXES]
    assert all(game + component in spec["components"]["schemas"] for game in GAME_PREFIXES)


def test_a_games_state_and_result_are_documented_field_by_field(client: FlaskClient) -> None:
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    match = schemas["DreegMatch"]["properties"]
    assert match["state"]["$ref"].endswith("/DreegState")
    state = schemas["DreegState"]["properties"]
    assert {"subgame", "strokes", "active", "blobs", "dealer", "chooser", "forehand", "finished", "winners",
            "subgames", "order", "needs"} <= state.keys()
    assert {"fields", "required", "sums", "claim", "dealers", "forehand"} <= schemas["DreegNeeds"]["properties"].keys()
    result = schemas["DreegResult"]["properties"]
    assert {"subtract", "due", "dropped", "losers", "notes", "needs"} <= result.keys()
    hand = schemas["DreegHand"]["properties"]
    assert {"$ref": "#/components/schemas/DreegResult"} in hand["result"]["anyOf"]


def test_the_openapi_document_is_built_once_per_process_for_its_settings(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Apps made one after another (a worker's, the suite's thousands) share the document built
    for the first: the same answer, the games' schemas walked once; other settings, another."""
    import api

    built: list[int] = []
    real = api._document_components
    monkeypatch.setattr(api, "_document_components", lambda: (built.append(1), real())[1])
    apps = [make_app(tmp_path / f"{n}.sqlite3", API_VERSION="once-1") for n in range(3)]
    assert len(built) == 1
    documents = [app.test_client().get("/api/openapi.json").get_json() for app in apps]
    assert documents[0] == documents[1] == documents[2]
    assert documents[0]["info"]["version"] == "once-1" and "Hand" in json.dumps(documents[0]["paths"])
    other = make_app(tmp_path / "other.sqlite3", API_VERSION="once-2")
    assert len(built) == 2
    assert other.test_client().get("/api/openapi.json").get_json()["info"]["version"] == "once-2"
    # every app answers with its own views all the same
    assert [app.test_client().get("/api/health").status_code for app in [*apps, other]] == [200] * 4


def test_docs_page_is_plain_html_without_scripts(client: FlaskClient) -> None:
    response = client.get("/api/docs")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert "/api/matches/{match_id}/hands" in page
    assert "<script" not in page


def test_security_headers_on_every_answer(client: FlaskClient) -> None:
    for response in (client.get("/api/health"), client.get("/api/nowhere")):
        csp = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert "frame-ancestors 'none'" in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"


@pytest.fixture
def pwa_client(tmp_path: Path) -> FlaskClient:
    pwa = tmp_path / "pwa"
    (pwa / "icons").mkdir(parents=True)
    (pwa / "index.html").write_text("<!doctype html><title>Kreide</title>")
    (pwa / "app.js").write_text("export const x = 1;")
    (pwa / "style.css").write_text("body{}")
    (pwa / "manifest.webmanifest").write_text("{}")
    (pwa / "icons" / "icon.svg").write_text("<svg/>")
    (pwa / "sw.js").write_text("const CACHE = 'kreide-shell-v1';")
    return make_app(tmp_path / "k.sqlite3", PWA_DIR=str(pwa)).test_client()


@pytest.mark.parametrize(("path", "mimetype", "policy"), [
    pytest.param("/", "text/html", True, id="index"),
    pytest.param("/app.js", "text/javascript", False, id="ES module"),
    pytest.param("/style.css", "text/css", False, id="stylesheet"),
    pytest.param("/manifest.webmanifest", "application/manifest+json", False, id="manifest"),
    pytest.param("/icons/icon.svg", "image/svg+xml", True, id="icon in a folder"),
    pytest.param("/sw.js", "text/javascript", True, id="the service worker"),
])
def test_phone_app_files(pwa_client: FlaskClient, path: str, mimetype: str, policy: bool) -> None:
    """A Content-Security-Policy and a Referrer-Policy where a browser applies them (a page, an SVG
    opened on its own, the worker); a script or a stylesheet is governed by its page's, and is
    sent as it is."""
    response = pwa_client.get(path)
    assert response.status_code == 200
    assert response.mimetype == mimetype
    assert ("Content-Security-Policy" in response.headers) is policy
    assert ("Referrer-Policy" in response.headers) is policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    response.close()


@pytest.mark.parametrize("path", ["/missing.js", "/../secret", "/icons/../../k.sqlite3", "/api/nowhere"])
def test_missing_files_are_problem_404(pwa_client: FlaskClient, path: str) -> None:
    assert_problem(pwa_client.get(path), 404)


def test_real_phone_app_index_is_served(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    # the app is loaded as a module by the page's own script, once the first screen is painted
    assert b"app.type = 'module';" in response.data and b"app.src = '/app.js';" in response.data


@pytest.mark.parametrize("path", ["/", "/app.js", "/css/app.css"])
def test_phone_app_is_compressed_and_revalidated(client: FlaskClient, path: str) -> None:
    plain = client.get(path)
    packed = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert len(gzip.decompress(packed.data)) == len(plain.data) > len(packed.data)
    again = client.get(path, headers={"Accept-Encoding": "gzip", "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304


def test_api_answers_are_compressed_when_asked(client: FlaskClient) -> None:
    """JSON answers are compressed by Accept-Encoding (issue 11; tests/api/test_long_match.py)."""
    plain = client.get("/api/games")
    assert "Content-Encoding" not in plain.headers
    response = client.get("/api/games", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(response.data)) == plain.get_json()


def test_unknown_api_path_is_404_problem(client: FlaskClient) -> None:
    assert_problem(client.get("/api/nowhere"), 404, "not_found")
    assert_problem(client.post("/api/nowhere", json={}), 404, "not_found")


def test_wrong_method_is_405_problem(client: FlaskClient) -> None:
    response = client.delete("/api/health")
    assert_problem(response, 405, "method_not_allowed")
    assert "GET" in response.headers["Allow"]


def test_bench_endpoints_only_when_asked(client: FlaskClient, tmp_path: Path) -> None:
    assert client.post("/api/_bench/json", json={}).status_code == 404
    bench = make_app(tmp_path / "bench.sqlite3", KREIDE_BENCH=True).test_client()
    assert bench.post("/api/_bench/json", json={"a": 1}).status_code == 200
    assert bench.post("/api/_bench/write", json={"a": 1}).status_code == 201


def test_service_worker_cache_is_named_after_the_shell(tmp_path: Path) -> None:
    pwa = tmp_path / "pwa"
    pwa.mkdir()
    (pwa / "sw.js").write_text("const CACHE = 'kreide-shell-v1';")
    (pwa / "app.js").write_text("export const x = 1;")
    client = make_app(tmp_path / "k.sqlite3", PWA_DIR=str(pwa)).test_client()
    first = client.get("/sw.js").get_data(as_text=True)
    assert "kreide-shell-v1" not in first and "kreide-shell-" in first
    (pwa / "app.js").write_text("export const x = 2;")
    assert client.get("/sw.js").get_data(as_text=True) != first


def test_service_worker_precaches_every_shell_file(client: FlaskClient) -> None:
    """Every module, stylesheet and icon of the app, and the module made from the engine,
    is in the precache list the server writes into the service worker: a file left out
    would be missing when a phone opens offline, and a game's files are never named by hand."""
    import json
    import re

    pwa = Path(__file__).resolve().parents[2] / "pwa"
    served = client.get("/sw.js").get_data(as_text=True)
    listed = set(json.loads(re.search(r"const SHELL = (\[.*?\]);", served).group(1)))
    files = {"/" + p.relative_to(pwa).as_posix() for p in pwa.rglob("*") if p.is_file() and p.name != "sw.js"}
    # what only the server reads to write the page (early.js, first-screen.json) is not asked for
    assert listed == files - {"/" + name for name in SERVER_INPUTS} | {"/", "/shared.js"}
    assert "/games/dreeg/form.js" in listed
    for path in listed:
        assert client.get(path).status_code == 200, path


@pytest.mark.parametrize("path", ["/", "/app.js", "/views/match.js", "/css/app.css", "/shared.js"])
def test_the_phone_apps_files_are_sent_as_small_as_brotli_makes_them(client: FlaskClient, path: str) -> None:
    """A scanned QR code loads the whole match page over whatever the table's phone has: its
    files are compressed once at brotli's best (they change only with a deploy), the same bytes
    to every phone, revalidated by their ETag (issue 18, item 19)."""
    plain = client.get(path).data
    packed = client.get(path, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert packed.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert brotli.decompress(packed.data) == plain
    assert len(packed.data) == len(brotli.compress(plain, quality=11))
    assert packed.headers["ETag"].endswith(':br"')
    assert client.get(path, headers={"Accept-Encoding": "br"}).data == packed.data
    again = client.get(path, headers={"Accept-Encoding": "br", "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304
