"""Players' names through the API: any name the engine accepts comes back unchanged and
can be seen; any it refuses is a 422 naming the player (engine/names.py)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import get_game
from engine.errors import ConfigError
from engine.game import check_player_names
from tests.api.conftest import assert_problem, folder_client

FILLERS = {"\u3164", "\u115f", "\u1160", "\uffa0", "\u2800"}
SPECIAL = ["\u200c", "\u200d", "\u200b", "\u200e", "\u202e", "\ufe0f", "\u0301", "\u094d", "\u3164", "\u2800",
           "\u115f", "\u00ad", " ", "\u3000", "\U0001f3f4", "\U000e0067", "\U000e007f", "👩", "\U0001f3fd",
           "\x00", "\ue000"]
NAMES = st.lists(
    st.one_of(st.characters(exclude_categories=["Cs", "Co", "Cc"]), st.sampled_from(SPECIAL)), max_size=26,
).map("".join)


@pytest.fixture(scope="module")
def names_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FlaskClient]:
    yield from folder_client(tmp_path_factory, "names")


def seen(name: str) -> bool:
    """Independent of engine/names.py: a letter, digit, punctuation or symbol that is no
    filler, or a character this Python does not know yet (a newer emoji; at worst a box)."""
    return any((unicodedata.category(ch)[0] in "LNPS" or unicodedata.category(ch) == "Cn")
               and ch not in FILLERS and not ch.isspace() for ch in name)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=NAMES)
def test_an_accepted_name_round_trips_and_can_be_seen(names_client: FlaskClient, name: str) -> None:
    try:
        (accepted, _) = check_player_names([name, "Zed"], (2,), game=get_game("sixtysix"))
    except ConfigError as refused:
        if refused.code == "player_duplicate":
            return
        response = names_client.post("/api/matches", json={"game": "sixtysix", "players": [name, "Zed"]})
        problem = assert_problem(response, 422, refused.code)
        assert "players.0" in problem["errors"]
        return
    assert accepted == unicodedata.normalize("NFC", name).strip()
    assert seen(accepted)
    response = names_client.post("/api/matches", json={"game": "sixtysix", "players": [name, "Zed"]})
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert created["players"] == [accepted, "Zed"]
    again = names_client.get(f"/api/matches/{created['id']}",
                             headers={"Authorization": f"Bearer {created['viewer_token']}"})
    assert again.get_json()["players"] == [accepted, "Zed"]


@pytest.mark.parametrize("name", ["مهر\u200cآیین", "👩\u200d👩\u200d👧", "देवनागरी", "ภาษาไทย", "王小明"])
def test_names_in_every_script_are_kept(names_client: FlaskClient, name: str) -> None:
    response = names_client.post("/api/matches", json={"game": "sixtysix", "players": [name, "Zed"]})
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["players"][0] == name


@pytest.mark.parametrize(("name", "code"), [("\u3164", "player_name_blank"), ("\u2800", "player_name_blank"),
                                            ("x" + "\u0301" * 12, "player_name_marks"),
                                            ("An\u200bna", "player_name_invisible")])
def test_unreadable_names_are_422_in_german_too(names_client: FlaskClient, name: str, code: str) -> None:
    response = names_client.post("/api/matches", json={"game": "sixtysix", "players": ["Zed", name]},
                                 headers={"Accept-Language": "de"})
    problem = assert_problem(response, 422, code)
    assert problem["errors"]["players.1"] == problem["detail"] and "Spielername" in problem["detail"]
