"""A series of DREIst! games through the API (R33): creating one for two to five players
(defaults filled in; one player refused, a solo needs exactly one, R34), games entered as
the cards each player had left, the totals, the starting player rotating clockwise from
``dealer``, the leaders with ties, the series over after one game per player; abandoned
games; every refusal (problem JSON with rule and field, German, nothing changed); a retried
POST, a stale seq, a correction (a viewer: tests/api/test_game_contract.py).

Figures worked out by hand: 96 cards dealt evenly, the remainder set aside, so 96 are in
play at two, three and four and 95 at five (19 each)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import assert_problem
from tests.api.dreist.conftest import (
    ENGLISH,
    FIVE,
    FOUR,
    GERMAN,
    IN_PLAY,
    SERIES_RULES,
    SOLO,
    TABLES,
    THREE,
    TWO,
    abandoned,
    assert_german,
    assert_problem_german,
    codes,
    left,
    open_match,
)

# --- creating a series ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [pytest.param(t, id=f"{len(t)} players") for t in TABLES])
def test_a_new_series_has_every_default(api: FlaskClient, players: list[str]) -> None:
    match = open_match(api, players)
    created = match.created
    assert (created["game"], created["players"], created["rules"]) == ("dreist", players, SERIES_RULES)
    state = created["state"]
    assert state["totals"] == dict.fromkeys(players, 0)
    assert (state["games"], state["starting_player"], state["finished"], state["leaders"]) == (0, "Anna", False, [])
    assert (state["players"], state["rules"], state["series_length"]) == (players, SERIES_RULES, len(players))
    assert not {"game", "player_cards", "egon_cards", "best", "rating"} & state.keys(), "solo fields in a series"
    needs = state["needs"]
    assert needs == {"mode": "series", "game": 1, "starting_player": "Anna", "players": players,
                     "fields": ["remaining", "abandoned"], "most": IN_PLAY[len(players)], "games": len(players)}
    assert match.get()["state"] == state
    assert match.hands() == []


def test_the_rules_given_are_kept_and_the_rest_filled_in(api: FlaskClient) -> None:
    match = open_match(api, FOUR, {"single_below_card": "true"})
    assert match.created["rules"] == {"mode": "series", "single_below_card": "true"}
    assert open_match(api, TWO, {"mode": "series"}).created["rules"] == SERIES_RULES


@pytest.mark.parametrize(("players", "dealer"), [
    pytest.param(TWO, "Benno", id="two: Benno drew the start"),
    pytest.param(THREE, "Carla", id="three: Carla drew the start"),
    pytest.param(FIVE, "Erika", id="five: Erika, the last seat, drew the start"),
])
def test_dealer_names_the_starting_player_of_game_1(api: FlaskClient, players: list[str], dealer: str) -> None:
    state = open_match(api, players, dealer=dealer).created["state"]
    assert (state["starting_player"], state["starter"], state["needs"]["starting_player"]) == (dealer, dealer, dealer)


@pytest.mark.parametrize(("body", "code", "rule", "field"), [
    pytest.param({"players": ["Anna"]}, "dreist_series_players", "R33", "players",
                 id="R33: a series for one (the default mode)"),
    pytest.param({"players": ["Anna"], "rules": {"mode": "series"}}, "dreist_series_players", "R33", "players",
                 id="R33: a series for one, said so"),
    pytest.param({"players": [*FIVE, "Franz"]}, "player_count", "R33", "players", id="R33: six at the table"),
    pytest.param({"players": TWO, "rules": SOLO}, "dreist_solo_one", "R34", "players", id="R34: a solo for two"),
    pytest.param({"players": FIVE, "rules": SOLO}, "dreist_solo_one", "R34", "players", id="R34: a solo for five"),
    pytest.param({"players": THREE, "dealer": "Zora"}, "unknown_player", "R33", "dealer",
                 id="R33: a starting player not at the table"),
    pytest.param({"players": THREE, "rules": {"mode": "Serie"}}, "bad_rule_value", "R33", "rules.mode",
                 id="R33: a mode named in German"),
    pytest.param({"players": THREE, "rules": {"single_below_card": "ja"}}, "bad_rule_value", "R35",
                 "rules.single_below_card", id="R35: the house rule with a value it does not have"),
    pytest.param({"players": THREE, "rules": {"variant": "solo"}}, "unknown_rule", None, "rules.variant",
                 id="a variant where the mode goes"),
])
def test_a_match_that_cannot_be_set_up(api: FlaskClient, body: dict, code: str, rule: str | None,
                                       field: str) -> None:
    problem = assert_problem_german(api, "post", "/api/matches", {"game": "dreist", **body}, 422, code,
                                    names_codes=code in ("bad_rule_value", "unknown_rule"))
    assert problem.get("rule") == rule
    assert problem["errors"].keys() == {field}


def test_one_player_is_refused_citing_r33_in_both_languages(api: FlaskClient) -> None:
    body = {"game": "dreist", "players": ["Anna"]}
    english = assert_problem(api.post("/api/matches", json=body, headers=ENGLISH), 422, "dreist_series_players")
    german = assert_problem(api.post("/api/matches", json=body, headers=GERMAN), 422, "dreist_series_players")
    assert english["detail"] == "A series is played by two to five players."
    assert german["detail"] == "Eine Serie spielen zwei bis fünf Spieler."
    assert english["rule"] == german["rule"] == "R33"


# --- a series played out -----------------------------------------------------------------


def test_a_series_of_three_from_benno(api: FlaskClient) -> None:
    """Benno starts game 1; the start passes clockwise (Carla, then Anna); the totals add up
    and the lowest wins once every player has started one game."""
    match = open_match(api, THREE, dealer="Benno")
    games = [left(THREE, 0, 12, 7), left(THREE, 9, 0, 3), left(THREE, 4, 6, 0)]
    totals = [(0, 12, 7), (9, 12, 10), (13, 18, 10)]
    starting = ["Carla", "Anna", None]
    leaders = [["Anna"], ["Anna"], ["Carla"]]
    for number, entry in enumerate(games, start=1):
        answer = match.record(entry)
        state, result = answer["state"], answer["hand"]["result"]
        assert state["totals"] == dict(zip(THREE, totals[number - 1]))
        assert (state["games"], state["starting_player"], state["leaders"]) == (
            number, starting[number - 1], leaders[number - 1])
        assert state["finished"] is (number == 3)
        assert (result["game"], result["remaining"]) == (number, entry["remaining"])
        assert result["needs"]["game"] == number, "a game's needs are those it was entered against"
        assert result["notes"][0]["params"] == {"player": THREE[(number - 1) % 3], "number": number}
        assert all(note["rule"] == "R33" for note in result["notes"])
    assert codes(result) == ["dreist_finisher", "dreist_series_won"]
    assert result["notes"][1]["en"] == "The series is over: Carla wins with 10 cards."
    assert result["notes"][1]["de"] == "Die Serie ist vorbei: Carla gewinnt mit 10 Karten."
    assert state["needs"] is None and state["starter"] == "Benno"
    assert match.get()["state"] == state and match.get()["version"] == 3


@pytest.mark.parametrize("players", [pytest.param(t, id=f"{len(t)} players") for t in TABLES])
def test_the_start_rotates_clockwise_and_the_series_ends_after_one_game_each(api: FlaskClient,
                                                                           players: list[str]) -> None:
    """The last seat starts game 1, so the rotation wraps round to Anna at once."""
    match = open_match(api, players, dealer=players[-1])
    seen = [match.created["state"]["starting_player"]]
    for number in range(len(players)):
        counts = [5] * len(players)
        counts[number] = 0
        state = match.record(left(players, *counts))["state"]
        seen.append(state["starting_player"])
        if state["needs"] is not None:
            assert state["needs"]["starting_player"] == state["starting_player"]
    assert seen == [players[-1], *players[:-1], None]
    assert state["finished"] is True and state["games"] == len(players)
    assert state["leaders"] == players and state["totals"] == dict.fromkeys(players, 5 * (len(players) - 1))


def test_ties_share_the_series(api: FlaskClient) -> None:
    match = open_match(api, TWO)
    match.record(left(TWO, 0, 5))
    answer = match.record(left(TWO, 5, 0))
    assert answer["state"]["leaders"] == ["Anna", "Benno"]
    assert answer["hand"]["result"]["notes"][-1]["en"] == "The series is over: Anna and Benno win with 5 cards."
    assert answer["hand"]["result"]["notes"][-1]["de"] == "Die Serie ist vorbei: Anna und Benno gewinnen mit 5 Karten."


def test_leaders_share_the_lead_during_the_series(api: FlaskClient) -> None:
    match = open_match(api, FOUR)
    assert match.record(left(FOUR, 0, 3, 3, 7))["state"]["leaders"] == ["Anna"]
    state = match.record(left(FOUR, 6, 0, 3, 2))["state"]
    assert state["totals"] == {"Anna": 6, "Benno": 3, "Carla": 6, "Dieter": 9}
    assert state["leaders"] == ["Benno"]
    state = match.record(left(FOUR, 1, 3, 0, 8))["state"]
    assert state["leaders"] == ["Benno", "Carla"] and state["finished"] is False


def test_the_series_is_over_after_one_game_per_player_and_refuses_more(api: FlaskClient) -> None:
    match = open_match(api, TWO)
    match.record(left(TWO, 0, 12))
    match.record(left(TWO, 3, 0))
    problem = match.refuse(left(TWO, 0, 4), code="dreist_finished")
    assert problem["rule"] == "R33"
    german = match.refuse(left(TWO, 0, 4), headers=GERMAN)
    assert german["detail"] == "Diese Partie ist vorbei: es kann kein weiteres Spiel eingetragen werden."
    assert problem["detail"] == "This match is over: no further game can be entered."
    assert len(match.hands()) == 2


# --- abandoned games ---------------------------------------------------------------------


def test_an_abandoned_game_counts_with_nobody_at_zero(api: FlaskClient) -> None:
    match = open_match(api, THREE, dealer="Carla")
    answer = match.record(abandoned(THREE, 3, 2, 4))
    state, result = answer["state"], answer["hand"]["result"]
    assert state["totals"] == {"Anna": 3, "Benno": 2, "Carla": 4}
    assert (state["games"], state["starting_player"], state["leaders"]) == (1, "Anna", ["Benno"])
    assert codes(result) == ["dreist_abandoned"]
    assert result["notes"][0]["en"] == "Game 1 was abandoned: everyone notes the cards left."
    assert_german(result["notes"][0]["de"], result["notes"][0]["en"])
    assert answer["hand"]["abandoned"] is True
    match.record(left(THREE, 0, 1, 1, abandoned=False))
    state = match.record(abandoned(THREE, 2, 2, 2))["state"]
    assert state["finished"] is True and state["totals"] == {"Anna": 5, "Benno": 5, "Carla": 7}
    assert state["leaders"] == ["Anna", "Benno"]


# --- the cards that exist ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "counts"), [
    pytest.param(TWO, (0, 96), id="two: the loser with every card"),
    pytest.param(THREE, (0, 48, 48), id="three: 96 left in all"),
    pytest.param(FOUR, (0, 32, 32, 32), id="four: 96 left in all"),
    pytest.param(FIVE, (0, 24, 24, 24, 23), id="five: 95 left in all (one card set aside)"),
])
def test_every_card_in_play_may_be_left(api: FlaskClient, players: list[str], counts: tuple[int, ...]) -> None:
    state = open_match(api, players).record(left(players, *counts))["state"]
    assert sum(state["totals"].values()) == IN_PLAY[len(players)]


# --- every refusal of R33: problem JSON with rule and field, the match unchanged ----------

@pytest.mark.parametrize(("players", "entry", "words"), [
    pytest.param(THREE, left(THREE, 0, 0, 4), ["sobald ein Spieler", "nicht zugleich bei 0"], id="two at 0"),
    pytest.param(THREE, left(THREE, 0, 97, 4), ["Benno", "0 bis 96"], id="97 for Benno"),
    pytest.param(FIVE, left(FIVE, 0, 96, 0, 0, 0), ["Benno", "0 bis 95"], id="five: 96 for Benno"),
    pytest.param(FIVE, left(FIVE, 0, 24, 24, 24, 24), ["96 Karten", "nur 95"], id="five: 96 in all"),
    pytest.param(THREE, abandoned(THREE, 0, 2, 4), ["niemanden bei 0", "Anna hat aber keine Karte mehr"],
                 id="abandoned with Anna at 0"),
    pytest.param(THREE, {"remaining": {"Anna": 0, "Benno": 5}}, ["Carla"], id="Carla forgotten"),
])
def test_a_refusal_tells_the_table_what_is_wrong(api: FlaskClient, players: list[str], entry: dict,
                                                 words: list[str]) -> None:
    german = open_match(api, players).refuse(entry, headers=GERMAN)
    for word in words:
        assert word in german["detail"], german["detail"]


def test_nobody_at_zero_is_told_in_words(api: FlaskClient) -> None:
    match = open_match(api, THREE)
    english = match.refuse(left(THREE, 3, 2, 4), headers=ENGLISH)
    german = match.refuse(left(THREE, 3, 2, 4), headers=GERMAN)
    assert "0 at 0" not in english["detail"] and "0 bei 0" not in german["detail"]


def test_several_mistakes_are_reported_together(api: FlaskClient) -> None:
    match = open_match(api, THREE)
    problem = match.refuse(left(THREE, 0, 97, -1))
    assert problem["errors"].keys() == {"remaining.Benno", "remaining.Carla"}
    assert problem["rule"] == "R33"
    for message in problem["errors"].values():
        assert message in problem["detail"]


def test_a_refusal_later_in_the_series_changes_nothing(api: FlaskClient) -> None:
    match = open_match(api, THREE, dealer="Carla")
    match.record(left(THREE, 0, 12, 7))
    before = match.get()
    for entry in (left(THREE, 0, 0, 3), abandoned(THREE, 0, 1, 1), left(THREE, 0, 90, 7), {"won": True}):
        match.refuse(entry)
    assert match.get() == before
    assert before["state"]["starting_player"] == "Anna" and before["state"]["totals"] == {
        "Anna": 0, "Benno": 12, "Carla": 7}


# --- retries, races, viewers and corrections ---------------------------------------------


def test_a_correction_replays_the_totals(api: FlaskClient) -> None:
    """Game 1 was entered with Anna out; it was Benno, and Anna had 3 left.  Games 2 and 3
    are added on top again, and the series winner changes with them."""
    match = open_match(api, THREE)
    match.record(left(THREE, 0, 12, 7))
    match.record(left(THREE, 9, 0, 3))
    assert match.record(left(THREE, 4, 6, 0))["state"]["leaders"] == ["Carla"]
    response = match.replace(1, left(THREE, 3, 0, 7))
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    state = answer["state"]
    assert state["totals"] == {"Anna": 3 + 9 + 4, "Benno": 0 + 0 + 6, "Carla": 7 + 3 + 0}
    assert (state["leaders"], state["finished"], state["games"]) == (["Benno"], True, 3)
    assert answer["hand"]["result"]["notes"][0]["params"]["player"] == "Benno"
    hands = match.hands()
    assert hands[0]["audit"][0]["previous"]["remaining"] == {"Anna": 0, "Benno": 12, "Carla": 7}
    assert codes(hands[2]["result"]) == ["dreist_finisher", "dreist_series_won"]
    assert hands[2]["result"]["notes"][1]["params"]["players"] == ["Benno"]
    assert match.get()["state"] == state


def test_voiding_a_game_reopens_the_series(api: FlaskClient) -> None:
    match = open_match(api, TWO)
    match.record(left(TWO, 0, 12))
    match.record(left(TWO, 3, 0))
    response = match.void(1)
    assert response.status_code == 200, response.get_json()
    state = response.get_json()["state"]
    assert (state["totals"], state["games"], state["finished"]) == ({"Anna": 3, "Benno": 0}, 1, False)
    assert state["starting_player"] == "Benno"
    state = match.record(left(TWO, 0, 8), seq=3)["state"]
    assert (state["totals"], state["finished"], state["leaders"]) == ({"Anna": 3, "Benno": 8}, True, ["Anna"])


def test_a_correction_that_is_itself_wrong_is_refused(api: FlaskClient) -> None:
    match = open_match(api, THREE)
    match.record(left(THREE, 0, 12, 7))
    before = match.get()
    problem = assert_problem(match.replace(1, left(THREE, 0, 0, 7)), 422, "dreist_one_finisher")
    assert (problem["rule"], problem["errors"].keys()) == ("R33", {"remaining"})
    assert match.get() == before


def test_a_correction_keeps_the_starting_player_from_dealer(api: FlaskClient) -> None:
    match = open_match(api, THREE, dealer="Benno")
    match.record(left(THREE, 0, 12, 7))
    assert match.state()["starting_player"] == "Carla"
    state = match.replace(1, left(THREE, 3, 0, 7)).get_json()["state"]
    assert (state["starter"], state["starting_player"]) == ("Benno", "Carla")


def test_the_match_shows_the_dealer_it_was_created_with(api: FlaskClient) -> None:
    match = open_match(api, THREE, dealer="Benno")
    assert match.created["dealer"] == "Benno"


def test_the_notes_of_a_series_are_german_too(api: FlaskClient) -> None:
    match = open_match(api, TWO)
    notes = match.record(abandoned(TWO, 4, 2), headers=GERMAN)["hand"]["result"]["notes"]
    notes += match.record(left(TWO, 0, 7), headers=GERMAN)["hand"]["result"]["notes"]
    assert codes({"notes": notes}) == ["dreist_abandoned", "dreist_finisher", "dreist_series_won"]
    for note in notes:
        assert_german(note["de"], note["en"])
    assert notes[-1]["de"] == "Die Serie ist vorbei: Anna gewinnt mit 4 Karten."
