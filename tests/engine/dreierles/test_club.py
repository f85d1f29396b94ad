"""What a deal of Dreierles counts for a club's members (R37, R38), through the game's own
``tallies``: the Fach it settled (R29-R31), a deal to each who played it and nothing to whoever
sat out (R32), the declarer's game by type and won; the money at ``per_fach``; the table's
standing by balance.  The figures of whole evenings agree with the ledger."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dreierles import DREIERLES, DreierlesState
from engine.game import KITTY, Tally

from .helpers import entry_from_json, random_deal

THREE = ["Anna", "Benno", "Carla"]
FOUR = ["Anna", "Benno", "Carla", "Dieter"]
EVENINGS = json.loads((Path(__file__).parent / "data" / "evening.json").read_text(encoding="utf-8"))["evenings"]
FACH = {"per_fach": 5}
NO_MONEY = {"per_fach": 0}


def start(players: list[str] = FOUR, dealer: str = "Anna", **rules: str) -> DreierlesState:
    return DREIERLES.start(players, rules=rules, dealer=dealer)


def tallies(*bodies: dict[str, Any], rates: dict[str, int] = FACH, players: list[str] = FOUR,
            dealer: str = "Anna") -> list[Tally]:
    entries = enumerate(entry_from_json(b) for b in bodies)
    return [t for _, t in DREIERLES.tallies(start(players, dealer), entries, rates)]


def game(kind: str, declarer: str, points: int, **extra: Any) -> dict[str, Any]:
    return {"game": kind, "declarer": declarer, "declarer_points": points, **extra}


DEFENDS = {"deals": 1}  # what a defender counts besides his Fach


# --- R29-R32, R38: one deal's figures; Anna deals at a table of four and sits out -------------------

@pytest.mark.parametrize(("body", "figures"), [
    pytest.param(game("dreier", "Benno", 41),
                 {"Benno": {"deals": 1, "fach": 4, "declared": 1, "declared_won": 1, "declared_dreier": 1},
                  "Carla": {**DEFENDS, "fach": -2}, "Dieter": {**DEFENDS, "fach": -2}},
                 id="R29 Benno wins a Dreier with 41: 2 Fach from each, a game won as declarer"),
    pytest.param(game("dreier", "Benno", 30),
                 {"Benno": {"deals": 1, "fach": -4, "declared": 1, "declared_dreier": 1},
                  "Carla": {**DEFENDS, "fach": 2}, "Dieter": {**DEFENDS, "fach": 2}},
                 id="R29 twin: Benno loses the Dreier with 30 (defenders 40: 2 each), declared but not won"),
    pytest.param(game("solo", "Carla", 45),
                 {"Carla": {"deals": 1, "fach": 12, "declared": 1, "declared_won": 1, "declared_solo": 1},
                  "Benno": {**DEFENDS, "fach": -6}, "Dieter": {**DEFENDS, "fach": -6}},
                 id="R28 Carla wins a Solo with 45: 3 from points + 3 for the Solo, counted as a Solo"),
    pytest.param(game("solo_durchmarsch", "Carla", 70),
                 {"Carla": {"deals": 1, "fach": 24, "declared": 1, "declared_won": 1, "declared_durchmarsch": 1},
                  "Benno": {**DEFENDS, "fach": -12}, "Dieter": {**DEFENDS, "fach": -12}},
                 id="R28 twin: the Solo with announced Durchmarsch made (8 + 4) counts as its own type"),
    pytest.param(game("zweier", "Dieter", 30),
                 {"Dieter": {"deals": 1, "fach": -6, "declared": 1, "declared_zweier": 1},
                  "Benno": {**DEFENDS, "fach": 3}, "Carla": {**DEFENDS, "fach": 3}},
                 id="R28 Dieter loses a Zweier with 30: defenders' 40 make 2, +1 for the Zweier"),
    pytest.param(game("einser", "Dieter", 50, extras=["blind"]),
                 {"Dieter": {"deals": 1, "fach": 14, "declared": 1, "declared_won": 1, "declared_einser": 1},
                  "Benno": {**DEFENDS, "fach": -7}, "Carla": {**DEFENDS, "fach": -7}},
                 id="R28 Dieter wins an Einser played blind with 50: 4 + 2 + 1"),
    pytest.param(game("dreier", "Benno", 44, discard_error=True),
                 {"Benno": {"deals": 1, "fach": -16, "declared": 1, "declared_dreier": 1},
                  "Carla": {**DEFENDS, "fach": 8}, "Dieter": {**DEFENDS, "fach": 8}},
                 id="R31 Benno forgot to discard: lost eightfold whatever his 44"),
    pytest.param({"game": "raeuber", "points": {"Benno": 25, "Carla": 25, "Dieter": 12},
                  "tricks": {"Benno": 6, "Carla": 5, "Dieter": 5}, "blind_points": 8},
                 {"Benno": {**DEFENDS, "fach": -1}, "Carla": {**DEFENDS, "fach": -1}, "Dieter": {**DEFENDS, "fach": 2}},
                 id="R30 a Räuber, Benno and Carla tie on 25 and each pay Dieter: nobody declared"),
    pytest.param({"game": "raeuber", "points": {"Benno": 64, "Carla": 0, "Dieter": 0},
                  "tricks": {"Benno": 16, "Carla": 0, "Dieter": 0}, "blind_points": 6},
                 {"Benno": {**DEFENDS, "fach": -8}, "Carla": {**DEFENDS, "fach": 4}, "Dieter": {**DEFENDS, "fach": 4}},
                 id="R30 a Räuber, Benno takes every trick: 1 x 4 to each"),
    pytest.param({"game": "raeuber", "points": {"Benno": 20, "Carla": 20, "Dieter": 20},
                  "tricks": {"Benno": 5, "Carla": 5, "Dieter": 6}, "blind_points": 10},
                 {"Benno": DEFENDS, "Carla": DEFENDS, "Dieter": DEFENDS},
                 id="R30 twin: a Räuber all equal on 20 pays nothing, a deal played all the same"),
    pytest.param({"game": "drescher", "last_trick": "Dieter"},
                 {"Benno": {**DEFENDS, "fach": 1}, "Carla": {**DEFENDS, "fach": 1}, "Dieter": {**DEFENDS, "fach": -2}},
                 id="R30 a Drescher: Dieter takes the last trick and pays each 1"),
])
def test_r29_r38_a_deals_figures(body: dict[str, Any], figures: dict[str, dict[str, int]]) -> None:
    tally, = tallies(body)
    assert tally.figures == figures
    assert "Anna" not in tally.figures and "Anna" not in tally.money  # R32: the dealer sits out
    assert tally.ranking == ()  # R38: Dreierles ranks the evening, not the deal
    assert sum(f.get("fach", 0) for f in tally.figures.values()) == 0


@pytest.mark.parametrize(("players", "dealer", "counted"), [
    pytest.param(FOUR, "Anna", ["Benno", "Carla", "Dieter"], id="R32 four at the table: Anna deals and sits out"),
    pytest.param(THREE, "Anna", ["Anna", "Benno", "Carla"], id="R32 twin: three at the table, Anna deals and plays"),
    pytest.param(FOUR, "Benno", ["Anna", "Carla", "Dieter"], id="R32 four, Benno deals: he sits out, Anna plays"),
    pytest.param([*FOUR, "Emil"], "Anna", ["Benno", "Dieter", "Emil"],
                 id="R32 five: Anna deals, she and Carla (the dealer after next) sit out"),
])
def test_r32_only_who_plays_the_deal_counts_it(players: list[str], dealer: str, counted: list[str]) -> None:
    tally, = tallies({"game": "drescher", "last_trick": counted[-1]}, players=players, dealer=dealer)
    assert sorted(tally.figures) == counted
    assert all(tally.figures[p]["deals"] == 1 for p in counted)
    assert sorted(tally.money) == counted


# --- R37: the money is the settlement times per_fach -------------------------------------------

@pytest.mark.parametrize(("rates", "money"), [
    pytest.param(FACH, {"Benno": 20, "Carla": -10, "Dieter": -10}, id="R37 5 cents a Fach: 2 Fach pay 10 cents"),
    pytest.param({"per_fach": 50}, {"Benno": 200, "Carla": -100, "Dieter": -100}, id="R37 50 cents a Fach"),
    pytest.param(NO_MONEY, {}, id="R37 twin: rate 0, not played for money: no money at all"),
])
def test_r37_a_deal_pays_its_settlement_times_per_fach(rates: dict[str, int], money: dict[str, int]) -> None:
    tally, = tallies(game("dreier", "Benno", 41), rates=rates)
    assert tally.money == money
    assert KITTY not in tally.money
    assert tally.figures["Benno"]["fach"] == 4  # the figures do not depend on the rate


def test_r37_a_raeuber_all_equal_pays_no_money_even_at_a_rate() -> None:
    tally, = tallies({"game": "raeuber", "points": {"Benno": 20, "Carla": 20, "Dieter": 20},
                      "tricks": {"Benno": 5, "Carla": 5, "Dieter": 6}, "blind_points": 10})
    assert tally.money == {}


# --- R38: the standing ranks the table by balance ---------------------------------------------

def state_after(*bodies: dict[str, Any], players: list[str] = THREE) -> DreierlesState:
    return DREIERLES.replay(start(players), [entry_from_json(b) for b in bodies])


@pytest.mark.parametrize(("bodies", "standing"), [
    pytest.param([], (), id="R38 before the first deal nothing is ranked"),
    pytest.param([{"game": "drescher", "last_trick": "Anna"}], (("Benno", "Carla"), ("Anna",)),
                 id="R38 Anna pays the Drescher: Benno and Carla tie on +1 above her -2"),
    pytest.param([{"game": "drescher", "last_trick": "Anna"}, game("dreier", "Carla", 41)],
                 (("Carla",), ("Benno",), ("Anna",)),
                 id="R38 twin: then Carla wins a Dreier (+4): Carla 5, Benno -1, Anna -4"),
    pytest.param([{"game": "drescher", "last_trick": "Anna"}, {"game": "drescher", "last_trick": "Benno"},
                  {"game": "drescher", "last_trick": "Carla"}], (("Anna", "Benno", "Carla"),),
                 id="R38 each paid one Drescher: all on 0, one group"),
])
def test_r38_the_standing_ranks_the_table_by_balance(bodies: list[dict[str, Any]], standing: tuple) -> None:
    assert DREIERLES.club is not None
    assert DREIERLES.club.standing(state_after(*bodies)) == standing


def test_r38_the_standing_of_four_includes_who_sat_out() -> None:
    state = state_after(game("dreier", "Benno", 41), players=FOUR)  # Anna sat out on 0
    assert DREIERLES.club is not None
    assert DREIERLES.club.standing(state) == (("Benno",), ("Anna",), ("Carla", "Dieter"))


DECLARED = {"fach", "deals", "declared", "declared_won", "declared_dreier", "declared_zweier", "declared_einser",
            "declared_solo", "declared_durchmarsch"}


def test_r38_the_figures_are_declared_for_the_season() -> None:
    assert DREIERLES.club is not None
    figures = DREIERLES.club.figures
    assert {f.name for f in figures} == DECLARED and len(figures) == len(DECLARED)
    assert not any(f.best or f.per for f in figures)
    assert [f.title["de"] for f in figures[:4]] == ["Fach", "Spiele mitgespielt", "Spiele als Spieler",
                                                    "Als Spieler gewonnen"]


# --- whole evenings: the figures agree with the ledger ---------------------------------------

@pytest.mark.parametrize("evening", [pytest.param(e, id=e["name"]) for e in EVENINGS])
def test_r38_an_evenings_figures_add_up_to_its_ledger(evening: dict[str, Any]) -> None:
    begin = DREIERLES.start(evening["players"], rules=evening["rules"], dealer=evening["dealer"])
    entries = [entry_from_json(step["entry"]) for step in evening["deals"]]
    final = DREIERLES.replay(begin, entries)
    totals: dict[str, dict[str, int]] = {p: {} for p in evening["players"]}
    money = dict.fromkeys(evening["players"], 0)
    for _, tally in DREIERLES.tallies(begin, enumerate(entries), FACH):
        for player, figures in tally.figures.items():
            for name, n in figures.items():
                totals[player][name] = totals[player].get(name, 0) + n
        for party, cents in tally.money.items():
            money[party] += cents
    balance = dict(zip(final.players, final.balance))
    assert {p: f.get("fach", 0) for p, f in totals.items()} == balance
    assert money == {p: 5 * b for p, b in balance.items()}
    assert sum(f["deals"] for f in totals.values()) == 3 * len(entries)
    declarers = [step["entry"]["declarer"] for step in evening["deals"] if "declarer" in step["entry"]]
    assert {p: f.get("declared", 0) for p, f in totals.items()} == {p: declarers.count(p) for p in evening["players"]}
    for f in totals.values():
        by_type = sum(v for k, v in f.items() if k.startswith("declared_") and k != "declared_won")
        assert by_type == f.get("declared", 0) >= f.get("declared_won", 0)


# --- every random evening: money sums to 0, Fach sums to 0 per deal (hypothesis) ----------------

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4, 5]), per_fach=st.sampled_from([0, 1, 5, 50]),
       rules=st.fixed_dictionaries({"lost_double": st.sampled_from(["false", "true"]),
                                    "ladder": st.sampled_from(["cumulative", "flat"]),
                                    "blind_rest": st.sampled_from(["declarer", "defenders"]),
                                    "next_dealer": st.sampled_from(["left", "right"])}))
def test_r37_r38_every_deals_money_and_fach_sum_to_zero(seed: int, players: int, per_fach: int,
                                                       rules: dict[str, str]) -> None:
    rng = random.Random(seed)
    state = DREIERLES.start(["Anna", "Benno", "Carla", "Dieter", "Emil"][:players], rules=rules)
    for _ in range(20):
        entry = entry_from_json(random_deal(rng, state))
        outcome = DREIERLES.apply(state, entry)
        assert DREIERLES.club is not None
        tally = DREIERLES.club.tally(state, entry, outcome, {"per_fach": per_fach})
        assert sum(tally.money.values()) == 0
        assert sum(f.get("fach", 0) for f in tally.figures.values()) == 0
        assert set(tally.figures) == set(state.seating.active)
        assert {name for f in tally.figures.values() for name in f} <= DECLARED
        assert all(n > 0 for f in tally.figures.values() for name, n in f.items() if name != "fach")
        assert all(n != 0 for f in tally.figures.values() for n in f.values())
        assert (tally.money == {}) == (per_fach == 0 or not any(outcome.result.scored.settlement.values()))
        state = outcome.state
