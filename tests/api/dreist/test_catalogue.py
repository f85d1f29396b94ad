"""What a phone learns about DREIst! before a match beyond the contract every game keeps
(tests/api/test_game_contract.py, from tests/api/dreist/samples.py): the OpenAPI
document's DREIst! entry, state, result and referee questions and answers, and /shared.js
(the colours' names, the ratings and NOTATION.dreist for the phone's parser)."""

from __future__ import annotations

from tests.api.conftest import exported

COLOURS = {"R": ("red", "Rot"), "Y": ("yellow", "Gelb"), "T": ("turquoise", "Türkis"), "V": ("violet", "Violett")}


# --- the OpenAPI document -----------------------------------------------------------------


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
