"""The Bummerl (R22), the deal alternating (R23) and the 65:65 carry (R21), deal by deal.

Deals are written as the game points they are worth, made by Renonce (3 for the
opponent), claims and ties, so each row reads like the chalk on the board.
"""

from __future__ import annotations

import pytest

from engine.errors import RuleViolation
from engine.sixtysix import SIXTYSIX, SixtySixState

from .helpers import entry_from_json

A, B = "Anna", "Benno"

#: A deal won by a player with the given game points, as a table would enter it.
WINS = {
    3: lambda w, o: {"ended_by": "renonce", "renonce_by": o},
    2: lambda w, o: {"ended_by": "claim", "claim": w, "points": {w: 66, o: 32}, "tricks": {w: 4, o: 2}},
    1: lambda w, o: {"ended_by": "claim", "claim": w, "points": {w: 66, o: 33}, "tricks": {w: 4, o: 2}},
}
TIE = {"ended_by": "played_out", "points": {A: 55, B: 65}, "tricks": {A: 6, B: 6}, "last_trick": A}


def run(deals: str, **rules: str) -> tuple[SixtySixState, list]:
    """``"A3 B2 A1 tie"``: who won each deal with how many game points."""
    state = SIXTYSIX.start([A, B], rules=rules)
    results = []
    for word in deals.split():
        if word == "tie":
            body = TIE
        else:
            winner, other = (A, B) if word[0] == "A" else (B, A)
            body = WINS[int(word[1:])](winner, other)
        outcome = SIXTYSIX.apply(state, entry_from_json(body))
        state = outcome.state
        results.append(outcome.result)
    return state, results


@pytest.mark.parametrize(("deals", "rules", "score", "bummerl", "finished"), [
    pytest.param("A3 B2", {}, (4, 5), (0, 0), False, id="R22 both count down from 7"),
    pytest.param("A3 B2 A3 A1", {}, (7, 7), (0, 1), False,
                 id="R22 Anna reaches 0: Benno gets a Bummerl, both start again at 7"),
    pytest.param("A3 B2 A3 A3", {}, (7, 7), (0, 1), False, id="R22 going below 0 is still 0"),
    pytest.param("A3 A3 A1", {"bummerl": "3"}, (7, 7), (0, 2), False, id="R22 7:0 is Schneider: two Bummerl"),
    pytest.param("A3 A3 A1", {}, (0, 7), (0, 2), True, id="R22 a Schneider can end a match to two at once"),
    pytest.param("A3 A3 A1", {"tournament": "true"}, (7, 7), (0, 1), False,
                 id="R22 in a tournament a Schneider counts single"),
    pytest.param("A3 A3 A1", {"bummerl": "1"}, (0, 7), (0, 2), True,
                 id="R22 a match to one Bummerl ends with it, the counter as it stood"),
    pytest.param("A3 A3 A1 B3 B3 B1", {"bummerl": "3"}, (7, 7), (2, 2), False,
                 id="R22 to three Bummerl: two each is not the end"),
    pytest.param("A3 A3 A1 A3 A3 A1 A3 A3 A1", {"bummerl": "3", "tournament": "true"}, (0, 7), (0, 3), True,
                 id="R22 the match ends with the Bummerl that reaches the target"),
])
def test_the_bummerl_counter(deals: str, rules: dict, score: tuple[int, int], bummerl: tuple[int, int],
                             finished: bool) -> None:
    state, _ = run(deals, **rules)
    assert (state.score, state.bummerl, state.finished) == (score, bummerl, finished)


def test_a_bummerl_is_recorded_with_its_deals_and_final_score() -> None:
    state, results = run("A3 B2 A3 A1")
    (record,) = state.bummerls
    assert (record.winner, record.loser, record.count, record.schneider, record.deals) == (A, B, 1, False, 4)
    assert dict(record.score) == {A: 0, B: 5}
    assert results[-1].bummerl is not None and results[-1].bummerl.winner == A
    assert [n.code for n in results[-1].notes][-1] == "ss_bummerl_won"


def test_a_finished_match_refuses_the_next_deal() -> None:
    state, results = run("A3 A3 A1", bummerl="1")
    assert results[-1].notes[-1].text("en") == "Anna wins the match: Benno has 2 Bummerl."
    assert (state.winner, state.dealer, SIXTYSIX.needs(state)) == (A, None, None)
    with pytest.raises(RuleViolation) as caught:
        SIXTYSIX.apply(state, entry_from_json(WINS[3](B, A)))
    assert (caught.value.code, caught.value.rule) == ("ss_match_finished", "R22")
    assert caught.value.message("de") == ("Die Partie ist aus, Anna hat sie gewonnen. "
                                          "Zum Weiterspielen eine neue Partie beginnen.")


def test_the_deal_alternates_and_a_dealer_out_of_turn_is_refused() -> None:
    state, _ = run("A3 B2 A1")
    assert state.dealer == B  # Anna dealt deals 1 and 3
    assert SIXTYSIX.state_to_json(state)["forehand"] == A
    with pytest.raises(RuleViolation) as caught:
        SIXTYSIX.apply(state, entry_from_json({**WINS[3](A, B), "dealer": A}))
    assert (caught.value.code, caught.value.rule, caught.value.field) == ("ss_dealer_out_of_turn", "R23", "dealer")
    assert caught.value.message("en") == "Benno deals this time, not Anna: the deal alternates."


@pytest.mark.parametrize(("deals", "rules", "carry", "score", "taken"), [
    pytest.param("tie", {}, 1, (7, 7), 0, id="R21 65:65 carries 1"),
    pytest.param("tie tie", {}, 2, (7, 7), 0, id="R21 two ties in a row carry 2"),
    pytest.param("tie B2", {}, 0, (7, 4), 1, id="R21 the next deal's winner takes the carry"),
    pytest.param("tie tie A3", {}, 0, (2, 7), 2, id="R21 and takes all of it"),
    pytest.param("tie", {"tie": "last_trick_wins"}, 0, (6, 7), 0, id="R21 house rule: no carry"),
])
def test_the_carry(deals: str, rules: dict, carry: int, score: tuple[int, int], taken: int) -> None:
    state, results = run(deals, **rules)
    assert (state.carry, state.score, results[-1].carry_used) == (carry, score, taken)


def test_the_game_points_of_a_deal_do_not_include_the_carry() -> None:
    _, results = run("tie B2")
    assert (results[-1].game_points, results[-1].carry_used, results[-1].score) == (2, 1, {A: 7, B: 4})
