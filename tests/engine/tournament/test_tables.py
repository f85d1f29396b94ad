"""The tables' matches (R24, ``engine/tournament/tables.py``): which house rules a table
plays with, which pairings have a match to play, and what a write to a table's match means
for its pairing; and what a game offers a tournament's tables (``TournamentTable``):
Sixty-Six's (R22), and a test-only game's, which the tournament takes without naming it.

A match's winner is given as its game tells it (``None`` while it is played); a write
``changes_deals`` when it records, replaces or strikes out a deal (a ruling does not)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

import engine
from engine.errors import ConfigError, RuleViolation
from engine.game import HouseRule, PlannedGame, TournamentTable
from engine.sixtysix import SIXTYSIX, Ending, SixtySixEntry, SixtySixState
from engine.tournament import Pairing, config_from_json, playable, table_of, table_result, table_rules

A, B = "Anna", "Benno"
MATCH = "m-table-1"


class FirstToThree(TournamentTable[Mapping[str, int]]):
    """A test-only game's tables: a match is a tally of points, won at three."""

    forced_rules: ClassVar[Mapping[str, str]] = {"to": "3"}

    def summary(self, state: Mapping[str, int]) -> dict[str, Any]:
        return {"points": dict(state)}

    def winner(self, state: Mapping[str, int]) -> str | None:
        return next((player for player, points in state.items() if points >= 3), None)


class Tally(PlannedGame):
    house_rules = (HouseRule("to", ("5", "3"), "R1"), HouseRule("stakes", ("none", "coins"), "R1"))
    tournament_table = FirstToThree()


TALLY = Tally("tally", {"en": "Tally", "de": "Strichliste"}, (2,), players_rule="R1")


# --- R24: the house rules of a table's match ---------------------------------------------------


@pytest.mark.parametrize(("game", "chosen", "expected"), [
    pytest.param(SIXTYSIX, {"variant": "schnapsen", "style": "hard"},
                 {"variant": "schnapsen", "bummerl": "2", "tournament": "true", "style": "hard"},
                 id="R24 the organiser chooses Schnapsen and the hard game; two Bummerl in tournament mode"),
    pytest.param(SIXTYSIX, {"bummerl": "3", "tournament": False},
                 {"variant": "sixtysix", "bummerl": "2", "tournament": "true"},
                 id="R24 three Bummerl and no tournament mode are overruled by the table's rules"),
    pytest.param(TALLY, {"stakes": "coins", "to": "5"}, {"to": "3", "stakes": "coins"},
                 id="R24 a test-only game's forced rule over the organiser's, his other choice kept"),
])
def test_r24_a_tables_house_rules_are_the_organisers_under_the_forced_ones(
        game: engine.Game[Any, Any, Any], chosen: Mapping[str, object], expected: Mapping[str, str]) -> None:
    rules = table_rules(game, chosen)
    assert {name: rules[name] for name in expected} == expected
    assert set(rules) == {rule.name for rule in game.house_rules}  # every other rule at its default


@pytest.mark.parametrize(("chosen", "field"), [
    pytest.param({"varient": "schnapsen"}, "rules.varient", id="R24 a house rule Sixty-Six does not know"),
    pytest.param({"style": "brutal"}, "rules.style", id="R23 a value the style rule does not take"),
])
def test_r24_a_tables_house_rules_are_checked_by_its_game(chosen: Mapping[str, object], field: str) -> None:
    with pytest.raises(ConfigError) as refused:
        table_rules(SIXTYSIX, chosen)
    assert refused.value.field == field


def test_r24_the_tables_play_a_game_that_offers_tables_and_no_other() -> None:
    assert table_of(SIXTYSIX) is SIXTYSIX.tournament_table
    assert table_of(TALLY) is TALLY.tournament_table
    with pytest.raises(ConfigError) as refused:
        table_of(engine.get_game("dreeg"))
    assert refused.value.rule == "R24" and refused.value.field == "game"
    assert refused.value.message("de") == "Dreeg kann an den Tischen eines Preisschnapsens nicht gespielt werden."


def test_r24_the_conditions_name_the_game_of_the_tables() -> None:
    assert config_from_json({}).game == "sixtysix"
    assert config_from_json({"game": "tally"}).to_json()["game"] == "tally"
    with pytest.raises(ConfigError) as refused:
        config_from_json({"game": 7})
    assert refused.value.rule == "R24" and refused.value.field == "game"


# --- R24: which pairings have a match to play ---------------------------------------------------


def test_r24_a_pairing_of_two_players_waiting_for_its_result_has_a_match_to_play() -> None:
    playable(Pairing(3, (A, B)))


@pytest.mark.parametrize(("pairing", "code"), [
    pytest.param(Pairing(3, (A,), A, "bye"), "pairing_bye", id="R24 a bye goes through without playing"),
    pytest.param(Pairing(3, (A, A), A, "self"), "pairing_self", id="R24 a player meeting himself has nothing to play"),
    pytest.param(Pairing(3, (A, B), B, "hand"), "pairing_decided", id="R24 a table decided already"),
])
def test_r24_a_pairing_without_a_match_to_play(pairing: Pairing, code: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        playable(pairing)
    assert refused.value.code == code and refused.value.rule == "R24"
    assert "3" in refused.value.message("de")


# --- R24: what a write to a table's match means for its pairing ----------------------------------


WAITING = Pairing(1, (A, B))
BY_MATCH = Pairing(1, (A, B), A, "match")
BY_HAND = Pairing(1, (A, B), B, "hand")


@pytest.mark.parametrize(("pairing", "winner", "changes_deals", "entry"), [
    pytest.param(WAITING, None, True, None, id="R24 a deal of a match still played: the board only follows"),
    pytest.param(WAITING, A, True, {"kind": "result", "number": 1, "winner": A, "match": MATCH},
                 id="R24 the match is won: its winner is the table's result"),
    pytest.param(BY_MATCH, A, False, None, id="R24 a ruling asked after the match recorded its result"),
    pytest.param(BY_HAND, None, True, None, id="R24 the match goes on after a result by hand"),
    pytest.param(BY_HAND, B, True, None, id="R24 the match ends as the result by hand says: nothing twice"),
])
def test_r24_a_write_to_a_tables_match(pairing: Pairing, winner: str | None, changes_deals: bool,
                                       entry: dict[str, Any] | None) -> None:
    assert table_result(pairing, winner, match=MATCH, changes_deals=changes_deals) == entry


@pytest.mark.parametrize(("pairing", "winner"), [
    pytest.param(BY_MATCH, A, id="R24 a deal changed after the match itself recorded its result"),
    pytest.param(BY_MATCH, None, id="R24 a deal struck out that would reopen the match that decided the table"),
    pytest.param(BY_HAND, A, id="R24 the match ends with the other winner than the result by hand"),
])
def test_r24_a_write_contradicting_a_recorded_result_is_refused(pairing: Pairing, winner: str | None) -> None:
    with pytest.raises(RuleViolation) as refused:
        table_result(pairing, winner, match=MATCH, changes_deals=True)
    assert refused.value.code == "tournament_result_recorded" and refused.value.rule == "R24"
    assert pairing.winner is not None and pairing.winner in refused.value.message("en")


# --- what Sixty-Six offers a tournament's tables (R22) ------------------------------------------


def deals(*winners: str, rules: Mapping[str, str] | None = None) -> SixtySixState:
    """A table's match after quick deals of 3 game points each, won by ``winners`` in turn."""
    state = SIXTYSIX.start([A, B], rules=table_rules(SIXTYSIX, rules))
    for winner in winners:
        entry = SixtySixEntry(winner=winner, game_points=3, ended_by=Ending.CLAIM)
        state = SIXTYSIX.apply(state, entry).state
    return state


def test_r22_sixty_six_tables_play_two_bummerl_in_tournament_mode() -> None:
    assert dict(table_of(SIXTYSIX).forced_rules) == {"tournament": "true", "bummerl": "2"}


@pytest.mark.parametrize(("winners", "summary", "winner"), [
    pytest.param((), {"score": {A: 7, B: 7}, "bummerl": {A: 0, B: 0}, "deals": 0, "finished": False, "winner": None},
                 None, id="R22 a match just opened: both at 7"),
    pytest.param((A, A), {"score": {A: 1, B: 7}, "bummerl": {A: 0, B: 0}, "deals": 2, "finished": False,
                          "winner": None}, None, id="R22 Anna counts down to 1, the match goes on"),
    pytest.param((A, A, A), {"score": {A: 7, B: 7}, "bummerl": {A: 0, B: 1}, "deals": 3, "finished": False,
                             "winner": None}, None, id="R22 a Schneider counts single in tournament mode"),
    pytest.param((A, A, A) * 2, {"score": {A: 0, B: 7}, "bummerl": {A: 0, B: 2}, "deals": 6, "finished": True,
                                 "winner": A}, A, id="R22 Anna has given Benno two Bummerl: she won"),
])
def test_r22_where_a_sixty_six_table_stands_and_who_won(winners: tuple[str, ...], summary: dict[str, Any],
                                                        winner: str | None) -> None:
    table = table_of(SIXTYSIX)
    state = deals(*winners)
    assert table.summary(state) == summary
    assert table.winner(state) == winner
