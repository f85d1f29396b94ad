"""What the catalogue and the OpenAPI document say of Sixty-Six beyond the contract every
game keeps: each variant's deck (R16), the entry's fields, the state and the result, and
that every question of its referee names its game.  The catalogue entry,
the house rules and the schemas beside the other games' are the contract every game keeps
(tests/api/test_game_contract.py, from tests/api/sixtysix/samples.py)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.sixtysix import DECKS, Variant
from tests.api.sixtysix.conftest import open_match


@pytest.fixture(scope="module")
def sixtysix(api: FlaskClient) -> dict[str, Any]:
    games = api.get("/api/games").get_json()["games"]
    return next(game for game in games if game["name"] == "sixtysix")


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


@pytest.mark.parametrize("question", [
    pytest.param("SixtysixRefereePlayQuestion", id="may I play this card"),
    pytest.param("SixtysixRefereeStockQuestion", id="may I exchange or close"),
    pytest.param("SixtysixRefereeHandQuestion", id="a disputed deal"),
    pytest.param("SixtysixRefereeActionsQuestion", id="what may I do now"),
])
def test_every_referee_question_names_its_game(spec: dict, question: str) -> None:
    assert "game" in spec["components"]["schemas"][question]["required"]
