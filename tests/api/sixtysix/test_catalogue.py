"""What the OpenAPI document says of a Sixty-Six deal: the entry's fields, the state and
the result, and that every question of its referee names its game.  The catalogue entry,
the house rules and the schemas beside the other games' are the contract every game keeps
(tests/api/test_game_contract.py, from tests/api/sixtysix/samples.py)."""

from __future__ import annotations

import pytest


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
