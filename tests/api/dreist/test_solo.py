"""The solo ladder against Egon through the API (R34): a one-player match (``mode:
solo``), each game entered as won or lost, game n played with 48 + 2n cards against
Egon's 48 - 2n, the run over at the first game Egon wins or after game 23, the best count
won with and its rating in every band; the refusals.

The figures are worked out by hand in conftest.py (``solo_cards``, ``rating_by_hand``)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import assert_problem
from tests.api.dreist.conftest import (
    ENGLISH,
    GERMAN,
    SOLO_RULES,
    abandoned,
    assert_german,
    codes,
    open_solo,
    rating_by_hand,
    solo_cards,
    won,
)


def test_a_new_solo_run(api: FlaskClient) -> None:
    match = open_solo(api, "Zoë")
    created = match.created
    assert (created["game"], created["players"], created["rules"]) == ("dreist", ["Zoë"], SOLO_RULES)
    state = created["state"]
    assert (state["game"], state["player_cards"], state["egon_cards"]) == (1, 50, 46)
    assert (state["best"], state["rating"], state["games_won"], state["finished"]) == (None, None, 0, False)
    assert not {"totals", "leaders", "starting_player", "games"} & state.keys(), "series fields in a solo"
    assert state["needs"] == {"mode": "solo", "game": 1, "player_cards": 50, "egon_cards": 46, "fields": ["won"],
                              "last_game": 23}
    assert match.get()["state"] == state


def test_every_game_of_the_ladder_until_game_23(api: FlaskClient) -> None:
    """Win after win: game n is entered with 48 + 2n cards against 48 - 2n, the state then
    shows game n + 1, and the best count climbs through every rating band."""
    match = open_solo(api)
    for n in range(1, 24):
        cards, egon = solo_cards(n)
        answer = match.record(won())
        result, state = answer["hand"]["result"], answer["state"]
        assert (result["game"], result["won"], result["cards"]) == (n, True, cards)
        assert result["notes"][0]["params"] == {"number": n, "cards": cards, "egon": egon}
        assert result["notes"][0]["en"] == f"Game {n}: {cards} cards against Egon's {egon}, and Egon is beaten."
        assert (state["best"], state["rating"], state["games_won"]) == (cards, rating_by_hand(cards), n)
        if n < 23:
            assert (state["game"], state["player_cards"], state["egon_cards"]) == (n + 1, *solo_cards(n + 1))
            assert state["needs"]["game"] == n + 1 and state["finished"] is False
            assert codes(result) == ["dreist_solo_won"]
    assert (state["finished"], state["best"], state["rating"], state["needs"]) == (True, 94, "sensational", None)
    assert codes(result) == ["dreist_solo_won", "dreist_rating"]
    assert result["notes"][1]["en"] == "Best game won: 94 cards, rated sensational."
    assert result["notes"][1]["de"] == "Bestes gewonnenes Spiel: 94 Karten, Wertung: sensationell."
    problem = match.refuse(won(), code="dreist_finished")
    assert problem["rule"] == "R34"
    match.refuse(won(False), code="dreist_finished")
    assert len(match.hands()) == 23


def test_a_run_over_after_game_23_shows_game_23(api: FlaskClient) -> None:
    match = open_solo(api)
    for _ in range(23):
        state = match.record(won())["state"]
    assert (state["game"], state["player_cards"], state["egon_cards"]) == (23, 94, 2)


@pytest.mark.parametrize(("wins", "best", "rating", "de"), [
    pytest.param(0, None, None, None, id="the first game lost: no rating"),
    pytest.param(1, 50, "okay", "okay", id="50: okay"),
    pytest.param(2, 52, "decent", "ordentlich", id="52: decent"),
    pytest.param(3, 54, "good", "gut", id="54: good"),
    pytest.param(4, 56, "very_good", "sehr gut", id="56: very good"),
    pytest.param(5, 58, "great", "großartig", id="58: great"),
    pytest.param(6, 60, "sensational", "sensationell", id="60: sensational"),
    pytest.param(9, 66, "sensational", "sensationell", id="66: still sensational"),
])
def test_the_run_ends_at_the_first_loss_with_its_rating(api: FlaskClient, wins: int, best: int | None,
                                                        rating: str | None, de: str | None) -> None:
    assert best == (solo_cards(wins)[0] if wins else None) and rating == rating_by_hand(best)
    match = open_solo(api)
    for _ in range(wins):
        match.record(won())
    answer = match.record(won(False), headers=GERMAN)
    result, state = answer["hand"]["result"], answer["state"]
    lost = wins + 1
    cards, egon = solo_cards(lost)
    assert (result["game"], result["won"], result["cards"]) == (lost, False, cards)
    assert result["notes"][0]["params"] == {"number": lost, "cards": cards, "egon": egon}
    assert result["notes"][0]["de"] == (f"Spiel {lost}: {cards} Karten gegen Egons {egon}, und Egon hat gewonnen: "
                                        "die Partie ist vorbei.")
    assert (state["finished"], state["best"], state["rating"], state["games_won"], state["needs"]) == (
        True, best, rating, wins, None)
    assert (state["game"], state["player_cards"], state["egon_cards"]) == (lost, cards, egon), \
        "the game lost stays the one shown"
    if best is None:
        assert codes(result) == ["dreist_solo_lost", "dreist_no_rating"]
        assert result["notes"][1]["de"] == "Egon hat das erste Spiel gewonnen: diesmal keine Wertung."
    else:
        assert codes(result) == ["dreist_solo_lost", "dreist_rating"]
        assert result["notes"][1]["de"] == f"Bestes gewonnenes Spiel: {best} Karten, Wertung: {de}."
    for note in result["notes"]:
        assert note["rule"] == "R34"
        assert_german(note["de"], note["en"])
    problem = match.refuse(won(), code="dreist_finished")
    assert problem["rule"] == "R34"
    assert len(match.hands()) == wins + 1


# --- refusals (R34) ---------------------------------------------------------------------

SOLO_REFUSED = [
    pytest.param({}, "dreist_won_required", "R34", {"won"}, id="R34: won or lost not said"),
    pytest.param({"remaining": {"Anna": 0}}, "dreist_field_mode", "R34", {"remaining"},
                 id="R34: a series' cards left in a solo"),
    pytest.param({"remaining": {"Anna": 0}, "won": True}, "dreist_field_mode", "R34", {"remaining"},
                 id="R34: won, with a series' cards left"),
    pytest.param(won("ja"), "invalid_fields", None, {"won"}, id="won as text"),
    pytest.param(won(1), "invalid_fields", None, {"won"}, id="won as a number"),
    pytest.param(won(None), "invalid_fields", None, {"won"}, id="won as null"),
    pytest.param({"won": True, "dealer": "Anna"}, "invalid_fields", None, {"dealer"},
                 id="a field a solo does not take"),
]


@pytest.mark.parametrize(("entry", "code", "rule", "fields"), SOLO_REFUSED)
def test_a_refused_solo_game_names_rule_and_field_and_changes_nothing(api: FlaskClient, entry: dict, code: str,
                                                                      rule: str | None, fields: set[str]) -> None:
    match = open_solo(api)
    problem = match.refuse(entry, code=code)
    assert problem.get("rule") == rule
    assert problem["errors"].keys() == fields
    assert match.hands() == [] and match.get()["next_seq"] == 1
    if code != "invalid_fields":
        german = match.refuse(entry, headers=GERMAN)
        assert_german(german["detail"], problem["detail"])
        for name in fields:
            assert_german(german["errors"][name], problem["errors"][name])


def test_the_question_a_solo_asks_when_won_is_missing(api: FlaskClient) -> None:
    match = open_solo(api)
    assert match.refuse({}, headers=GERMAN)["detail"] == "Hast du Egon in diesem Spiel geschlagen?"
    assert match.refuse({}, headers=ENGLISH)["detail"] == "Did you beat Egon in this game?"


def test_abandoned_in_a_solo_names_the_field_sent(api: FlaskClient) -> None:
    problem = open_solo(api).refuse({"won": True, "abandoned": True}, code="dreist_field_mode")
    assert (problem["rule"], problem["errors"].keys()) == ("R34", {"abandoned"})


def test_an_abandoned_series_game_is_no_solo_entry(api: FlaskClient) -> None:
    problem = open_solo(api).refuse(abandoned(["Anna"], 4), code="dreist_field_mode")
    assert problem["rule"] == "R34"


# --- corrections --------------------------------------------------------------------------


def test_correcting_the_lost_game_to_won_continues_the_run(api: FlaskClient) -> None:
    match = open_solo(api)
    match.record(won())
    match.record(won(False))
    response = match.replace(2, won())
    assert response.status_code == 200, response.get_json()
    state = response.get_json()["state"]
    assert (state["finished"], state["game"], state["best"], state["rating"]) == (False, 3, 52, "decent")
    state = match.record(won(False))["state"]
    assert (state["finished"], state["game"], state["best"]) == (True, 3, 52)


def test_a_correction_that_ends_the_run_before_later_games_is_409(api: FlaskClient) -> None:
    """Game 1 turned into a loss would end the run, so games 2 and 3 no longer fit."""
    match = open_solo(api)
    for result in (True, True, False):
        match.record(won(result))
    before = match.get()
    problem = assert_problem(match.replace(1, won(False)), 409, "replay_conflict")
    assert problem["rule"] == "R34" and problem["seq"] == 2
    assert problem["errors"].keys() == {"hands.2"}
    assert match.get() == before


def test_voiding_the_lost_game_reopens_the_run(api: FlaskClient) -> None:
    match = open_solo(api)
    match.record(won())
    match.record(won(False))
    response = match.void(2)
    assert response.status_code == 200, response.get_json()
    state = response.get_json()["state"]
    assert (state["finished"], state["game"], state["best"], state["games_won"]) == (False, 2, 50, 1)
    answer = match.record(won(), seq=3)
    assert (answer["hand"]["result"]["game"], answer["state"]["best"]) == (2, 52)
