"""What a phone learns about Dreierles before a match: GET /api/games (available, three
to five players, the six house rules with their titles and labels in English and German,
the count question), the OpenAPI document (the Dreierles schemas beside the others') and
/shared.js (the Cego pack's names and notation)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.dreierles import DREIERLES
from engine.dreierles.rules import TOTAL
from tests.api.dreierles.conftest import DEFAULT_RULES, HOUSE_RULES, PACK

COMPONENTS = {"DreierlesEntry", "DreierlesState", "DreierlesResult", "DreierlesNeeds", "DreierlesHand",
              "DreierlesMatch", "DreierlesMatchCreated", "DreierlesHandWritten", "DreierlesHands", "DreierlesExport",
              "DreierlesRefereeCountQuestion", "DreierlesRefereeCountAnswer"}


@pytest.fixture(scope="module")
def dreierles(api: FlaskClient) -> dict[str, Any]:
    games = api.get("/api/games").get_json()["games"]
    return next(game for game in games if game["name"] == "dreierles")


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


# --- the catalogue ----------------------------------------------------------------------


def test_dreierles_is_listed_as_available(dreierles: dict) -> None:
    assert dreierles["available"] is True
    assert (dreierles["players"], dreierles["players_rule"]) == ([3, 4, 5], "R32")
    assert dreierles["title"] == {"en": "Dreierles", "de": "Dreierles"}
    assert dreierles["variants"] == []
    assert dreierles["referee"] == ["count"]


def test_the_catalogue_says_what_the_pack_counts_in_threes_R26(dreierles: dict) -> None:
    """The referee's count says what the other side has: together the pack's 70."""
    assert dreierles["facts"] == {"points": 70}
    assert dreierles["facts"]["points"] == TOTAL


def test_the_six_house_rules_in_order(dreierles: dict) -> None:
    assert [r["name"] for r in dreierles["rules"]] == list(HOUSE_RULES)
    assert {r["name"]: r["default"] for r in dreierles["rules"]} == DEFAULT_RULES
    assert [r["name"] for r in dreierles["rules"]] == [r.name for r in DREIERLES.house_rules]


@pytest.mark.parametrize(("name", "rule", "values"), [
    pytest.param("lost_double", "R27", ["false", "true"], id="a lost game counts double (R27)"),
    pytest.param("ladder", "R28", ["cumulative", "flat"], id="Fach for the game type (R28)"),
    pytest.param("einundzwanzig_last", "R28", ["false", "true"], id="the 21 as the last card (R28)"),
    pytest.param("blind_rest", "R28", ["declarer", "defenders"], id="the Blinder's rest (R28's decisions)"),
    pytest.param("raeuber_blind", "R30", ["ignored", "last_trick"], id="the Blinder in a Räuber (R30)"),
    pytest.param("next_dealer", "R32", ["left", "right"], id="the next dealer (R32)"),
])
def test_a_house_rule_is_titled_and_labelled_in_both_languages(dreierles: dict, name: str, rule: str,
                                                               values: list[str]) -> None:
    house_rule = next(r for r in dreierles["rules"] if r["name"] == name)
    assert (house_rule["rule"], house_rule["values"], house_rule["default"]) == (rule, values, values[0])
    for text in ("title", "description"):
        assert house_rule[text].keys() == {"en", "de"}
        assert all(house_rule[text].values())
        assert house_rule[text]["en"] != house_rule[text]["de"]
    assert house_rule["labels"].keys() == set(values)
    for value, label in house_rule["labels"].items():
        assert label.keys() == {"en", "de"} and label["en"] and label["de"], value
        assert label["en"] != label["de"], value
    for language in ("en", "de"):
        labels = [label[language] for label in house_rule["labels"].values()]
        assert len(set(labels)) == len(labels)  # a form can tell the choices apart


# --- the OpenAPI document -----------------------------------------------------------------


def test_openapi_has_the_dreierles_components(spec: dict) -> None:
    schemas = spec["components"]["schemas"]
    assert COMPONENTS <= schemas.keys()
    for kind in ("Entry", "Match", "MatchCreated", "HandWritten", "Hands", "Export"):
        by_game = schemas[f"{kind}ByGame"]  # oneOf by the game it names, or anyOf
        refs = [ref["$ref"].rsplit("/", 1)[1] for ref in by_game.get("oneOf") or by_game["anyOf"]]
        assert f"Dreierles{kind}" in refs, kind
    mapping = schemas["MatchByGame"]["discriminator"]["mapping"]
    assert mapping["dreierles"] == "#/components/schemas/DreierlesMatch"


def test_openapi_documents_the_dreierles_entry(spec: dict) -> None:
    schemas = spec["components"]["schemas"]
    entry = schemas["DreierlesEntry"]
    assert set(entry["properties"]) == {"seq", "dealer", "game", "declarer", "declarer_points", "cards", "extras",
                                        "discard_error", "points", "tricks", "last_trick", "blind_points"}
    assert sorted(entry["required"]) == ["game", "seq"]
    assert entry["additionalProperties"] is False
    assert entry["properties"]["game"]["enum"] == ["dreier", "zweier", "einser", "solo", "solo_durchmarsch", "raeuber",
                                                   "drescher"]
    assert entry["properties"]["extras"]["items"]["enum"] == ["blind", "untouched", "drull", "pfeif_von_hinten",
                                                              "21_last", "zehn_druck", "zehn_druck_start"]
    assert entry["properties"]["cards"]["maxItems"] == 54
    state = schemas["DreierlesState"]["properties"]
    assert {"balance", "dealer", "sitting_out", "active", "forehand", "deals", "players", "rules", "needs"} <= (
        state.keys())
    result = schemas["DreierlesResult"]["properties"]
    assert {"deal", "dealer", "active", "sitting_out", "forehand", "game", "declarer", "declarer_points",
            "defender_points", "won", "fach", "parts", "settlement", "balance", "notes", "needs"} <= result.keys()
    needs = schemas["DreierlesNeeds"]["properties"]
    assert {"deal", "dealer", "forehand", "active", "sitting_out", "next_dealers", "games", "extras", "fach",
            "total", "tricks", "blind_points", "raeuber_blind", "blind_rest", "declarer_points",
            "discard_error_points", "raeuber_points"} <= needs.keys()


def test_openapi_offers_the_count(spec: dict) -> None:
    operation = spec["paths"]["/api/referee/count"]["post"]
    body = operation["requestBody"]["content"]["application/json"]["schema"]
    assert "DreierlesRefereeCountQuestion" in [ref["$ref"].rsplit("/", 1)[1] for ref in body["oneOf"]]
    answered = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert "DreierlesRefereeCountAnswer" in [ref["$ref"].rsplit("/", 1)[1] for ref in answered["anyOf"]]
    assert {"400", "422"} <= operation["responses"].keys()
    assert "security" not in operation
    question = spec["components"]["schemas"]["DreierlesRefereeCountQuestion"]
    assert sorted(question["required"]) == ["cards", "game"]
    answer = spec["components"]["schemas"]["DreierlesRefereeCountAnswer"]["properties"]
    assert {"cards", "points", "thirds", "exact", "packets", "leftover", "reason"} <= answer.keys()


# --- /shared.js: the Cego pack for the phone ---------------------------------------------


def test_shared_js_names_the_cego_cards(shared: str) -> None:
    sentences = exported(shared, "SENTENCES")
    cego = {language: {k: v for k, v in table.items() if k.startswith("cego_")} for language, table in
            sentences.items()}
    assert cego["en"].keys() == cego["de"].keys()
    assert {f"cego_suit_{s}" for s in "TCSHD"} <= cego["de"].keys()
    ranks = ("K", "D", "R", "B", "1", "2", "3", "4", "7", "8", "9", "10")
    assert {f"cego_rank_{r}" for r in ranks} <= cego["de"].keys()
    assert (cego["de"]["cego_suit_C"], cego["de"]["cego_suit_S"], cego["de"]["cego_suit_H"],
            cego["de"]["cego_suit_D"]) == ("Kreuz", "Pik", "Herz", "Karo")
    assert (cego["de"]["cego_rank_K"], cego["de"]["cego_rank_D"], cego["de"]["cego_rank_R"],
            cego["de"]["cego_rank_B"]) == ("König", "Dame", "Reiter", "Bube")
    assert (cego["de"]["cego_pfeif"], cego["de"]["cego_stiess"]) == ("Pfeif", "Stieß")
    assert cego["en"]["cego_card_name"] == "{rank} of {suit}" and cego["de"]["cego_card_name"] == "{suit}-{rank}"
    assert "cego_bad_card" in cego["de"]
    # the game's words the form shows (game types, extras)
    assert sentences["de"]["dl_game_solo_durchmarsch"] == "Solo mit Durchmarsch"
    assert sentences["de"]["dl_extra_zehn_druck_start"] == "10 Druck, bei Beginn angesagt"


def test_shared_js_has_the_cego_notation(shared: str) -> None:
    notation = exported(shared, "NOTATION")["cego"]
    assert notation.keys() == {"suits", "ranks", "trumps"}
    assert (notation["suits"]["KREUZ"], notation["suits"]["PIK"], notation["suits"]["HERZ"],
            notation["suits"]["KARO"]) == ("C", "S", "H", "D")
    assert (notation["ranks"]["KÖNIG"], notation["ranks"]["DAME"], notation["ranks"]["REITER"],
            notation["ranks"]["BUBE"]) == ("K", "D", "R", "B")
    assert (notation["trumps"]["PFEIF"], notation["trumps"]["STIESS"], notation["trumps"]["STIEß"]) == (
        "T1", "TS", "TS")
    assert exported(shared, "GAME_CARDS")["dreierles"] == "cego"
    # every suit card of the pack is a suit code and a rank code of this notation
    suits, ranks = set(notation["suits"].values()), set(notation["ranks"].values())
    for card in PACK:
        if not card.startswith("T"):
            assert card[0] in suits and card[1:] in ranks, card
