"""R23 and the checks of what each ending takes, as twins: the deal a table really
played (recorded) and the same deal with one slip (refused, citing the rule and the
field).  The slip is posted first and must leave the match as it was, so its twin then
goes in under the same seq.

Totals that no pile of cards can make were found with engine.tricks.counting: with two
tricks (four cards) 1, 38 and 39 cannot be made (31 can: Ace, two Tens and a Nine); with
one trick in Schnapsen (no nines) 2 cannot."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.cards.german import DECK_20, DECK_24
from engine.tricks.counting import fits_one_deck, is_reachable
from tests.api.sixtysix.conftest import GERMAN, assert_german, claim, closed, open_match, played_out

SCHNAPSEN = {"variant": "schnapsen"}


def twin(entry: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``entry`` with some fields changed (``None``: left out)."""
    changed = {**entry, **changes}
    return {k: v for k, v in changed.items() if v is not None}


def points(anna: int, benno: int) -> dict[str, int]:
    return {"Anna": anna, "Benno": benno}


PLAYED = played_out("Benno", (65, 55), (6, 6))
CLAIM = claim("Anna", (66, 10), (4, 1))
CLOSED = closed("Anna", 2, (13, 1), (60, 40), (5, 3))
MARRIAGES = claim("Anna", (46, 10), (3, 1), trump="H", melds=[{"player": "Anna", "suit": "H", "trick": 2}])
SCHNAPSEN_PLAYED = played_out("Anna", (70, 50), (5, 5))

TWINS = [
    # the sums (R23)
    pytest.param(None, PLAYED, twin(PLAYED, points=points(65, 54)), "points_sum", "R23", {"points"},
                 id="played out: the card points add up to 119"),
    pytest.param(None, PLAYED, twin(PLAYED, points=points(66, 55)), "points_sum", "R23", {"points"},
                 id="played out: the card points add up to 121"),
    pytest.param(None, PLAYED, twin(PLAYED, tricks=points(6, 5)), "tricks_sum", "R23", {"tricks"},
                 id="played out: 11 tricks"),
    pytest.param(SCHNAPSEN, SCHNAPSEN_PLAYED, twin(SCHNAPSEN_PLAYED, tricks=points(6, 6)), "tricks_sum", "R23",
                 {"tricks"}, id="Schnapsen played out with twelve tricks as in Sixty-Six"),
    pytest.param(SCHNAPSEN, SCHNAPSEN_PLAYED, twin(SCHNAPSEN_PLAYED, tricks=points(5, 4)), "tricks_sum", "R23",
                 {"tricks"}, id="Schnapsen played out with nine tricks"),
    pytest.param(None, CLAIM, twin(CLAIM, tricks=points(10, 3)), "tricks_sum_claim", "R23", {"tricks"},
                 id="a claim after thirteen tricks"),
    # totals no cards can make (R23)
    pytest.param(None, claim("Anna", (66, 2), (4, 1)), claim("Anna", (66, 1), (4, 1)), "points_unreachable", "R23",
                 {"points.Benno"}, id="Benno's one card point from a trick"),
    pytest.param(None, claim("Anna", (26, 37), (2, 2)), claim("Anna", (26, 38), (2, 2)), "points_unreachable", "R23",
                 {"points.Benno"}, id="Benno's 38 from two tricks"),
    pytest.param(None, claim("Anna", (66, 10), (4, 1)), claim("Anna", (66, 10), (4, 0)), "points_without_trick", "R23",
                 {"points.Benno"}, id="Benno has 10 card points but no trick"),
    pytest.param(None, claim("Anna", (66, 10), (4, 1)), claim("Anna", (66, -10), (4, 1)), "points_range", "R23",
                 {"points.Benno"}, id="negative card points"),
    pytest.param(None, claim("Anna", (66, 30), (4, 2)), claim("Anna", (70, 31), (4, 2)), "points_not_one_deck", "R23",
                 {"points"}, id="Anna's 70 and Benno's 31 need more low cards than the deck has"),
    # what each ending needs and never takes (R17-R21)
    pytest.param(None, CLAIM, twin(CLAIM, ended_by=None), "ss_ended_by_required", "R23", {"ended_by"},
                 id="how the deal ended is left out"),
    pytest.param(None, CLAIM, twin(CLAIM, claim=None), "ss_field_required", "R17", {"claim"},
                 id="a claim without the claimer"),
    pytest.param(None, CLAIM, twin(CLAIM, last_trick="Anna"), "ss_field_not_for_ending", "R17", {"last_trick"},
                 id="a claim with a last trick"),
    pytest.param(None, CLAIM, twin(CLAIM, closed_after=2), "ss_field_not_for_ending", "R17", {"closed_after"},
                 id="a claim with a closing"),
    pytest.param(None, PLAYED, twin(PLAYED, last_trick=None), "ss_field_required", "R21", {"last_trick"},
                 id="played out without the last trick"),
    pytest.param(None, PLAYED, twin(PLAYED, at_close={"points": 10, "tricks": 1}), "ss_field_not_for_ending", "R21",
                 {"at_close"}, id="played out with figures at a closing"),
    pytest.param(None, PLAYED, twin(PLAYED, last_trick="Benno", tricks=points(12, 0), points=points(120, 0)),
                 "last_trick_without_trick", "R23", {"last_trick"}, id="the last trick to Benno, who took none"),
    pytest.param(None, CLOSED, twin(CLOSED, at_close=None), "ss_field_required", "R19", {"at_close"},
                 id="closed without the figures at the closing"),
    pytest.param(None, CLOSED, twin(CLOSED, closed_by=None), "ss_field_required", "R19", {"closed_by"},
                 id="closed without the closer"),
    pytest.param(None, CLOSED, twin(CLOSED, renonce_by="Benno"), "ss_field_not_for_ending", "R19", {"renonce_by"},
                 id="closed with a Renonce"),
    pytest.param(None, {"ended_by": "renonce", "renonce_by": "Benno"}, {"ended_by": "renonce"}, "ss_field_required",
                 "R20", {"renonce_by"}, id="a Renonce without who revoked"),
    pytest.param(None, {"ended_by": "renonce", "renonce_by": "Benno"},
                 {"ended_by": "renonce", "renonce_by": "Benno", "claim": "Anna"}, "ss_field_not_for_ending", "R20",
                 {"claim"}, id="a Renonce with a claim"),
    # the closing (T7, R23)
    pytest.param(None, CLOSED, twin(CLOSED, at_close={"points": 45, "tricks": 1}), "ss_at_close_above_final", "R23",
                 {"at_close.points"}, id="Benno had more card points at the closing than at the end"),
    pytest.param(None, closed("Anna", 4, (30, 3), (60, 40), (7, 3)), closed("Anna", 4, (30, 4), (60, 40), (7, 3)),
                 "ss_at_close_above_final", "R23", {"at_close.tricks"},
                 id="Benno had four tricks at the closing but three at the end"),
    pytest.param(None, CLOSED, twin(CLOSED, at_close={"points": 1, "tricks": 1}), "points_unreachable", "R23",
                 {"at_close.points"}, id="one card point at the closing"),
    pytest.param(None, CLOSED, twin(CLOSED, at_close={"points": 10, "tricks": 0}), "points_without_trick", "R23",
                 {"at_close.points"}, id="card points at the closing without a trick"),
    pytest.param(None, closed("Anna", 4, (13, 1), (60, 40), (7, 3)), closed("Anna", 5, (13, 1), (60, 40), (8, 3)),
                 "ss_close_too_late", "T7", {"closed_after"}, id="Sixty-Six closed after five tricks"),
    pytest.param(SCHNAPSEN, closed("Anna", 3, (13, 1), (70, 40), (5, 3)), closed("Anna", 4, (13, 1), (66, 40), (6, 3)),
                 "ss_close_too_late", "T7", {"closed_after"}, id="Schnapsen closed after four tricks"),
    pytest.param(None, closed("Benno", 0, (0, 0), (20, 75), (1, 5)), closed("Anna", 0, (0, 0), (75, 20), (5, 1)),
                 "ss_close_not_on_lead", "T7", {"closed_by"}, id="the dealer closes before the first trick"),
    pytest.param(None, CLOSED, twin(CLOSED, tricks=points(6, 3), points=points(64, 40)), "ss_tricks_after_closing",
                 "T7", {"tricks"}, id="nine tricks after closing after two"),
    # marriages (R10, T6)
    pytest.param(None, MARRIAGES, twin(MARRIAGES, trump=None), "ss_trump_required_melds", "R10", {"trump"},
                 id="forty without saying what was trumps"),
    pytest.param(None, twin(MARRIAGES, melds=[{"player": "Anna", "suit": "H"}, {"player": "Anna", "suit": "S"}]),
                 twin(MARRIAGES, melds=[{"player": "Anna", "suit": "H"}, {"player": "Anna", "suit": "H"}]),
                 "marriage_twice", "T6", {"melds.1.suit"}, id="the marriage in hearts shown twice"),
    pytest.param(None, MARRIAGES, twin(MARRIAGES, melds=[{"player": "Anna", "suit": "H", "trick": 14}]),
                 "ss_meld_trick_range", "T6", {"melds.0.trick"}, id="a marriage on the fourteenth lead"),
    pytest.param(None, twin(MARRIAGES, melds=[{"player": "Benno", "suit": "G"}, {"player": "Benno", "suit": "S"}]),
                 twin(MARRIAGES, melds=[{"player": "Benno", "suit": "G"}, {"player": "Benno", "suit": "S"},
                                        {"player": "Benno", "suit": "E"}]),
                 "marriage_without_lead", "T6", {"melds"}, id="Benno shows three marriages with one trick"),
    # names (the players of the match)
    pytest.param(None, CLAIM, twin(CLAIM, points={"Anna": 66, "Bruno": 10}), "unknown_player", None,
                 {"points.Bruno", "points.Benno"}, id="Benno's points entered for Bruno"),
    pytest.param(None, CLAIM, twin(CLAIM, claim="Carla"), "unknown_player", None, {"claim"},
                 id="a claim by someone not at the table"),
    pytest.param(None, CLOSED, twin(CLOSED, closed_by="Egon"), "unknown_player", None, {"closed_by"},
                 id="a closing by someone not at the table"),
    pytest.param(None, MARRIAGES, twin(MARRIAGES, melds=[{"player": "Carla", "suit": "H"}]), "unknown_player", None,
                 {"melds.0.player"}, id="a marriage shown by someone not at the table"),
]


@pytest.mark.parametrize(("rules", "legal", "illegal", "code", "rule", "fields"), TWINS)
def test_a_slip_is_refused_and_its_twin_recorded(api: FlaskClient, rules: dict | None, legal: dict, illegal: dict,
                                                 code: str, rule: str | None, fields: set[str]) -> None:
    match = open_match(api, rules)
    problem = match.refuse(illegal, code=code)
    assert problem.get("rule") == rule
    assert problem["errors"].keys() == fields
    assert all(problem["errors"][name] for name in fields)
    german = match.refuse(illegal, headers=GERMAN)
    for name in fields:
        assert_german(german["errors"][name], problem["errors"][name])
    match.record(legal)


@pytest.mark.parametrize(("rules", "legal", "illegal", "code", "rule", "fields"), [
    p for p in TWINS if p.values[3] in ("points_unreachable", "points_not_one_deck")
    and all(name.split(".")[0] == "points" for name in p.values[5])])
def test_the_figures_were_checked_against_the_deck(rules: dict | None, legal: dict, illegal: dict, code: str,
                                                   rule: str, fields: set[str]) -> None:
    """The twins of the deck checks, worked out with the engine's counting: what the
    table enters can be dealt, what the slip says cannot."""
    deck = DECK_20 if rules == SCHNAPSEN else DECK_24

    def fits(entry: dict[str, Any]) -> bool:
        piles = [(2 * entry["tricks"][name], entry["points"][name]) for name in ("Anna", "Benno")]
        rest = (len(deck) - sum(c for c, _ in piles), 120 - sum(p for _, p in piles))
        return all(is_reachable(p, c, deck) for c, p in piles if c) and fits_one_deck([*piles, rest], deck)

    assert fits(legal) and not fits(illegal)


def test_the_variant_decides_what_a_trick_can_hold(api: FlaskClient) -> None:
    """Unter and nine make 2 in Sixty-Six; Schnapsen has no nines, so a trick holds 4 or more."""
    entry = claim("Anna", (66, 2), (4, 1))
    open_match(api).record(entry)
    problem = open_match(api, SCHNAPSEN).refuse(entry, code="points_unreachable")
    assert (problem["rule"], problem["errors"].keys()) == ("R23", {"points.Benno"})
    assert not is_reachable(2, 2, DECK_20) and is_reachable(2, 2, DECK_24)


@pytest.mark.parametrize(("entry", "fields"), [
    pytest.param({"ended_by": "claim", "claim": "Anna", "points": {"Anna": 66, "Bruno": 10},
                  "tricks": {"Anna": 4}}, {"points.Bruno", "points.Benno", "tricks.Benno"},
                 id="Benno's points under another name and his tricks forgotten"),
    pytest.param(claim("Anna", (166, -2), (13, 1)), {"points.Anna", "points.Benno", "tricks.Anna"},
                 id="three numbers out of range"),
    pytest.param({"ended_by": "played_out", "claim": "Anna", "closed_after": 2, "points": {"Anna": 66, "Benno": 54},
                  "tricks": {"Anna": 6, "Benno": 6}}, {"last_trick", "claim", "closed_after"},
                 id="played out with a claim and a closing, but no last trick"),
    pytest.param({"ended_by": "closed", "closed_after": 7, "points": {"Anna": 60, "Benno": 40},
                  "tricks": {"Anna": 5, "Benno": 3}, "last_trick": "Anna"}, {"closed_by", "at_close", "last_trick"},
                 id="closed without closer and figures, with a last trick"),
    pytest.param(closed("Anna", 7, (45, 5), (60, 40), (5, 3)), {"closed_after", "at_close.tricks", "at_close.points"},
                 id="a closing after seven tricks with impossible figures"),
    pytest.param({"ended_by": "claim", "claim": "Carla", "exchange": {"player": "Egon", "trick": 3},
                  "points": {"Anna": 66, "Benno": 10}, "tricks": {"Anna": 4, "Benno": 1}},
                 {"claim", "exchange.player"}, id="two strangers named"),
])
def test_several_mistakes_are_reported_together(api: FlaskClient, entry: dict, fields: set[str]) -> None:
    match = open_match(api)
    problem = match.refuse(entry)
    assert problem["errors"].keys() == fields
    for message in problem["errors"].values():
        assert message in problem["detail"]
    german = match.refuse(entry, headers=GERMAN)
    assert german["errors"].keys() == fields
    for name in fields:
        assert_german(german["errors"][name], problem["errors"][name])
