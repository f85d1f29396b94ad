"""One deal of Dreierles by R-number: the Fach from points (every row of the seed's table),
game types and extras, the settlement, Räuber and Drescher, the discard error, the seats;
with the twins that break a rule and are refused with it.  A table of four: Anna deals the
first deal and sits out; Dieter is Vorn (on her right)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.cego import DECK_54
from engine.dreierles import DREIERLES, DreierlesState
from engine.dreierles.seats import seating
from engine.errors import RuleViolation

from .helpers import entry_from_json, random_deal

FOUR = ["Anna", "Benno", "Carla", "Dieter"]


def start(players: list[str] = FOUR, **rules: str) -> DreierlesState:
    return DREIERLES.start(players, rules=rules)


def deal(body: dict[str, Any], **rules: str) -> Any:
    return DREIERLES.apply(start(**rules), entry_from_json(body)).result


def refused(body: dict[str, Any], players: list[str] = FOUR, **rules: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        DREIERLES.apply(start(players, **rules), entry_from_json(body))
    return caught.value


def game(kind: str, points: int, declarer: str = "Benno", **extra: Any) -> dict[str, Any]:
    return {"game": kind, "declarer": declarer, "declarer_points": points, **extra}


# --- R27: Fach from points, the seed's table row by row ------------------------------------

FACH_ROWS = [(36, 1), (39, 1), (40, 2), (44, 2), (45, 3), (49, 3), (50, 4), (54, 4), (55, 5), (59, 5), (60, 6),
             (64, 6), (65, 7), (69, 7), (70, 8)]


@pytest.mark.parametrize(("points", "fach"), FACH_ROWS, ids=[f"won with {p}: {f} Fach" for p, f in FACH_ROWS])
def test_a_won_dreier_is_worth_the_fach_of_its_points(points: int, fach: int) -> None:
    result = deal(game("dreier", points))
    assert (result.scored.won, result.scored.fach) == (True, fach)
    assert dict(result.scored.settlement) == {"Anna": 0, "Benno": 2 * fach, "Carla": -fach, "Dieter": -fach}


@pytest.mark.parametrize(("points", "fach"), [(35, 1), (31, 1), (30, 2), (20, 4), (5, 7), (2, 7)],
                         ids=["35 is Schneider: lost, the defenders' 35 make 1", "31: defenders 39, 1",
                              "30: defenders 40, 2", "20: defenders 50, 4", "5: defenders 65, 7",
                              "2, the least a Dreier's pile counts: defenders 68, 7"])
def test_a_lost_game_is_worth_the_fach_of_the_defenders_points(points: int, fach: int) -> None:
    result = deal(game("dreier", points))
    assert (result.scored.won, result.scored.fach) == (False, fach)
    assert dict(result.scored.settlement) == {"Anna": 0, "Benno": -2 * fach, "Carla": fach, "Dieter": fach}


def test_the_defenders_70_are_worth_8() -> None:
    """Only an Einser whose Blinder's rest goes to the defenders can leave them all 70: no
    trick, one blank laid away (1/3, rounded to 0)."""
    result = deal(game("einser", 0), blind_rest="defenders")
    assert (result.scored.won, result.scored.fach) == (False, 8 + 2)


def test_lost_double() -> None:
    assert deal(game("zweier", 30), lost_double="true").scored.fach == 2 * (2 + 1)
    assert deal(game("zweier", 40), lost_double="true").scored.fach == 2 + 1  # a won game is not doubled


# --- R28: types and extras ---------------------------------------------------------------

@pytest.mark.parametrize(("kind", "ladder", "fach"), [
    ("dreier", "cumulative", 2), ("zweier", "cumulative", 3), ("einser", "cumulative", 4), ("solo", "cumulative", 5),
    ("zweier", "flat", 3), ("einser", "flat", 3), ("solo", "flat", 3), ("solo_durchmarsch", "flat", 9),
    ("solo_durchmarsch", "cumulative", 12),
])
def test_the_game_type_adds_fach(kind: str, ladder: str, fach: int) -> None:
    points = 70 if kind == "solo_durchmarsch" else 42
    assert deal(game(kind, points), ladder=ladder).scored.fach == fach


@pytest.mark.parametrize(("kind", "extras", "rules", "fach"), [
    pytest.param("zweier", ["blind"], {}, 4, id="angesagtes Blindspiel bei Zweier: +1"),
    pytest.param("einser", ["blind"], {}, 5, id="angesagtes Blindspiel bei Einser: +1"),
    pytest.param("dreier", ["untouched"], {}, 3, id="Gekaufte nicht angesehen: +1"),
    pytest.param("dreier", ["drull"], {}, 3, id="Drull: +1"),
    pytest.param("dreier", ["pfeif_von_hinten"], {}, 3, id="angesagt: Pfeif von hinten: +1"),
    pytest.param("dreier", ["21_last"], {"einundzwanzig_last": "true"}, 3, id="21er als letzte Karte (Variante): +1"),
    pytest.param("dreier", ["zehn_druck"], {}, 3, id="10 Druck beim letzten Stich: +1"),
    pytest.param("dreier", ["zehn_druck_start"], {}, 3, id="10 Druck bei Beginn: +1"),
    pytest.param("zweier", ["blind", "untouched", "drull"], {}, 6, id="extras add up"),
])
def test_each_extra_of_the_seeds_table_adds_one_fach(kind: str, extras: list[str], rules: dict, fach: int) -> None:
    assert deal(game(kind, 42, extras=extras), **rules).scored.fach == fach


@pytest.mark.parametrize(("body", "rules", "code", "field"), [
    pytest.param(game("dreier", 42, extras=["blind"]), {}, "dl_extra_not_here", "extras.0",
                 id="blind play only at Zweier or Einser"),
    pytest.param(game("solo", 42, extras=["untouched"]), {}, "dl_extra_not_here", "extras.0",
                 id="a Solo buys nothing to leave untouched"),
    pytest.param(game("dreier", 42, extras=["21_last"]), {}, "dl_extra_house_rule", "extras.0",
                 id="the 21 as the last card only by house rule"),
    pytest.param(game("dreier", 42, extras=["zehn_druck", "zehn_druck_start"]), {}, "dl_zehn_druck_once", "extras",
                 id="ten trumps are declared once"),
    pytest.param(game("dreier", 42, extras=["drull", "drull"]), {}, "dl_extra_twice", "extras.1",
                 id="an extra counts once"),
    pytest.param({"game": "dreier", "declarer": "Benno", "extras": ["drull"],
                  "cards": "T1 T21 C7 C8 C9 C10 S7 S8 S9 S10 H1 H2".split()}, {}, "dl_extra_cards", "extras.0",
                 id="the Drull needs the Stieß in the cards"),
])
def test_extras_only_where_they_can_apply(body: dict, rules: dict, code: str, field: str) -> None:
    error = refused(body, **rules)
    assert (error.code, error.rule, error.field) == (code, "R28", field)


def test_a_durchmarsch_is_won_only_with_every_trick() -> None:
    made = deal(game("solo_durchmarsch", 70))
    assert (made.scored.won, made.scored.fach) == (True, 8 + 4)
    failed = deal(game("solo_durchmarsch", 60))
    assert (failed.scored.won, failed.scored.fach) == (False, 1 + 4)  # the defenders' 10 make at least 1


# --- the declarer's cards, counted (R26) -----------------------------------------------------

def test_the_declarers_cards_are_counted_in_threes() -> None:
    pile = "TS T21 T1 CK HK SK DK HD C7 C8 C9 C10 S7 S8".split()  # a Zweier's tricks and two discards
    result = deal({"game": "zweier", "declarer": "Benno", "cards": pile, "extras": ["drull"]}, blind_rest="defenders")
    assert result.scored.declarer_points == 36  # 35 2/3 rounds up
    assert (result.scored.won, result.scored.fach) == (True, 1 + 1 + 1)
    # the Blinder's other four cards his (the default): four blanks more, 4/3, make 37
    result = deal({"game": "zweier", "declarer": "Benno", "cards": [*pile, "H1", "H2", "H3", "H4"]})
    assert result.scored.declarer_points == 37


@pytest.mark.parametrize(("body", "code", "rule", "field"), [
    pytest.param(game("dreier", 71), "dl_points_range", "R26", "declarer_points", id="R26 at most 70"),
    pytest.param({"game": "dreier", "declarer": "Benno"}, "dl_points_required", "R26", "declarer_points",
                 id="R26 the points or the cards"),
    pytest.param({**game("dreier", 40), "cards": ["CK"]}, "dl_points_or_cards", "R26", "cards",
                 id="R26 not both"),
    pytest.param({"game": "dreier", "declarer": "Benno", "cards": ["CK", "CK", "C7"]}, "dl_card_twice", "R25",
                 "cards.1", id="R25 a card once"),
    pytest.param(game("dreier", 40, declarer="Anna"), "dl_sitting_out", "R32", "declarer",
                 id="R32 the dealer sits out with four"),
    pytest.param(game("dreier", 40, declarer="Emil"), "unknown_player", None, "declarer", id="not at the table"),
    pytest.param({"game": "dreier", "declarer_points": 40}, "dl_declarer_required", "R28", "declarer",
                 id="R28 who played it?"),
    pytest.param({**game("dreier", 40), "last_trick": "Benno"}, "dl_field_not_for_game", "R28", "last_trick",
                 id="R28 a declarer's game has no last trick to enter"),
    pytest.param({**game("solo", 40), "discard_error": True}, "dl_discard_solo", "R31", "discard_error",
                 id="R31 a Solo discards nothing"),
    pytest.param({**game("dreier", 40), "dealer": "Benno"}, "dl_dealer_out_of_turn", "R32", "dealer",
                 id="R32 Anna deals the first deal"),
])
def test_a_declarers_game_that_cannot_be_is_refused(body: dict, code: str, rule: str | None, field: str) -> None:
    error = refused(body)
    assert (error.code, error.rule, error.field) == (code, rule, field)


# --- R29, R31 ------------------------------------------------------------------------------

@pytest.mark.parametrize(("kind", "size", "blind_rest", "ok"), [
    ("dreier", 21, "declarer", True), ("dreier", 20, "declarer", False), ("zweier", 21, "declarer", True),
    ("zweier", 20, "declarer", False), ("einser", 21, "declarer", True), ("einser", 22, "declarer", False),
    ("solo", 27, "declarer", True), ("solo", 26, "declarer", False),
    ("dreier", 21, "defenders", True), ("dreier", 20, "defenders", False), ("zweier", 20, "defenders", True),
    ("zweier", 21, "defenders", False), ("einser", 22, "defenders", True), ("einser", 20, "defenders", False),
    ("solo", 27, "defenders", True), ("solo", 26, "defenders", False),
])
def test_the_declarers_pile_is_tricks_and_what_he_laid_away(kind: str, size: int, blind_rest: str, ok: bool) -> None:
    """R28: tricks of three plus six cards (what he laid away and the Blinder's rest), or,
    with the Blinder's rest to the defenders, plus what he laid away (Dreier three, Zweier
    two, Einser one; a Solo's pile holds the Blinder's six): a pile of the wrong size was
    miscounted."""
    body = {"game": kind, "declarer": "Benno", "cards": [str(c) for c in DECK_54[:size]]}
    if ok:
        assert deal(body, blind_rest=blind_rest).scored.declarer_points is not None
    else:
        error = refused(body, blind_rest=blind_rest)
        assert (error.code, error.rule, error.field) == ("dl_pile_size", "R28", "cards")


def test_independent_mistakes_are_refused_together() -> None:
    error = refused({**game("dreier", 80), "extras": ["blind"]})
    assert {v.field for v in error.violations} == {"declarer_points", "extras.0"}


def test_a_discard_error_loses_eightfold_whatever_else() -> None:
    result = deal({**game("einser", 60, extras=["drull"]), "discard_error": True}, lost_double="true")
    assert (result.scored.won, result.scored.fach) == (False, 8)
    assert dict(result.scored.settlement) == {"Anna": 0, "Benno": -16, "Carla": 8, "Dieter": 8}


# --- R30: Räuber and Drescher -----------------------------------------------------------------

def raeuber(points: tuple[int, int, int], tricks: tuple[int, int, int], **extra: Any) -> dict[str, Any]:
    names = ("Benno", "Carla", "Dieter")
    return {"game": "raeuber", "points": dict(zip(names, points)), "tricks": dict(zip(names, tricks)), **extra}


@pytest.mark.parametrize(("body", "rules", "settlement"), [
    pytest.param(raeuber((30, 20, 18), (6, 5, 5)), {}, {"Benno": -2, "Carla": 1, "Dieter": 1},
                 id="the most points pays each other 1"),
    pytest.param(raeuber((44, 20, 0), (11, 5, 0)), {}, {"Benno": -4, "Carla": 2, "Dieter": 2},
                 id="one other without a trick: times 2"),
    pytest.param(raeuber((64, 0, 0), (16, 0, 0)), {}, {"Benno": -8, "Carla": 4, "Dieter": 4},
                 id="both others without a trick: times 4"),
    pytest.param(raeuber((25, 25, 12), (6, 6, 4)), {}, {"Benno": -1, "Carla": -1, "Dieter": 2},
                 id="equal highest each pay the one below, not each other"),
    pytest.param(raeuber((22, 22, 22), (5, 6, 5), blind_points=4), {}, {"Benno": 0, "Carla": 0, "Dieter": 0},
                 id="all three equal: nobody pays"),
    pytest.param(raeuber((30, 20, 20), (6, 5, 5), last_trick="Benno", blind_points=12), {"raeuber_blind": "last_trick"},
                 {"Benno": -2, "Carla": 1, "Dieter": 1}, id="the Blinder goes with the last trick: 70 in all"),
])
def test_raeuber(body: dict, rules: dict, settlement: dict) -> None:
    assert dict(deal(body, **rules).scored.settlement) == {"Anna": 0, **settlement}


@pytest.mark.parametrize(("body", "rules", "code", "field"), [
    pytest.param(raeuber((30, 20, 18), (6, 5, 4)), {}, "dl_tricks_sum", "tricks", id="16 tricks in all"),
    pytest.param(raeuber((30, 20, 18), (6, 5, 5), blind_points=4), {}, "dl_raeuber_sum_blind", "points",
                 id="70 less the Blinder's 4 is 66, not 68"),
    pytest.param(raeuber((30, 20, 21), (6, 5, 5)), {}, "dl_raeuber_sum_range", "points",
                 id="71 leaves nothing for the Blinder"),
    pytest.param(raeuber((30, 20, 18), (6, 5, 5)), {"raeuber_blind": "last_trick"}, "dl_last_trick_required",
                 "last_trick", id="who took the last trick, with the Blinder"),
    pytest.param(raeuber((30, 20, 18), (6, 5, 5), last_trick="Benno"), {"raeuber_blind": "last_trick"},
                 "dl_raeuber_sum", "points", id="with the Blinder to the last trick they make 70"),
    pytest.param(raeuber((30, 14, 18), (10, 1, 5)), {}, "dl_points_unreachable", "points.Carla",
                 id="one trick of three cards counts 1 to 13 (the Drull), never 14"),
    pytest.param(raeuber((35, 5, 14), (3, 10, 3)), {}, "dl_points_unreachable", "points.Carla",
                 id="ten tricks count at least 10"),
    pytest.param({**raeuber((30, 20, 18), (6, 5, 5)), "declarer": "Benno"}, {}, "dl_field_not_for_game", "declarer",
                 id="a Räuber has no declarer"),
    pytest.param({"game": "raeuber", "points": {"Anna": 30, "Carla": 20, "Dieter": 18},
                  "tricks": {"Anna": 6, "Carla": 5, "Dieter": 5}}, {}, "dl_sitting_out", "points.Anna",
                 id="the dealer sits out"),
])
def test_a_raeuber_that_cannot_be_is_refused(body: dict, rules: dict, code: str, field: str) -> None:
    error = refused(body, **rules)
    assert (error.code, error.field) == (code, field)


@pytest.mark.parametrize(("rules", "sums"), [
    pytest.param({}, [44, 68], id="the Blinder ignored: 70 less its 2 to 26"),
    pytest.param({"raeuber_blind": "last_trick"}, [70, 70], id="the Blinder to the last trick: 70"),
])
def test_the_form_is_told_what_a_raeubers_points_make_together(rules: dict, sums: list[int]) -> None:
    """R30: what the phone says before it sends (the issue's 70, refused with 44-68)."""
    assert DREIERLES.needs(start(**rules))["raeuber_points"] == sums
    low, high = sums
    if not rules:  # the Blinder not entered: a sum outside is refused naming the same range
        for total in (low - 1, high + 1):
            error = refused(raeuber((total - 20, 10, 10), (6, 5, 5)), **rules)
            assert (error.code, error.params["least"], error.params["most"]) == ("dl_raeuber_sum_range", low, high)


def test_a_snapshot_taken_before_a_house_rule_existed_reads_its_default() -> None:
    shown = DREIERLES.state_to_json(start())
    del shown["rules"]["blind_rest"]
    assert DREIERLES.state_from_json(shown).rules["blind_rest"] == "declarer"


def test_drescher_the_last_trick_pays() -> None:
    result = deal({"game": "drescher", "last_trick": "Carla"})
    assert dict(result.scored.settlement) == {"Anna": 0, "Benno": 1, "Carla": -2, "Dieter": 1}
    assert refused({"game": "drescher"}).code == "dl_last_trick_required"


# --- R32: seats ------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "dealer", "rule", "out", "forehand"), [
    pytest.param(["A", "B", "C"], "A", "left", (), "C", id="three: the dealer plays; Vorn on his right"),
    pytest.param(["A", "B", "C", "D"], "B", "left", ("B",), "A", id="four: the dealer sits out"),
    pytest.param(["A", "B", "C", "D", "E"], "A", "left", ("A", "C"), "E",
                 id="five: the dealer and the dealer after next (to the left)"),
    pytest.param(["A", "B", "C", "D", "E"], "A", "right", ("A", "D"), "E",
                 id="five, deal passing right: the dealer after next is two to the right"),
])
def test_seats(players: list[str], dealer: str, rule: str, out: tuple, forehand: str) -> None:
    seats = seating(players, dealer, rule)
    assert (seats.sitting_out, seats.forehand) == (out, forehand)
    assert len(seats.active) == 3


def test_the_deal_passes_left_and_everyone_sits_out_in_turn() -> None:
    state = start()
    seen = []
    for _ in range(4):
        seen.append((state.dealer, DREIERLES.state_to_json(state)["sitting_out"]))
        body = {"game": "drescher", "last_trick": state.seating.active[0]}
        state = DREIERLES.apply(state, entry_from_json(body)).state
    assert seen == [("Anna", ["Anna"]), ("Benno", ["Benno"]), ("Carla", ["Carla"]), ("Dieter", ["Dieter"])]


# --- the ledger always sums to zero (hypothesis) ------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4, 5]),
       rules=st.fixed_dictionaries({"lost_double": st.sampled_from(["false", "true"]),
                                    "ladder": st.sampled_from(["cumulative", "flat"]),
                                    "blind_rest": st.sampled_from(["declarer", "defenders"]),
                                    "next_dealer": st.sampled_from(["left", "right"])}))
def test_the_ledger_always_sums_to_zero(seed: int, players: int, rules: dict) -> None:
    rng = random.Random(seed)
    state = start(["Anna", "Benno", "Carla", "Dieter", "Emil"][:players], **rules)
    for _ in range(30):
        outcome = DREIERLES.apply(state, entry_from_json(random_deal(rng, state)))
        assert sum(outcome.result.scored.settlement.values()) == 0
        assert all(outcome.result.scored.settlement[p] == 0 for p in state.seating.sitting_out)
        state = outcome.state
        assert sum(state.balance) == 0
