"""One deal of Sixty-Six or Schnapsen, by how it ended (R17-R21), with the checks of R23.

Every row is a deal a table could have played (the card points can be made with the
tricks taken, and both players' piles fit one deck), with its twin that breaks one rule
and is refused with that rule's number and the field to fix.  Anna deals the first deal,
so Benno is forehand (he leads the first trick).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import RuleViolation
from engine.sixtysix import SIXTYSIX, SixtySixState

from .helpers import entry_from_json

A, B = "Anna", "Benno"


def start(**rules: str) -> SixtySixState:
    return SIXTYSIX.start([A, B], rules=rules)


def deal(ended_by: str, points: tuple[int, int] | None, tricks: tuple[int, int] | None, **extra: Any) -> dict:
    body: dict[str, Any] = {"ended_by": ended_by, **extra}
    if points is not None:
        body["points"] = {A: points[0], B: points[1]}
    if tricks is not None:
        body["tricks"] = {A: tricks[0], B: tricks[1]}
    return body


def scored(body: dict, **rules: str) -> tuple[str | None, int, list[str]]:
    outcome = SIXTYSIX.apply(start(**rules), entry_from_json(body))
    return outcome.result.winner, outcome.result.game_points, [f"{n.rule} {n.code}" for n in outcome.result.notes]


def refused(body: dict, **rules: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        SIXTYSIX.apply(start(**rules), entry_from_json(body))
    return caught.value


# --- R17 / R18: a claim of 66, right and wrong --------------------------------------------------

CLAIMS = [
    # (rules, entry, winner, game points, the rule's note)
    pytest.param({}, deal("claim", (66, 33), (4, 2), claim=A), A, 1, "R17 ss_claim_right",
                 id="R17 66 against 33: 1 point"),
    pytest.param({}, deal("claim", (66, 32), (4, 2), claim=A), A, 2, "R17 ss_claim_right",
                 id="R17 66 against 32: 2 points (Schneider line is 33)"),
    pytest.param({}, deal("claim", (66, 0), (4, 0), claim=A), A, 3, "R17 ss_claim_right",
                 id="R17 the opponent took no trick: 3 points"),
    pytest.param({}, deal("claim", (46, 14), (3, 2), claim=A, trump="H", melds=[{"player": A, "suit": "E"}]),
                 A, 2, "R17 ss_claim_right", id="R17 46 + a marriage of 20 makes 66"),
    pytest.param({}, deal("claim", (26, 14), (2, 2), claim=A, trump="E", melds=[{"player": A, "suit": "E"}]),
                 A, 2, "R17 ss_claim_right", id="R17 26 + forty in trumps makes 66"),
    pytest.param({}, deal("claim", (28, 20), (2, 1), claim=B, trump="E", melds=[{"player": B, "suit": "H"}]),
                 A, 2, "R18 ss_claim_wrong", id="R18 48 claimed: wrong, Anna (28, a trick) scores 2"),
    pytest.param({}, deal("claim", (65, 33), (4, 2), claim=A), B, 1, "R18 ss_claim_wrong",
                 id="R18 65 is one short: Benno has 33 and scores 1"),
    pytest.param({"wrong_claim": "flat"}, deal("claim", (65, 33), (4, 2), claim=A), B, 2, "R18 ss_claim_wrong",
                 id="R18 flat: 2 whatever Benno has"),
    pytest.param({}, deal("claim", (0, 0), (0, 0), claim=B, trump="S", melds=[{"player": B, "suit": "G", "trick": 1}]),
                 A, 3, "R18 ss_claim_wrong",
                 id="R18 a claim on a marriage before any trick counts nothing: Anna, no trick yet, scores 3"),
    pytest.param({"wrong_claim": "flat"}, deal("claim", (30, 0), (3, 0), claim=A), B, 3, "R18 ss_claim_wrong",
                 id="R18 flat: 3 when the opponent had no trick"),
]


@pytest.mark.parametrize(("rules", "body", "winner", "points", "note"), CLAIMS)
def test_a_claim_scores_by_the_opponents_figures(rules: dict, body: dict, winner: str, points: int,
                                                 note: str) -> None:
    got = scored(body, **rules)
    assert got[:2] == (winner, points)
    assert note in got[2]


@pytest.mark.parametrize(("body", "code", "rule", "field"), [
    pytest.param(deal("claim", (0, 30), (0, 3), claim=A), "ss_claim_without_trick", "R17", "claim",
                 id="R17 no trick and no marriage: no claim"),
    pytest.param(deal("claim", (66, 33), (4, 2)), "ss_field_required", "R17", "claim",
                 id="R17 who claimed?"),
    pytest.param(deal("claim", (66, 33), (4, 2), claim=A, last_trick=A), "ss_field_not_for_ending", "R17",
                 "last_trick", id="R17 a claim has no last trick"),
    pytest.param(deal("claim", (66, 33), (4, 2), claim="Carla"), "unknown_player", None, "claim",
                 id="a claimer who is not at the table"),
    pytest.param(deal("claim", (0, 0), (0, 0), claim=A, trump="S", melds=[{"player": A, "suit": "G"}]),
                 "marriage_without_lead", "T6", "melds",
                 id="T6 Anna deals, so she was never on lead before a trick: no marriage"),
])
def test_a_claim_that_cannot_have_been_made_is_refused(body: dict, code: str, rule: str | None, field: str) -> None:
    error = refused(body)
    assert (error.code, error.rule, error.field) == (code, rule, field)


def test_the_hard_game_has_no_marriage_before_the_first_trick() -> None:
    body = deal("claim", (0, 0), (0, 0), claim=B, trump="S", melds=[{"player": B, "suit": "G", "trick": 1}])
    assert scored(body)[:2] == (A, 3)  # soft: allowed, and a wrong claim
    error = refused(body, style="hard")
    assert (error.code, error.rule) == ("ss_hard_no_marriage_first_lead", "R23")


# --- R21: played out ----------------------------------------------------------------------------

PLAYED_OUT = [
    pytest.param({}, deal("played_out", (70, 50), (7, 5), last_trick=B), A, 1, "R21 ss_played_out_won",
                 id="R21 70 against 50+10: 1 point"),
    pytest.param({}, deal("played_out", (56, 64), (6, 6), last_trick=A), A, 1, "R21 ss_played_out_won",
                 id="R21 the last-trick ten lifts 56 to 66"),
    pytest.param({}, deal("played_out", (98, 22), (10, 2), last_trick=A), A, 2, "R21 ss_played_out_won",
                 id="R21 the opponent under 33: 2 points"),
    pytest.param({}, deal("played_out", (120, 0), (12, 0), last_trick=A), A, 3, "R21 ss_played_out_won",
                 id="R21 every trick: 3 points"),
    pytest.param({}, deal("played_out", (55, 65), (6, 6), last_trick=A), None, 0, "R21 ss_tie_carry",
                 id="R21 65 to 65: nobody scores, carried"),
    pytest.param({"tie": "last_trick_wins"}, deal("played_out", (55, 65), (6, 6), last_trick=A), A, 1,
                 "R21 ss_tie_last_trick", id="R21 65 to 65, house rule: the last trick scores 1"),
    pytest.param({}, deal("played_out", (55, 65), (6, 6), last_trick=A, trump="H",
                          melds=[{"player": A, "suit": "E"}, {"player": B, "suit": "S"}]),
                 A, 1, "R21 ss_both_over", id="R21 both over 66 by marriages: the last trick scores 1"),
    pytest.param({"variant": "schnapsen"}, deal("played_out", (81, 39), (6, 4), last_trick=B), B, 1,
                 "R21 ss_schnapsen_last_trick", id="R21 Schnapsen: the last trick wins 1, whatever the points"),
    pytest.param({"variant": "schnapsen"}, deal("played_out", (60, 60), (5, 5), last_trick=A), A, 1,
                 "R21 ss_schnapsen_last_trick", id="R21 Schnapsen has no last-trick ten"),
]


@pytest.mark.parametrize(("rules", "body", "winner", "points", "note"), PLAYED_OUT)
def test_a_deal_played_out(rules: dict, body: dict, winner: str | None, points: int, note: str) -> None:
    got = scored(body, **rules)
    assert got[:2] == (winner, points)
    assert note in got[2]


def test_the_last_trick_ten_is_added_by_the_engine_not_entered() -> None:
    outcome = SIXTYSIX.apply(start(), entry_from_json(deal("played_out", (56, 64), (6, 6), last_trick=A)))
    assert dict(outcome.result.totals) == {A: 66, B: 64}
    assert "R21 ss_last_trick_ten" in [f"{n.rule} {n.code}" for n in outcome.result.notes]


@pytest.mark.parametrize(("rules", "body", "code", "rule", "field"), [
    pytest.param({}, deal("played_out", (70, 49), (7, 5), last_trick=A), "points_sum", "R23", "points",
                 id="R23 played out, the card points make 120, not 119"),
    pytest.param({}, deal("played_out", (70, 50), (7, 4), last_trick=A), "tricks_sum", "R23", "tricks",
                 id="R23 played out, the tricks make 12, not 11"),
    pytest.param({"variant": "schnapsen"}, deal("played_out", (70, 50), (7, 5), last_trick=A), "tricks_sum",
                 "R23", "tricks", id="R23 Schnapsen has 10 tricks, not 12"),
    pytest.param({}, deal("played_out", (70, 50), (7, 5)), "ss_field_required", "R21", "last_trick",
                 id="R21 who took the last trick?"),
    pytest.param({}, deal("played_out", (120, 0), (12, 0), last_trick=B), "last_trick_without_trick", "R23",
                 "last_trick", id="R23 no tricks, no last trick"),
    pytest.param({}, deal("claim", (66, 1), (4, 1), claim=A), "points_unreachable", "R23", "points.Benno",
                 id="R23 one card point cannot be made"),
    pytest.param({}, deal("claim", (66, 45), (4, 1), claim=A), "points_unreachable", "R23",
                 "points.Benno", id="R23 45 cannot be made with two cards"),
    pytest.param({}, deal("claim", (0, 44), (3, 2), claim=B), "points_unreachable", "R23", "points.Anna",
                 id="R23 six cards worth nothing: there are only four nines"),
    pytest.param({}, deal("claim", (44, 44), (2, 2), claim=A), "points_not_one_deck", "R23", "points",
                 id="R23 four aces each: each can be made, not both"),
    pytest.param({}, deal("played_out", (70, 50), (7, 5), last_trick=A, claim=A), "ss_field_not_for_ending", "R21",
                 "claim", id="R21 played out has no claim"),
    pytest.param({}, deal("played_out", (60, 60), (6, 6), last_trick=A, melds=[{"player": A, "suit": "E"}]),
                 "ss_trump_required_melds", "R10", "trump", id="R10 which suit was trumps?"),
    pytest.param({}, deal("played_out", (60, 60), (6, 6), last_trick=A, trump="H",
                          melds=[{"player": A, "suit": "E"}, {"player": B, "suit": "E"}]),
                 "marriage_twice", "T6", "melds.1.suit", id="T6 one marriage per suit"),
])
def test_r23_checks(rules: dict, body: dict, code: str, rule: str, field: str) -> None:
    error = refused(body, **rules)
    assert (error.code, error.rule, error.field) == (code, rule, field)


def test_several_mistakes_are_refused_together() -> None:
    body = {"ended_by": "played_out", "points": {A: 70}, "tricks": {B: 5}, "last_trick": A}
    error = refused(body)
    assert {v.field for v in error.violations} == {"points.Benno", "tricks.Anna"}


# --- R19: closing the stock ---------------------------------------------------------------------

AT14 = {"points": 14, "tricks": 1}  # Benno's figures at the closing: one trick, 14 card points
AT0 = {"points": 0, "tricks": 0}

CLOSED = [
    pytest.param({}, deal("closed", (66, 30), (5, 3), closed_by=A, closed_after=2, at_close=AT14),
                 A, 2, "R19 ss_close_made", id="R19 made: Benno had 14 at the closing: 2 points"),
    pytest.param({"closing": "count_after"},
                 deal("closed", (66, 35), (5, 3), closed_by=A, closed_after=2, at_close=AT14),
                 A, 1, "R19 ss_close_made", id="R19 house rule: his 35 at the end count: 1 point"),
    pytest.param({}, deal("closed", (66, 30), (5, 3), closed_by=A, closed_after=2, at_close=AT0),
                 A, 3, "R19 ss_close_made", id="R19 made: Benno had no trick at the closing: 3 points"),
    pytest.param({}, deal("closed", (60, 35), (6, 2), closed_by=A, closed_after=2, at_close=AT14),
                 B, 2, "R19 ss_close_failed", id="R19 failed with 60: Benno scores 2"),
    pytest.param({}, deal("closed", (60, 35), (6, 2), closed_by=A, closed_after=2, at_close=AT0),
                 B, 3, "R19 ss_close_failed_no_trick", id="R19 failed, Benno had no trick at the closing: 3"),
    pytest.param({}, deal("closed", (30, 66), (2, 4), closed_by=A, closed_after=2, claim=B,
                          at_close=AT14),
                 B, 2, "R19 ss_close_beaten", id="R19 Benno claims 66 first: 2"),
    pytest.param({}, deal("closed", (66, 30), (5, 3), closed_by=A, closed_after=3, claim=A,
                          at_close=AT14),
                 A, 2, "R19 ss_close_made", id="R19 the closer's own claim"),
    pytest.param({}, deal("closed", (30, 60), (2, 4), closed_by=A, closed_after=2, claim=B,
                          at_close=AT14),
                 A, 2, "R18 ss_close_wrong_claim",
                 id="R18 after a closing Benno claims with 60: Anna scores as her own claim would have"),
    pytest.param({"variant": "schnapsen"},
                 deal("closed", (25, 26), (2, 3), closed_by=B, closed_after=0, trump="E",
                      melds=[{"player": B, "suit": "E", "trick": 1}], at_close=AT0),
                 B, 3, "R19 ss_close_made",
                 id="R19 Schnapsen: Benno shows forty, closes before the first trick and makes 66"),
    pytest.param({}, deal("closed", (66, 30), (5, 3), closed_by=A, closed_after=2, trump="H",
                          melds=[{"player": B, "suit": "S", "trick": 2}], at_close=AT14),
                 A, 1, "R19 ss_close_made", id="R19 Benno's marriage before the closing counts at the closing: 34"),
    pytest.param({}, deal("closed", (66, 30), (5, 3), closed_by=A, closed_after=2, trump="H",
                          melds=[{"player": B, "suit": "S", "trick": 6}], at_close=AT14),
                 A, 2, "R19 ss_close_made", id="R19 Benno's marriage after the closing does not count (Viennese)"),
]


@pytest.mark.parametrize(("rules", "body", "winner", "points", "note"), CLOSED)
def test_a_closed_stock(rules: dict, body: dict, winner: str, points: int, note: str) -> None:
    got = scored(body, **rules)
    assert got[:2] == (winner, points)
    assert note in got[2]


def test_the_exchange_needs_the_stock_open() -> None:
    """T7: six tricks exhaust the stock of Sixty-Six: no exchange on the seventh lead."""
    body = deal("played_out", (70, 50), (7, 5), last_trick=B, exchange={"player": A, "trick": 7})
    error = refused(body)
    assert (error.code, error.rule, error.field) == ("ss_exchange_stock_closed", "T7", "exchange.trick")
    assert scored({**body, "exchange": {"player": A, "trick": 6}})[:2] == (A, 1)


def test_a_claim_after_the_last_trick_has_its_ten() -> None:
    """R21: nobody claimed before the last trick, so it is played and worth ten more; its
    winner claims after it (66 with the ten, not 56 without)."""
    body = deal("claim", (56, 64), (6, 6), claim=A)
    assert scored(body)[:2] == (A, 1)


def test_no_last_trick_ten_after_a_closing() -> None:
    body = deal("closed", (60, 35), (6, 2), closed_by=A, closed_after=2, at_close=AT14)
    outcome = SIXTYSIX.apply(start(), entry_from_json(body))
    assert dict(outcome.result.totals) == {A: 60, B: 35}


@pytest.mark.parametrize(("rules", "body", "code", "rule", "field"), [
    pytest.param({}, deal("closed", (66, 30), (5, 3), closed_by=A, closed_after=5, at_close=AT14),
                 "ss_close_too_late", "T7", "closed_after", id="T7 after five tricks only two cards are left"),
    pytest.param({"variant": "schnapsen"},
                 deal("closed", (66, 30), (5, 3), closed_by=A, closed_after=4, at_close=AT14),
                 "ss_close_too_late", "T7", "closed_after", id="T7 Schnapsen: at most three tricks before closing"),
    pytest.param({}, deal("closed", (66, 30), (5, 3), closed_by=A, closed_after=3), "ss_field_required", "R19",
                 "at_close", id="R19 the opponent's figures at the closing are needed"),
    pytest.param({}, deal("closed", (66, 30), (5, 3), closed_by=A, closed_after=3,
                          at_close={"points": 34, "tricks": 1}),
                 "ss_at_close_above_final", "R23", "at_close.points", id="R23 34 at the closing but 30 at the end"),
    pytest.param({}, deal("closed", (66, 30), (5, 3), closed_by=A, closed_after=3,
                          at_close={"points": 14, "tricks": 4}),
                 "ss_at_close_above_final", "R23", "at_close.tricks",
                 id="R23 four tricks at the closing, three at the end"),
    pytest.param({}, deal("closed", (66, 30), (5, 3), closed_by=A, closed_after=3, at_close={"points": 1, "tricks": 1}),
                 "points_unreachable", "R23", "at_close.points", id="R23 one card point at the closing"),
    pytest.param({}, deal("closed", (66, 30), (6, 3), closed_by=A, closed_after=3,
                          at_close={"points": 14, "tricks": 3}),
                 "ss_close_not_on_lead", "T7", "closed_by",
                 id="T7 Benno took all three tricks before it, so Anna was not on lead"),
    pytest.param({}, deal("closed", (66, 30), (4, 2), closed_by=A, closed_after=0, at_close=AT0),
                 "ss_close_not_on_lead", "T7", "closed_by", id="T7 before the first trick only Benno is on lead"),
    pytest.param({}, deal("closed", (66, 30), (6, 4), closed_by=A, closed_after=3, at_close=AT14),
                 "ss_tricks_after_closing", "T7", "tricks", id="T7 after three tricks and a closing: 9 tricks, not 10"),
    pytest.param({}, deal("closed", (66, 30), (5, 3), closed_by=A, closed_after=3, last_trick=A,
                          at_close=AT14),
                 "ss_field_not_for_ending", "R19", "last_trick",
                 id="R19 the last trick does not count after a closing"),
])
def test_a_closing_that_cannot_have_been_is_refused(rules: dict, body: dict, code: str, rule: str, field: str) -> None:
    error = refused(body, **rules)
    assert (error.code, error.rule, error.field) == (code, rule, field)


# --- R19, R23's decisions: a closing entered without ``claim`` ---------------------------------
# An empty ``claim`` means the closer claimed when the figures are short of the deal (the
# figures are those of his claim), and that the deal was played to the end when they are
# complete.  After a closing after n tricks the deal has n + 6 tricks (Schnapsen n + 5).

EMPTY_CLAIM = [
    # (rules, entry, winner, game points, the claim the engine reads, the note)
    pytest.param({}, deal("closed", (66, 30), (5, 2), closed_by=A, closed_after=3, at_close=AT14),
                 A, 2, A, "R19 ss_close_made",
                 id="R19 closed after three, 7 of 9 tricks: Anna claimed with 66 and made it"),
    pytest.param({}, deal("closed", (66, 30), (5, 2), closed_by=A, closed_after=3, at_close=AT14, claim=A),
                 A, 2, A, "R19 ss_close_made", id="R19 the same deal with her claim named: the same score"),
    pytest.param({}, deal("closed", (60, 30), (5, 2), closed_by=A, closed_after=3, at_close=AT14),
                 B, 2, A, "R19 ss_close_failed", id="R19 7 of 9 tricks, Anna claimed with only 60: 2 for Benno"),
    pytest.param({}, deal("closed", (60, 35), (6, 2), closed_by=A, closed_after=2, at_close=AT14),
                 B, 2, None, "R19 ss_close_failed", id="R19 8 of 8 tricks: played to the end, nobody claimed"),
    pytest.param({}, deal("closed", (66, 14), (4, 1), closed_by=A, at_close=AT14),
                 A, 2, A, "R19 ss_close_made",
                 id="R19 after-how-many not noted: 5 tricks are fewer than any closed deal has"),
    pytest.param({}, deal("closed", (66, 35), (5, 2), closed_by=A, at_close={"points": 34, "tricks": 2}),
                 A, 1, A, "R19 ss_close_made",
                 id="R19 not noted, but Benno had 2 tricks at the closing: 7 tricks fall short of the 9 at least"),
    pytest.param({"variant": "schnapsen"},
                 deal("closed", (14, 26), (1, 3), closed_by=B, closed_after=0, trump="E",
                      melds=[{"player": B, "suit": "E", "trick": 1}], at_close=AT0),
                 B, 3, B, "R19 ss_close_made",
                 id="R19 Schnapsen: Benno shows forty, closes on the first lead, claims after four of five tricks"),
]


@pytest.mark.parametrize(("rules", "body", "winner", "points", "claimer", "note"), EMPTY_CLAIM)
def test_a_closing_without_claim_reads_the_claim_from_the_figures(rules: dict, body: dict, winner: str, points: int,
                                                                  claimer: str | None, note: str) -> None:
    outcome = SIXTYSIX.apply(start(**rules), entry_from_json(body))
    assert (outcome.result.winner, outcome.result.game_points) == (winner, points)
    assert outcome.result.facts.claim == claimer
    assert outcome.result.to_json()["claim"] == claimer
    assert note in [f"{n.rule} {n.code}" for n in outcome.result.notes]


@pytest.mark.parametrize(("body", "code", "rule", "field"), [
    pytest.param(deal("closed", (30, 0), (3, 0), closed_by=B, closed_after=0, at_close=AT0),
                 "ss_claim_without_trick", "R17", "claim",
                 id="R17 Benno closed first and claimed after 3 tricks, all lost: no claim without a trick"),
    pytest.param(deal("closed", (66, 30), (6, 4), closed_by=A, closed_after=3, at_close=AT14),
                 "ss_tricks_after_closing", "T7", "tricks", id="T7 closed after three: 10 tricks are more than 9"),
    pytest.param(deal("closed", (70, 40), (8, 3), closed_by=A, at_close=AT14),
                 "ss_tricks_after_closing", "T7", "tricks", id="T7 not noted: 11 tricks are more than any closed deal"),
])
def test_a_closing_without_claim_is_refused_where_the_figures_cannot_be(body: dict, code: str, rule: str,
                                                                        field: str) -> None:
    error = refused(body)
    assert (error.code, error.rule, error.field) == (code, rule, field)


# --- R20: Renonce -------------------------------------------------------------------------------


@pytest.mark.parametrize(("body", "winner"), [
    pytest.param(deal("renonce", None, None, renonce_by=A), B, id="R20 Anna reneged: 3 for Benno"),
    pytest.param(deal("renonce", (40, 20), (4, 2), renonce_by=B), A, id="R20 whatever the points: 3 for Anna"),
])
def test_a_renonce_scores_3_for_the_opponent(body: dict, winner: str) -> None:
    assert scored(body)[:2] == (winner, 3)


def test_a_renonce_names_who_reneged() -> None:
    error = refused(deal("renonce", None, None))
    assert (error.code, error.rule, error.field) == ("ss_field_required", "R20", "renonce_by")


def test_the_ending_must_be_said() -> None:
    error = refused({"points": {A: 70, B: 50}, "tricks": {A: 7, B: 5}, "last_trick": A})
    assert (error.code, error.rule, error.field) == ("ss_ended_by_required", "R23", "ended_by")


def test_the_refusals_speak_german() -> None:
    error = refused(deal("closed", (66, 30), (5, 3), closed_by=A, closed_after=3, at_close={"points": 34, "tricks": 1}))
    assert error.message("de") == ("Benno hatte beim Zudrehen 34 Augen, am Ende aber nur 30: beim Zudrehen kann es "
                                   "nicht mehr gewesen sein.")
    error = refused(deal("claim", (66, 33), (4, 2)))
    assert error.message("de") == "Ausgemeldet: Wer hat sich ausgemeldet?"
    error = refused(deal("claim", (66, 33), (4, 2), claim=A, last_trick=A))
    assert error.message("en") == "A claim of 66: leave out the last trick, it does not count here."
