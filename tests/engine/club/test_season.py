"""R38: a member's season per game from his matches' tallies (summed, the largest kept where
``best``, divided where ``per``), his money and matches played, over the evenings in a range;
and where each number came from, his record against each other member, his evenings."""

from __future__ import annotations

from datetime import date
from typing import Any, ClassVar

import pytest

from engine.club import EveningPoint, Source, head_to_head, ratings, season, series, sources
from engine.game import KITTY, ClubFigures, Figure, Outcome, Tally

from .helpers import BERLIN, bummerl, match, tally

A, B, C, D = "anna", "benno", "clara", "dora"


def figure(name: str, **kwargs: Any) -> Figure:
    return Figure(name, {"en": name, "de": name}, **kwargs)


class Counts(ClubFigures[None, None, None]):
    """A game's declared figures, as its club module declares them (the tallies are built by hand)."""

    def tally(self, before: None, entry: None, outcome: Outcome[None, None], rates: Any) -> Tally:
        raise NotImplementedError


class DreistLike(Counts):
    figures: ClassVar[tuple[Figure, ...]] = (
        figure("games"), figure("cards_left", per="games"), figure("series"), figure("series_won"),
        figure("best_run", best=True), figure("solo_runs"))


class DreegLike(Counts):
    figures: ClassVar[tuple[Figure, ...]] = (figure("partien"), figure("partien_won"), figure("blobs"))


GAMES = {"dreist": DreistLike(), "dreeg": DreegLike(), "sixtysix": None}


def dreist_game(at: str, left: dict[str, int]) -> tuple[str, Tally]:
    """A DREIst! series game: cards left per player, ranked by cards left ascending."""
    order = sorted(set(left.values()))
    return at, tally({p: {"games": 1, **({"cards_left": n} if n else {})} for p, n in left.items()},
                     ranking=tuple(tuple(p for p in left if left[p] == n) for n in order))


def dreeg_partie(at: str, blobs: dict[str, int], per_blob: int = 20) -> tuple[str, Tally]:
    fewest = min(blobs.values())
    figures = {p: {"partien": 1, **({"partien_won": 1} if n == fewest else {}), **({"blobs": n} if n else {})}
               for p, n in blobs.items()}
    money = {p: -n * per_blob for p, n in blobs.items() if n}
    if money:
        money[KITTY] = -sum(money.values())
    order = sorted(set(blobs.values()))
    return at, tally(figures, money, tuple(tuple(p for p in blobs if blobs[p] == n) for n in order))


@pytest.mark.parametrize(("games", "expected"), [
    pytest.param([{A: 0, B: 4}, {A: 3, B: 0}, {A: 4, B: 2}], {A: 2.33, B: 2.0}, id="7 cards in 3 games: 2.33"),
    pytest.param([{A: 0, B: 4}], {A: 0, B: 4.0}, id="one game, Anna out: 0 per game"),
])
def test_r38_cards_left_per_game(games: list[dict[str, int]], expected: dict[str, float]) -> None:
    record = match("d1", "dreist", (A, B), [dreist_game(f"2026-01-15 2{n}:00", g) for n, g in enumerate(games)])
    members = season([record], GAMES, timezone=BERLIN).members
    assert {m: members[m]["dreist"].figures["cards_left"] for m in (A, B)} == expected
    assert members[A]["dreist"].figures["games"] == len(games)


def test_r38_a_per_figure_with_nothing_to_divide_by_is_none() -> None:
    solo = match("e1", "dreist", (A,), [("2026-01-15 20:00", tally({A: {"best_run": 3, "solo_runs": 1}}))])
    figures = season([solo], GAMES, timezone=BERLIN).members[A]["dreist"].figures
    assert figures["cards_left"] is None
    assert figures["games"] == 0


@pytest.mark.parametrize(("best", "expected"), [
    pytest.param(True, 5, id="best run: the largest, 5"),
    pytest.param(False, 10, id="its twin, a summed figure: 3 + 5 + 2"),
])
def test_r38_best_keeps_the_largest_sum_adds(best: bool, expected: int) -> None:
    class Solo(Counts):
        figures: ClassVar[tuple[Figure, ...]] = (figure("best_run", best=best),)

    runs = [(f"2026-01-1{n + 5} 20:00", tally({A: {"best_run": run}})) for n, run in enumerate([3, 5, 2])]
    records = [match(f"e{n}", "dreist", (A,), [entry]) for n, entry in enumerate(runs)]
    assert season(records, {"dreist": Solo()}, timezone=BERLIN).members[A]["dreist"].figures["best_run"] == expected


def test_r38_dreeg_figures_money_and_matches_played() -> None:
    records = [
        match("p1", "dreeg", (A, B, C), [dreeg_partie("2026-01-15 19:00", {A: 0, B: 2, C: 1})]),
        match("p2", "dreeg", (A, B, C), [dreeg_partie("2026-01-15 20:00", {A: 1, B: 0, C: 0})]),
        match("p3", "dreeg", (B, C, D), [dreeg_partie("2026-01-16 20:00", {B: 3, C: 0, D: 0})]),
    ]
    members = season(records, GAMES, timezone=BERLIN).members
    assert set(members) == {A, B, C, D}  # the kitty is no member
    assert members[A]["dreeg"].figures == {"partien": 2, "partien_won": 1, "blobs": 1, "cents": -20, "played": 2}
    assert members[B]["dreeg"].figures == {"partien": 3, "partien_won": 1, "blobs": 5, "cents": -100, "played": 3}
    assert members[C]["dreeg"].figures == {"partien": 3, "partien_won": 2, "blobs": 1, "cents": -20, "played": 3}
    assert members[D]["dreeg"].figures == {"partien": 1, "partien_won": 1, "blobs": 0, "cents": 0, "played": 1}
    assert members[B]["dreeg"].ranked == 3 and members[B]["dreeg"].rating is None
    assert members[A]["dreeg"].to_json()["rating"] is None


def test_r38_a_game_that_counts_nothing_still_counts_money_and_matches() -> None:
    record = match("s1", "sixtysix", (A, B), [bummerl("2026-01-15 19:00", A, B), bummerl("2026-01-15 19:30", A, B)])
    members = season([record], GAMES, timezone=BERLIN).members
    assert members[A]["sixtysix"].figures["cents"] == 100 and members[A]["sixtysix"].figures["played"] == 1
    assert members[B]["sixtysix"].figures["cents"] == -100
    assert members[A]["sixtysix"].figures["bummerl_won"] == 2  # counted, though not declared


def test_r38_a_match_where_nothing_counts_is_not_played() -> None:
    empty = match("s0", "sixtysix", (A, C), [])
    assert season([empty], GAMES, timezone=BERLIN).members == {}


@pytest.mark.parametrize(("first", "since", "until", "counted"), [
    pytest.param("2026-01-16 11:30", date(2026, 1, 16), None, False, id="11:30 on the 16th is the 15th: out"),
    pytest.param("2026-01-16 12:00", date(2026, 1, 16), None, True, id="12:00 on the 16th: in"),
    pytest.param("2026-01-31 23:00", None, date(2026, 1, 31), True, id="the last evening of the range: in"),
    pytest.param("2026-02-01 12:00", None, date(2026, 1, 31), False, id="the next evening: out"),
    pytest.param("2026-02-01 02:00", None, date(2026, 1, 31), True, id="a late night of the last evening: in"),
])
def test_r38_r36_a_range_takes_whole_matches_by_their_evening(first: str, since: date | None,
                                                              until: date | None, counted: bool) -> None:
    record = match("s1", "sixtysix", (A, B), [bummerl(first, A, B), bummerl("2026-02-05 20:00", A, B)])
    members = season([record], GAMES, since=since, until=until, timezone=BERLIN).members
    assert (members.get(A, {}).get("sixtysix") is not None) is counted
    if counted:
        assert members[A]["sixtysix"].figures["cents"] == 100  # the later entry counts with its match


def test_r38_sources_trace_each_figure_to_its_entries() -> None:
    records = [
        match("p1", "dreeg", (A, B, C), [dreeg_partie("2026-01-15 19:00", {A: 0, B: 2, C: 1}),
                                          dreeg_partie("2026-01-15 19:40", {A: 3, B: 0, C: 1})]),
        match("p2", "dreeg", (A, B, C), [dreeg_partie("2026-01-16 20:00", {A: 1, B: 0, C: 0})]),
        match("s1", "sixtysix", (A, B), [bummerl("2026-01-15 21:00", A, B)]),
    ]
    evening15, evening16 = date(2026, 1, 15), date(2026, 1, 16)
    assert sources(records, A, "dreeg", "blobs") == (Source("p1", 2, evening15, 3), Source("p2", 1, evening16, 1))
    assert sources(records, A, "dreeg", "cents") == (Source("p1", 2, evening15, -60), Source("p2", 1, evening16, -20))
    assert sources(records, A, "sixtysix", "cents") == (Source("s1", 1, evening15, 50),)
    assert sources(records, A, "dreeg", "played") == (Source("p1", 1, evening15, 1), Source("p2", 1, evening16, 1))
    assert [(s.match, s.seq) for s in sources(records, A, "dreeg", "ranked")] == [("p1", 1), ("p1", 2), ("p2", 1)]
    rating = sources(records, A, "dreeg", "rating")
    assert rating[0].amount > 0 > rating[1].amount  # won the first Partie, lost the second
    ordinal = ratings(records)["dreeg"][A].ordinal  # a fresh rating's ordinal is 0
    assert sum(s.amount for s in rating) == pytest.approx(ordinal, abs=0.01 * len(rating))
    assert sources(records, A, "dreeg", "blobs", since=evening16) == (Source("p2", 1, evening16, 1),)
    assert sources(records, A, "dreeg", "blobs")[0].to_json() == {"match": "p1", "seq": 2, "evening": "2026-01-15",
                                                                  "amount": 3}
    members = season(records, GAMES, timezone=BERLIN).members
    assert members[A]["dreeg"].figures["blobs"] == sum(s.amount for s in sources(records, A, "dreeg", "blobs"))


def test_r38_head_to_head_from_the_rankings() -> None:
    records = [
        # Dreeg: Anna fewest blobs, Benno and Clara tie behind her; then Benno alone first
        match("p1", "dreeg", (A, B, C), [dreeg_partie("2026-01-15 19:00", {A: 0, B: 1, C: 1}),
                                          dreeg_partie("2026-01-15 19:30", {A: 2, B: 0, C: 2})]),
        match("s1", "sixtysix", (A, B), [bummerl("2026-01-15 21:00", B, A), bummerl("2026-01-15 21:20", B, A)]),
    ]
    assert head_to_head(records, A) == {
        B: {"dreeg": {"won": 1, "lost": 1, "tied": 0}, "sixtysix": {"won": 0, "lost": 2, "tied": 0}},
        C: {"dreeg": {"won": 1, "lost": 0, "tied": 1}},
    }
    assert head_to_head(records, C) == {
        A: {"dreeg": {"won": 0, "lost": 1, "tied": 1}},
        B: {"dreeg": {"won": 0, "lost": 1, "tied": 1}},
    }
    assert head_to_head(records, D) == {}


def test_r38_series_his_evenings_money_and_results() -> None:
    records = [
        match("s1", "sixtysix", (A, B), [bummerl("2026-01-15 20:00", A, B), bummerl("2026-01-16 00:30", A, B)]),
        match("p1", "dreeg", (A, B, C), [dreeg_partie("2026-01-16 21:00", {A: 1, B: 1, C: 1})]),
        match("s2", "sixtysix", (B, C), [bummerl("2026-01-17 20:00", B, C)]),
        match("s3", "sixtysix", (A, C), [bummerl("2026-01-18 20:00", C, A, schneider=True)]),
    ]
    assert series(records, A, BERLIN) == (
        EveningPoint(date(2026, 1, 15), 100, 100, {"sixtysix": {"won": 2, "lost": 0, "tied": 0}}),
        EveningPoint(date(2026, 1, 16), -20, 80, {"dreeg": {"won": 0, "lost": 0, "tied": 1}}),
        EveningPoint(date(2026, 1, 18), -100, -20, {"sixtysix": {"won": 0, "lost": 1, "tied": 0}}),
    )
    assert series(records, A, BERLIN, since=date(2026, 1, 16))[0].balance == -20
    assert series(records, A, BERLIN)[0].to_json() == {"date": "2026-01-15", "cents": 100, "balance": 100,
                                                       "games": {"sixtysix": {"won": 2, "lost": 0, "tied": 0}}}
