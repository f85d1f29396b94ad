"""R24 as tables of real tournament situations: each refused entry beside its legal twin.

Every expected value here was worked out by hand from RULES.md R24 (with its decisions) and
issue 12's contract (briefs/tournament.md), not from engine/tournament.  The small
tournaments used:

EIGHT (8 cards, at most 3 each): Anna 1, Benno 2, Clara 2, Dora 1 (6 sold: pots 1..4, 4 left
numbers and 2 right ones, 2 byes).  Round 1 with real pots, purchase order:
    Anna L2 | Benno L1 L4 | Clara L3 R1 (the left pot is empty after her first card; R1 is not
    her own) | Dora R2
    -> 1 Benno-Clara, 2 Anna-Dora, 3 Clara (bye), 4 Benno (bye).  Clara beats Benno, Anna beats Dora:
    Anna 1, Benno 1, Clara 2, Dora 0 (4 cards).
Round 2 (pots 1..2, most cards first): Clara L1 L2 | Anna R2 | Benno R1
    -> 1 Clara-Benno, 2 Clara-Anna.  Benno wins 1, Clara wins 2: Benno 1, Clara 1.
Round 3, the final (Benno before Clara: equal cards, purchase order): Benno L1 | Clara R1; Clara wins.
Prizes (cards, by pairing number within a band): 1 Clara (won the final), 2 Benno (lost it),
3-4 the cards fallen in round 2: 3 Clara (pairing 1), 4 Anna (pairing 2); round 1's k = 2
fallen cards take 5..6: 5 Benno (pairing 1), 6 Dora (pairing 2).

FORCED (4 cards): Anna 1, Benno 3.  Anna L1 | Benno L2 R1 R2: after L2 the right pot holds 1 and 2,
R2 would be his own, so his first right number must be R1; then only R2, his own, is left: he
meets himself (forced), gives up a card at once.  1 Anna-Benno, 2 Benno-Benno (self).

SIXTEEN (16 cards): Anna 1, Benno 3, Clara 3, Dora 3 (10 sold, pots 1..8, 2 right numbers).
    Anna L1 | Benno L2 L3 L4 | Clara L5 L6 L7 | Dora L8 R1 R5 -> 1 Anna-Dora, 5 Clara-Dora, byes 2 3 4 6 7 8.
    Anna beats Dora, Dora beats Clara: Anna 1, Benno 3, Clara 2, Dora 2.
Round 2 (pots 1..4): order Benno 3, Clara 2, Dora 2 (tie: purchase order), Anna 1:
    Benno L1 L2 L3 | Clara L4 R4 (her own: no redraw after round 1, she meets herself) | Dora R1 R2 | Anna R3.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.errors import ConfigError, RuleViolation
from engine.tournament import apply, config_from_json, seed_hash

from .helpers import (
    assert_refused,
    buy,
    commit,
    config,
    draw,
    draw_seed,
    pairing,
    play,
    refund,
    result,
    settle,
    shown,
    waiting,
)

A, B, C, D, E, X = "Anna", "Benno", "Clara", "Dora", "Emil", "Xaver"
SEED1 = "Wirtshaus-zur-Linde/Runde-eins"
SEED2 = "Wirtshaus-zur-Linde/Runde-zwei"

EIGHT_SALES = [buy(A, 1), buy(B, 2), buy(C, 2), buy(D, 1)]
EIGHT_R1 = {A: ["L2"], B: ["L1", "L4"], C: ["L3", "R1"], D: ["R2"]}
EIGHT_R1_RESULTS = [result(1, C), result(2, A)]
EIGHT_R2 = {C: ["L1", "L2"], A: ["R2"], B: ["R1"]}
EIGHT_R2_RESULTS = [result(1, B), result(2, C)]
EIGHT_R3 = {B: ["L1"], C: ["R1"]}
EIGHT = [*EIGHT_SALES, draw(EIGHT_R1), *EIGHT_R1_RESULTS, draw(EIGHT_R2), *EIGHT_R2_RESULTS, draw(EIGHT_R3),
         result(1, C)]
EIGHT_DRAWN = [*EIGHT_SALES, draw(EIGHT_R1)]

FORCED_SALES = [buy(A, 1), buy(B, 3)]
FORCED_R1 = {A: ["L1"], B: ["L2", "R1", "R2"]}

SIXTEEN_R1 = [buy(A, 1), buy(B, 3), buy(C, 3), buy(D, 3),
              draw({A: ["L1"], B: ["L2", "L3", "L4"], C: ["L5", "L6", "L7"], D: ["L8", "R1", "R5"]}),
              result(1, A), result(5, D)]
SIXTEEN_R2 = {B: ["L1", "L2", "L3"], C: ["L4", "R4"], D: ["R1", "R2"], A: ["R3"]}


def eight(prizes: int = 8, multiple_prizes: bool = True) -> Any:
    return config(8, 3, prizes, multiple_prizes)


def with_draw(numbers: dict[str, list[Any]], **changes: list[Any] | None) -> dict[str, list[Any]]:
    """``numbers`` with some players' lists replaced (None: left out)."""
    out = {name: list(drawn) for name, drawn in numbers.items()}
    for name, drawn in changes.items():
        if drawn is None:
            out.pop(name)
        else:
            out[name] = drawn
    return out


Setup = list[dict[str, Any]] | Callable[[], list[dict[str, Any]]]


def check_twins(cfg: Any, setup: Setup, bad: dict[str, Any], field: str | tuple[str, ...],
                good_setup: Setup | None, good: dict[str, Any]) -> Any:
    """``bad`` is refused after ``setup``; ``good`` is accepted after ``good_setup`` (or the same).
    A set-up may be a function (entries that need the state to be written, made when the test runs)."""
    state = play(cfg, setup() if callable(setup) else setup)
    assert_refused(state, bad, field)
    twin = state if good_setup is None else play(cfg, good_setup() if callable(good_setup) else good_setup)
    return apply(twin, good)


# --- the tournament's config ---------------------------------------------------------------------

CONFIGS = [
    ("cards_not_a_power_of_two", {"cards": 24}, "cards", {"cards": 32}),
    ("cards_below_4", {"cards": 2, "prizes": 2}, "cards", {"cards": 4, "prizes": 2}),
    ("cards_above_1024", {"cards": 2048}, "cards", {"cards": 1024}),
    ("max_per_player_0", {"max_per_player": 0}, "max_per_player", {"max_per_player": 1}),
    ("max_per_player_above_cards", {"cards": 4, "max_per_player": 5, "prizes": 4}, "max_per_player",
     {"cards": 4, "max_per_player": 4, "prizes": 4}),
    ("prizes_0", {"prizes": 0}, "prizes", {"prizes": 1}),
    ("prizes_above_cards", {"cards": 8, "prizes": 9}, "prizes", {"cards": 8, "prizes": 8}),
]


@pytest.mark.parametrize(("bad", "field", "good"), [pytest.param(b, f, g, id=i) for i, b, f, g in CONFIGS])
def test_config(bad, field, good):
    base = {"cards": 32, "max_per_player": 3, "prizes": 8, "multiple_prizes": True}
    with pytest.raises(ConfigError) as caught:
        config_from_json({**base, **bad})
    assert caught.value.rule == "R24"
    assert caught.value.field == field
    made = config_from_json({**base, **good})
    assert config_from_json(made.to_json()).to_json() == made.to_json()


def test_a_new_tournament_is_on_sale():
    state = shown(play(config(32), []))
    assert state["phase"] == "sales"
    assert (state["round"], state["rounds_total"], state["size"], state["sold"]) == (0, 5, 32, 0)
    assert state["prizes"] == [] and state["prize_tie"] is None and state["winner"] is None
    assert state["can_commit"] is True and state["can_draw"] is False


# --- buying ---------------------------------------------------------------------------------------

BUYING = [
    # id, setup, refused, field, setup of the twin (None: the same), legal twin
    ("more_than_the_maximum_at_once", [], buy(A, 4), "cards", None, buy(A, 3)),
    ("more_than_the_maximum_in_two_buys", [buy(A, 2)], buy(A, 2), "cards", None, buy(A, 1)),
    ("a_refund_makes_room_under_the_maximum", [buy(A, 3), refund(A, 1)], buy(A, 2), "cards", None, buy(A, 1)),
    ("no_card", [], buy(A, 0), "cards", None, buy(A, 1)),
    ("more_than_are_left", [buy(A, 3), buy(B, 3), buy(C, 1)], buy(D, 2), "cards", None, buy(D, 1)),
    ("sold_out", [buy(A, 3), buy(B, 3), buy(C, 2)], buy(D, 1), "cards", [buy(A, 3), buy(B, 3), buy(C, 1)], buy(D, 1)),
    ("a_refund_puts_a_card_back_on_sale", [buy(A, 3), buy(B, 3), buy(C, 2), refund(C, 1)], buy(D, 2), "cards",
     None, buy(D, 1)),
    ("refund_more_than_bought", [buy(A, 2)], refund(A, 3), "cards", None, refund(A, 2)),
    ("refund_of_a_player_who_bought_none", [buy(A, 2)], refund(B, 1), "player", None, refund(A, 1)),
    ("refund_of_no_card", [buy(A, 2)], refund(A, 0), "cards", None, refund(A, 1)),
    ("buy_after_the_first_draw", EIGHT_DRAWN, buy(E, 1), ("kind", "player", "cards"), EIGHT_SALES, buy(E, 1)),
    ("refund_after_the_first_draw", EIGHT_DRAWN, refund(A, 1), ("kind", "player", "cards"), EIGHT_SALES, refund(A, 1)),
]


@pytest.mark.parametrize(("setup", "bad", "field", "good_setup", "good"),
                         [pytest.param(*row[1:], id=row[0]) for row in BUYING])
def test_buying(setup, bad, field, good_setup, good):
    check_twins(eight(), setup, bad, field, good_setup, good)


def test_sales_count_the_cards_in_purchase_order():
    state = shown(play(eight(), [buy(B, 1), buy(A, 2), buy(C, 3), refund(C, 1), buy(B, 1)]))
    assert state["sold"] == 6
    assert list(state["cards"].items()) == [(B, 2), (A, 2), (C, 2)]
    assert [p["name"] for p in state["players"]] == [B, A, C]
    assert [p["cards"] for p in state["players"]] == [2, 2, 2]
    assert state["phase"] == "sales" and state["round"] == 0


def test_max_per_player_one():
    state = play(config(8, 1), [buy(A, 1)])
    assert_refused(state, buy(A, 1), "cards")
    apply(state, buy(B, 1))


# --- commit and seed ----------------------------------------------------------------------------

def round1_done(*, commit_before_last: str | None = None) -> list[dict[str, Any]]:
    """EIGHT's sales and a computed round 1 (SEED1), every waiting pairing won by its left holder;
    the commit of ``commit_before_last`` goes in while one pairing still waits."""
    entries = [*EIGHT_SALES, commit(SEED1), draw_seed(SEED1)]
    state = play(eight(), entries)
    open_ = waiting(state)
    assert open_, "6 cards of 8: two matches in round 1"
    for index, p in enumerate(open_):
        if commit_before_last and index == len(open_) - 1:
            entries.append(commit(commit_before_last))
        entries.append(result(p["number"], p["players"][0]))
    return entries


SIXTEEN_CHARS = "Linde,Runde-1!!?"
COMMITS = [
    ("hash_does_not_match", [*EIGHT_SALES, commit(SEED1)], draw_seed(SEED2), "seed", None, draw_seed(SEED1)),
    ("no_commit_published", EIGHT_SALES, draw_seed(SEED1), "seed", [*EIGHT_SALES, commit(SEED1)], draw_seed(SEED1)),
    ("seed_of_15_characters", [*EIGHT_SALES, commit(SEED1[:15])], draw_seed(SEED1[:15]), "seed",
     [*EIGHT_SALES, commit(SIXTEEN_CHARS)], draw_seed(SIXTEEN_CHARS)),
    ("seed_of_201_characters", [*EIGHT_SALES, commit("x" * 201)], draw_seed("x" * 201), "seed",
     [*EIGHT_SALES, commit("x" * 200)], draw_seed("x" * 200)),
    ("seed_with_a_line_break", [*EIGHT_SALES, commit("Wirtshaus\nzur-Linde-1")], draw_seed("Wirtshaus\nzur-Linde-1"),
     "seed", [*EIGHT_SALES, commit("Wirtshaus-zur-Linde-1")], draw_seed("Wirtshaus-zur-Linde-1")),
    ("seed_with_a_tab_refused_one_with_spaces_accepted", [*EIGHT_SALES, commit("Wirtshaus\tzur-Linde-1")],
     draw_seed("Wirtshaus\tzur-Linde-1"),
     "seed", [*EIGHT_SALES, commit("Wirtshaus zur Linde 1")], draw_seed("Wirtshaus zur Linde 1")),
    ("hash_not_hex", EIGHT_SALES, {"kind": "commit", "hash": "z" * 64}, "hash", None, commit(SEED1)),
    ("hash_of_63_digits", EIGHT_SALES, {"kind": "commit", "hash": seed_hash(SEED1)[:63]}, "hash", None, commit(SEED1)),
    ("fewer_than_half_the_cards_sold", [buy(A, 1), buy(B, 2), commit(SEED1)], draw_seed(SEED1),
     ("kind", "seed", "cards", "sold"), [buy(A, 1), buy(B, 2), buy(C, 1), commit(SEED1)], draw_seed(SEED1)),
    ("commit_after_every_result_of_the_round_is_in", round1_done, commit(SEED2), ("hash", "kind"),
     lambda: round1_done()[:-1], commit(SEED2)),
    ("seed_whose_commit_was_used_by_the_last_draw", round1_done, draw_seed(SEED1), "seed",
     lambda: round1_done(commit_before_last=SEED2), draw_seed(SEED2)),
    ("later_seed_without_its_commit", round1_done, draw_seed(SEED2), "seed",
     lambda: round1_done(commit_before_last=SEED2), draw_seed(SEED2)),
    ("commit_after_the_end", EIGHT, commit(SEED2), ("hash", "kind"), EIGHT[:9], commit(SEED2)),
]


@pytest.mark.parametrize(("setup", "bad", "field", "good_setup", "good"),
                         [pytest.param(*row[1:], id=row[0]) for row in COMMITS])
def test_commit_and_seed(setup, bad, field, good_setup, good):
    check_twins(eight(), setup, bad, field, good_setup, good)


def test_the_commit_and_the_seed_are_published():
    state = play(eight(), [*EIGHT_SALES, commit(SEED1)])
    assert shown(state)["commit"] == {"hash": seed_hash(SEED1)}
    assert shown(state)["can_draw"] is True
    drawn = shown(apply(state, draw_seed(SEED1)))
    assert drawn["phase"] == "playing" and drawn["round"] == 1
    assert drawn["rounds"][0]["seed"] == SEED1
    assert drawn["rounds"][0]["hash"] == seed_hash(SEED1)
    assert drawn["can_draw"] is False  # two matches wait


def test_a_round_of_byes_only_can_still_be_committed_to():
    """4 of 8 cards sold: the four left numbers are all byes, nothing waits and no result was
    entered: the next draw's commit may go in after the draw, then round 2 is drawn."""
    state = play(eight(), [buy(A, 2), buy(B, 1), buy(C, 1), draw({A: ["L3", "L1"], B: ["L4"], C: ["L2"]})])
    s = shown(state)
    assert [p["bye"] for p in s["pairings"]] == [True] * 4
    assert [p["players"] for p in s["pairings"]] == [[A], [C], [A], [B]]
    assert s["cards"] == {A: 2, B: 1, C: 1}
    assert s["can_commit"] is True and s["can_draw"] is True
    state = apply(state, commit(SEED2))
    state = apply(state, draw_seed(SEED2))
    assert shown(state)["round"] == 2


# --- a draw with real pots, round 1 ---------------------------------------------------------------

PHYSICAL = [
    ("a_player_left_out", with_draw(EIGHT_R1, Dora=None), ("numbers.Dora", "numbers")),
    ("a_player_who_bought_no_card", with_draw(EIGHT_R1, Xaver=["R3"]), ("numbers.Xaver", "numbers")),
    ("fewer_numbers_than_cards", with_draw(EIGHT_R1, Benno=["L1"]), "numbers.Benno"),
    ("more_numbers_than_cards", with_draw(EIGHT_R1, Dora=["R2", "R4"]), "numbers.Dora"),
    ("number_above_the_pot", with_draw(EIGHT_R1, Dora=["R5"]), "numbers.Dora"),
    ("number_zero", with_draw(EIGHT_R1, Dora=["R0"]), "numbers.Dora"),
    ("no_pot_letter", with_draw(EIGHT_R1, Dora=["2"]), "numbers.Dora"),
    ("a_pot_that_does_not_exist", with_draw(EIGHT_R1, Dora=["M2"]), "numbers.Dora"),
    ("a_bare_integer", with_draw(EIGHT_R1, Dora=[2]), "numbers.Dora"),
    ("trailing_garbage", with_draw(EIGHT_R1, Dora=["R2b"]), "numbers.Dora"),
    ("the_same_left_number_twice", with_draw(EIGHT_R1, Clara=["L2", "R1"]), ("numbers.Clara", "numbers.Anna")),
    ("the_same_right_number_twice", with_draw(EIGHT_R1, Dora=["R1"]), ("numbers.Dora", "numbers.Clara")),
    ("a_right_number_before_the_left_pot_is_empty", with_draw(EIGHT_R1, Anna=["R2"], Dora=["L2"]),
     ("numbers.Anna", "numbers.Dora")),
    ("a_left_number_after_a_right_one", with_draw(EIGHT_R1, Clara=["R1", "L3"]), "numbers.Clara"),
    ("kept_his_own_number_from_the_right", with_draw(EIGHT_R1, Clara=["L3", "R3"]), "numbers.Clara"),
]


@pytest.mark.parametrize(("bad", "field"), [pytest.param(b, f, id=i) for i, b, f in PHYSICAL])
def test_a_draw_with_real_pots(bad, field):
    check_twins(eight(), EIGHT_SALES, draw(bad), field, None, draw(EIGHT_R1))


def test_round_1_pairings_and_byes():
    s = shown(play(eight(), EIGHT_DRAWN))
    assert s["phase"] == "playing" and s["round"] == 1 and s["rounds_total"] == 3
    assert s["rounds"][0]["numbers"] == EIGHT_R1
    assert s["rounds"][0]["seed"] is None
    assert [(p["number"], p["players"], p["bye"], p["self"]) for p in s["pairings"]] == [
        (1, [B, C], False, False), (2, [A, D], False, False), (3, [C], True, False), (4, [B], True, False)]
    bye = s["pairings"][2]
    assert (bye["winner"], bye["by"], bye["loser"]) == (C, "bye", None)
    assert [(p["winner"], p["by"]) for p in s["pairings"][:2]] == [(None, None), (None, None)]
    assert s["cards"] == {A: 1, B: 2, C: 2, D: 1}  # a bye costs nobody a card
    assert s["can_draw"] is False and s["can_commit"] is True
    assert s["pairings"] == s["rounds"][-1]["pairings"]


def test_the_forced_self_pairing_of_round_1():
    state = play(config(4), FORCED_SALES)
    assert_refused(state, draw({A: ["L1"], B: ["L2", "R2", "R1"]}), "numbers.Benno")  # R1 was still there
    s = shown(apply(state, draw(FORCED_R1)))
    assert [(p["number"], p["players"], p["bye"], p["self"]) for p in s["pairings"]] == [
        (1, [A, B], False, False), (2, [B, B], False, True)]
    assert (s["pairings"][1]["winner"], s["pairings"][1]["by"]) == (B, "self")
    assert s["cards"] == {A: 1, B: 2}  # he gave up one card at once


# --- later rounds ----------------------------------------------------------------------------------

LATER = [
    ("drawn_in_purchase_order", {A: ["L1"], B: ["L2", "L3", "L4"], C: ["R1", "R2"], D: ["R3", "R4"]},
     ("numbers.Clara", "numbers.Anna")),
    ("equal_cards_out_of_purchase_order", {B: ["L1", "L2", "L3"], D: ["L4", "R4"], C: ["R1", "R2"], A: ["R3"]},
     ("numbers.Clara", "numbers.Dora")),
    ("a_number_left_in_the_right_pot", {B: ["L1", "L2", "L3"], C: ["L4", "R4"], D: ["R1", "R2"], A: []},
     "numbers.Anna"),
    ("a_player_left_out", {B: ["L1", "L2", "L3"], C: ["L4", "R4"], D: ["R1", "R2"]}, ("numbers.Anna", "numbers")),
    ("his_cards_of_round_1", {B: ["L1", "L2", "L3"], C: ["L4", "R4", "R3"], D: ["R1", "R2"]}, "numbers.Clara"),
]


@pytest.mark.parametrize(("bad", "field"), [pytest.param(b, f, id=i) for i, b, f in LATER])
def test_a_later_round_with_real_pots(bad, field):
    check_twins(config(16), SIXTEEN_R1, draw(bad), field, None, draw(SIXTEEN_R2))


def test_a_later_round_is_drawn_most_cards_first_and_a_player_may_meet_himself():
    state = play(config(16), SIXTEEN_R1)
    s = shown(state)
    assert s["cards"] == {A: 1, B: 3, C: 2, D: 2}
    assert s["draw_order"] == [{"player": B, "cards": 3}, {"player": C, "cards": 2}, {"player": D, "cards": 2},
                               {"player": A, "cards": 1}]
    s = shown(apply(state, draw(SIXTEEN_R2)))  # Clara's R4 is her own: no redraw after round 1
    assert s["round"] == 2
    assert [(p["number"], p["players"], p["bye"], p["self"]) for p in s["pairings"]] == [
        (1, [B, D], False, False), (2, [B, D], False, False), (3, [B, A], False, False), (4, [C, C], False, True)]
    assert (s["pairings"][3]["winner"], s["pairings"][3]["by"]) == (C, "self")
    assert s["cards"] == {A: 1, B: 3, C: 1, D: 2}
    assert not any(p["bye"] for p in s["pairings"])


def test_the_next_draw_waits_for_every_result():
    state = play(eight(), [*EIGHT_DRAWN, result(1, C)])
    assert shown(state)["can_draw"] is False and shown(state)["can_commit"] is True
    assert_refused(state, draw(EIGHT_R2), ("kind", "numbers"))
    state = apply(state, result(2, A))
    assert shown(state)["can_draw"] is True
    assert shown(state)["can_commit"] is False  # who draws next is known now
    assert shown(state)["draw_order"] == [{"player": C, "cards": 2}, {"player": A, "cards": 1},
                                          {"player": B, "cards": 1}]
    assert shown(apply(state, draw(EIGHT_R2)))["round"] == 2


# --- results ---------------------------------------------------------------------------------------

RESULTS = [
    ("a_number_not_drawn", EIGHT_DRAWN, result(5, B), "number", None, result(1, B)),
    ("number_zero", EIGHT_DRAWN, result(0, B), "number", None, result(1, B)),
    ("a_winner_from_another_table", EIGHT_DRAWN, result(1, A), "winner", None, result(1, B)),
    ("a_winner_who_is_not_playing", EIGHT_DRAWN, result(1, X), "winner", None, result(1, C)),
    ("a_bye", EIGHT_DRAWN, result(3, C), "number", None, result(1, C)),
    ("a_bye_replaced", EIGHT_DRAWN, result(3, C, replace=True), ("number", "replace"), None, result(2, D)),
    ("already_decided", [*EIGHT_DRAWN, result(1, B)], result(1, C), ("number", "replace"), None,
     result(1, C, replace=True)),
    ("replace_a_result_recorded_by_its_match", [*EIGHT_DRAWN, result(1, B, match="m-17")], result(1, C, replace=True),
     ("number", "replace", "match"), [*EIGHT_DRAWN, result(1, B)], result(1, C, replace=True)),
    ("a_self_pairing", [*FORCED_SALES, draw(FORCED_R1)], result(2, B), "number", None, result(1, A)),
    ("before_the_draw", EIGHT_SALES, result(1, A), ("kind", "number"), EIGHT_DRAWN, result(1, B)),
    ("after_the_end", EIGHT, result(1, B), ("kind", "number"), EIGHT[:-1], result(1, B)),
    ("a_draw_after_the_end", EIGHT, draw({C: ["L1"]}), ("kind", "numbers"), EIGHT[:-1], result(1, B)),
]


@pytest.mark.parametrize(("setup", "bad", "field", "good_setup", "good"),
                         [pytest.param(*row[1:], id=row[0]) for row in RESULTS])
def test_results(setup, bad, field, good_setup, good):
    cfg = config(4) if setup[: len(FORCED_SALES)] == FORCED_SALES else eight()
    check_twins(cfg, setup, bad, field, good_setup, good)


def test_the_loser_gives_up_a_card_and_a_replace_gives_it_back():
    state = play(eight(), [*EIGHT_DRAWN, result(1, B)])
    s = shown(state)
    assert s["cards"] == {A: 1, B: 2, C: 1, D: 1}
    assert (pairing(state, 1)["winner"], pairing(state, 1)["loser"], pairing(state, 1)["by"]) == (B, C, "hand")
    state = apply(state, result(1, C, replace=True))
    assert shown(state)["cards"] == {A: 1, B: 1, C: 2, D: 1}
    assert (pairing(state, 1)["winner"], pairing(state, 1)["loser"]) == (C, B)


def test_a_replace_in_a_finished_round_moves_the_card_and_the_prize():
    """Round 1 of EIGHT is over (places 5-6: Benno, Dora); table 2 is corrected to Dora: Anna's
    only card falls instead (out in round 1), Dora keeps hers, place 6 goes to Anna."""
    state = play(eight(), EIGHT[:7])
    assert [(p["place"], p["player"]) for p in shown(state)["prizes"]] == [(5, B), (6, D)]
    s = shown(apply(state, result(2, D, replace=True)))
    assert s["cards"] == {A: 0, B: 1, C: 2, D: 1}
    assert [(p["name"], p["out_round"]) for p in s["players"]] == [(A, 1), (B, None), (C, None), (D, None)]
    assert [(p["place"], p["player"]) for p in s["prizes"]] == [(5, B), (6, A)]
    assert s["draw_order"] == [{"player": C, "cards": 2}, {"player": B, "cards": 1}, {"player": D, "cards": 1}]


def test_a_self_pairing_in_the_final_ends_the_tournament_at_the_draw():
    """FORCED, Benno beats Anna: he holds both last cards, draws L1 and R1 and meets himself."""
    for multiple, places in ((True, [(1, B), (2, B), (3, A), (4, B)]), (False, [(1, B), (2, A)])):
        state = play(config(4, 3, 4, multiple), [*FORCED_SALES, draw(FORCED_R1), result(1, B)])
        s = shown(apply(state, draw({B: ["L1", "R1"]})))
        assert (s["phase"], s["winner"], s["cards"]) == ("finished", B, {A: 0, B: 1})
        assert [(p["players"], p["self"], p["by"]) for p in s["pairings"]] == [([B, B], True, "self")]
        assert [(p["place"], p["player"]) for p in s["prizes"]] == places


def test_a_result_recorded_by_a_match():
    state = play(eight(), [*EIGHT_DRAWN, result(2, D, match="m-2")])
    assert (pairing(state, 2)["winner"], pairing(state, 2)["by"]) == (D, "match")
    assert shown(state)["cards"][A] == 0


# --- the end and the prizes --------------------------------------------------------------------

def test_a_whole_tournament_of_eight():
    state = play(eight(), EIGHT[:7])
    s = shown(state)
    assert s["cards"] == {A: 1, B: 1, C: 2, D: 0}
    assert [(p["name"], p["bought"], p["cards"], p["out_round"]) for p in s["players"]] == [
        (A, 1, 1, None), (B, 2, 1, None), (C, 2, 2, None), (D, 1, 0, 1)]
    state = play(eight(), EIGHT[:10])
    assert shown(state)["cards"] == {A: 0, B: 1, C: 1, D: 0}
    assert shown(state)["draw_order"] == [{"player": B, "cards": 1}, {"player": C, "cards": 1}]
    state = play(eight(), EIGHT[:11])
    s = shown(state)
    assert s["round"] == 3 and s["phase"] == "playing"
    assert [(p["number"], p["players"]) for p in s["pairings"]] == [(1, [B, C])]
    s = shown(apply(state, EIGHT[11]))
    assert s["phase"] == "finished" and s["winner"] == C
    assert s["cards"] == {A: 0, B: 0, C: 1, D: 0}
    assert [p["out_round"] for p in s["players"]] == [2, 3, None, 1]
    assert s["can_draw"] is False and s["can_commit"] is False
    assert [r["round"] for r in s["rounds"]] == [1, 2, 3]


PRIZES = [
    # prizes, multiple_prizes, the list as (place, player), the tie
    (8, True, [(1, C), (2, B), (3, C), (4, A), (5, B), (6, D)], None),
    (6, True, [(1, C), (2, B), (3, C), (4, A), (5, B), (6, D)], None),
    (5, True, [(1, C), (2, B), (3, C), (4, A)], {"places": [5, 5], "players": [B, D], "round": 1,
                                                  "cards": [{"player": B, "card": 1}, {"player": D, "card": None}]}),
    (4, True, [(1, C), (2, B), (3, C), (4, A)], None),
    (3, True, [(1, C), (2, B)], {"places": [3, 3], "players": [C, A], "round": 2,
                                     "cards": [{"player": C, "card": 1}, {"player": A, "card": None}]}),
    (2, True, [(1, C), (2, B)], None),
    (1, True, [(1, C)], None),
    (8, False, [(1, C), (2, B), (3, A), (4, D)], None),
    (3, False, [(1, C), (2, B), (3, A)], None),  # Clara skipped: band 3-4 fits the one place left
    (2, False, [(1, C), (2, B)], None),
]


@pytest.mark.parametrize(("prizes", "multiple", "expected", "tie"),
                         [pytest.param(*row, id=f"{row[0]}_prizes_{'several' if row[1] else 'one'}_each")
                          for row in PRIZES])
def test_the_prize_list(prizes, multiple, expected, tie):
    s = shown(play(eight(prizes, multiple), EIGHT))
    assert [(p["place"], p["player"]) for p in s["prizes"]] == expected
    assert s["prize_tie"] == tie


def test_prize_bands_when_several_go_to_one_player():
    s = shown(play(eight(), EIGHT))
    assert [(p["place"], p["places"], p["player"]) for p in s["prizes"]] == [
        (1, [1, 1], C), (2, [2, 2], B), (3, [3, 4], C), (4, [3, 4], A), (5, [5, 6], B), (6, [5, 6], D)]


def test_the_prize_list_fills_from_the_bottom_while_the_tournament_runs():
    cut_round_1, cut_round_2 = 7, 10  # EIGHT after round 1's last result, after round 2's
    assert shown(play(eight(), EIGHT[:6]))["prizes"] == []
    assert [(p["place"], p["player"]) for p in shown(play(eight(), EIGHT[:cut_round_1]))["prizes"]] == [(5, B), (6, D)]
    assert [(p["place"], p["player"]) for p in shown(play(eight(), EIGHT[:cut_round_2]))["prizes"]] == [
        (3, C), (4, A), (5, B), (6, D)]
    # one prize each: known only at the end
    assert shown(play(eight(8, False), EIGHT[:cut_round_2]))["prizes"] == []
    assert shown(play(eight(8, False), EIGHT[:cut_round_2]))["prize_tie"] is None


def test_a_forced_self_pairing_is_a_fallen_card_of_round_1():
    entries = [*FORCED_SALES, draw(FORCED_R1), result(1, A)]
    state = play(config(4, 3, 4), entries)
    assert shown(state)["cards"] == {A: 1, B: 1}
    s = shown(apply(apply(state, draw({A: ["L1"], B: ["R1"]})), result(1, B)))
    assert s["winner"] == B
    assert [(p["place"], p["places"], p["player"]) for p in s["prizes"]] == [
        (1, [1, 1], B), (2, [2, 2], A), (3, [3, 4], B), (4, [3, 4], B)]


def test_settle_a_tie():
    state = play(eight(3), EIGHT)
    assert_refused(state, settle(A, D), "order")  # Dora is not in the tie
    s = shown(apply(state, settle(A, C)))
    assert [(p["place"], p["player"]) for p in s["prizes"]] == [(1, C), (2, B), (3, A)]
    assert s["prize_tie"] is None
    s = shown(apply(state, settle(C, A)))
    assert [(p["place"], p["player"]) for p in s["prizes"]] == [(1, C), (2, B), (3, C)]


def test_settle_without_a_tie():
    state = play(eight(8), EIGHT)
    assert_refused(state, settle(A, C), ("order", "kind"))
    settled = apply(play(eight(3), EIGHT), settle(A, C))
    assert_refused(settled, settle(A, C), ("order", "kind"))


def test_refusals_are_explained_in_english_and_german():
    state = play(eight(), EIGHT_SALES)
    try:
        apply(state, buy(A, 3))
    except RuleViolation as err:
        en, de = err.to_json("en"), err.to_json("de")
        assert en["rule"] == de["rule"] == "R24"
        assert en["field"] == de["field"] == "cards"
        assert en["detail"] != de["detail"]
        assert en["code"].startswith("tn_")
    else:
        pytest.fail("Anna's fourth card was sold")
