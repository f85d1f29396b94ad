"""A series of DREIst! games (R33) and the solo ladder against Egon (R34)."""

from __future__ import annotations

import pytest

from engine.dreist import DREIST, DreistEntry
from engine.errors import ConfigError, RuleViolation

THREE = ["Anna", "Benno", "Carla"]


def series(*games: dict, players: list[str] = THREE, dealer: str | None = None):
    state = DREIST.start(players, dealer=dealer)
    for remaining in games:
        state = DREIST.apply(state, DreistEntry(remaining=remaining)).state
    return state


def test_a_series_adds_the_cards_left_and_the_lowest_total_wins() -> None:
    state = series({"Anna": 0, "Benno": 12, "Carla": 7}, {"Anna": 9, "Benno": 0, "Carla": 3},
                   {"Anna": 4, "Benno": 6, "Carla": 0})
    shown = DREIST.state_to_json(state)
    assert shown["totals"] == {"Anna": 13, "Benno": 18, "Carla": 10}
    assert (shown["finished"], shown["leaders"], shown["needs"]) == (True, ["Carla"], None)


def test_the_starting_player_rotates_clockwise_from_the_first() -> None:
    state = DREIST.start(THREE, dealer="Benno")
    starters = []
    for remaining in ({"Anna": 0, "Benno": 1, "Carla": 1}, {"Anna": 1, "Benno": 0, "Carla": 1}):
        starters.append(DREIST.state_to_json(state)["starting_player"])
        state = DREIST.apply(state, DreistEntry(remaining=remaining)).state
    starters.append(DREIST.state_to_json(state)["starting_player"])
    assert starters == ["Benno", "Carla", "Anna"]


def test_ties_share_the_series() -> None:
    state = series({"Anna": 0, "Benno": 5}, {"Anna": 5, "Benno": 0}, players=["Anna", "Benno"])
    assert DREIST.state_to_json(state)["leaders"] == ["Anna", "Benno"]


@pytest.mark.parametrize(("entry", "code", "field"), [
    pytest.param(DreistEntry(remaining={"Anna": 0, "Benno": 0, "Carla": 4}), "dreist_one_finisher", "remaining",
                 id="R33 exactly one player at 0"),
    pytest.param(DreistEntry(remaining={"Anna": 3, "Benno": 2, "Carla": 4}), "dreist_no_finisher", "remaining",
                 id="R33 nobody at 0 is an abandoned game"),
    pytest.param(DreistEntry(remaining={"Anna": 0, "Benno": 2, "Carla": 4}, abandoned=True),
                 "dreist_abandoned_finisher", "abandoned", id="R33 an abandoned game has nobody at 0"),
    pytest.param(DreistEntry(remaining={"Anna": 0, "Benno": 97, "Carla": 4}), "dreist_remaining_range",
                 "remaining.Benno", id="R33 no count above the cards that exist"),
    pytest.param(DreistEntry(remaining={"Anna": 0, "Benno": 50, "Carla": 50}), "dreist_remaining_sum", "remaining",
                 id="R33 together no more than the 96 in play"),
    pytest.param(DreistEntry(remaining={"Anna": 0, "Benno": 5}), "dreist_remaining_missing", "remaining.Carla",
                 id="R33 every player's cards"),
    pytest.param(DreistEntry(won=True), "dreist_field_mode", "won", id="R33 a series has no winner against Egon"),
])
def test_a_series_entry_that_cannot_be_is_refused(entry: DreistEntry, code: str, field: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        DREIST.apply(DREIST.start(THREE), entry)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_an_abandoned_game_counts_with_nobody_at_zero() -> None:
    state = DREIST.apply(DREIST.start(THREE), DreistEntry(remaining={"Anna": 3, "Benno": 2, "Carla": 4},
                                                          abandoned=True)).state
    assert DREIST.state_to_json(state)["totals"] == {"Anna": 3, "Benno": 2, "Carla": 4}


def test_five_players_leave_one_card_aside() -> None:
    """96 cards among five: 19 each, one set aside: 95 in play."""
    with pytest.raises(RuleViolation) as caught:
        series({"A": 0, "B": 24, "C": 24, "D": 24, "E": 24}, players=["A", "B", "C", "D", "E"])
    assert caught.value.code == "dreist_remaining_sum"


# --- the solo ladder (R34) ---------------------------------------------------------------------

def solo(*results: bool):
    state = DREIST.start(["Anna"], rules={"mode": "solo"})
    outcome = None
    for won in results:
        outcome = DREIST.apply(state, DreistEntry(won=won))
        state = outcome.state
    return state, outcome


@pytest.mark.parametrize(("results", "best", "rating"), [
    ((False,), None, None),
    ((True, False), 50, "okay"),
    ((True, True, False), 52, "decent"),
    ((True,) * 3 + (False,), 54, "good"),
    ((True,) * 4 + (False,), 56, "very_good"),
    ((True,) * 5 + (False,), 58, "great"),
    ((True,) * 6 + (False,), 60, "sensational"),
    ((True,) * 9 + (False,), 66, "sensational"),
], ids=["the first game lost: no rating", "50 okay", "52 decent", "54 good", "56 very good", "58 great",
        "60 sensational", "66 sensational"])
def test_the_solo_ladder(results: tuple[bool, ...], best: int | None, rating: str | None) -> None:
    state, _ = solo(*results)
    shown = DREIST.state_to_json(state)
    assert (shown["finished"], shown["best"], shown["rating"]) == (True, best, rating)


def test_game_n_is_48_plus_2n_against_48_minus_2n() -> None:
    state, _ = solo(True, True)
    shown = DREIST.state_to_json(state)
    assert (shown["game"], shown["player_cards"], shown["egon_cards"]) == (3, 54, 42)


def test_the_run_ends_after_game_23() -> None:
    state, _ = solo(*(True,) * 23)
    assert state.finished and DREIST.state_to_json(state)["best"] == 94
    with pytest.raises(RuleViolation) as caught:
        DREIST.apply(state, DreistEntry(won=True))
    assert (caught.value.code, caught.value.rule) == ("dreist_finished", "R34")


def test_the_players_for_each_mode() -> None:
    with pytest.raises(ConfigError) as caught:
        DREIST.start(["Anna", "Benno"], rules={"mode": "solo"})
    assert caught.value.rule == "R34"
    with pytest.raises(ConfigError) as caught:
        DREIST.start(["Anna"])
    assert caught.value.rule == "R33"
