"""The referee at a DREIst! table (R35): ``POST /api/referee/dreist`` judges a turn's
laying card by card, every clause with a legal twin, the DREIers and what they clear, the
draws, the DREIste Geschenk with ``hand`` and the house rule ``single_below_card``; a
display that cannot occur is a 422 naming its field.  ``POST /api/referee/egon`` plays
Egon's turn.  The rulebook's worked examples (tests/engine/dreist/data/examples.json,
worked out by hand) go through the API as they are; answers come in English and German.

Displays are written in the notation: rows below the base nearest first, one character
per column 1-8 (the column gives the number)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import assert_problem
from tests.api.dreist.conftest import (
    EGON,
    ENGLISH,
    EXAMPLES,
    GERMAN,
    LAY,
    ask,
    assert_german,
    assert_problem_german,
    egon_question,
    example,
    lay,
    lay_question,
    open_solo,
)

ANSWER_KEYS = {"game", "legal", "rule", "clause", "path", "placements", "draws", "geschenk", "display", "reason"}
EGON_KEYS = {"game", "placements", "discarded", "kept", "done", "display", "reason"}


def judge(client: FlaskClient, display: list[str], spec: str | list[Any], **fields: Any) -> dict[str, Any]:
    answer, _ = ask(client, LAY, lay_question(display, spec, **fields))
    assert answer.keys() == ANSWER_KEYS
    return answer


def placed(answer: dict[str, Any]) -> list[tuple[str, int, str | None, list[str]]]:
    return [(p["card"], p["row"], p["dreier"], p["cleared"]) for p in answer["placements"]]


# --- every clause, with its legal twin ------------------------------------------------------

#: (display, illegal laying, clause, path, legal twin)
CLAUSES = [
    pytest.param(["R......."], "1Y@1", "occupied", "0.0", "1Y@2", id="occupied: the 1 lies there; below it is free"),
    pytest.param([".......R"], "8R@2 8R@1", "occupied", "0.1", "8R@2 8R@3",
                 id="occupied: the second card of a pair onto the first row's card"),
    pytest.param(["R......."], "2Y@1", "colour", "0.0", "2R@1", id="colour: a yellow 2 beside a red 1; a red 2 fits"),
    pytest.param(["R.Y....."], "2Y@1", "colour", "0.0", "3Y@2",
                 id="colour: between red and yellow; below the yellow fits"),
    pytest.param(["R.Y....."], "2Y@2", "connection", "0.0", "3Y@2",
                 id="connection: a diagonal is no contact; straight below is"),
    pytest.param(["....R..."], "5Y@3", "connection", "0.0", "5Y@2",
                 id="connection: a hole above it; directly below the 5 fits"),
    pytest.param([], "5R@2 5R@1", "connection", "0.0", "5R@1 5R@2",
                 id="connection: a pair listed far card first; nearest first fits"),
    pytest.param([], "1R@1", "single", "0.0", "1R@1 1R@2",
                 id="single: one card alone under the base; two stacked fit"),
    pytest.param(["R......."], "3Y@1", "single", "0.0", "2R@1", id="single: a gap is no contact; beside the 1 fits"),
    pytest.param([], "3R@1 5R@1", "together", "0.1", "3R@1 4R@1",
                 id="together: two cards apart; side by side they fit"),
    pytest.param([], "3R@1 4R@1 6R@1", "together", "0.2", "3R@1 4R@1 5R@1",
                 id="together: the third card of a play apart; next to the second it fits"),
]


@pytest.mark.parametrize(("display", "illegal", "clause", "path", "legal"), CLAUSES)
def test_a_clause_and_its_legal_twin(api: FlaskClient, display: list[str], illegal: str, clause: str, path: str,
                                     legal: str) -> None:
    refused = judge(api, display, illegal)
    assert (refused["legal"], refused["rule"], refused["clause"], refused["path"]) == (False, "R35", clause, path)
    assert refused["geschenk"] is False
    before = int(path.split(".")[1])
    assert [p["card"] for p in refused["placements"]] == [c["card"] for c in lay(illegal)[0][:before]], \
        "the cards before the offending one stay placed"
    allowed = judge(api, display, legal)
    assert (allowed["legal"], allowed["rule"], allowed["clause"], allowed["path"]) == (True, None, None, None)
    assert len(allowed["placements"]) == sum(len(play) for play in lay(legal))


@pytest.mark.parametrize(("display", "spec", "clause", "de"), [
    pytest.param(["R......."], "1Y@1", "occupied",
                 "Reihe 1: dort liegt schon eine Karte, die gelbe 1 kann nicht dorthin.", id="occupied"),
    pytest.param(["R......."], "2Y@1", "colour", "Reihe 1: die gelbe 2 läge direkt neben einer anderen Farbe.",
                 id="colour"),
    pytest.param(["R.Y....."], "2T@2", "connection", "Reihe 2: die türkise 2 hätte keine Verbindung zu den "
                 "Grundkarten.", id="connection"),
    pytest.param([], "1V@1", "single", "Reihe 1: die violette 1 wird einzeln gelegt, und eine einzelne Karte darf nur "
                 "neben oder unter einer Zahlenkarte angelegt werden; dort berührt sie keine.", id="single"),
    pytest.param([], "3R@1 5R@1", "together", "Reihe 1: die rote 5 berührt die mit ihr gelegten Karten nicht; "
                 "zusammen gelegte Karten bilden eine Kette.", id="together"),
])
def test_the_clauses_in_german(api: FlaskClient, display: list[str], spec: str, clause: str, de: str) -> None:
    _, german = ask(api, LAY, lay_question(display, spec))
    assert (german["clause"], german["reason"]) == (clause, de)


def test_a_chain_listed_out_of_order_is_still_a_chain(api: FlaskClient) -> None:
    answer = judge(api, [], "8R@1 6R@1 7R@1")
    assert (answer["legal"], answer["display"]) == (True, [".....RRR"])


def test_the_offending_card_is_named_and_the_display_is_the_one_before_the_turn(api: FlaskClient) -> None:
    """R35's last decision: a refused laying answers with the display before the turn."""
    answer = judge(api, ["R......."], "2R@1; 4Y@1")
    assert (answer["legal"], answer["path"], answer["clause"]) == (False, "1.0", "single")
    assert answer["display"] == ["R......."]
    assert placed(answer) == [("2R", 1, None, [])]
    assert answer["reason"] == ("Row 1: the yellow 4 is laid alone, and a single card may only be attached next to "
                                "or below a number card; it touches none there.")


# --- DREIers --------------------------------------------------------------------------------


@pytest.mark.parametrize(("display", "spec", "dreiers", "after"), [
    pytest.param([".....RR."], "8R@1", ["row"], [".....RRR"], id="row: the 8 next to the 6 and 7"),
    pytest.param([], "3R@1 4R@1 5R@1", [None, None, "row"], ["..RRR..."],
                 id="row: a play of three side by side, on its third card"),
    pytest.param(["RR.RR..."], "3R@1", ["row"], ["RRRRR..."], id="row: joining two runs of two is one row-DREIer"),
    pytest.param(["RR.R...."], "3R@1", ["row"], ["RRRR...."], id="row: joining a run of two and one"),
    pytest.param(["RRR....."], "4R@1", [None], ["RRRR...."], id="none: extending a run of three"),
    pytest.param(["RRR.R..."], "4R@1", [None], ["RRRRR..."], id="none: joining a run of three and one"),
    pytest.param([], "3R@1 4R@1 5R@1 6R@1", [None, None, "row", None], ["..RRRR.."],
                 id="a play of four: one row-DREIer, the fourth extends it"),
    pytest.param(["....RR..", ".....YY.", "......T."], "7R@1", ["column"], ["....RR..", ".....Y.."],
                 id="row and column at once: one column-DREIer"),
])
def test_dreiers_and_the_draws_they_give(api: FlaskClient, display: list[str], spec: str,
                                         dreiers: list[str | None], after: list[str]) -> None:
    answer = judge(api, display, spec)
    assert answer["legal"] is True
    assert [p["dreier"] for p in answer["placements"]] == dreiers
    assert answer["draws"] == sum(1 for d in dreiers if d)
    assert answer["display"] == after


def test_a_column_dreier_clears_the_column_then_what_hangs_on_it(api: FlaskClient) -> None:
    """The third colour in the 8-column: the column goes nearest row first, then the 7
    that hung only on an 8."""
    answer = judge(api, [".......Y", ".......R", "......RR"], "8T@4")
    assert placed(answer) == [("8T", 4, "column", ["1,8", "2,8", "3,8", "4,8", "3,7"])]
    assert (answer["draws"], answer["display"]) == (1, [])


def test_both_dreiers_at_once_clear_the_column(api: FlaskClient) -> None:
    answer = judge(api, ["....RR..", ".....YY.", "......T."], "7R@1")
    assert placed(answer) == [("7R", 1, "column", ["1,7", "2,7", "3,7"])]


def test_nothing_attaches_to_the_card_that_cleared_its_column(api: FlaskClient) -> None:
    answer = judge(api, ["RR......", ".Y......"], "2T@3 1T@3")
    assert (answer["legal"], answer["clause"], answer["path"]) == (False, "connection", "0.1")
    assert placed(answer) == [("2T", 3, "column", ["1,2", "2,2", "3,2"])]
    assert answer["display"] == ["RR......", ".Y......"], "the display before the turn"


def test_the_legal_answer_counts_cards_and_draws(api: FlaskClient) -> None:
    english, german = ask(api, LAY, lay_question([".....RR."], "8R@1"))
    assert english["reason"] == "The card may be laid. 1 DREIer: 1 card to draw."
    assert german["reason"] == "Die Karte darf gelegt werden. 1 DREIer: 1 Karte nachziehen."


# --- the DREIste Geschenk -----------------------------------------------------------------


@pytest.mark.parametrize(("spec", "hand", "geschenk"), [
    pytest.param("8R@1 8R@2", ["8R", "8R"], True, id="the whole hand laid"),
    pytest.param("8R@1 8R@2", ["rot 8", "red 8"], True, id="the hand in German and English names"),
    pytest.param("8R@1 8R@2; 7R@1", ["7R", "8R", "8R"], True, id="the whole hand over two plays, in any order"),
    pytest.param("8R@1 8R@2", ["8R", "8R", "1Y"], False, id="a card kept back"),
    pytest.param("8R@1 8R@2", None, False, id="no hand given"),
    pytest.param([], [], False, id="an empty hand and nothing laid"),
])
def test_the_dreiste_geschenk(api: FlaskClient, spec: str | list, hand: list[str] | None, geschenk: bool) -> None:
    fields = {} if hand is None else {"hand": hand}
    answer = judge(api, [], spec, **fields)
    assert (answer["legal"], answer["geschenk"]) == (True, geschenk)


def test_no_geschenk_when_the_laying_is_illegal(api: FlaskClient) -> None:
    answer = judge(api, [], "8R@1 8R@2; 1Y@1", hand=["8R", "8R", "1Y"])
    assert (answer["legal"], answer["geschenk"], answer["path"]) == (False, False, "1.0")


@pytest.mark.parametrize(("spec", "hand", "missing"), [
    pytest.param("8R@1 8R@2", ["8R"], "8", id="one 8 of two in the hand"),
    pytest.param("8R@1 8Y@2", ["8R", "8R"], "8", id="a yellow 8 laid, two red in the hand"),
    pytest.param("8R@1 8R@2", [], "8", id="an empty hand"),
])
def test_a_laid_card_not_in_the_hand_is_422(api: FlaskClient, spec: str, hand: list[str], missing: str) -> None:
    question = lay_question([], spec, hand=hand)
    problem = assert_problem_german(api, "post", LAY, question, 422, "dreist_not_in_hand")
    assert (problem["rule"], problem["errors"].keys()) == ("R35", {"hand"})
    assert missing in problem["detail"]
    german = assert_problem(api.post(LAY, json=question, headers=GERMAN), 422)
    assert german["detail"].startswith("Diese Karten werden gelegt, sind aber nicht auf der Hand: die ")


# --- the house rule single_below_card -------------------------------------------------------


def test_a_single_card_touching_only_one_below(api: FlaskClient) -> None:
    """The 3 in row 2 touches only the red 3 below it (the 1-column and row 3 hold it)."""
    display = ["R.......", "R.......", "RRR....."]
    assert judge(api, display, "3R@2")["clause"] == "single"
    assert judge(api, display, "3R@2", single_below_card=False)["clause"] == "single"
    answer = judge(api, display, "3R@2", single_below_card=True)
    assert (answer["legal"], answer["display"]) == (True, ["R.......", "R.R.....", "RRR....."])
    assert judge(api, display, "4R@2", single_below_card=True)["clause"] == "connection", \
        "the house rule does not touch the connection"
    problem = assert_problem(api.post(LAY, json=lay_question(display, "3R@2", single_below_card="true")), 422,
                             "invalid_fields")
    assert problem["errors"].keys() == {"single_below_card"}


# --- the rulebook's examples --------------------------------------------------------------


@pytest.mark.parametrize("case", [pytest.param(e, id=e["name"]) for e in EXAMPLES["layings"]])
def test_a_legal_laying_of_the_rulebook(api: FlaskClient, case: dict) -> None:
    fields = {"hand": case["hand"]} if "hand" in case else {}
    answer = judge(api, case["display"], case["lay"], **fields)
    expect = case["expect"]
    assert answer["legal"] is True, (case["text"], answer["reason"])
    assert (answer["draws"], answer["geschenk"]) == (expect["draws"], expect.get("geschenk", False)), case["text"]
    assert answer["placements"] == expect["placements"], case["text"]
    assert answer["display"] == expect["display"], case["text"]


@pytest.mark.parametrize("case", [pytest.param(e, id=e["name"]) for e in EXAMPLES["illegal"]])
def test_a_card_the_rulebook_says_cannot_be_laid(api: FlaskClient, case: dict) -> None:
    answer = judge(api, case["display"], case["lay"])
    expect = case["expect"]
    assert (answer["legal"], answer["rule"], answer["clause"], answer["path"]) == (
        False, "R35", expect["clause"], expect["path"]), (case["text"], answer["reason"])


def test_fig7_in_german(api: FlaskClient) -> None:
    case = example("layings", "fig7_carla_geschenk")
    _, german = ask(api, LAY, lay_question(case["display"], case["lay"], hand=case["hand"]))
    assert german["reason"] == "Alle 5 Karten dürfen gelegt werden. 3 DREIer: 3 Karten nachziehen."
    assert german["geschenk"] is True


# --- displays that cannot occur: 422 with the rule and the field ----------------------------

IMPOSSIBLE = [
    pytest.param(["RY......"], "8R@1 8R@2", "dreist_display_colours", "R35", {"display.0"},
                 id="two colours side by side"),
    pytest.param(["R.......", "R.......", "RY......"], "8R@1 8R@2", "dreist_display_colours", "R35", {"display.2"},
                 id="two colours side by side in row 3"),
    pytest.param(["R.......", "Y.......", "T......."], "8R@1 8R@2", "dreist_display_column", "R35", {"display"},
                 id="three colours in a column"),
    pytest.param(["........", "R......."], "8R@1 8R@2", "dreist_display_loose", "R35", {"display.1"},
                 id="a card hanging in the air"),
    pytest.param(["R.......", "........", "....T..."], "8R@1 8R@2", "dreist_display_loose", "R35", {"display.2"},
                 id="a card below an empty row"),
    pytest.param(["RR......", "RR......", "RR......", "RR......"], "8R@1 8R@2", "dreist_too_many", "R33",
                 {"display"}, id="four red 1s and 2s"),
    pytest.param([".......R", ".......R", ".......R"], "8R@4", "dreist_too_many", "R33", {"display"},
                 id="a fourth red 8 laid"),
    pytest.param([], "8R@1 8R@2 8R@3 8R@4", "dreist_too_many", "R33", {"display"}, id="four red 8s in one play"),
    pytest.param([".......", ], "8R@1 8R@2", "dreist_display_row", "R35", {"display.0"}, id="a row of seven"),
    pytest.param(["RRX....."], "8R@1 8R@2", "dreist_display_row", "R35", {"display.0"}, id="a letter not a colour"),
    pytest.param(["R.......", "RG......"], "8R@1 8R@2", "dreist_display_row", "R35", {"display.1"},
                 id="G for green in row 2"),
    pytest.param(["RRRRRRRR", ""], "8R@2 8R@3", "dreist_display_row", "R35", {"display.1"}, id="an empty string"),
]


@pytest.mark.parametrize(("display", "spec", "code", "rule", "fields"), IMPOSSIBLE)
def test_a_display_that_cannot_occur_is_422(api: FlaskClient, display: list[str], spec: str, code: str, rule: str,
                                            fields: set[str]) -> None:
    problem = assert_problem_german(api, "post", LAY, lay_question(display, spec), 422, code)
    assert (problem["rule"], problem["errors"].keys()) == (rule, fields)


@pytest.mark.parametrize(("display", "turned", "code", "rule", "fields"), [
    pytest.param(["RY......"], ["8R"], "dreist_display_colours", "R35", {"display.0"}, id="two colours side by side"),
    pytest.param(["........", "R......."], ["8R"], "dreist_display_loose", "R35", {"display.1"},
                 id="a card hanging in the air"),
    pytest.param([".......R", ".......R"], ["8R", "8R"], "dreist_too_many", "R33", {"display"},
                 id="a fourth red 8 turned"),
])
def test_egon_refuses_a_display_that_cannot_occur(api: FlaskClient, display: list[str], turned: list[str], code: str,
                                                  rule: str, fields: set[str]) -> None:
    problem = assert_problem_german(api, "post", EGON, egon_question(display, turned), 422, code)
    assert (problem["rule"], problem["errors"].keys()) == (rule, fields)


def test_several_impossible_rows_are_reported_together(api: FlaskClient) -> None:
    problem = assert_problem(api.post(LAY, json=lay_question(["RY......", "RY......"], "8R@1 8R@2")), 422)
    assert problem["errors"].keys() == {"display.0", "display.1"}


def test_the_german_for_impossible_displays(api: FlaskClient) -> None:
    def detail(display: list[str]) -> str:
        return assert_problem(api.post(LAY, json=lay_question(display, []), headers=GERMAN), 422)["detail"]

    assert detail(["RY......"]) == "Reihe 1: zwei Farben liegen direkt nebeneinander (Spalten 1 und 2), das gibt es " \
                                   "nicht."
    assert detail(["R.......", "Y.......", "T......."]) == "Spalte 1 hat drei Farben: sie wäre abgeräumt worden " \
                                                           "(Spalten-DREIer)."
    assert detail(["........", "R......."]) == "Die Karte in Reihe 2, Spalte 1 hat keine Verbindung zu den " \
                                               "Grundkarten."


def test_too_many_copies_starts_with_a_capital(api: FlaskClient) -> None:
    for headers in (ENGLISH, GERMAN):
        problem = assert_problem(api.post(LAY, json=lay_question([".......R"] * 3, "8R@4"), headers=headers), 422,
                                 "dreist_too_many")
        assert problem["detail"][0].isupper(), problem["detail"]


# --- questions that cannot be asked --------------------------------------------------------


@pytest.mark.parametrize(("question", "fields"), [
    pytest.param(lay_question([], [[{"card": "HA", "row": 1}]]), {"lay.0.0.card"},
                 id="HA: a Dreeg card in a laying"),
    pytest.param(lay_question([], [[{"card": "9R", "row": 1}]]), {"lay.0.0.card"}, id="9R: the numbers end at 8"),
    pytest.param(lay_question([], [[{"card": "5G", "row": 1}]]) | {"display": []}, set(),
                 id="5G: G is read as yellow (gelb)"),
    pytest.param(lay_question([], [[{"card": "8R", "row": 0}]]), {"lay.0.0.row"}, id="row 0, the base itself"),
    pytest.param(lay_question([], [[{"card": "8R", "row": "1"}]]), {"lay.0.0.row"}, id="the row as text"),
    pytest.param(lay_question([], [[{"card": "8R"}]]), {"lay.0.0.row"}, id="no row"),
    pytest.param(lay_question([], [[{"card": "8R", "row": 1, "column": 8}]]), {"lay.0.0.column"},
                 id="a column given (the number gives it)"),
    pytest.param(lay_question([], [["8R"]]), {"lay.0.0"}, id="a card without its row"),
    pytest.param(lay_question([], "8R@1 8R@2", hand=["HA"]), {"hand.0"}, id="HA in the hand"),
    pytest.param({"game": "dreist", "display": []}, {"lay"}, id="no laying"),
    pytest.param({"game": "dreist", "lay": []}, {"display"}, id="no display"),
    pytest.param({"game": "dreist", "display": "RR......", "lay": []}, {"display"}, id="the display as one string"),
    pytest.param(lay_question(["RRRRRRRRR"], []), {"display.0"}, id="a row of nine"),
    pytest.param(lay_question([], [], turned=["8R"]), {"turned"}, id="Egon's field in a laying"),
])
def test_malformed_laying_questions_are_422(api: FlaskClient, question: dict, fields: set[str]) -> None:
    response = api.post(LAY, json=question)
    if not fields:
        assert response.status_code == 200, response.get_json()
        return
    problem = assert_problem(response, 422, "invalid_fields")
    assert problem["errors"].keys() == fields


def test_a_dreeg_card_is_refused_with_its_field_in_german(api: FlaskClient) -> None:
    question = lay_question([], [[{"card": "HA", "row": 1}]])
    german = assert_problem(api.post(LAY, json=question, headers=GERMAN), 422, "invalid_fields")
    english = assert_problem(api.post(LAY, json=question, headers=ENGLISH), 422, "invalid_fields")
    assert german["errors"]["lay.0.0.card"] == ("'HA' ist keine DREIst!-Karte: eine Zahl 1-8 und eine Farbe, z. B. "
                                                "5R, 8Y, 1T, 3V (oder 'rot 5').")
    assert english["errors"]["lay.0.0.card"].startswith("'HA' is not a DREIst! card")
    egon = assert_problem(api.post(EGON, json=egon_question([], ["7Y", "HA"]), headers=GERMAN), 422,
                          "invalid_fields")
    assert egon["errors"].keys() == {"turned.1"} and "'HA'" in egon["errors"]["turned.1"]


@pytest.mark.parametrize(("path", "question"), [
    pytest.param(LAY, {"display": [".....RR."], "lay": [[{"card": "8R", "row": 1}]]},
                 id="a laying as API.md writes it, without game"),
    pytest.param(LAY, {"game": "dreist", "display": [".....RR."], "lay": [[{"card": "8R", "row": 1}]]},
                 id="a laying naming dreist"),
    pytest.param(LAY, {"game": None, "display": [".....RR."], "lay": [[{"card": "8R", "row": 1}]]},
                 id="a laying with game null"),
    pytest.param(EGON, {"display": ["....R..."], "turned": ["5R", "5T"]}, id="Egon's turn as API.md writes it"),
    pytest.param(EGON, {"game": "dreist", "display": ["....R..."], "turned": ["5R", "5T"]},
                 id="Egon's turn naming dreist"),
])
def test_the_path_names_the_game(api: FlaskClient, path: str, question: dict) -> None:
    """API.md's referee bodies for DREIst! have no game: /api/referee/dreist and /egon are
    DREIst!'s questions alone."""
    answer, _ = ask(api, path, question)
    if path == LAY:
        assert (answer["legal"], answer["draws"], answer["display"]) == (True, 1, [".....RRR"])
    else:
        assert [(p["card"], p["row"]) for p in answer["placements"]] == [("5R", 2), ("5T", 3)]


@pytest.mark.parametrize(("question", "code"), [
    pytest.param({"game": "dreeg", "display": [], "lay": []}, "referee_no_question", id="Dreeg has no laying"),
    pytest.param({"game": "sixtysix", "display": [], "lay": []}, "referee_no_question",
                 id="Sixty-Six has no laying"),
    pytest.param({"game": "dreierles", "display": [], "turned": []}, "referee_no_question", id="no Egon in Dreierles"),
    pytest.param({"game": "drei", "display": [], "lay": []}, "unknown_game", id="a game Kreide does not know"),
])
def test_the_question_goes_to_dreist_only(api: FlaskClient, question: dict, code: str) -> None:
    path = EGON if "turned" in question else LAY
    problem = assert_problem(api.post(path, json=question), 422, code)
    assert problem["errors"].keys() == {"game"}


def test_another_game_is_refused_saying_whose_question_it_is(api: FlaskClient) -> None:
    question = {"game": "dreeg", "display": [], "lay": []}
    english = assert_problem_german(api, "post", LAY, question, 422, "referee_no_question", names_codes=True)
    assert english["detail"] == ("'dreist' is a question for DREIst!, not for the referee of Dreeg, which answers: "
                                 "hand and play.")
    german = assert_problem(api.post(LAY, json=question, headers=GERMAN), 422)
    assert german["detail"] == ("'dreist' ist eine Frage an DREIst!, nicht an den Schiedsrichter von Dreeg; der "
                                "beantwortet: hand und play.")
    egon = assert_problem(api.post(EGON, json={"game": "sixtysix", "display": [], "turned": []}), 422)
    assert egon["detail"].startswith("'egon' is a question for DREIst!, not for the referee of Sixty-Six")


def test_a_row_of_nine_is_refused_like_a_row_of_seven(api: FlaskClient) -> None:
    """Both wrong lengths name display.0; the seven is the engine's (R35) sentence, the nine the
    schema's (its maxLength), in English even for a German phone."""
    seven = assert_problem(api.post(LAY, json=lay_question([".......",], []), headers=GERMAN), 422)
    nine = assert_problem(api.post(LAY, json=lay_question(["........."], []), headers=GERMAN), 422)
    assert seven["errors"].keys() == nine["errors"].keys() == {"display.0"}
    assert (seven["code"], seven["rule"]) == ("dreist_display_row", "R35")
    assert nine["code"] == "invalid_fields"


def test_the_referee_keeps_nothing(api: FlaskClient) -> None:
    assert_problem(api.get(LAY), 405, "method_not_allowed")
    question = lay_question([".....RR."], "8R@1")
    assert api.post(LAY, json=question).get_json() == api.post(LAY, json=question).get_json()
    response = api.post(LAY, data="8R@1", headers={"Content-Type": "text/plain"})
    assert_problem(response, response.status_code)
    assert response.status_code in (400, 415, 422)


# --- Egon -----------------------------------------------------------------------------------


@pytest.mark.parametrize("case", [pytest.param(e, id=e["name"]) for e in EXAMPLES["egon"]])
def test_egons_turns_of_the_rulebook(api: FlaskClient, case: dict) -> None:
    answer, german = ask(api, EGON, egon_question(case["display"], case["turned"]))
    expect = case["expect"]
    assert answer.keys() == EGON_KEYS
    assert answer["placements"] == expect["placements"], case["text"]
    assert (answer["discarded"], answer["kept"]) == (expect["discarded"], expect["kept"]), case["text"]
    assert answer["display"] == expect["display"], case["text"]
    assert answer["done"] is True
    n = len(expect["placements"])
    assert answer["reason"] == f"Egon laid {n} cards; his turn is over."
    assert german["reason"] == f"Egon hat {n} Karten gelegt; sein Zug ist vorbei."


@pytest.mark.parametrize(("turned", "laid", "discarded", "de"), [
    pytest.param([], 0, [], "Egon hat bisher 0 Karten gelegt: für ihn weitere Karten aufdecken.", id="nothing turned"),
    pytest.param(["7Y"], 0, ["7Y"], "Egon hat bisher 0 Karten gelegt: für ihn weitere Karten aufdecken.",
                 id="the 7 does not fit"),
    pytest.param(["7Y", "2R"], 1, ["7Y"], "Egon hat bisher 1 Karte gelegt: für ihn weitere Karten aufdecken.",
                 id="the 2 fits and clears the column, the 7 still does not"),
])
def test_egon_is_not_done_before_two_cards(api: FlaskClient, turned: list[str], laid: int, discarded: list[str],
                                           de: str) -> None:
    """Fig. 10 cut short: turn over more for him."""
    display = example("egon", "fig10")["display"]
    answer, german = ask(api, EGON, egon_question(display, turned))
    assert (answer["done"], len(answer["placements"]), answer["discarded"], answer["kept"]) == (
        False, laid, discarded, [])
    assert german["reason"] == de


@pytest.mark.parametrize("turned", [
    pytest.param(["gelb 7", "rot 2", "Gelb 6", "3 violett", "8 gelb"], id="German names"),
    pytest.param(["yellow 7", "red 2", "yellow 6", "violet 3", "8 yellow"], id="English names"),
    pytest.param(["7y", "2r", "6Y", "3v", "8Y"], id="codes in lower case"),
])
def test_egons_cards_by_name(api: FlaskClient, turned: list[str]) -> None:
    case = example("egon", "fig10")
    answer, _ = ask(api, EGON, egon_question(case["display"], turned))
    assert answer["placements"] == case["expect"]["placements"]
    assert (answer["discarded"], answer["kept"]) == (["7Y"], ["3V", "8Y"]), "answered in codes"


def test_a_laying_by_card_names(api: FlaskClient) -> None:
    plays = [[{"card": "rot 8", "row": 1}, {"card": "red 8", "row": 2}], [{"card": "Türkis 4", "row": 1}]]
    answer = judge(api, [], plays)
    assert [p["card"] for p in answer["placements"]] == ["8R", "8R"]
    assert (answer["clause"], answer["path"]) == ("single", "1.0")
    assert "turquoise 4" in answer["reason"]


def test_egon_lays_a_pair_and_stops_at_three(api: FlaskClient) -> None:
    """Fig. 11: one card alone, then two 8s together (the earlier-turned one first)."""
    case = example("egon", "fig11")
    answer, _ = ask(api, EGON, egon_question(case["display"], case["turned"]))
    assert [(p["card"], p["row"]) for p in answer["placements"]] == [("1Y", 1), ("8R", 1), ("8T", 2)]
    assert answer["done"] is True and answer["kept"] == ["6T", "2R"]


def test_egon_pairs_the_first_turned_card_as_the_referee_allows(api: FlaskClient) -> None:
    """The issue's turn, asked as API.md writes it: the 8T turned first pairs with the 8Y (into
    the cell the 8T's column-DREIer frees) before the two 3Ts could; both are told in German."""
    question = {"display": [".....Y..", ".....YYY", "......RR", "......R."], "turned": ["8T", "3T", "8Y", "3T"]}
    answer, german = ask(api, EGON, question)
    assert [(p["card"], p["row"], p["dreier"], p["cleared"]) for p in answer["placements"]] == [
        ("8T", 1, "column", ["1,8", "2,8", "3,8"]), ("8Y", 1, None, [])]
    assert (answer["discarded"], answer["kept"], answer["done"]) == (["3T"], ["3T"], True)
    assert german["reason"] == "Egon hat 2 Karten gelegt; sein Zug ist vorbei."


def test_egon_with_the_house_rule(api: FlaskClient) -> None:
    """The topmost row the 3 fits alone: row 4, below the red 3; with the house rule
    already row 2, where its only contact is the red 3 below it."""
    display = ["R.......", "R.......", "RRR....."]
    without, _ = ask(api, EGON, egon_question(display, ["3R"]))
    assert [(p["card"], p["row"]) for p in without["placements"]] == [("3R", 4)]
    answer, _ = ask(api, EGON, egon_question(display, ["3R"], single_below_card=True))
    assert [(p["card"], p["row"]) for p in answer["placements"]] == [("3R", 2)]
    assert answer["discarded"] == [] and answer["done"] is False


# --- a ruling kept on a match ------------------------------------------------------------


def test_rulings_kept_on_a_dreist_match(api: FlaskClient) -> None:
    """Both questions can be kept as precedent on a match (docs/api-notes.md, rulings):
    a laying with its verdict, Egon's turn with none."""
    match = open_solo(api)
    url = f"{match.url}/rulings"
    laying = api.post(url, json={"kind": "dreist", "question": lay_question([], "1R@1")}, headers=match.scorer)
    assert laying.status_code == 201, laying.get_json()
    kept = laying.get_json()["ruling"]
    assert (kept["kind"], kept["legal"], kept["rule"]) == ("dreist", False, "R35")
    assert kept["answer"]["en"]["clause"] == "single"
    assert_german(kept["answer"]["de"]["reason"], kept["answer"]["en"]["reason"])
    case = example("egon", "fig12")
    question = egon_question(case["display"], case["turned"])
    del question["game"]  # the match's game
    turn = api.post(url, json={"kind": "egon", "question": question}, headers=match.scorer)
    assert turn.status_code == 201, turn.get_data(as_text=True)
    kept = turn.get_json()["ruling"]
    assert kept["kind"] == "egon" and kept["answer"]["en"]["discarded"] == ["5R"]
    listed = api.get(url, headers=match.viewer).get_json()["rulings"]
    assert [r["kind"] for r in listed] == ["dreist", "egon"]
    assert match.get()["version"] == 0, "a ruling is no game"
