"""R38: the rating (Spielstärke), openskill's Plackett-Luce model with its defaults, fed each
game's ranked results in the order they were made; shown as the ordinal (mu - 3 sigma) once a
member has five ranked results in that game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from engine.club import MODEL, Rating, rate, ratings, results, season

from .helpers import BERLIN, bummerl, match, tally

A, B, C, D = "anna", "benno", "clara", "dora"


def nightly_bummerl(count: int, winner: str = A, receiver: str = B) -> list:
    return [bummerl(f"2026-01-15 {19 + n // 6}:{n % 6 * 10:02d}", winner, receiver) for n in range(count)]


@pytest.mark.parametrize(("count", "shown"), [
    pytest.param(4, False, id="four Bummerl: no rating yet"),
    pytest.param(5, True, id="the fifth Bummerl: a rating"),
])
def test_r38_the_rating_is_shown_from_the_fifth_ranked_result(count: int, shown: bool) -> None:
    record = match("s1", "sixtysix", (A, B), nightly_bummerl(count))
    figures = season([record], {"sixtysix": None}, timezone=BERLIN).members
    for member in (A, B):
        assert figures[member]["sixtysix"].ranked == count
        assert (figures[member]["sixtysix"].rating is not None) is shown
    if shown:
        anna = ratings([record])["sixtysix"][A]
        assert figures[A]["sixtysix"].rating == round(anna.mu - 3 * anna.sigma, 2)


def test_r38_a_one_sided_series_the_winner_rises_above_the_loser_every_time() -> None:
    before = (Rating(), Rating())
    for count in range(1, 11):
        record = match("s1", "sixtysix", (A, B), nightly_bummerl(count))
        table = ratings([record])["sixtysix"]
        anna, benno = table[A], table[B]
        assert anna.ordinal > before[0].ordinal
        assert anna.mu > before[0].mu and benno.mu < before[1].mu
        assert anna.ordinal > benno.ordinal
        assert anna.ranked == benno.ranked == count
        before = (anna, benno)


@pytest.mark.parametrize(("ranking", "same"), [
    pytest.param(((A, B),), True, id="a tie: equal movement"),
    pytest.param(((A,), (B,)), False, id="its twin, Anna ahead: she gains what he loses"),
])
def test_r38_ties_give_equal_movement(ranking: tuple[tuple[str, ...], ...], same: bool) -> None:
    record = match("d1", "dreist", (A, B), [("2026-01-15 20:00", tally(ranking=ranking))])
    table = ratings([record])["dreist"]
    assert (table[A] == table[B]) is same
    assert (table[A].mu == MODEL.mu) is same
    assert table[A].sigma < MODEL.sigma and table[B].sigma < MODEL.sigma


def test_r38_results_are_taken_in_the_order_they_were_made() -> None:
    # Anna loses to Benno in the early match, then beats Clara: the order decides the numbers
    early = match("m2", "sixtysix", (A, B), [bummerl("2026-01-15 19:00", B, A)])
    later = match("m1", "sixtysix", (A, C), [bummerl("2026-01-15 19:30", A, C)])
    folded = ratings([later, early])["sixtysix"]
    by_hand = rate([Rating(), Rating()], [0, 1])  # Benno over Anna first
    by_hand = rate([by_hand[1], Rating()], [0, 1])  # then Anna over Clara
    assert folded[A] == by_hand[0] and folded[C] == by_hand[1]
    assert [(r.match, r.seq) for r in results([later, early])] == [("m2", 1), ("m1", 1)]


def test_r38_a_dreierles_standing_is_one_result_at_the_last_entry() -> None:
    deals = [(f"2026-01-15 2{n}:00", tally({A: {"deals": 1}, B: {"deals": 1}, C: {"deals": 1}})) for n in range(3)]
    record = match("t1", "dreierles", (A, B, C), deals, standing=((B,), (A, C)))
    [result] = results([record])
    assert (result.match, result.seq, result.at) == ("t1", 3, record.counted[-1].at)
    table = ratings([record])["dreierles"]
    assert {member: rating.ranked for member, rating in table.items()} == {A: 1, B: 1, C: 1}
    assert table[B].ordinal > table[A].ordinal == table[C].ordinal
    twin = match("t1", "dreierles", (A, B, C), deals)  # no standing (another game): ranks nothing
    assert results([twin]) == ()


def test_r38_a_ranking_of_one_player_ranks_nobody() -> None:
    solo = match("e1", "dreist", (A,), [("2026-01-15 20:00", tally({A: {"best_run": 4}}, ranking=((A,),)))])
    assert results([solo]) == ()
    assert ratings([solo]) == {}


def test_r38_each_game_has_its_own_rating() -> None:
    sixtysix = match("s1", "sixtysix", (A, B), nightly_bummerl(3))
    dreist = match("d1", "dreist", (A, B), [("2026-01-15 23:00", tally(ranking=((B,), (A,))))])
    table = ratings([sixtysix, dreist])
    assert table["sixtysix"][A].ranked == 3 and table["dreist"][A].ranked == 1
    assert table["dreist"][B].ordinal > table["dreist"][A].ordinal


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 50), st.floats(0.5, 9), st.integers(0, 3)), min_size=2, max_size=6))
def test_r38_the_update_is_openskills_plackett_luce(players: list[tuple[float, float, int]]) -> None:
    model = PlackettLuce()
    ours = rate([Rating(mu, sigma) for mu, sigma, _ in players], [place for *_, place in players])
    theirs = model.rate([[model.rating(mu=mu, sigma=sigma)] for mu, sigma, _ in players],
                        ranks=[float(place) for *_, place in players])
    for mine, [its] in zip(ours, theirs):
        assert mine.mu == pytest.approx(its.mu, abs=1e-9)
        assert mine.sigma == pytest.approx(its.sigma, abs=1e-9)
        assert mine.ordinal == pytest.approx(its.ordinal(), abs=1e-9)
        assert mine.ranked == 1


def test_r38_the_models_defaults() -> None:
    assert (MODEL.mu, MODEL.sigma) == (25.0, 25.0 / 3)
    assert Rating().ordinal == pytest.approx(0.0)
