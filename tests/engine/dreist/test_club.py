"""What DREIst! counts for a club's members (R37, R38), through the game's own ``tallies``: a
series (R33) counts each game, the cards left and the table ranked by them, and on its last
game the series, its winners and the money at ``per_point`` (R37); a solo run against Egon
(R34) counts its best count won and the run."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dreist import DREIST, DreistEntry, DreistState
from engine.dreist.rules import CARDS
from engine.game import KITTY, Tally

THREE = ["Anna", "Benno", "Carla"]
FOUR = ["Anna", "Benno", "Carla", "Dieter"]
FIVE_CENTS = {"per_point": 5}
NO_MONEY = {"per_point": 0}


def tallies(*games: dict[str, int], players: list[str] = THREE, rates: dict[str, int] = FIVE_CENTS,
            dealer: str | None = None, abandoned: int | None = None) -> list[Tally]:
    """The tallies of a series' games (``abandoned``: the index of a game given up)."""
    entries = [DreistEntry(remaining=r, abandoned=True if i == abandoned else None) for i, r in enumerate(games)]
    return [t for _, t in DREIST.tallies(DREIST.start(players, dealer=dealer), enumerate(entries), rates)]


# --- R33, R38: a series game counts a game to each and the cards left, ranked ----------------

@pytest.mark.parametrize(("remaining", "abandoned", "figures", "ranking"), [
    pytest.param({"Anna": 0, "Benno": 12, "Carla": 7}, None,
                 {"Anna": {"games": 1}, "Benno": {"games": 1, "cards_left": 12},
                  "Carla": {"games": 1, "cards_left": 7}},
                 (("Anna",), ("Carla",), ("Benno",)), id="R33 Anna goes out, Carla 7 left, Benno 12"),
    pytest.param({"Anna": 0, "Benno": 7, "Carla": 7}, None,
                 {"Anna": {"games": 1}, "Benno": {"games": 1, "cards_left": 7}, "Carla": {"games": 1, "cards_left": 7}},
                 (("Anna",), ("Benno", "Carla")), id="R38 twin: Benno and Carla both 7 left share second place"),
    pytest.param({"Anna": 3, "Benno": 2, "Carla": 4}, 0,
                 {"Anna": {"games": 1, "cards_left": 3}, "Benno": {"games": 1, "cards_left": 2},
                  "Carla": {"games": 1, "cards_left": 4}},
                 (("Benno",), ("Anna",), ("Carla",)), id="R33 an abandoned game, nobody out, counts and ranks too"),
])
def test_r33_r38_a_series_game(remaining: dict[str, int], abandoned: int | None, figures: dict[str, Any],
                               ranking: tuple) -> None:
    tally, = tallies(remaining, abandoned=abandoned)
    assert (tally.figures, tally.ranking, tally.money) == (figures, ranking, {})  # money only when the series ends


# --- R33, R37: the series' last game counts it, its winners and its money --------------------

ONE_WINNER = ({"Anna": 0, "Benno": 12, "Carla": 7}, {"Anna": 9, "Benno": 0, "Carla": 3},
              {"Anna": 4, "Benno": 6, "Carla": 0})  # totals Anna 13, Benno 18, Carla 10
TWO_WINNERS = ({"Anna": 0, "Benno": 4, "Carla": 9}, {"Anna": 6, "Benno": 0, "Carla": 4},
               {"Anna": 4, "Benno": 6, "Carla": 0})  # totals Anna 10, Benno 10, Carla 13
THREE_WINNERS = ({"Anna": 0, "Benno": 2, "Carla": 3, "Dieter": 4}, {"Anna": 3, "Benno": 0, "Carla": 2, "Dieter": 1},
                 {"Anna": 2, "Benno": 3, "Carla": 0, "Dieter": 2},
                 {"Anna": 1, "Benno": 1, "Carla": 1, "Dieter": 0})  # totals 6, 6, 6, Dieter 7


@pytest.mark.parametrize(("games", "players", "rates", "won", "money"), [
    pytest.param(ONE_WINNER, THREE, FIVE_CENTS, ["Carla"], {"Anna": -15, "Benno": -40, "Carla": 55},
                 id="R37 Carla wins on 10: Anna pays 3 x 5, Benno 8 x 5"),
    pytest.param(ONE_WINNER, THREE, NO_MONEY, ["Carla"], {},
                 id="R37 twin: rate 0, not played for money: the series still counts, no money"),
    pytest.param(TWO_WINNERS, THREE, FIVE_CENTS, ["Anna", "Benno"], {"Anna": 8, "Benno": 7, "Carla": -15},
                 id="R37 Anna and Benno tie on 10: Carla's 15 cents split 7 each, the odd cent to Anna (first seat)"),
    pytest.param(TWO_WINNERS, THREE, {"per_point": 4}, ["Anna", "Benno"], {"Anna": 6, "Benno": 6, "Carla": -12},
                 id="R37 twin: at 4 cents Carla's 12 split evenly, no odd cent"),
    pytest.param(THREE_WINNERS, FOUR, {"per_point": 5}, ["Anna", "Benno", "Carla"],
                 {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": -5},
                 id="R37 three tie on 6: Dieter's 5 cents are 1 each and two left, to Anna and then Benno"),
    pytest.param(THREE_WINNERS, FOUR, {"per_point": 3}, ["Anna", "Benno", "Carla"],
                 {"Anna": 1, "Benno": 1, "Carla": 1, "Dieter": -3},
                 id="R37 twin: at 3 cents Dieter's 3 split one each"),
    pytest.param(({"Anna": 0, "Benno": 5}, {"Anna": 5, "Benno": 0}), ["Anna", "Benno"], FIVE_CENTS,
                 ["Anna", "Benno"], {}, id="R33 both on 5: the series shared, nobody pays"),
])
def test_r37_the_series_last_game_counts_it_and_settles(games: tuple[dict[str, int], ...], players: list[str],
                                                         rates: dict[str, int], won: list[str],
                                                         money: dict[str, int]) -> None:
    *during, last = tallies(*games, players=players, rates=rates)
    assert all("series" not in f for t in during for f in t.figures.values())
    assert all(t.money == {} for t in during)
    assert {p for p, f in last.figures.items() if f.get("series")} == set(players)
    assert sorted(p for p, f in last.figures.items() if f.get("series_won")) == won
    assert last.money == money
    assert sum(last.money.values()) == 0 and KITTY not in last.money


def test_r37_the_odd_cents_go_in_seating_order_not_by_who_started() -> None:
    """Benno starts the series; the tied winners are Anna and Benno as they sit: the odd
    cent of each payer goes to Anna, the first of them at the table."""
    *_, last = tallies(*TWO_WINNERS, dealer="Benno")
    assert last.money == {"Anna": 8, "Benno": 7, "Carla": -15}


def test_r37_each_payers_odd_cents_are_his_own() -> None:
    """Anna and Benno tie on 9; Carla (10) pays 1 cent, Dieter (12) 3: each payer's odd cent
    goes to Anna, the first of them at the table, so she gets 1 + 2 and Benno 1."""
    games = ({"Anna": 0, "Benno": 3, "Carla": 4, "Dieter": 5}, {"Anna": 3, "Benno": 0, "Carla": 2, "Dieter": 3},
             {"Anna": 4, "Benno": 2, "Carla": 0, "Dieter": 4}, {"Anna": 2, "Benno": 4, "Carla": 4, "Dieter": 0})
    *_, last = tallies(*games, players=FOUR, rates={"per_point": 1})
    assert last.money == {"Anna": 3, "Benno": 1, "Carla": -1, "Dieter": -3}


# --- a whole series: the figures agree with the totals ----------------------------------------

def test_r38_a_whole_series_adds_up_to_its_totals() -> None:
    start = DREIST.start(THREE)
    entries = [DreistEntry(remaining=r) for r in ONE_WINNER]
    final = DREIST.replay(start, entries)
    cards = dict.fromkeys(THREE, 0)
    games = dict.fromkeys(THREE, 0)
    for _, tally in DREIST.tallies(start, enumerate(entries), FIVE_CENTS):
        for player, figures in tally.figures.items():
            cards[player] += figures.get("cards_left", 0)
            games[player] += figures["games"]
    assert cards == dict(zip(final.players, final.totals)) == {"Anna": 13, "Benno": 18, "Carla": 10}
    assert games == dict.fromkeys(THREE, 3)


# --- R34: solo against Egon --------------------------------------------------------------------

def solo_tallies(*results: bool, rates: dict[str, int] = FIVE_CENTS) -> list[Tally]:
    start = DREIST.start(["Zoë"], rules={"mode": "solo"})
    return [t for _, t in DREIST.tallies(start, enumerate(DreistEntry(won=w) for w in results), rates)]


@pytest.mark.parametrize(("results", "figures"), [
    pytest.param((False,), [{"solo_runs": 1}], id="R34 the first game lost: a run, no count won"),
    pytest.param((True, False), [{"best_run": 50}, {"solo_runs": 1}],
                 id="R34 twin: the first won with 50, the second lost: best 50"),
    pytest.param((True, True, True, False), [{"best_run": 50}, {"best_run": 52}, {"best_run": 54}, {"solo_runs": 1}],
                 id="R34 three won: the best grows 50, 52, 54 on the games that raise it"),
    pytest.param((True,) * 23, [{"best_run": 48 + 2 * n} for n in range(1, 23)] + [{"best_run": 94, "solo_runs": 1}],
                 id="R34 all 23 won: the last game raises the best to 94 and ends the run"),
])
def test_r34_a_solo_run(results: tuple[bool, ...], figures: list[dict[str, int]]) -> None:
    counted = solo_tallies(*results)
    assert [t.figures.get("Zoë", {}) for t in counted] == figures
    assert all(t.money == {} and t.ranking == () for t in counted)  # one player: no money, nothing ranked


def test_r34_a_run_not_yet_over_counts_its_best_but_not_the_run() -> None:
    counted = solo_tallies(True, True)
    assert [t.figures for t in counted] == [{"Zoë": {"best_run": 50}}, {"Zoë": {"best_run": 52}}]


def test_r38_the_figures_are_declared_for_the_season() -> None:
    assert DREIST.club is not None
    figures = {f.name: f for f in DREIST.club.figures}
    assert list(figures) == ["games", "cards_left", "series", "series_won", "best_run", "solo_runs"]
    assert figures["cards_left"].per == "games" and figures["games"].name in figures
    assert [n for n, f in figures.items() if f.best] == ["best_run"]
    assert all(f.title["en"] != f.title["de"] for f in figures.values())


# --- random whole series and runs (hypothesis) ---------------------------------------------------

def random_game(rng: random.Random, players: tuple[str, ...]) -> DreistEntry:
    """A game as a table could enter it: one player out (or, now and then, nobody: given up),
    the others' cards left within what was dealt (R33)."""
    in_play = CARDS - CARDS % len(players)
    abandoned = rng.random() < 0.1
    out = None if abandoned else rng.choice(players)
    remaining = {p: 0 if p == out else rng.randint(1, in_play // len(players)) for p in players}
    return DreistEntry(remaining=remaining, abandoned=True if abandoned else None)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), count=st.sampled_from([2, 3, 4, 5]),
       per_point=st.sampled_from([0, 1, 3, 5, 7, 10]))
def test_r37_r38_every_series_money_sums_to_zero(seed: int, count: int, per_point: int) -> None:
    rng = random.Random(seed)
    players = ("Anna", "Benno", "Carla", "Dieter", "Emil")[:count]
    state: DreistState = DREIST.start(list(players), dealer=rng.choice(players))
    cards = dict.fromkeys(players, 0)
    while not state.finished:
        entry = random_game(rng, players)
        outcome = DREIST.apply(state, entry)
        assert DREIST.club is not None
        tally = DREIST.club.tally(state, entry, outcome, {"per_point": per_point})
        assert sum(tally.money.values()) == 0
        assert all(n > 0 for f in tally.figures.values() for n in f.values())
        assert {name for f in tally.figures.values() for name in f} <= {"games", "cards_left", "series", "series_won"}
        assert sorted(p for group in tally.ranking for p in group) == sorted(players)
        for player, figures in tally.figures.items():
            cards[player] += figures.get("cards_left", 0)
        state = outcome.state
    assert cards == dict(zip(state.players, state.totals))
    low = min(state.totals)
    payers = {p: (t - low) * per_point for p, t in zip(state.players, state.totals) if t > low}
    assert all(tally.money.get(p, 0) == -cents for p, cents in payers.items())
    share = [tally.money.get(p, 0) for p in state.leaders]
    assert share == sorted(share, reverse=True) and share[0] - share[-1] <= len(payers)


@settings(max_examples=40, deadline=None)
@given(results=st.lists(st.booleans(), min_size=1, max_size=23))
def test_r34_the_best_run_kept_is_the_states_best(results: list[bool]) -> None:
    state: DreistState = DREIST.start(["Zoë"], rules={"mode": "solo"})
    best: list[int] = []
    runs = 0
    for won in results:
        if state.finished:
            break
        entry = DreistEntry(won=won)
        outcome = DREIST.apply(state, entry)
        assert DREIST.club is not None
        tally = DREIST.club.tally(state, entry, outcome, FIVE_CENTS)
        assert tally.money == {} and tally.ranking == ()
        best += [tally.figures["Zoë"]["best_run"]] if "best_run" in tally.figures.get("Zoë", {}) else []
        runs += tally.figures.get("Zoë", {}).get("solo_runs", 0)
        state = outcome.state
    assert max(best, default=None) == state.best
    assert runs == (1 if state.finished else 0)
