"""Dreeg's Deutsch sub-game: places (R5), ties (R6), marriages (R10), claims (R5, R8),
entry checks (R15), erasing and dropping out (R2, R3), dealing (R13)."""

from __future__ import annotations

import pytest

from engine.dreeg import DreegEntry
from engine.errors import RuleViolation

from .helpers import apply, hand, start


@pytest.mark.parametrize(("players", "line", "last", "melds", "due"), [
    # four players: 3/2/1/0 (R5)
    pytest.param(4, "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", "Dieter", "", "3 2 1 0",
                 id="four players in clear order"),
    pytest.param(4, "Anna 40/2 Benno 40/2 Carla 40/2 Dieter 0/0", "Anna", "", "3 1 1 0",
                 id="R6 example: three tied on 40, Anna took the last trick"),
    pytest.param(4, "Anna 40/2 Benno 40/2 Carla 40/1 Dieter 0/1", "Dieter", "", "1 1 1 0",
                 id="R6 example: three tied on 40, Dieter took the last trick"),
    pytest.param(4, "Anna 50/2 Benno 50/2 Carla 20/1 Dieter 0/1", "Benno", "", "2 3 1 0",
                 id="two tied on top, Benno took the last trick"),
    pytest.param(4, "Anna 50/2 Benno 50/2 Carla 20/1 Dieter 0/1", "Dieter", "", "2 2 1 0",
                 id="two tied on top, neither took the last trick"),
    pytest.param(4, "Anna 70/3 Benno 30/1 Carla 10/1 Dieter 10/1", "Carla", "", "3 2 1 0",
                 id="two tied at the bottom, Carla took the last trick"),
    pytest.param(4, "Anna 70/3 Benno 30/1 Carla 10/1 Dieter 10/1", "Anna", "", "3 2 0 0",
                 id="two tied at the bottom, neither took the last trick"),
    pytest.param(4, "Anna 30/2 Benno 30/2 Carla 30/1 Dieter 30/1", "Dieter", "", "0 0 0 3",
                 id="all four tied, Dieter took the last trick"),
    # three players: 2/1/0
    pytest.param(3, "Anna 60/4 Benno 40/3 Carla 20/1", "Anna", "", "2 1 0", id="three players in clear order"),
    pytest.param(3, "Anna 40/3 Benno 40/3 Carla 40/2", "Carla", "", "0 0 2",
                 id="three players all tied, Carla took the last trick"),
    pytest.param(3, "Anna 40/3 Benno 40/3 Carla 40/2", "Anna", "", "2 0 0",
                 id="three players all tied, Anna took the last trick"),
    # two players: 1/0
    pytest.param(2, "Anna 70/6 Benno 50/6", "Benno", "", "1 0", id="two players, more card points"),
    pytest.param(2, "Anna 60/6 Benno 60/6", "Benno", "", "0 1", id="two players tied, Benno took the last trick"),
    # marriages (R10): 40 in trumps (hearts), 20 otherwise, counted once the melder has a trick
    pytest.param(4, "Anna 30/2 Benno 50/2 Carla 30/1 Dieter 10/1", "Dieter", "Anna:H", "3 2 1 0",
                 id="Anna's trump marriage (40) lifts her over Benno"),
    pytest.param(4, "Anna 40/2 Benno 45/2 Carla 25/1 Dieter 10/1", "Dieter", "Anna:G", "3 2 1 0",
                 id="a plain marriage (20) is enough to pass 45"),
    pytest.param(4, "Anna 40/2 Benno 45/2 Carla 25/1 Dieter 10/1", "Dieter", "Anna:G Carla:S", "3 1 1 0",
                 id="Carla's plain marriage ties her with Benno on 45, neither took the last trick"),
    pytest.param(4, "Anna 50/3 Benno 40/2 Carla 30/1 Dieter 0/0", "Anna", "Anna:E", "3 2 1 0",
                 id="marriage of the forehand who also took tricks"),
])
def test_deutsch_strokes(players, line, last, melds, due):
    state = start(players)
    outcome = apply(state, hand(line, last=last, melds=melds))
    assert list(outcome.result.due.values()) == [int(x) for x in due.split()]
    assert list(outcome.result.due) == list(state.active)


def test_forehand_marriage_without_a_trick_does_not_count_r10():
    state = start(4, dealer="Carla")  # Dieter is forehand and shows leaves on the first lead
    outcome = apply(state, hand("Anna 50/3 Benno 40/2 Carla 30/1 Dieter 0/0", last="Anna", melds="Dieter:G"))
    assert outcome.result.totals["Dieter"] == 0
    assert [n.code for n in outcome.result.notes if n.rule == "R10"] == ["marriage_void"]


def test_tie_note_explains_in_both_languages_r6():
    outcome = apply(start(4), hand("Anna 40/2 Benno 40/2 Carla 40/1 Dieter 0/1", last="Dieter"))
    note = next(n for n in outcome.result.notes if n.rule == "R6").to_json()
    assert "none of them took the last trick" in note["en"] and "1" in note["en"]
    assert "letzten Stich" in note["de"]


@pytest.mark.parametrize(("line", "claim", "melds", "due"), [
    pytest.param("Anna 66/4 Benno 20/2", "Anna", "", {"Anna": 1, "Benno": 0}, id="claim of 66 right"),
    pytest.param("Anna 50/3 Benno 30/2", "Anna", "", {"Anna": 0, "Benno": 1}, id="claim of 66 wrong"),
    pytest.param("Anna 46/3 Benno 30/2", "Anna", "Anna:G", {"Anna": 1, "Benno": 0},
                 id="claim right with a marriage: 46 + 20"),
    pytest.param("Anna 26/2 Benno 30/2", "Anna", "Anna:H", {"Anna": 1, "Benno": 0},
                 id="claim right with the trump marriage: 26 + 40"),
])
def test_two_player_claims_r5(line, claim, melds, due):
    outcome = apply(start(2), hand(line, claim=claim, melds=melds))
    assert dict(outcome.result.due) == due


BAD_SUMMARIES = [
    # (players, line, last, extra fields, code, rule, field)
    pytest.param(4, "Anna 46/2 Benno 40/2 Carla 25/1 Dieter 10/1", "Anna", {}, "points_sum", "R15", "points",
                 id="card points add up to 121"),
    pytest.param(4, "Anna 45/3 Benno 40/2 Carla 25/1 Dieter 10/1", "Anna", {}, "tricks_sum", "R15", "tricks",
                 id="seven tricks in a four-player hand"),
    pytest.param(3, "Anna 60/4 Benno 40/3 Carla 20/2", "Anna", {}, "tricks_sum", "R15", "tricks",
                 id="nine tricks in a three-player hand"),
    pytest.param(4, "Anna 45/3 Benno 40/2 Carla 25/1 Dieter 10/0", "Anna", {}, "points_without_trick", "R15",
                 "points.Dieter", id="points without a trick"),
    pytest.param(4, "Anna 44/2 Benno 40/2 Carla 35/1 Dieter 1/1", "Anna", {}, "points_unreachable", "R15",
                 "points.Dieter", id="1 card point is never possible"),
    pytest.param(4, "Anna 40/3 Benno 20/1 Carla 50/1 Dieter 10/1", "Anna", {}, "points_unreachable", "R15",
                 "points.Carla", id="50 is more than one trick of four cards can hold"),
    pytest.param(4, "Anna 20/4 Benno 40/1 Carla 40/1 Dieter 20/0", "Anna", {}, "points_without_trick", "R15",
                 "points.Dieter", id="Dieter took no trick but has 20"),
    pytest.param(4, "Anna 44/1 Benno 44/1 Carla 20/2 Dieter 12/2", "Anna", {}, "points_not_one_deck", "R15",
                 "points", id="both Anna and Benno with the four aces"),
    pytest.param(4, "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", None, {}, "last_trick_required", "R15",
                 "last_trick", id="last trick missing"),
    pytest.param(4, "Anna 50/3 Benno 40/2 Carla 30/1 Dieter 0/0", "Dieter", {}, "last_trick_without_trick", "R15",
                 "last_trick", id="last trick by a player without tricks"),
    pytest.param(4, "Anna 45/2 Benno 40/2 Carla 25/1 Zoe 10/1", "Anna", {}, "unknown_player", None, "points.Zoe",
                 id="a name that is not at the table"),
    pytest.param(4, "Anna 45/2 Benno 40/2 Carla 35/2", "Anna", {}, "player_missing", "R15", "points.Dieter",
                 id="an active player left out"),
    pytest.param(4, "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", "Anna", {"claim": "Anna"}, "claim_not_allowed",
                 "R8", "claim", id="no claim of 66 with four players"),
    pytest.param(4, "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", "Anna", {"caller": "Anna"},
                 "field_not_in_subgame", "R11", "caller", id="a Rufen field in a Deutsch hand"),
    pytest.param(4, "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", "Anna", {"dealer": "Anna"},
                 "dealer_out_of_turn", "R13", "dealer", id="dealer out of turn"),
    pytest.param(2, "Anna 0/0 Benno 30/2", None, {"claim": "Anna"}, "claim_without_trick", "R8", "claim",
                 id="claim without a trick"),
    pytest.param(4, "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", "Anna", {"melds": "Anna:H Benno:H"},
                 "marriage_twice", "R10", "melds.1.suit", id="the heart marriage twice"),
    pytest.param(4, "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", "Anna", {"melds": "Anna:H", "trump": ""},
                 "trump_required", "R10", "trump", id="a marriage without the trump suit"),
    pytest.param(4, "Anna 50/3 Benno 40/2 Carla 30/1 Dieter 0/0", "Anna", {"melds": "Dieter:G"},
                 "marriage_without_lead", "T6", "melds", id="a marriage by a player never on lead"),
    pytest.param(4, "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", "Anna", {"melds": "Benno:H Benno:G Benno:E"},
                 "marriage_without_lead", "T6", "melds", id="Benno shows three marriages on two leads"),
]


@pytest.mark.parametrize(("players", "line", "last", "extra", "code", "rule", "field"), BAD_SUMMARIES)
def test_wrong_entries_are_refused_with_their_rule(players, line, last, extra, code, rule, field):
    state = start(players)
    melds = extra.pop("melds", "") if "melds" in extra else ""
    trump = extra.pop("trump", None)
    entry = hand(line, last=last, melds=melds, **extra)
    if trump == "":
        entry = DreegEntry(**{**{k: getattr(entry, k) for k in entry.__slots__}, "trump": None})
    with pytest.raises(RuleViolation) as err:
        apply(state, entry)
    assert (err.value.code, err.value.rule, err.value.field) == (code, rule, field)
    assert err.value.message("en") != code and err.value.message("de") != err.value.message("en")


def test_dropped_out_player_cannot_score_r3():
    state = start(4)
    for _ in range(3):  # Anna takes 3 strokes each hand: 7 -> 4 -> 1 -> 0
        state = apply(state, hand("Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", last="Anna")).state
    assert "Anna" not in state.active
    with pytest.raises(RuleViolation) as err:
        apply(state, hand("Anna 40/2 Benno 40/3 Carla 40/3", last="Benno"))
    assert (err.value.code, err.value.rule) == ("player_dropped_out", "R3")


@pytest.mark.parametrize(("line", "last", "closed", "due"), [
    pytest.param("Anna 50/5 Benno 20/3", "Anna", {"closed_by": "Anna", "closed_after": 2}, {"Anna": 1, "Benno": 0},
                 id="Anna closes after two tricks, eight tricks played, more card points"),
    pytest.param("Anna 30/4 Benno 40/4", "Anna", {"closed_by": "Anna"}, {"Anna": 0, "Benno": 1},
                 id="closing without saying when: Benno has more"),
    pytest.param("Anna 40/3 Benno 40/3", "Benno", {"closed_by": "Anna", "closed_after": 0},
                 {"Anna": 0, "Benno": 1}, id="forehand closes before the first lead, tie broken by the last trick"),
])
def test_two_player_hand_after_closing_the_stock_t7(line, last, closed, due):
    outcome = apply(start(2), hand(line, last=last, **closed))
    assert dict(outcome.result.due) == due


@pytest.mark.parametrize(("players", "line", "last", "closed", "code", "field"), [
    pytest.param(2, "Anna 50/5 Benno 30/4", "Anna", {"closed_by": "Anna", "closed_after": 2},
                 "tricks_after_closing", "tricks", id="nine tricks after closing at two"),
    pytest.param(2, "Anna 50/5 Benno 20/3", "Anna", {"closed_by": "Anna", "closed_after": 5},
                 "close_stock_too_small", "closed_after", id="closing with only two cards left"),
    pytest.param(2, "Anna 40/3 Benno 40/3", "Benno", {"closed_by": "Benno", "closed_after": 0},
                 "close_not_on_lead", "closed_by", id="Benno closes before Anna's first lead"),
    pytest.param(2, "Anna 70/6 Benno 0/0", "Anna", {"closed_by": "Benno", "closed_after": 3},
                 "close_not_on_lead", "closed_by", id="Benno closes without ever being on lead"),
    pytest.param(4, "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", "Anna",
                 {"closed_by": "Anna"}, "closing_two_players", "closed_by", id="closing with four players"),
])
def test_closing_is_checked_t7(players, line, last, closed, code, field):
    with pytest.raises(RuleViolation) as err:
        apply(start(players), hand(line, last=last, **closed))
    assert (err.value.code, err.value.rule, err.value.field) == (code, "T7", field)
