"""GET /api/rules and GET /api/rules/{id}: the rule book in the reader's language, one rule,
an unknown rule, revalidation by ETag; a book that breaks its form stops the app's start."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from api.rulebook import RulebookError, load
from tests.api.conftest import assert_problem
from tests.conftest import make_app


@pytest.mark.parametrize(("query", "headers", "lang", "title"), [
    pytest.param("?lang=de", {}, "de", "Richtig ausgemeldet", id="German asked by lang"),
    pytest.param("", {"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"}, "de", "Richtig ausgemeldet",
                 id="an Austrian phone"),
    pytest.param("", {"Accept-Language": "en-GB"}, "en", "A right claim of 66", id="an English phone"),
    pytest.param("?lang=en", {"Accept-Language": "de-DE"}, "en", "A right claim of 66",
                 id="lang before Accept-Language"),
    pytest.param("", {}, "en", "A right claim of 66", id="no language said: English"),
])
def test_the_book_speaks_the_readers_language_R17(client: FlaskClient, query: str, headers: dict[str, str],
                                                  lang: str, title: str) -> None:
    response = client.get(f"/api/rules{query}", headers=headers)
    assert response.status_code == 200
    book = response.get_json()
    assert book["lang"] == lang
    rules = {rule["id"]: rule for rule in book["rules"]}
    assert len(rules) == 46 and list(rules)[:2] == ["T1", "T2"]
    assert rules["R17"]["title"] == title
    assert response.headers["Cache-Control"] == "no-cache" and "Accept-Language" in response.headers["Vary"]


@pytest.mark.parametrize(("path", "lang", "title", "house_rule"), [
    pytest.param("/api/rules/R19?lang=de", "de", "Zudrehen", "Hausregel „Nach dem Zudrehen zählen die Augen des "
                 "Gegners“: wie beim Zudrehen (Vorgabe), oder wie am Ende.", id="closing in German"),
    pytest.param("/api/rules/r22?lang=en", "en", "The Bummerl", "House rule \"A match is played to\": two Bummerl "
                 "(default), three Bummerl, or one Bummerl.", id="lower case id"),
])
def test_one_rule_with_its_house_rules(client: FlaskClient, path: str, lang: str, title: str,
                                       house_rule: str) -> None:
    rule = client.get(path).get_json()
    assert (rule["lang"], rule["title"]) == (lang, title)
    assert house_rule in rule["house_rules"]
    assert rule["text"] and "\n\n" not in rule["title"]


def test_a_rule_with_an_example_T1(client: FlaskClient) -> None:
    rule = client.get("/api/rules/T1", headers={"Accept-Language": "de"}).get_json()
    assert rule["example"].startswith("Herz ist ausgespielt, Eichel Trumpf")
    assert rule["group"] == "Stichspiel (der Schiedsrichter)" and rule["house_rules"] == []


@pytest.mark.parametrize("rule_id", ["R39", "T9", "R0", "Schneider", "R17x"])
def test_an_unknown_rule_is_404_problem_json(client: FlaskClient, rule_id: str) -> None:
    problem = assert_problem(client.get(f"/api/rules/{rule_id}", headers={"Accept-Language": "de"}), 404, "no_rule")
    assert problem["detail"] == (f"Im Regelbuch von Kreide gibt es keine Regel „{rule_id}“: Die Regeln sind R1 bis "
                                 "R38 und T1 bis T8.")


def test_a_language_kreide_does_not_speak_is_422(client: FlaskClient) -> None:
    problem = assert_problem(client.get("/api/rules?lang=fr"), 422, "invalid_fields")
    assert "query.lang" in problem["errors"]


@pytest.mark.parametrize("encoding", ["identity", "br", "gzip"])
@pytest.mark.parametrize("path", ["/api/rules?lang=de", "/api/rules/R17?lang=de"])
def test_the_book_is_revalidated_by_its_etag(client: FlaskClient, path: str, encoding: str) -> None:
    first = client.get(path, headers={"Accept-Encoding": encoding})
    tag = first.headers["ETag"]
    if path.startswith("/api/rules?"):  # one rule is too short to be compressed
        assert (first.headers.get("Content-Encoding") or "identity") == encoding
    again = client.get(path, headers={"Accept-Encoding": encoding, "If-None-Match": tag})
    assert again.status_code == 304 and again.headers["ETag"] == tag and not again.data
    other = client.get(path.replace("de", "en"), headers={"Accept-Encoding": encoding, "If-None-Match": tag})
    assert other.status_code == 200


def test_the_openapi_document_describes_the_book(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    book = spec["paths"]["/api/rules"]["get"]
    assert book["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/RuleBook"}
    assert {"200", "304", "422"} <= book["responses"].keys()
    one = spec["paths"]["/api/rules/{rule_id}"]["get"]
    assert {"200", "304", "404", "422"} <= one["responses"].keys()
    assert set(spec["components"]["schemas"]["Rule"]["required"]) == {
        "id", "group", "title", "text", "example", "house_rules"}


def test_a_broken_book_stops_the_start(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    for lang in ("en", "de"):
        (rules / f"{lang}.md").write_text("# Rules\n\n### R1 · One\n\nSome `code`.\n", encoding="utf-8")
    with pytest.raises(RulebookError, match="holds Markdown"):
        make_app(tmp_path / "k.sqlite3", KREIDE_RULES_DIR=str(rules))
    load.cache_clear()
