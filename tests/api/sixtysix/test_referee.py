"""The referee at a Sixty-Six table (``"game": "sixtysix"``): may I play this card (T2
while the stock is open, T1 once it is exhausted or closed)?  may I exchange the trump
nine or close the stock (T7, the hard game R23)?  and a disputed deal replayed, whose
``entry`` a match takes as it is.  Answers in English and German; impossible questions
are problem JSON naming the field."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import assert_problem
from tests.api.sixtysix.cards import CLOSED, PLAYERS, RENONCE, Deal, first_claim, random_deal
from tests.api.sixtysix.conftest import ENGLISH, GERMAN, assert_german, open_match

PLAY, STOCK, HAND, ACTIONS = "/api/referee/play", "/api/referee/stock", "/api/referee/hand", "/api/referee/actions"
PLAY_KEYS = {"game", "legal", "rule", "code", "reason", "legal_cards"}
STOCK_KEYS = {"game", "action", "legal", "rule", "code", "reason"}
HAND_KEYS = {"game", "legal", "tricks", "totals", "violations", "entry"}
ACTIONS_KEYS = {"game", "on_lead", "stock_open", "trump", "situation", "actions", "legal_cards"}


def play(hand: str, trick: str, card: str, *, trump: str | None = "H", **fields: Any) -> dict[str, Any]:
    return {"game": "sixtysix", "trump": trump, "hand": hand.split(), "trick": trick.split(), "card": card, **fields}


def stock(action: str, *, on_lead: bool = True, tricks_won: int = 1, cards: int = 8, **fields: Any) -> dict[str, Any]:
    return {"game": "sixtysix", "action": action, "on_lead": on_lead, "tricks_won": tricks_won, "stock": cards,
            **fields}


def replay(deal: Deal, **fields: Any) -> dict[str, Any]:
    return {"game": "sixtysix", "players": list(PLAYERS), "leader": "Benno", **deal.entry(), **fields}


def ask(client: FlaskClient, url: str, question: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The answer in English and in German, which must agree in everything but the words."""
    english = client.post(url, json=question, headers=ENGLISH)
    assert english.status_code == 200, english.get_json()
    german = client.post(url, json=question, headers=GERMAN)
    assert german.status_code == 200
    return english.get_json(), german.get_json()


# --- may I play this card? --------------------------------------------------------------


@pytest.mark.parametrize(("question", "legal", "rule", "code", "legal_cards"), [
    pytest.param(play("EA EU H10", "EK", "H10", stock_open=True), True, None, "legal", ["EA", "EU", "H10"],
                 id="stock open: trumps the acorn King although holding acorns"),
    pytest.param(play("EA EU H10", "EK", "EU", stock_open=True), True, None, "legal", ["EA", "EU", "H10"],
                 id="stock open: goes under the King although holding the Ace"),
    pytest.param(play("GA S9", "EK", "S9", stock_open=True), True, None, "legal", ["GA", "S9"],
                 id="stock open: throws off instead of trumping"),
    pytest.param(play("EA EU H10", "EK", "H10", stock_open=False), False, "T1", "must_follow", ["EA"],
                 id="stock closed: trumps while holding acorns"),
    pytest.param(play("EA EU H10", "EK", "EU", stock_open=False), False, "T1", "must_win", ["EA"],
                 id="stock closed: goes under the King while holding the Ace"),
    pytest.param(play("EA EU H10", "EK", "EA"), True, None, "legal", ["EA"],
                 id="stock exhausted: wins the King with the Ace"),
    pytest.param(play("G9 H10 S9", "EK", "S9"), False, "T1", "must_trump", ["H10"],
                 id="stock exhausted: throws off while holding a trump"),
    pytest.param(play("G9 H9 HA", "HK", "H9"), False, "T1", "must_win", ["HA"],
                 id="stock exhausted: a trump led, under it while holding the Ace"),
    pytest.param(play("G9 S9", "EK", "G9"), True, None, "legal", ["G9", "S9"],
                 id="stock exhausted: no acorn, no trump, anything"),
    pytest.param(play("EA EU H10", "", "H10"), True, None, "legal", ["EA", "EU", "H10"],
                 id="any card may be led"),
    pytest.param(play("EA EU", "EK", "GA"), False, "T8", "card_not_held", ["EA"], id="a card not in the hand"),
    pytest.param(play("EA EU EK", "EO", "EU", variant="schnapsen"), False, "T1", "must_win", ["EA", "EK"],
                 id="Schnapsen: the Ober led, the Unter played while holding King and Ace"),
])
def test_may_i_play_this_card(api: FlaskClient, question: dict, legal: bool, rule: str | None, code: str,
                              legal_cards: list[str]) -> None:
    answer, german = ask(api, PLAY, question)
    assert answer.keys() == PLAY_KEYS
    assert (answer["legal"], answer["rule"], answer["code"], answer["legal_cards"]) == (legal, rule, code, legal_cards)
    assert {**german, "reason": answer["reason"]} == answer
    assert_german(german["reason"], answer["reason"])


@pytest.mark.parametrize(("question", "code", "rule", "field"), [
    pytest.param(play("EA E9 H10", "EK", "EA", variant="schnapsen"), "ss_card_not_in_deck", "R16", "hand.1",
                 id="Schnapsen: a nine in the hand"),
    pytest.param(play("EA H10", "E9", "EA", variant="schnapsen"), "ss_card_not_in_deck", "R16", "trick.0",
                 id="Schnapsen: a nine led"),
    pytest.param(play("EA", "", "EA", variant="bauernschnapsen"), "ss_unknown_variant", None, "variant",
                 id="a variant that does not exist"),
    pytest.param(play("EA EK", "EK", "EA"), "card_twice_given", "T8", "trick.0",
                 id="the acorn King in the hand and in the trick"),
])
def test_impossible_play_questions_are_422(api: FlaskClient, question: dict, code: str, rule: str | None,
                                           field: str) -> None:
    problem = assert_problem(api.post(PLAY, json=question), 422, code)
    assert problem.get("rule") == rule
    assert problem["errors"].keys() == {field}
    german = assert_problem(api.post(PLAY, json=question, headers=GERMAN), 422, code)
    assert_german(german["detail"], problem["detail"])


def test_a_nine_asked_about_in_schnapsen_names_the_card_field(api: FlaskClient) -> None:
    problem = assert_problem(api.post(PLAY, json=play("EA H10", "EK", "S9", variant="schnapsen")), 422,
                             "ss_card_not_in_deck")
    assert problem["rule"] == "R16"
    assert problem["errors"].keys() == {"card"}


@pytest.mark.parametrize(("question", "field"), [
    pytest.param(play("EA", "EK EO", "EA"), "trick", id="two cards already in a trick of two"),
    pytest.param(play("EA", "", "EA", stock_open="yes"), "stock_open", id="stock_open not a boolean"),
    pytest.param({k: v for k, v in play("EA", "", "EA").items() if k != "trump"}, "trump", id="trump left out"),
    pytest.param(play("EA", "", "EA", talon=True), "talon", id="an unknown field"),
])
def test_malformed_play_questions_are_422(api: FlaskClient, question: dict, field: str) -> None:
    problem = assert_problem(api.post(PLAY, json=question), 422, "invalid_fields")
    assert field in problem["errors"]


# --- may I exchange or close? ---------------------------------------------------------------


@pytest.mark.parametrize(("question", "legal", "rule", "code"), [
    pytest.param(stock("exchange"), True, None, "exchange_legal", id="exchange on lead after a trick"),
    pytest.param(stock("exchange", tricks_won=0, cards=12), False, "T7", "exchange_without_trick",
                 id="exchange before winning a trick"),
    pytest.param(stock("exchange", on_lead=False), False, "T7", "exchange_not_on_lead",
                 id="exchange while the opponent is on lead"),
    pytest.param(stock("exchange", cards=0), False, "T7", "exchange_stock_closed",
                 id="exchange after the stock is gone"),
    pytest.param(stock("exchange", closed=True), False, "T7", "exchange_stock_closed",
                 id="exchange after the stock is closed"),
    pytest.param(stock("exchange", cards=2), True, None, "exchange_legal",
                 id="soft game: exchange with one covered card left"),
    pytest.param(stock("exchange", cards=2, style="hard"), False, "R23", "hard_exchange_last_card",
                 id="hard game: exchange with one covered card left"),
    pytest.param(stock("exchange", cards=4, style="hard"), True, None, "exchange_legal",
                 id="hard game: exchange with three covered cards left"),
    pytest.param(stock("close", tricks_won=0, cards=12), True, None, "close_legal",
                 id="close on the first lead"),
    pytest.param(stock("close", cards=4), True, None, "close_legal", id="close with four cards left"),
    pytest.param(stock("close", cards=3), False, "T7", "close_stock_too_small", id="close with three cards left"),
    pytest.param(stock("close", on_lead=False), False, "T7", "close_not_on_lead",
                 id="close while the opponent is on lead"),
    pytest.param(stock("close", closed=True), False, "T7", "already_closed", id="close a closed stock"),
    pytest.param(stock("close", cards=10, variant="schnapsen"), True, None, "close_legal",
                 id="Schnapsen: close on the first lead"),
    pytest.param(stock("exchange", cards=6, variant="schnapsen"), True, None, "exchange_legal",
                 id="Schnapsen: exchange the Unter"),
])
def test_may_i_exchange_or_close(api: FlaskClient, question: dict, legal: bool, rule: str | None, code: str) -> None:
    answer, german = ask(api, STOCK, question)
    assert answer.keys() == STOCK_KEYS
    assert (answer["action"], answer["legal"], answer["rule"], answer["code"]) == (question["action"], legal, rule,
                                                                                   code)
    assert {**german, "reason": answer["reason"]} == answer
    assert_german(german["reason"], answer["reason"])


@pytest.mark.parametrize(("variant", "card_en", "card_de"), [
    pytest.param(None, "Nine", "Neun", id="Sixty-Six: the trump nine"),
    pytest.param("schnapsen", "Unter", "Unter", id="Schnapsen: the trump Unter"),
])
def test_the_exchange_names_the_lowest_trump(api: FlaskClient, variant: str | None, card_en: str,
                                             card_de: str) -> None:
    question = stock("exchange", tricks_won=0, cards=4, **({"variant": variant} if variant else {}))
    answer, german = ask(api, STOCK, question)
    assert card_en in answer["reason"] and card_de in german["reason"]


@pytest.mark.parametrize(("question", "code", "rule", "field"), [
    pytest.param(stock("close", cards=13), "ss_stock_range", "R16", "stock", id="thirteen cards in the stock"),
    pytest.param(stock("close", cards=11, variant="schnapsen"), "ss_stock_range", "R16", "stock",
                 id="Schnapsen: eleven cards in the stock"),
    pytest.param(stock("shuffle"), "invalid_fields", None, "action", id="an action that is not asked about"),
    pytest.param(stock("close", style="scharf"), "invalid_fields", None, "style", id="the style in German"),
    pytest.param(stock("close", on_lead="yes"), "invalid_fields", None, "on_lead", id="on_lead not a boolean"),
    pytest.param(stock("close", cards=-1), "invalid_fields", None, "stock", id="a negative stock"),
    pytest.param({k: v for k, v in stock("close").items() if k != "tricks_won"}, "invalid_fields", None,
                 "tricks_won", id="tricks won left out"),
])
def test_impossible_stock_questions_are_422(api: FlaskClient, question: dict, code: str, rule: str | None,
                                            field: str) -> None:
    problem = assert_problem(api.post(STOCK, json=question), 422, code)
    assert problem.get("rule") == rule
    assert field in problem["errors"]


# --- what may I do now? ----------------------------------------------------------------------


def actions(hand: str, *, up: str | None = "HA", cards: int = 8, won: int = 1, **fields: Any) -> dict[str, Any]:
    question = {"game": "sixtysix", "hand": hand.split(), "stock": cards, "tricks_won": won, **fields}
    if up:
        question["trump_card"] = up
    return question


def verdicts(answer: dict[str, Any]) -> dict[str, tuple[bool, str | None, str]]:
    return {f"{a['action']} {a['card'] or a['suit'] or ''}".strip(): (a["legal"], a["rule"], a["code"])
            for a in answer["actions"]}


@pytest.mark.parametrize(("question", "expected", "legal_cards"), [
    pytest.param(actions("HK HO H9 EA S10 G9"),
                 {"marriage H": (True, None, "marriage_legal"), "exchange H9": (True, None, "exchange_legal"),
                  "close": (True, None, "close_legal"), "claim": (True, None, "claim_legal")},
                 ["HK", "HO", "H9", "EA", "S10", "G9"], id="on lead after a trick: everything may be done"),
    pytest.param(actions("HK HO H9 EA S10 G9", trick=["GA"]),
                 {"marriage H": (False, "T6", "marriage_not_on_lead"),
                  "exchange H9": (False, "T7", "exchange_not_on_lead"), "close": (False, "T7", "close_not_on_lead"),
                  "claim": (False, "R17", "claim_not_on_lead"), "play G9": (True, None, "legal")},
                 ["HK", "HO", "H9", "EA", "S10", "G9"],
                 id="the opponent led with the stock open: any card, nothing else"),
    pytest.param(actions("HK HO H9 EA S10 G9", marriages=["H"], style="hard"),
                 {"marriage H": (True, None, "marriage_shown"), "play HO": (False, "R23", "hard_king_first"),
                  "play EA": (False, "T6", "marriage_lead"), "claim": (True, None, "claim_legal")},
                 ["HK"], id="hard: forty just shown, the King is led"),
    pytest.param(actions("EA EU H10 G9", up=None, trump="H", cards=0, won=4, trick=["EK"]),
                 {"play EA": (True, None, "legal"), "play EU": (False, "T1", "must_win"),
                  "play H10": (False, "T1", "must_follow"), "exchange H9": (False, "T7", "exchange_not_on_lead")},
                 ["EA"], id="the stock used up and the King of Acorns led: the Ace takes it"),
    pytest.param(actions("GU EA S10 GK EK", up="GA", cards=6, variant="schnapsen", style="hard"),
                 {"exchange GU": (True, None, "exchange_legal"), "close": (True, None, "close_legal")},
                 ["GU", "EA", "S10", "GK", "EK"], id="Schnapsen, hard: the trump Unter exchanged with six left"),
])
def test_what_may_i_do_now(api: FlaskClient, question: dict, expected: dict, legal_cards: list[str]) -> None:
    answer, german = ask(api, ACTIONS, question)
    assert answer.keys() == ACTIONS_KEYS
    found = verdicts(answer)
    assert {key: found[key] for key in expected} == expected
    assert answer["legal_cards"] == legal_cards
    assert verdicts(german) == found and german["legal_cards"] == legal_cards
    for english_action, german_action in zip(answer["actions"], german["actions"]):
        assert_german(german_action["reason"], english_action["reason"])
    assert_german(german["situation"]["text"], answer["situation"]["text"])


@pytest.mark.parametrize(("question", "code", "rule", "field"), [
    pytest.param(actions("HK HO EA S10 G9 E9 GA"), "ss_hand_size", "R16", "hand", id="seven cards in the hand"),
    pytest.param(actions("HK HO EA S10 HA"), "card_twice_given", "T8", "trump_card",
                 id="the face-up trump card in the hand too"),
    pytest.param(actions("HK HO EA S10", cards=0), "ss_actions_trump_card_gone", None, "trump_card",
                 id="a face-up card under an empty stock"),
    pytest.param(actions("HK HO EA S10", up=None), "ss_actions_trump_required", None, "trump", id="no trumps"),
    pytest.param(actions("HK HO EA S10 G9 E9", cards=8, won=3), "ss_tricks_won_too_many", "R16", "tricks_won",
                 id="three tricks won after two were played"),
    pytest.param(actions("HK HO EA S10 G9 E9", trick=["GA"], marriages=["H"]), "ss_actions_marriage_held", "T6",
                 "marriages.0", id="forty shown, yet both cards still held while following"),
    pytest.param(actions("HK HO EA S10 GK", variant="schnapsen", cards=6, up="H9"), "ss_card_not_in_deck",
                 "R16", "trump_card", id="Schnapsen: a nine face up"),
    pytest.param(actions("HK", trick=["GA", "G10"]), "invalid_fields", None, "trick", id="two cards led"),
    pytest.param(actions("HK", cards="8"), "invalid_fields", None, "stock", id="the stock as a string"),
    pytest.param(actions("HK", marriages=["X"]), "invalid_fields", None, "marriages.0", id="a suit that is none"),
    pytest.param({k: v for k, v in actions("HK").items() if k != "tricks_won"}, "invalid_fields", None,
                 "tricks_won", id="tricks won left out"),
])
def test_impossible_action_questions_are_422(api: FlaskClient, question: dict, code: str, rule: str | None,
                                             field: str) -> None:
    problem = assert_problem(api.post(ACTIONS, json=question), 422, code)
    assert problem.get("rule") == rule
    assert field in problem["errors"]
    if code != "invalid_fields":
        german = assert_problem(api.post(ACTIONS, json=question, headers=GERMAN), 422, code)
        assert_german(german["errors"][field], problem["errors"][field])


def test_a_match_keeps_an_actions_ruling_as_precedent(api: FlaskClient) -> None:
    match = open_match(api)
    question = {k: v for k, v in actions("H9 EA S10 G9 E9 GK").items() if k != "game"}
    response = api.post(f"{match.url}/rulings", json={"kind": "actions", "question": question},
                        headers=match.scorer)
    assert response.status_code == 201, response.get_json()
    ruling = response.get_json()["ruling"]
    assert ruling["kind"] == "actions" and ruling["answer"]["de"]["legal_cards"] == question["hand"]


# --- a disputed deal replayed ----------------------------------------------------------------


def claimed(seed: int) -> Deal:
    deal = random_deal(seed)
    upto = first_claim(deal)
    assert upto is not None
    return Deal(deal.trump, deal.plays[:upto])


CLAIMED = claimed(9)


@pytest.mark.parametrize(("question", "ended_by", "legal"), [
    pytest.param(replay(random_deal(0)), "played_out", True, id="a deal played to the last trick"),
    pytest.param(replay(random_deal(21), melds=[{"player": "Anna", "suit": "H", "trick": 3}]), "played_out", True,
                 id="a deal with Anna's forty in trumps"),
    pytest.param(replay(CLAIMED, claim=CLAIMED.winners[-1]), "claim", True, id="Benno claims after six tricks"),
    pytest.param(replay(CLOSED, closed_by="Anna", closed_after=2), "closed", True, id="Anna closes after two tricks"),
    pytest.param(replay(RENONCE), "renonce", False, id="Anna revokes in trick 7"),
    pytest.param(replay(random_deal(1, "schnapsen"), variant="schnapsen"), "played_out", True,
                 id="Schnapsen played out"),
])
def test_a_replayed_deal_gives_the_entry_a_match_takes(api: FlaskClient, question: dict, ended_by: str,
                                                       legal: bool) -> None:
    answer, german = ask(api, HAND, question)
    assert answer.keys() == HAND_KEYS
    assert answer["legal"] is legal
    entry = answer["entry"]
    assert entry["ended_by"] == ended_by
    deal = Deal(question["trump"], question["plays"])
    assert answer["totals"]["points"] == entry["points"] == deal.points()
    assert [t["winner"] for t in answer["tricks"]] == deal.winners
    assert german["entry"] == entry and german["tricks"] == [
        {**t, "violations": g["violations"]} for t, g in zip(answer["tricks"], german["tricks"])]

    match = open_match(api, {"variant": question.get("variant", "sixtysix")})
    recorded = match.record({**entry})
    hand = recorded["hand"]
    assert {k: hand[k] for k in ("seq", *entry)} == {"seq": 1, **entry}
    assert hand["result"]["ended_by"] == ended_by
    by_tricks = open_match(api, {"variant": question.get("variant", "sixtysix")}).record(
        {k: question[k] for k in ("trump", "plays", "melds", "claim", "closed_by", "closed_after") if k in question})
    for key in ("winner", "game_points", "totals"):
        assert by_tricks["hand"]["result"][key] == hand["result"][key], key


def test_a_renonce_is_reported_with_its_trick(api: FlaskClient) -> None:
    answer, german = ask(api, HAND, replay(RENONCE))
    violation = answer["violations"][0]
    assert (violation["trick"], violation["player"], violation["card"], violation["rule"], violation["code"],
            violation["field"]) == (7, "Anna", "SK", "T1", "must_follow", "plays.6.1")
    assert answer["tricks"][6]["violations"] == [violation]
    assert all(t["violations"] == [] for n, t in enumerate(answer["tricks"]) if n != 6)
    assert answer["entry"]["renonce_by"] == "Anna"
    assert_german(german["violations"][0]["reason"], violation["reason"])


def test_the_same_tricks_closed_on_the_first_lead_are_judged_by_t1(api: FlaskClient) -> None:
    """Deal 1 is legal while the stock is open; as if closed before the first trick, T1
    would have ruled, and its first breach is reported."""
    deal = random_deal(1)
    open_stock, _ = ask(api, HAND, replay(deal))
    as_closed, _ = ask(api, HAND, replay(deal, closed_by="Benno", closed_after=0))
    assert open_stock["legal"] is True
    assert as_closed["legal"] is False
    assert as_closed["violations"][0]["trick"] == deal.t1_breaks()[0] + 1


@pytest.mark.parametrize(("question", "code", "rule", "field"), [
    pytest.param(replay(random_deal(0), players=["Anna", "Anna"]), "ss_referee_players", "R16", "players",
                 id="the same name twice"),
    pytest.param(replay(random_deal(0), leader="Carla"), "unknown_player", None, "leader",
                 id="a leader not at the table"),
    pytest.param(replay(random_deal(0), closed_by="Anna"), "ss_closed_after_required", "T8", "closed_after",
                 id="a closing without after how many tricks"),
    pytest.param(replay(random_deal(0), closed_by="Anna", closed_after=5), "ss_close_too_late", "T7", "closed_after",
                 id="closed after five tricks"),
    pytest.param(replay(random_deal(0), variant="schnapsen"), "ss_card_not_in_deck", "R16", "plays.4.0",
                 id="a Sixty-Six deal asked as Schnapsen: the heart nine led in trick 5"),
    pytest.param(replay(random_deal(0), plays=[*random_deal(0).plays[:2], ["GK", "EK"]]), "card_twice", "T8",
                 "plays.2.0", id="the leaf King played twice"),
    pytest.param(replay(random_deal(0), players=["Anna", "Benno", "Carla"]), "invalid_fields", None, "players",
                 id="three players"),
    pytest.param(replay(random_deal(0), plays=[["GK", "EK", "HA"]]), "invalid_fields", None, "plays.0",
                 id="three cards in a trick"),
    pytest.param(replay(random_deal(0), trump=None), "invalid_fields", None, "trump", id="no trump"),
])
def test_impossible_deals_are_422(api: FlaskClient, question: dict, code: str, rule: str | None, field: str) -> None:
    problem = assert_problem(api.post(HAND, json=question), 422, code)
    assert problem.get("rule") == rule
    assert field in problem["errors"]
    if code != "invalid_fields":
        german = assert_problem(api.post(HAND, json=question, headers=GERMAN), 422, code)
        assert_german(german["errors"][field], problem["errors"][field])


@pytest.mark.parametrize("fields", [
    pytest.param({"style": "hard"}, id="the hard game"),
    pytest.param({"exchange": {"player": "Anna", "trick": 2}}, id="Anna exchanged the trump nine on lead 2"),
])
def test_the_replay_refuses_what_it_does_not_judge(api: FlaskClient, fields: dict) -> None:
    """The replay judges the cards (T1, T2, T6, T7's closing); the hard game and the exchange are
    the stock question's (docs/sixtysix.md), so naming them here is a typo refused, never ignored."""
    problem = assert_problem(api.post(HAND, json=replay(random_deal(1), **fields)), 422)
    assert set(problem["errors"]) == set(fields)


def test_the_referee_keeps_nothing(api: FlaskClient) -> None:
    assert_problem(api.get(PLAY), 405, "method_not_allowed")
    assert_problem(api.put(STOCK, json=stock("close")), 405, "method_not_allowed")
    question = replay(random_deal(0))
    assert api.post(HAND, json=question).get_json() == api.post(HAND, json=question).get_json()
