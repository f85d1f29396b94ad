"""The referee endpoints: status, JSON shape, the rule cited, both languages.

Which plays are legal is the engine's test (tests/engine/test_referee.py); here each
rule gets a legal and an illegal twin to show it reaches the answer, and every refusal
is problem JSON naming its field."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import assert_problem, bearer

PLAY = "/api/referee/play"
HAND = "/api/referee/hand"
PLAY_KEYS = {"game", "legal", "rule", "code", "reason", "legal_cards"}
HAND_KEYS = {"game", "legal", "tricks", "totals", "violations", "entry"}
TRICK_KEYS = {"number", "leader", "cards", "winner", "points", "violations"}
VIOLATION_KEYS = {"trick", "player", "card", "rule", "code", "field", "reason"}
THREE = ["Anna", "Benno", "Carla"]
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def play(hand: str, trick: str, card: str, *, trump: str | None = "H", **fields: Any) -> dict[str, Any]:
    return {"game": "dreeg", "trump": trump, "hand": hand.split(), "trick": trick.split(), "card": card, **fields}


def hand(*tricks: str, players: list[str] = THREE, leader: str = "Anna", trump: str | None = "H",
         **fields: Any) -> dict[str, Any]:
    return {"game": "dreeg", "players": players, "leader": leader, "trump": trump,
            "plays": [t.split() for t in tricks], **fields}


# A whole hand for three, played cleanly: Anna leads, hearts are trumps, and Anna shows
# her acorn marriage when she leads the King in trick 5 (the Ober follows in trick 8).
CLEAN = hand("HO G9 H10", "H9 HU GO", "S10 SU SA", "SO HA GK", "EK E10 HK", "GU G10 GA", "EU S9 EA", "EO E9 SK",
             melds=[{"player": "Anna", "suit": "Eichel"}])
# Three tricks of a disputed hand: in trick 2 Carla throws S9 on Anna's G10 although she
# still holds G9, which she plays in trick 3.
DISPUTED = hand("EA E9 EK", "G10 GA S9", "GK G9 GU")


# --- may I play this card? -------------------------------------------------------------


@pytest.mark.parametrize(("question", "legal", "rule", "code", "legal_cards"), [
    pytest.param(play("EU H10", "EK", "EU"), True, None, "legal", ["EU"],
                 id="T1: follows the acorn King with the Unter"),
    pytest.param(play("EU H10", "EK", "H10"), False, "T1", "must_follow", ["EU"],
                 id="T1: trumps the acorn King while holding an acorn"),
    pytest.param(play("EA EU H10", "EK", "EA"), True, None, "legal", ["EA"],
                 id="T1: wins the acorn King with the Ace"),
    pytest.param(play("EA EU H10", "EK", "EU"), False, "T1", "must_win", ["EA"],
                 id="T1: goes under the King while holding the Ace"),
    pytest.param(play("EA G9", "", "G9", trump=None, subgame="kamerun", previous_lead="E"), True, None, "legal",
                 ["G9"], id="T4: Kamerun, switches to leaves after an acorn lead"),
    pytest.param(play("EA G9", "", "EA", trump=None, subgame="kamerun", previous_lead="E"), False, "T4",
                 "kamerun_lead", ["G9"], id="T4: Kamerun, leads acorns again while holding leaves"),
    pytest.param(play("H9 HK EA", "HO", "H9", subgame="rufen", called_card="H9", first_trick=True), True, None,
                 "legal", ["H9"], id="T5: Rufen, the called nine goes to the first trick"),
    pytest.param(play("H9 HK EA", "HO", "HK", subgame="rufen", called_card="H9", first_trick=True), False, "T5",
                 "called_card_first_trick", ["H9"], id="T5: Rufen, keeps the called card back"),
    pytest.param(play("EA EU H10", "EK", "H10", stock_open=True), True, None, "legal", ["EA", "EU", "H10"],
                 id="T2: two players with the stock open play freely"),
    pytest.param(play("EA EU", "EK", "GA"), False, "T8", "card_not_held", ["EA"],
                 id="T8: a card not in the hand"),
])
def test_may_i_play_this_card(client: FlaskClient, question: dict, legal: bool, rule: str | None, code: str,
                              legal_cards: list[str]) -> None:
    english = client.post(PLAY, json=question)
    assert english.status_code == 200, english.get_json()
    answer = english.get_json()
    assert answer.keys() == PLAY_KEYS
    assert (answer["legal"], answer["rule"], answer["code"], answer["legal_cards"]) == (legal, rule, code, legal_cards)
    german = client.post(PLAY, json=question, headers=GERMAN).get_json()
    assert answer["reason"] and german["reason"] and german["reason"] != answer["reason"]
    assert {**german, "reason": answer["reason"]} == answer


def test_cards_are_answered_in_canonical_notation(client: FlaskClient) -> None:
    question = {**play("", "", "ea", trump="Herz"), "hand": ["Eichel-Ass", "e10"], "trick": ["Eichel König"]}
    answer = client.post(PLAY, json=question).get_json()
    assert (answer["legal"], answer["legal_cards"]) == (True, ["EA", "E10"])


# --- a disputed hand -------------------------------------------------------------------


def test_disputed_hand_reports_the_violation_with_trick_and_player(client: FlaskClient) -> None:
    response = client.post(HAND, json=DISPUTED)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer.keys() == HAND_KEYS and answer["legal"] is False
    assert [t.keys() == TRICK_KEYS for t in answer["tricks"]] == [True] * 3
    assert [(t["number"], t["leader"], t["winner"], t["points"]) for t in answer["tricks"]] == [
        (1, "Anna", "Anna", 15), (2, "Anna", "Benno", 21), (3, "Benno", "Benno", 6)]
    assert answer["tricks"][1]["cards"] == [{"player": "Anna", "card": "G10"}, {"player": "Benno", "card": "GA"},
                                            {"player": "Carla", "card": "S9"}]
    violation = answer["tricks"][1]["violations"][0]
    assert violation.keys() == VIOLATION_KEYS
    assert (violation["trick"], violation["player"], violation["card"], violation["rule"], violation["field"]) == (
        2, "Carla", "S9", "T1", "plays.1.2")
    assert answer["violations"] == [violation]
    assert answer["tricks"][0]["violations"] == answer["tricks"][2]["violations"] == []
    assert answer["totals"] == {"points": {"Anna": 15, "Benno": 27, "Carla": 0},
                                "tricks": {"Anna": 1, "Benno": 2, "Carla": 0}, "last_trick": "Benno"}
    assert "last_trick" not in answer["entry"]  # three of eight tricks: no whole hand
    german = client.post(HAND, json=DISPUTED, headers=GERMAN).get_json()["violations"][0]
    assert {**german, "reason": violation["reason"]} == violation and german["reason"] != violation["reason"]


def test_clean_hand_gives_an_entry_a_real_match_accepts(client: FlaskClient) -> None:
    answer = client.post(HAND, json=CLEAN).get_json()
    assert answer["legal"] is True and answer["violations"] == []
    entry = answer["entry"]
    assert entry["last_trick"] == "Anna" and entry["melds"] == [{"player": "Anna", "suit": "E", "trick": 5}]
    # Carla deals, so Anna (the referee's leader) is forehand.
    match = client.post("/api/matches", json={"game": "dreeg", "players": THREE, "dealer": "Carla"}).get_json()
    assert match["state"]["forehand"] == "Anna"
    response = client.post(f"/api/matches/{match['id']}/hands", json={"seq": 1, **entry},
                           headers=bearer(match["scorer_token"]))
    assert response.status_code == 201, response.get_json()
    recorded = response.get_json()["hand"]
    assert {k: recorded[k] for k in ("seq", *entry)} == {"seq": 1, **entry}


def test_rufen_entry_names_caller_and_partner(client: FlaskClient) -> None:
    question = hand("HO H9 HU", "HK EA E9", subgame="rufen", trump=None, called_card="H9")
    entry = client.post(HAND, json=question).get_json()["entry"]
    assert {k: entry[k] for k in ("trump", "caller", "called_card", "partner")} == {
        "trump": "H", "caller": "Anna", "called_card": "H9", "partner": "Benno"}


def test_two_players_closing_reaches_the_entry(client: FlaskClient) -> None:
    question = hand("EA E9", players=["Anna", "Benno"], closed_by="Anna", closed_after=0)
    entry = client.post(HAND, json=question).get_json()["entry"]
    assert (entry["closed_by"], entry["closed_after"]) == ("Anna", 0)


# --- refusals --------------------------------------------------------------------------


@pytest.mark.parametrize("url", [PLAY, HAND])
@pytest.mark.parametrize(("data", "content_type"), [
    pytest.param('{"game": "dreeg",', "application/json", id="broken JSON"),
    pytest.param('{"game": "dreeg"}', "text/plain", id="not declared as JSON"),
    pytest.param("", "application/json", id="empty"),
])
def test_not_json_is_400(client: FlaskClient, url: str, data: str, content_type: str) -> None:
    assert_problem(client.post(url, data=data, content_type=content_type), 400, "not_json")


@pytest.mark.parametrize(("url", "body", "field"), [
    pytest.param(PLAY, play("EA", "", "EA", colour="red"), "colour", id="play: unknown field"),
    pytest.param(PLAY, play("EA XX", "", "EA"), "hand.1", id="play: no such card in the hand"),
    pytest.param(PLAY, play("EA", "", "Herz Elf"), "card", id="play: no such card asked about"),
    pytest.param(PLAY, play("EA", "", "EA", trump="Z"), "trump", id="play: no such suit"),
    pytest.param(PLAY, {k: v for k, v in play("EA", "", "EA").items() if k != "trump"}, "trump",
                 id="play: trump left out (null says none)"),
    pytest.param(PLAY, play("EA", "", "EA", stock_open="yes"), "stock_open", id="play: stock_open not a boolean"),
    pytest.param(PLAY, play(" ".join(["EA"] * 25), "", "EA"), "hand", id="play: 25 cards in a hand"),
    pytest.param(PLAY, play("EA", "EK EO EU E9", "EA"), "trick", id="play: 4 cards already in the trick"),
    pytest.param(PLAY, [play("EA", "", "EA")], "body", id="play: a list instead of an object"),
    pytest.param(HAND, {**DISPUTED, "plays": [["EA", "E9", "EK"]] * 13}, "plays", id="hand: 13 tricks"),
    pytest.param(HAND, hand("EA E9 EK EO EU"), "plays.0", id="hand: 5 cards in a trick"),
    pytest.param(HAND, hand("EA E9 XX"), "plays.0.2", id="hand: no such card played"),
    pytest.param(HAND, hand("EA E9 EK", players=["Anna", ""]), "players.1", id="hand: empty name"),
    pytest.param(HAND, hand("EA E9 EK", melds=[{"player": "Anna", "suit": "Z"}]), "melds.0.suit",
                 id="hand: marriage in no such suit"),
    pytest.param(HAND, {k: v for k, v in DISPUTED.items() if k != "leader"}, "leader", id="hand: leader missing"),
])
def test_malformed_questions_are_422_naming_the_field(client: FlaskClient, url: str, body: Any, field: str) -> None:
    problem = assert_problem(client.post(url, json=body), 422, "invalid_fields")
    assert field in problem["errors"], problem["errors"]


@pytest.mark.parametrize(("url", "body", "code", "rule", "field"), [
    pytest.param(PLAY, play("EA", "", "EA", subgame="kamerun"), "kamerun_no_trump", "R12", "trump",
                 id="play: Kamerun with a trump"),
    pytest.param(PLAY, play("EA EK", "EK", "EA"), "card_twice_given", "T8", "trick.0",
                 id="play: the King both in the hand and in the trick"),
    pytest.param(PLAY, play("EA EA", "", "EA"), "card_twice_given", "T8", "hand.1", id="play: the Ace twice in hand"),
    pytest.param(HAND, hand("EA E9 EK", subgame="kamerun"), "kamerun_no_trump", "R12", "trump",
                 id="hand: Kamerun with a trump"),
    pytest.param(HAND, hand("EA E9 EK", "G10 GA"), "trick_size", "T8", "plays.1", id="hand: trick 2 short a card"),
    pytest.param(HAND, hand("EA E9 EK", closed_after=5), "close_stock_too_small", "T7", "closed_after",
                 id="hand: closed after 5 tricks, with only two cards left in the stock"),
    pytest.param(HAND, hand("EA E9 EK", "G10 GA EA"), "card_twice", "T8", "plays.1.2",
                 id="hand: the acorn Ace played twice"),
    pytest.param(HAND, hand("EA E9 EK", leader="Egon"), "unknown_player", None, "leader",
                 id="hand: leader not at the table"),
    pytest.param(HAND, hand("EA E9 EK", players=["Anna", "Anna", "Carla"]), "referee_players", None, "players",
                 id="hand: a name twice"),
    pytest.param(PLAY, play("EA", "", "EA", subgame="skat"), "unknown_subgame", None, "subgame",
                 id="play: no such sub-game"),
    pytest.param(PLAY, play("EA", "", "EA", game="dreist"), "referee_no_question", None, "game",
                 id="play: DREIst!'s referee judges layings, not plays"),
    pytest.param(HAND, hand("EA E9 EK", game="dreierles"), "referee_no_question", None, "game",
                 id="hand: Dreierles' referee only counts"),
    pytest.param(HAND, hand("EA E9 EK", game="skat"), "unknown_game", None, "game", id="hand: no such game"),
])
def test_impossible_situations_are_422_citing_the_rule(
    client: FlaskClient, url: str, body: dict, code: str, rule: str | None, field: str,
) -> None:
    problem = assert_problem(client.post(url, json=body), 422, code)
    assert problem.get("rule") == rule
    assert problem["errors"].keys() == {field}


def test_refusals_speak_german_when_asked(client: FlaskClient) -> None:
    body = play("EA", "", "EA", subgame="kamerun")
    english = assert_problem(client.post(PLAY, json=body), 422)
    german = assert_problem(client.post(PLAY, json=body, headers=GERMAN), 422)
    assert german["detail"] != english["detail"] and german["errors"]["trump"] == german["detail"]


def test_referee_takes_only_post(client: FlaskClient) -> None:
    assert_problem(client.get(PLAY), 405, "method_not_allowed")
    assert_problem(client.put(HAND, json=DISPUTED), 405, "method_not_allowed")


def test_openapi_bounds_the_questions(client: FlaskClient) -> None:
    """Every list in a question is bounded (the questions and answers by game: the contract,
    tests/api/test_game_contract.py)."""
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    play_q, hand_q, hand_a = "DreegRefereePlayQuestion", "DreegRefereeHandQuestion", "DreegRefereeHandAnswer"
    assert schemas[play_q]["properties"]["hand"]["maxItems"] == 24
    assert schemas[play_q]["properties"]["trick"]["maxItems"] == 3
    plays = schemas[hand_q]["properties"]["plays"]
    assert (plays["maxItems"], plays["items"]["maxItems"]) == (12, 4)
    assert set(schemas[hand_q]["required"]) == {"game", "players", "leader", "trump", "plays"}
    assert "claim" in schemas[hand_q]["properties"]
    assert schemas[hand_a]["properties"]["entry"]["$ref"].endswith("/RefereeEntry")
