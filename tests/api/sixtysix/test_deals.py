"""Sixty-Six matches through the API: creating one, deals of every ending, the Bummerl,
the end of a match, and the ways a deal is refused (problem JSON, the rule, the field,
German, nothing changed; a retried POST, a stale seq).

Anna deals first unless said otherwise, so Benno is forehand.  Every set of figures was
checked against one deck (R23) before it went in here."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import assert_problem
from tests.api.sixtysix.conftest import (
    DEFAULT_RULES,
    ENGLISH,
    GERMAN,
    PLAYERS,
    assert_german,
    claim,
    closed,
    open_match,
    played_out,
    renonce,
)

# --- creating a match ----------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "expected", "sums", "hand_size", "close_after", "lowest_trump"), [
    pytest.param(None, DEFAULT_RULES, {"points": 120, "tricks": 12}, 6, [0, 1, 2, 3, 4], "9",
                 id="Sixty-Six with every house rule left at its default"),
    pytest.param({"variant": "schnapsen"}, {**DEFAULT_RULES, "variant": "schnapsen"}, {"points": 120, "tricks": 10},
                 5, [0, 1, 2, 3], "U", id="Schnapsen, the rest by default"),
    pytest.param({"variant": "schnapsen", "bummerl": "3", "tournament": "true", "wrong_claim": "flat",
                  "closing": "count_after", "tie": "last_trick_wins", "style": "hard"},
                 {"variant": "schnapsen", "bummerl": "3", "tournament": "true", "wrong_claim": "flat",
                  "closing": "count_after", "tie": "last_trick_wins", "style": "hard"},
                 {"points": 120, "tricks": 10}, 5, [0, 1, 2, 3], "U", id="a tournament table choosing every rule"),
])
def test_a_new_match_has_every_house_rule(api: FlaskClient, rules: dict | None, expected: dict, sums: dict,
                                          hand_size: int, close_after: list[int], lowest_trump: str) -> None:
    match = open_match(api, rules)
    created = match.created
    assert created["game"] == "sixtysix" and created["players"] == PLAYERS
    assert created["rules"] == created["state"]["rules"] == expected
    state = created["state"]
    assert state["variant"] == expected["variant"]
    assert (state["score"], state["bummerl"]) == ({"Anna": 7, "Benno": 7}, {"Anna": 0, "Benno": 0})
    assert (state["dealer"], state["forehand"], state["carry"], state["finished"], state["winner"]) == (
        "Anna", "Benno", 0, False, None)
    assert (state["deals"], state["bummerl_number"], state["target"], state["bummerls"]) == (
        0, 1, int(expected["bummerl"]), [])
    needs = state["needs"]
    assert (needs["deal"], needs["dealer"], needs["forehand"], needs["variant"]) == (1, "Anna", "Benno",
                                                                                   expected["variant"])
    assert (needs["sums"], needs["hand_size"], needs["close_after"], needs["lowest_trump"]) == (
        sums, hand_size, close_after, lowest_trump)
    assert needs["last_trick_ten"] is (expected["variant"] == "sixtysix")
    assert needs["style"] == expected["style"] and len(needs["help"]) == 3
    assert needs["required"]["closed"] == ["closed_by", "at_close", "points", "tricks"]
    assert match.get()["rules"] == expected


def test_the_first_dealer_is_chosen_at_creation(api: FlaskClient) -> None:
    state = open_match(api, dealer="Benno").created["state"]
    assert (state["dealer"], state["forehand"]) == ("Benno", "Anna")


@pytest.mark.parametrize(("rules", "rule", "field"), [
    pytest.param({"variant": "skat"}, "R16", "rules.variant", id="a variant that is not Sixty-Six or Schnapsen"),
    pytest.param({"bummerl": "4"}, "R22", "rules.bummerl", id="a match to four Bummerl"),
    pytest.param({"tournament": "yes"}, "R22", "rules.tournament", id="tournament: yes"),
    pytest.param({"wrong_claim": "double"}, "R18", "rules.wrong_claim", id="a wrong claim scored double"),
    pytest.param({"closing": "never"}, "R19", "rules.closing", id="closing: never"),
    pytest.param({"tie": "maybe"}, "R21", "rules.tie", id="65 to 65: maybe"),
    pytest.param({"style": "scharf"}, "R23", "rules.style", id="the hard game named in German"),
])
def test_an_unknown_house_rule_value_is_422_citing_its_rule(api: FlaskClient, rules: dict, rule: str,
                                                            field: str) -> None:
    body = {"game": "sixtysix", "players": PLAYERS, "rules": rules}
    problem = assert_problem(api.post("/api/matches", json=body), 422)
    assert problem["rule"] == rule
    assert problem["errors"].keys() == {field}
    german = assert_problem(api.post("/api/matches", json=body, headers=GERMAN), 422)
    assert german["rule"] == rule and german["detail"] != problem["detail"]


@pytest.mark.parametrize(("body", "code", "rule", "field"), [
    pytest.param({"rules": {"bummerls": "2"}}, "unknown_rule", None, "rules.bummerls", id="a house rule misspelt"),
    pytest.param({"rules": {"bummerl": 2.5}}, "bad_rule_value", "R22", "rules.bummerl",
                 id="half a Bummerl (2 and \"2\" are both a match to two, R23's decisions)"),
    pytest.param({"players": ["Anna", "Benno", "Carla"]}, "player_count", "R16", "players",
                 id="three at the table"),
    pytest.param({"players": ["Anna"]}, "player_count", "R16", "players", id="Anna alone"),
    pytest.param({"dealer": "Carla"}, "unknown_player", "R23", "dealer", id="a first dealer not at the table"),
])
def test_a_match_that_cannot_be_set_up(api: FlaskClient, body: dict, code: str, rule: str | None,
                                       field: str) -> None:
    problem = assert_problem(api.post("/api/matches", json={"game": "sixtysix", "players": PLAYERS, **body}), 422,
                             code)
    assert problem.get("rule") == rule
    assert problem["errors"].keys() == {field}


# --- one deal of each ending ---------------------------------------------------------------

R = {"flat": {"wrong_claim": "flat"}, "count_after": {"closing": "count_after"},
     "last_trick_wins": {"tie": "last_trick_wins"}, "schnapsen": {"variant": "schnapsen"}}


@pytest.mark.parametrize(("rules", "entry", "winner", "game_points", "totals", "notes"), [
    # claims (R17, R18)
    pytest.param(None, claim("Anna", (66, 0), (4, 0)), "Anna", 3, (66, 0), [("R17", "ss_claim_right")],
                 id="Anna claims 66 and Benno has no trick: 3"),
    pytest.param(None, claim("Anna", (66, 32), (4, 2)), "Anna", 2, (66, 32), [("R17", "ss_claim_right")],
                 id="Anna claims 66, Benno has 32: 2"),
    pytest.param(None, claim("Anna", (66, 33), (4, 2)), "Anna", 1, (66, 33), [("R17", "ss_claim_right")],
                 id="Anna claims 66, Benno has exactly 33: 1"),
    pytest.param(None, claim("Benno", (40, 50), (3, 3)), "Anna", 1, (40, 50), [("R18", "ss_claim_wrong")],
                 id="Benno claims with 50: wrong, Anna has 40 and scores 1"),
    pytest.param(None, claim("Benno", (20, 50), (1, 3)), "Anna", 2, (20, 50), [("R18", "ss_claim_wrong")],
                 id="Benno claims with 50: wrong, Anna has 20 and scores 2"),
    pytest.param(R["flat"], claim("Benno", (40, 50), (3, 3)), "Anna", 2, (40, 50), [("R18", "ss_claim_wrong")],
                 id="flat rate: Benno's wrong claim gives Anna 2 although she has 40"),
    pytest.param(R["flat"], claim("Benno", (0, 50), (0, 3)), "Anna", 3, (0, 50), [("R18", "ss_claim_wrong")],
                 id="flat rate: Benno claims wrong before Anna took a trick: 3"),
    pytest.param(None, claim("Anna", (31, 0), (2, 0), trump="H", melds=[{"player": "Anna", "suit": "H", "trick": 2}]),
                 "Anna", 3, (71, 0), [("R10", "marriage_counts"), ("R17", "ss_claim_right")],
                 id="Anna claims with 31 and forty in trumps"),
    pytest.param(None, claim("Anna", (31, 0), (3, 0), trump="H",
                             melds=[{"player": "Benno", "suit": "G", "trick": 1},
                                    {"player": "Anna", "suit": "H", "trick": 2}]),
                 "Anna", 3, (71, 0),
                 [("R10", "marriage_void"), ("R10", "marriage_counts"), ("R17", "ss_claim_right")],
                 id="Benno's twenty never counts: he takes no trick"),
    # played out (R21)
    pytest.param(None, played_out("Anna", (56, 64), (6, 6)), "Anna", 1, (66, 64),
                 [("R21", "ss_last_trick_ten"), ("R21", "ss_played_out_won")],
                 id="played out: the last trick's ten lifts Anna from 56 to 66"),
    pytest.param(None, played_out("Anna", (90, 30), (8, 4)), "Anna", 2, (100, 30),
                 [("R21", "ss_last_trick_ten"), ("R21", "ss_played_out_won")],
                 id="played out: Benno ends under 33"),
    pytest.param(None, played_out("Benno", (65, 55), (6, 6)), None, 0, (65, 65),
                 [("R21", "ss_last_trick_ten"), ("R21", "ss_tie_carry"), ("R21", "ss_carry_waiting")],
                 id="65 to 65: nobody scores, one point waits"),
    pytest.param(R["last_trick_wins"], played_out("Benno", (65, 55), (6, 6)), "Benno", 1, (65, 65),
                 [("R21", "ss_last_trick_ten"), ("R21", "ss_tie_last_trick")],
                 id="65 to 65 by house rule: the last trick wins 1"),
    pytest.param(None, played_out("Benno", (60, 60), (6, 6), trump="E",
                                  melds=[{"player": "Anna", "suit": "S", "trick": 3}]),
                 "Benno", 1, (80, 70),
                 [("R10", "marriage_counts"), ("R21", "ss_last_trick_ten"), ("R21", "ss_both_over")],
                 id="both over 66 with Anna's twenty: the last trick decides"),
    pytest.param(R["schnapsen"], played_out("Benno", (80, 40), (5, 5)), "Benno", 1, (80, 40),
                 [("R21", "ss_schnapsen_last_trick")],
                 id="Schnapsen played out: the last trick wins 1, no ten"),
    # a closed stock (R19)
    pytest.param(None, closed("Benno", 3, (14, 1), (35, 71), (2, 6), claim="Benno"), "Benno", 2, (35, 71),
                 [("R19", "ss_close_made")], id="Benno closes and makes it: Anna had 14 at the closing"),
    pytest.param(R["count_after"], closed("Benno", 3, (14, 1), (35, 71), (2, 6), claim="Benno"), "Benno", 1,
                 (35, 71), [("R19", "ss_close_made")],
                 id="house rule: Anna's 35 at the end count, not her 14 at the closing"),
    pytest.param(None, closed("Anna", 2, (13, 1), (60, 40), (5, 3)), "Benno", 2, (60, 40),
                 [("R19", "ss_close_failed")], id="Anna closes and gets only 60"),
    pytest.param(None, closed("Anna", 2, (0, 0), (60, 40), (5, 3)), "Benno", 3, (60, 40),
                 [("R19", "ss_close_failed_no_trick")], id="Anna closes too early and fails: Benno had no trick then"),
    pytest.param(None, closed("Anna", 2, (13, 1), (30, 66), (2, 4), claim="Benno"), "Benno", 2, (30, 66),
                 [("R19", "ss_close_beaten")], id="Anna closes but Benno claims 66 first"),
    pytest.param(None, closed("Anna", 2, (13, 1), (30, 50), (3, 3), claim="Benno"), "Anna", 2, (30, 50),
                 [("R18", "ss_close_wrong_claim")], id="Anna closes, Benno claims wrongly with 50"),
    pytest.param(R["schnapsen"], closed("Benno", 0, (0, 0), (0, 66), (0, 4), claim="Benno"), "Benno", 3,
                 (0, 66), [("R19", "ss_close_made")], id="Schnapsen: Benno closes on the first lead and makes it"),
    # a Renonce (R20)
    pytest.param(None, renonce("Benno"), "Anna", 3, (0, 0), [("R20", "ss_renonce")],
                 id="Benno revokes: 3 for Anna"),
    pytest.param(None, renonce("Anna", points={"Anna": 30, "Benno": 20}, tricks={"Anna": 2, "Benno": 2}), "Benno",
                 3, (30, 20), [("R20", "ss_renonce")], id="Anna revokes with more card points: still 3 for Benno"),
])
def test_one_deal(api: FlaskClient, rules: dict | None, entry: dict, winner: str | None, game_points: int,
                  totals: tuple[int, int], notes: list[tuple[str, str]]) -> None:
    match = open_match(api, rules)
    answer = match.record(entry)
    result = answer["hand"]["result"]
    assert (result["winner"], result["game_points"], result["carry_used"]) == (winner, game_points, 0)
    assert result["ended_by"] == entry["ended_by"]
    assert result["totals"] == dict(zip(PLAYERS, totals))
    assert [(n["rule"], n["code"]) for n in result["notes"]] == notes
    assert all(n["en"] and n["de"] and n["en"] != n["de"] for n in result["notes"])
    assert (result["deal"], result["dealer"], result["forehand"]) == (1, "Anna", "Benno")
    assert result["bummerl"] is None and result["finished"] is False
    state = answer["state"]
    score = {name: 7 - (game_points if name == winner else 0) for name in PLAYERS}
    assert state["score"] == result["score"] == score
    assert state["bummerl"] == {"Anna": 0, "Benno": 0}
    assert (state["dealer"], state["forehand"], state["deals"]) == ("Benno", "Anna", 1)
    assert state["carry"] == (1 if winner is None else 0)
    assert match.get()["state"] == state


def test_the_deal_is_stored_as_entered(api: FlaskClient) -> None:
    """Suits in German names come back as codes; fields not given stay out."""
    match = open_match(api)
    entry = claim("Anna", (31, 0), (2, 0), trump="Herz", melds=[{"player": "Anna", "suit": "Herz", "trick": 2}])
    hand = match.record(entry)["hand"]
    assert hand["trump"] == "H" and hand["melds"] == [{"player": "Anna", "suit": "H", "trick": 2}]
    assert {"last_trick", "closed_by", "at_close", "renonce_by", "plays"}.isdisjoint(hand)
    assert match.hands()[0]["result"] == hand["result"]


@pytest.mark.parametrize(("entry", "claimer", "winner", "game_points"), [
    pytest.param(closed("Benno", 3, (14, 1), (35, 71), (2, 6)), "Benno", "Benno", 2,
                 id="closed after three, 8 of 9 tricks: Benno claimed with 71"),
    pytest.param(closed("Benno", 3, (14, 1), (35, 60), (2, 6)), "Benno", "Anna", 2,
                 id="closed after three, 8 of 9 tricks: Benno claimed with only 60"),
    pytest.param(closed("Anna", 2, (13, 1), (60, 40), (5, 3)), None, "Benno", 2,
                 id="closed after two, 8 of 8 tricks: played to the end without a claim"),
])
def test_a_closing_without_claim_is_the_closers_claim_when_the_figures_fall_short(
        api: FlaskClient, entry: dict, claimer: str | None, winner: str, game_points: int) -> None:
    """API.md and R23's decisions: an empty ``claim`` on a closing means the closer claimed
    when the figures are short of the deal, and played to the end when they are complete."""
    match = open_match(api)
    hand = match.record(entry)["hand"]
    assert "claim" not in hand
    result = hand["result"]
    assert (result["claim"], result["winner"], result["game_points"]) == (claimer, winner, game_points)
    assert match.hands()[0]["result"] == result


def test_a_tie_carries_over_to_the_next_deals_winner(api: FlaskClient) -> None:
    """Two deals at 65:65, then Benno claims: he takes 2 waiting points with his own 2."""
    match = open_match(api)
    tie = played_out("Benno", (65, 55), (6, 6))
    assert match.record(tie)["state"]["carry"] == 1
    second = match.record({**tie, "last_trick": "Benno"})
    assert second["hand"]["result"]["carry"] == second["state"]["carry"] == 2
    assert second["state"]["needs"]["carry"] == 2
    won = match.record(claim("Benno", (20, 66), (1, 4)))
    result = won["hand"]["result"]
    assert (result["winner"], result["game_points"], result["carry_used"], result["carry"]) == ("Benno", 2, 2, 0)
    assert [n["code"] for n in result["notes"]] == ["ss_claim_right", "ss_carry_taken"]
    assert won["state"]["score"] == {"Anna": 7, "Benno": 3}
    assert won["state"]["carry"] == 0


# --- the Bummerl (R22) and the end of a match ----------------------------------------------

ANNA_3 = claim("Anna", (66, 0), (4, 0))
BENNO_3 = claim("Benno", (0, 66), (0, 4))


def test_a_bummerl_then_a_schneider_ends_the_match(api: FlaskClient) -> None:
    """Anna wins the first Bummerl 7:5; then Benno wins three deals running while Anna is
    still at 7: a Schneider, two Bummerl for Anna, and Benno wins the match 2:1."""
    match = open_match(api)
    match.record(claim("Benno", (20, 66), (1, 4)))  # Benno 7 -> 5
    match.record(ANNA_3)  # Anna 7 -> 4
    match.record(ANNA_3)  # Anna 4 -> 1
    answer = match.record(claim("Anna", (66, 33), (4, 2)))  # Anna 1 -> 0
    result, state = answer["hand"]["result"], answer["state"]
    assert result["score"] == {"Anna": 0, "Benno": 5}
    assert result["bummerl"] == {"number": 1, "winner": "Anna", "loser": "Benno", "count": 1, "schneider": False}
    assert [(n["rule"], n["code"]) for n in result["notes"]][-1] == ("R22", "ss_bummerl_won")
    assert (state["score"], state["bummerl"]) == ({"Anna": 7, "Benno": 7}, {"Anna": 0, "Benno": 1})
    assert (state["bummerl_number"], state["deals_in_bummerl"], state["deals"]) == (2, 0, 4)
    assert state["bummerls"] == [{"number": 1, "winner": "Anna", "loser": "Benno", "count": 1, "schneider": False,
                                  "deals": 4, "score": {"Anna": 0, "Benno": 5}}]
    assert state["dealer"] == "Anna"  # the deal alternates across the Bummerl too
    assert state["finished"] is False and state["needs"]["bummerl"] == 2

    match.record(BENNO_3)
    match.record(BENNO_3)
    last = match.record(BENNO_3)
    result, state = last["hand"]["result"], last["state"]
    assert result["bummerl"] == {"number": 2, "winner": "Benno", "loser": "Anna", "count": 2, "schneider": True}
    assert [(n["rule"], n["code"]) for n in result["notes"]][-3:] == [
        ("R22", "ss_bummerl_won"), ("R22", "ss_schneider"), ("R22", "ss_match_won")]
    assert result["finished"] is True
    assert (state["finished"], state["winner"], state["dealer"], state["needs"]) == (True, "Benno", None, None)
    assert state["bummerl"] == {"Anna": 2, "Benno": 1}
    assert state["score"] == {"Anna": 7, "Benno": 0}  # the counter as the last deal left it
    assert [b["schneider"] for b in state["bummerls"]] == [False, True]


def test_in_a_tournament_a_schneider_counts_single(api: FlaskClient) -> None:
    match = open_match(api, {"tournament": "true"})
    for _ in range(3):
        answer = match.record(ANNA_3)
    result, state = answer["hand"]["result"], answer["state"]
    assert result["bummerl"] == {"number": 1, "winner": "Anna", "loser": "Benno", "count": 1, "schneider": True}
    assert [n["code"] for n in result["notes"]][-2:] == ["ss_bummerl_won", "ss_schneider_single"]
    assert state["bummerl"] == {"Anna": 0, "Benno": 1} and state["finished"] is False


def test_a_match_to_one_bummerl_finishes_and_takes_no_more_deals(api: FlaskClient) -> None:
    match = open_match(api, {"bummerl": "1"})
    for _ in range(3):
        answer = match.record(ANNA_3)
    state = answer["state"]
    assert (state["finished"], state["winner"], state["bummerl"], state["target"]) == (
        True, "Anna", {"Anna": 0, "Benno": 2}, 1)
    problem = match.refuse(BENNO_3, code="ss_match_finished")
    assert problem["rule"] == "R22"
    assert "Anna" in problem["detail"]
    german = match.refuse(BENNO_3, headers=GERMAN)
    assert_german(german["detail"], problem["detail"])
    assert match.get()["version"] == 3


def test_voiding_the_deciding_deal_reopens_the_match(api: FlaskClient) -> None:
    match = open_match(api, {"bummerl": "1"})
    for _ in range(3):
        match.record(ANNA_3)
    voided = api.post(f"{match.url}/hands/3/void", headers=match.scorer)
    assert voided.status_code == 200, voided.get_json()
    state = voided.get_json()["state"]
    assert (state["finished"], state["winner"], state["score"], state["dealer"]) == (
        False, None, {"Anna": 1, "Benno": 7}, "Anna")
    answer = match.record(BENNO_3, seq=4)
    assert answer["state"]["score"] == {"Anna": 1, "Benno": 4}


# --- the dealer (R23) ---------------------------------------------------------------------


@pytest.mark.parametrize(("first_dealer", "deals", "dealer", "code"), [
    pytest.param(None, 0, "Benno", "ss_dealer_out_of_turn", id="Benno deals the first deal, but Anna drew"),
    pytest.param(None, 1, "Anna", "ss_dealer_out_of_turn", id="Anna deals twice running"),
    pytest.param("Benno", 0, "Anna", "ss_dealer_out_of_turn", id="Benno drew the deal, Anna takes it"),
    pytest.param(None, 1, "Carla", "unknown_player", id="a dealer not at the table"),
])
def test_a_dealer_out_of_turn_is_refused(api: FlaskClient, first_dealer: str | None, deals: int, dealer: str,
                                         code: str) -> None:
    match = open_match(api, **({"dealer": first_dealer} if first_dealer else {}))
    for _ in range(deals):
        match.record(renonce("Anna"))
    problem = match.refuse(renonce("Anna", dealer=dealer), code=code)
    assert problem["rule"] == "R23"
    assert problem["errors"].keys() == {"dealer"}
    expected = match.get()["state"]["dealer"]
    assert match.record(renonce("Anna", dealer=expected))["hand"]["result"]["dealer"] == expected


# --- refusals: problem JSON, the rule, the field, nothing changed, German -------------------

@pytest.mark.parametrize("language", [pytest.param("de", id="de"), pytest.param("de-DE", id="de-DE"),
                                      pytest.param("fr, de;q=0.8", id="French first, then German")])
def test_any_german_accept_language_gets_german(api: FlaskClient, language: str) -> None:
    match = open_match(api)
    problem = match.refuse(renonce("Anna", dealer="Benno"), headers={"Accept-Language": language})
    english = match.refuse(renonce("Anna", dealer="Benno"), headers=ENGLISH)
    assert_german(problem["detail"], english["detail"])
    assert "Anna" in problem["detail"] and "Benno" in problem["detail"]


def test_the_notes_of_a_deal_are_german_too(api: FlaskClient) -> None:
    match = open_match(api)
    match.record(played_out("Benno", (65, 55), (6, 6)))
    answer = match.record(closed("Anna", 2, (13, 1), (60, 40), (5, 3), dealer="Benno"), headers=GERMAN)
    for note in answer["hand"]["result"]["notes"]:
        assert_german(note["de"], note["en"])
    for help_text in answer["state"]["needs"]["help"]:
        assert_german(help_text["de"], help_text["en"])


# --- retries and races ---------------------------------------------------------------------


def test_a_deal_can_be_replaced_and_the_later_ones_replay(api: FlaskClient) -> None:
    """Deal 1 was Anna's claim; it was really Benno's.  Deal 2 is scored again on top."""
    match = open_match(api)
    match.record(ANNA_3)
    match.record(ANNA_3)
    response = api.put(f"{match.url}/hands/1", json={"seq": 1, **BENNO_3}, headers=match.scorer)
    assert response.status_code == 200, response.get_json()
    state = response.get_json()["state"]
    assert state["score"] == {"Anna": 4, "Benno": 4}
    results: list[Any] = [h["result"] for h in match.hands()]
    assert [(r["winner"], r["dealer"]) for r in results] == [("Benno", "Anna"), ("Anna", "Benno")]
