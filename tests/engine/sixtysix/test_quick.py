"""A quick deal (API.md, "a quick deal"): a table that keeps only the Bummerl enters who won
and his game points, how it ended if it likes, and no figures.  Nothing can be checked but
the match and the range; the counter, the carry and the deal move as with any deal.

Anna deals the first deal, so Benno is forehand.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import RuleViolation
from engine.sixtysix import SIXTYSIX, SixtySixState

from .helpers import entry_from_json

A, B = "Anna", "Benno"
TIE = {"ended_by": "played_out", "points": {A: 55, B: 65}, "tricks": {A: 6, B: 6}, "last_trick": A}


def quick(winner: str | None, game_points: int | None, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {**extra}
    if winner is not None:
        body["winner"] = winner
    if game_points is not None:
        body["game_points"] = game_points
    return body


def play(*bodies: dict[str, Any], **rules: str) -> tuple[SixtySixState, list[Any]]:
    state = SIXTYSIX.start([A, B], rules=rules)
    results = []
    for body in bodies:
        outcome = SIXTYSIX.apply(state, entry_from_json(body))
        state = outcome.state
        results.append(outcome.result)
    return state, results


@pytest.mark.parametrize(("rules", "bodies", "score", "bummerl", "dealer"), [
    pytest.param({}, [quick(A, 2)], (5, 7), (0, 0), B, id="R22 Anna wins 2 without figures: 7 to 5, Benno deals"),
    pytest.param({}, [quick(B, 3, ended_by="claim")], (7, 4), (0, 0), B, id="R22 Benno's claim, 3, said how it ended"),
    pytest.param({"bummerl": "3"}, [quick(A, 3), quick(A, 3), quick(A, 1)], (7, 7), (0, 2), B,
                 id="R22 three quick deals to 0, Benno still at 7: Schneider, two Bummerl"),
    pytest.param({"tournament": "true"}, [quick(A, 3), quick(A, 3), quick(A, 1)], (7, 7), (0, 1), B,
                 id="R22 in a tournament the same Schneider counts single"),
    pytest.param({}, [quick(B, 3, ended_by="renonce")], (7, 4), (0, 0), B, id="R20 a Renonce: 3"),
    pytest.param({"variant": "schnapsen"}, [quick(A, 1, ended_by="played_out")], (6, 7), (0, 0), B,
                 id="R21 Schnapsen played out: 1"),
    pytest.param({}, [quick(A, 2, ended_by="played_out")], (5, 7), (0, 0), B,
                 id="R21 Sixty-Six played out: 2 (the opponent under 33)"),
    pytest.param({}, [quick(A, 1), quick(B, 2, dealer=B)], (6, 5), (0, 0), A,
                 id="R23 the deal alternates: Benno deals the second"),
])
def test_a_quick_deal_moves_the_counter_as_any_deal(rules: dict, bodies: list, score: tuple[int, int],
                                                    bummerl: tuple[int, int], dealer: str) -> None:
    state, results = play(*bodies, **rules)
    last = results[-1]
    assert state.score == score and state.bummerl == bummerl and state.dealer == (None if state.finished else dealer)
    assert last.to_json()["quick"] is True and last.facts is None
    assert (last.winner, last.game_points) == (bodies[-1]["winner"], bodies[-1]["game_points"])


def test_a_carry_waiting_is_paid_to_the_quick_deals_winner() -> None:
    """R21: two deals at 65:65, then Benno wins 2 quickly: he takes the 2 waiting too."""
    state, results = play(TIE, {**TIE, "points": {A: 65, B: 55}, "last_trick": B}, quick(B, 2))
    result = results[-1]
    assert (result.game_points, result.carry_used, result.carry) == (2, 2, 0)
    assert state.score == (7, 3)
    assert [n.code for n in result.notes] == ["ss_quick_deal", "ss_carry_taken"]


def test_the_result_says_it_was_entered_without_figures() -> None:
    _, results = play(quick(A, 2, ended_by="closed"))
    data = results[0].to_json()
    assert (data["quick"], data["ended_by"], data["totals"], data["claim"]) == (True, "closed", {}, None)
    note = results[0].notes[0]
    assert note.rule == "R19"
    assert note.text("en") == "Entered without figures: Anna wins 2 game points."
    assert note.text("de") == "Ohne Zahlen eingetragen: Anna bekommt 2 Punkte."
    _, results = play(quick(B, 1))
    assert results[0].to_json()["ended_by"] is None
    assert results[0].notes[0].rule == "R22"
    assert results[0].notes[0].text("de") == "Ohne Zahlen eingetragen: Benno bekommt 1 Punkt."


@pytest.mark.parametrize(("rules", "body", "code", "rule", "field"), [
    pytest.param({}, quick(A, 4), "ss_quick_points_range", "R17", "game_points", id="R17 4 game points"),
    pytest.param({}, quick(A, 0), "ss_quick_points_range", "R17", "game_points", id="R17 0 game points"),
    pytest.param({}, quick(A, None), "ss_quick_points_required", "R17", "game_points", id="R17 how many?"),
    pytest.param({}, quick(None, 2), "ss_quick_winner_required", "R23", "winner", id="R23 who won?"),
    pytest.param({}, quick("Carla", 2), "unknown_player", None, "winner", id="a winner not at the table"),
    pytest.param({}, quick(A, 2, points={A: 66, B: 30}), "ss_quick_no_figures", "R23", "points",
                 id="R23 card points mixed in"),
    pytest.param({}, quick(A, 2, ended_by="claim", claim=A), "ss_quick_no_figures", "R23", "claim",
                 id="R23 the claimer mixed in"),
    pytest.param({}, quick(A, 2, trump="H"), "ss_quick_no_figures", "R23", "trump", id="R23 the trumps mixed in"),
    pytest.param({}, quick(A, 2, ended_by="renonce"), "ss_quick_points_renonce", "R20", "game_points",
                 id="R20 a Renonce brings 3, not 2"),
    pytest.param({"variant": "schnapsen"}, quick(A, 2, ended_by="played_out"), "ss_quick_points_schnapsen", "R21",
                 "game_points", id="R21 Schnapsen played out brings 1, not 2"),
    pytest.param({}, quick(A, 2, dealer=B), "ss_dealer_out_of_turn", "R23", "dealer", id="R23 Anna deals first"),
])
def test_a_quick_deal_is_refused_where_it_cannot_be(rules: dict, body: dict, code: str, rule: str | None,
                                                    field: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        play(body, **rules)
    assert (caught.value.code, caught.value.rule, caught.value.field) == (code, rule, field)


def test_a_finished_match_takes_no_quick_deal() -> None:
    state, _ = play(quick(A, 3), quick(A, 3), quick(A, 1), bummerl="1")
    assert state.finished
    with pytest.raises(RuleViolation) as caught:
        SIXTYSIX.apply(state, entry_from_json(quick(B, 2)))
    assert (caught.value.code, caught.value.rule) == ("ss_match_finished", "R22")


def test_figures_and_the_winner_are_refused_together() -> None:
    with pytest.raises(RuleViolation) as caught:
        play(quick(None, 5, points={A: 66, B: 30}, tricks={A: 4, B: 2}))
    assert {v.field for v in caught.value.violations} == {"points", "tricks", "winner", "game_points"}
