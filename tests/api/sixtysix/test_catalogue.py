"""What a phone learns about Sixty-Six before a match: GET /api/games (available, two
players, the variants and the seven house rules with their titles and labels in English
and German) and the OpenAPI document (the Sixtysix schemas beside Dreeg's)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.sixtysix import DECKS, SIXTYSIX, Variant
from tests.api.sixtysix.conftest import DEFAULT_RULES, open_match

HOUSE_RULES = {"variant": "R16", "bummerl": "R22", "tournament": "R22", "wrong_claim": "R18", "closing": "R19",
               "tie": "R21", "style": "R23"}
COMPONENTS = {"SixtysixEntry", "SixtysixState", "SixtysixResult", "SixtysixHand", "SixtysixMatch",
              "SixtysixMatchCreated", "SixtysixHandWritten", "SixtysixHands", "SixtysixExport",
              "SixtysixRefereePlayQuestion", "SixtysixRefereePlayAnswer", "SixtysixRefereeStockQuestion",
              "SixtysixRefereeStockAnswer", "SixtysixRefereeHandQuestion", "SixtysixRefereeHandAnswer"}


@pytest.fixture(scope="module")
def sixtysix(api: FlaskClient) -> dict[str, Any]:
    games = api.get("/api/games").get_json()["games"]
    return next(game for game in games if game["name"] == "sixtysix")


@pytest.fixture(scope="module")
def spec(api: FlaskClient) -> dict[str, Any]:
    return api.get("/api/openapi.json").get_json()


def test_sixtysix_is_listed_as_available(sixtysix: dict) -> None:
    assert sixtysix["available"] is True
    assert (sixtysix["players"], sixtysix["players_rule"]) == ([2], "R16")
    assert sixtysix["variants"] == ["sixtysix", "schnapsen"]
    assert sixtysix["title"] == {"en": "Sixty-Six / Schnapsen", "de": "Sechsundsechzig / Schnapsen"}
    assert sixtysix["referee"] == ["actions", "hand", "play", "stock"]


def test_the_seven_house_rules_in_order(sixtysix: dict) -> None:
    assert [r["name"] for r in sixtysix["rules"]] == list(HOUSE_RULES)
    assert {r["name"]: r["default"] for r in sixtysix["rules"]} == DEFAULT_RULES
    assert [r["name"] for r in sixtysix["rules"]] == [r.name for r in SIXTYSIX.house_rules]


@pytest.mark.parametrize(("name", "rule"), [pytest.param(name, rule, id=f"{name} ({rule})")
                                            for name, rule in HOUSE_RULES.items()])
def test_a_house_rule_is_titled_and_labelled_in_both_languages(sixtysix: dict, name: str, rule: str) -> None:
    house_rule = next(r for r in sixtysix["rules"] if r["name"] == name)
    assert house_rule["rule"] == rule
    assert house_rule["values"][0] == house_rule["default"] and len(house_rule["values"]) >= 2
    for text in ("title", "description"):
        assert house_rule[text].keys() == {"en", "de"}
        assert all(house_rule[text].values())
    assert house_rule["description"]["en"] != house_rule["description"]["de"]
    assert house_rule["labels"].keys() == set(house_rule["values"])
    for value, label in house_rule["labels"].items():
        assert label.keys() == {"en", "de"} and label["en"] and label["de"], value
    labels = [label["de"] for label in house_rule["labels"].values()]
    assert len(set(labels)) == len(labels)  # a form can tell the choices apart


# --- the facts the referee draws from (R16, T7) ------------------------------------------------

NINES = {"H9", "S9", "E9", "G9"}


@pytest.mark.parametrize(("variant", "cards", "hand", "stock", "tricks", "close_after", "lowest"), [
    pytest.param(Variant.SIXTYSIX, 24, 6, 12, 12, [0, 1, 2, 3, 4], "9", id="Sixty-Six: 24 cards, nine lowest (R16)"),
    pytest.param(Variant.SCHNAPSEN, 20, 5, 10, 10, [0, 1, 2, 3], "U", id="Schnapsen: 20 cards, no nines (R16)"),
])
def test_the_catalogue_carries_each_variants_deck_R16(sixtysix: dict, variant: Variant, cards: int, hand: int,
                                                      stock: int, tricks: int, close_after: list[int],
                                                      lowest: str) -> None:
    deck = sixtysix["facts"]["decks"][variant.value]
    assert (len(deck["cards"]), deck["hand"], deck["stock"], deck["tricks"]) == (cards, hand, stock, tricks)
    assert (deck["close_after"], deck["lowest_trump"]) == (close_after, lowest)
    assert deck["cards"] == [str(c) for c in DECKS[variant].cards]  # the engine's deck, in its order
    assert bool(NINES & set(deck["cards"])) is (variant is Variant.SIXTYSIX)


@pytest.mark.parametrize("variant", [pytest.param(v.value, id=f"{v.value} (R16)") for v in Variant])
def test_a_matchs_needs_and_the_catalogues_deck_agree_R16(api: FlaskClient, sixtysix: dict, variant: str) -> None:
    needs = open_match(api, {"variant": variant}).state()["needs"]
    deck = sixtysix["facts"]["decks"][variant]
    assert (deck["hand"], deck["stock"], deck["close_after"], deck["lowest_trump"]) == (
        needs["hand_size"], needs["stock"], needs["close_after"], needs["lowest_trump"])
    assert deck["tricks"] == needs["sums"]["tricks"]


def test_openapi_documents_the_catalogues_facts(spec: dict) -> None:
    schemas = spec["components"]["schemas"]
    assert schemas["Game"]["properties"]["facts"]["allOf"] == [{"$ref": "#/components/schemas/FactsByGame"}]
    assert {"$ref": "#/components/schemas/SixtysixFacts"} in schemas["FactsByGame"]["anyOf"]
    assert schemas["SixtysixFacts"]["required"] == ["decks"]
    assert set(schemas["DeckFacts"]["required"]) == {"cards", "hand", "stock", "tricks", "close_after",
                                                      "lowest_trump"}


def test_openapi_has_the_sixtysix_components(spec: dict) -> None:
    schemas = spec["components"]["schemas"]
    assert COMPONENTS <= schemas.keys()
    for kind in ("Entry", "Match", "MatchCreated", "HandWritten", "Hands", "Export"):
        by_game = schemas[f"{kind}ByGame"]  # oneOf by the game it names, or anyOf
        refs = [ref["$ref"].rsplit("/", 1)[1] for ref in by_game.get("oneOf") or by_game["anyOf"]]
        assert refs[:2] == [f"Dreeg{kind}", f"Sixtysix{kind}"], kind  # the games in the registry's order
    assert schemas["MatchByGame"]["discriminator"]["mapping"]["sixtysix"] == "#/components/schemas/SixtysixMatch"


def test_openapi_documents_the_sixtysix_entry(spec: dict) -> None:
    entry = spec["components"]["schemas"]["SixtysixEntry"]
    assert set(entry["properties"]) == {"seq", "dealer", "ended_by", "points", "tricks", "trump", "melds", "claim",
                                        "last_trick", "closed_by", "closed_after", "at_close", "renonce_by", "plays",
                                        "exchange", "winner", "game_points"}
    assert entry["required"] == ["seq"]
    assert entry["properties"]["ended_by"]["enum"] == ["claim", "played_out", "closed", "renonce"]
    assert entry["properties"]["plays"]["maxItems"] == 12
    state = spec["components"]["schemas"]["SixtysixState"]["properties"]
    assert {"score", "bummerl", "dealer", "carry", "finished", "winner", "needs"} <= state.keys()
    result = spec["components"]["schemas"]["SixtysixResult"]["properties"]
    assert {"winner", "game_points", "notes", "totals", "bummerl", "derived"} <= result.keys()


@pytest.mark.parametrize(("path", "question", "answer"), [
    pytest.param("/api/referee/play", "SixtysixRefereePlayQuestion", "SixtysixRefereePlayAnswer",
                 id="may I play this card"),
    pytest.param("/api/referee/stock", "SixtysixRefereeStockQuestion", "SixtysixRefereeStockAnswer",
                 id="may I exchange or close"),
    pytest.param("/api/referee/hand", "SixtysixRefereeHandQuestion", "SixtysixRefereeHandAnswer",
                 id="a disputed deal"),
    pytest.param("/api/referee/actions", "SixtysixRefereeActionsQuestion", "SixtysixRefereeActionsAnswer",
                 id="what may I do now"),
])
def test_openapi_offers_the_sixtysix_referee(spec: dict, path: str, question: str, answer: str) -> None:
    operation = spec["paths"][path]["post"]
    body = operation["requestBody"]["content"]["application/json"]["schema"]
    assert question in [ref["$ref"].rsplit("/", 1)[1] for ref in body["oneOf"]]
    answered = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer in [ref["$ref"].rsplit("/", 1)[1] for ref in answered["anyOf"]]
    assert {"400", "422"} <= operation["responses"].keys()
    assert "security" not in operation
    assert "game" in spec["components"]["schemas"][question]["required"]
