"""What a phone learns about DREIst! before a match: GET /api/games (one to five players
by R33, the modes, the two house rules titled and labelled in English and German, the two
referee questions), the OpenAPI document (the DREIst! entry, state, result and referee
questions and answers beside the other games') and /shared.js (the colours' names, the
ratings and NOTATION.dreist for the phone's parser)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

COMPONENTS = {"DreistEntry", "DreistState", "DreistResult", "DreistNeeds", "DreistHand", "DreistMatch",
              "DreistMatchCreated", "DreistHandWritten", "DreistHands", "DreistExport",
              "DreistRefereeDreistQuestion", "DreistRefereeDreistAnswer",
              "DreistRefereeEgonQuestion", "DreistRefereeEgonAnswer"}
COLOURS = {"R": ("red", "Rot"), "Y": ("yellow", "Gelb"), "T": ("turquoise", "Türkis"), "V": ("violet", "Violett")}


@pytest.fixture(scope="module")
def dreist(api: FlaskClient) -> dict[str, Any]:
    games = api.get("/api/games").get_json()["games"]
    return next(game for game in games if game["name"] == "dreist")


@pytest.fixture(scope="module")
def spec(api: FlaskClient) -> dict[str, Any]:
    return api.get("/api/openapi.json").get_json()


@pytest.fixture(scope="module")
def shared(api: FlaskClient) -> str:
    response = api.get("/shared.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    return response.get_data(as_text=True)


def exported(module: str, name: str) -> Any:
    found = re.search(rf"^export const {name} = (.*);$", module, flags=re.MULTILINE)
    assert found, f"{name} is not exported"
    return json.loads(found.group(1))


def refs(schema: dict[str, Any]) -> list[str]:
    return [ref["$ref"].rsplit("/", 1)[1] for ref in schema.get("oneOf") or schema["anyOf"]]


# --- the catalogue ----------------------------------------------------------------------


def test_dreist_in_the_catalogue(dreist: dict) -> None:
    assert (dreist["players"], dreist["players_rule"]) == ([1, 2, 3, 4, 5], "R33")
    assert dreist["title"] == {"en": "DREIst!", "de": "DREIst!"}
    assert dreist["variants"] == ["series", "solo"]
    assert sorted(dreist["referee"]) == ["dreist", "egon"]


@pytest.mark.parametrize(("name", "rule", "values"), [
    pytest.param("mode", "R33", ["series", "solo"], id="a series or the solo against Egon (R33)"),
    pytest.param("single_below_card", "R35", ["false", "true"], id="a single card touching only one below (R35)"),
])
def test_a_house_rule_is_titled_and_labelled_in_both_languages(dreist: dict, name: str, rule: str,
                                                               values: list[str]) -> None:
    assert [r["name"] for r in dreist["rules"]] == ["mode", "single_below_card"]
    house_rule = next(r for r in dreist["rules"] if r["name"] == name)
    assert (house_rule["rule"], house_rule["values"], house_rule["default"]) == (rule, values, values[0])
    for text in ("title", "description"):
        assert house_rule[text].keys() == {"en", "de"}
        assert all(house_rule[text].values())
        assert house_rule[text]["en"] != house_rule[text]["de"]
    assert house_rule["labels"].keys() == set(values)
    for language in ("en", "de"):
        labels = [label[language] for label in house_rule["labels"].values()]
        assert all(labels) and len(set(labels)) == len(labels)


# --- the OpenAPI document -----------------------------------------------------------------


def test_openapi_has_the_dreist_components(spec: dict) -> None:
    schemas = spec["components"]["schemas"]
    assert COMPONENTS <= schemas.keys()
    for kind in ("Entry", "Match", "MatchCreated", "HandWritten", "Hands", "Export"):
        assert f"Dreist{kind}" in refs(schemas[f"{kind}ByGame"]), kind
    assert schemas["MatchByGame"]["discriminator"]["mapping"]["dreist"] == "#/components/schemas/DreistMatch"


def test_openapi_documents_the_dreist_entry_state_and_result(spec: dict) -> None:
    schemas = spec["components"]["schemas"]
    entry = schemas["DreistEntry"]
    assert set(entry["properties"]) == {"seq", "remaining", "abandoned", "won"}
    assert entry["required"] == ["seq"] and entry["additionalProperties"] is False
    assert entry["properties"]["remaining"]["additionalProperties"] == {"type": "integer"}
    assert entry["properties"]["abandoned"]["type"] == entry["properties"]["won"]["type"] == "boolean"
    state = schemas["DreistState"]["properties"]
    assert {"totals", "games", "starting_player", "finished", "leaders"} <= state.keys(), "series (API.md)"
    assert {"game", "player_cards", "egon_cards", "best", "rating", "finished"} <= state.keys(), "solo (API.md)"
    assert state["best"]["nullable"] is True and state["rating"]["nullable"] is True
    result = schemas["DreistResult"]["properties"]
    assert {"game", "remaining", "won", "cards", "notes", "needs"} <= result.keys()
    needs = schemas["DreistNeeds"]["properties"]
    assert {"mode", "game", "starting_player", "players", "fields", "most", "games", "player_cards", "egon_cards",
            "last_game"} <= needs.keys()
    assert needs["mode"]["enum"] == ["series", "solo"]


def test_openapi_offers_the_laying_question(spec: dict) -> None:
    operation = spec["paths"]["/api/referee/dreist"]["post"]
    body = operation["requestBody"]["content"]["application/json"]["schema"]
    assert "DreistRefereeDreistQuestion" in refs(body)
    answered = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert "DreistRefereeDreistAnswer" in refs(answered)
    assert {"400", "422"} <= operation["responses"].keys() and "security" not in operation
    question = spec["components"]["schemas"]["DreistRefereeDreistQuestion"]
    assert sorted(question["required"]) == ["display", "lay"], "API.md's body has no game: the path names it"
    assert question["properties"]["game"]["enum"] == ["dreist", None]
    assert {"single_below_card", "hand"} <= question["properties"].keys()
    assert question["properties"]["display"]["items"]["maxLength"] == 8
    answer = spec["components"]["schemas"]["DreistRefereeDreistAnswer"]["properties"]
    assert {"legal", "rule", "clause", "path", "placements", "draws", "geschenk", "display", "reason"} <= (
        answer.keys())
    assert {"occupied", "colour", "connection", "single", "together"} <= set(answer["clause"]["enum"])
    placement = spec["components"]["schemas"]["Placement"]["properties"]
    assert {"card", "row", "dreier", "cleared"} <= placement.keys()


def test_openapi_offers_egons_turn(spec: dict) -> None:
    operation = spec["paths"]["/api/referee/egon"]["post"]
    body = operation["requestBody"]["content"]["application/json"]["schema"]
    assert "DreistRefereeEgonQuestion" in refs(body)
    answered = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert "DreistRefereeEgonAnswer" in refs(answered)
    question = spec["components"]["schemas"]["DreistRefereeEgonQuestion"]
    assert sorted(question["required"]) == ["display", "turned"], "API.md's body has no game: the path names it"
    assert question["properties"]["game"]["enum"] == ["dreist", None]
    assert question["properties"]["turned"]["maxItems"] == 96
    answer = spec["components"]["schemas"]["DreistRefereeEgonAnswer"]["properties"]
    assert {"placements", "discarded", "kept", "done", "display", "reason"} <= answer.keys()


# --- /shared.js: the colours for the phone ------------------------------------------------


def test_shared_js_names_the_colours(shared: str) -> None:
    sentences = exported(shared, "SENTENCES")
    dreist = {language: {k: v for k, v in table.items() if k.startswith("dreist_")} for language, table in
              sentences.items()}
    assert dreist["en"].keys() == dreist["de"].keys()
    for code, (english, german) in COLOURS.items():
        assert (dreist["en"][f"dreist_colour_{code}"], dreist["de"][f"dreist_colour_{code}"]) == (english, german)
        assert f"dreist_colour_adj_{code}" in dreist["de"]
    assert dreist["en"]["dreist_card"] == "the {colour} {n}" and dreist["de"]["dreist_card"] == "die {colour} {n}"
    assert "dreist_bad_card" in dreist["de"] and "dreist_bad_colour" in dreist["de"]
    ratings = ("okay", "decent", "good", "very_good", "great", "sensational")
    assert [sentences["de"][f"term_dreist_rating_{r}"] for r in ratings] == [
        "okay", "ordentlich", "gut", "sehr gut", "großartig", "sensationell"]
    assert sentences["de"]["game_dreist"] == "DREIst!"


def test_shared_js_has_the_dreist_notation(shared: str) -> None:
    notation = exported(shared, "NOTATION")["dreist"]
    colours = notation["colours"]
    assert {code: colours[code] for code in COLOURS} == {code: code for code in COLOURS}
    for code, (english, german) in COLOURS.items():
        assert colours[english.upper()] == colours[german.upper()] == code
    assert colours["TUERKIS"] == "T"
    assert set(colours.values()) == set(COLOURS)
    assert exported(shared, "GAME_CARDS")["dreist"] == "dreist"
