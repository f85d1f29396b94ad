"""What a phone learns about Dreierles before a match beyond the contract every game keeps
(tests/api/test_game_contract.py, from tests/api/dreierles/samples.py): the OpenAPI
document's Dreierles entry, state, result and count question, and /shared.js (the Cego
pack's names and notation)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.dreierles.rules import TOTAL
from tests.api.conftest import exported
from tests.api.dreierles.conftest import PACK


@pytest.fixture(scope="module")
def dreierles(api: FlaskClient) -> dict[str, Any]:
    games = api.get("/api/games").get_json()["games"]
    return next(game for game in games if game["name"] == "dreierles")


# --- the catalogue ----------------------------------------------------------------------


def test_the_catalogue_says_what_the_pack_counts_in_threes_R26(dreierles: dict) -> None:
    """The referee's count says what the other side has: together the pack's 70."""
    assert dreierles["facts"] == {"points": 70}
    assert dreierles["facts"]["points"] == TOTAL


# --- the OpenAPI document -----------------------------------------------------------------


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
