"""The referee at a Dreierles table (``POST /api/referee/count``, ``"game": "dreierles"``):
what is this pile worth, counted in threes (R26)?  The seed's own examples, a leftover in
thirds, German answers, and the questions that cannot be asked (a card twice, a card of
another pack)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import assert_problem
from tests.api.dreierles.conftest import ENGLISH, GERMAN, PACK, assert_german, open_match, played, rounded, thirds

COUNT = "/api/referee/count"
#: The German names the questions below use, and their codes (R25).
NAMES = {"Pfeif": "T1", "Stieß": "TS", "Trumpf 21": "T21", "Kreuz König": "CK", "Pik 7": "S7", "Herz 1": "H1"}
ANSWER_KEYS = {"game", "cards", "points", "thirds", "exact", "packets", "leftover", "reason"}


def pile(*cards: str) -> dict[str, Any]:
    return {"game": "dreierles", "cards": list(cards)}


def ask(client: FlaskClient, question: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The answer in English and in German, which must agree in everything but the words."""
    english = client.post(COUNT, json=question, headers=ENGLISH)
    assert english.status_code == 200, english.get_json()
    german = client.post(COUNT, json=question, headers=GERMAN)
    assert german.status_code == 200
    return english.get_json(), german.get_json()


def without_words(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer with its sentences left out: what both languages must share."""
    def packet(p: dict[str, Any] | None) -> dict[str, Any] | None:
        return None if p is None else {k: v for k, v in p.items() if k != "rule"}

    return {**answer, "reason": None, "packets": [packet(p) for p in answer["packets"]],
            "leftover": packet(answer["leftover"])}


#: (cards, points, exact, [packet points], leftover thirds or None)
COUNTS = [
    # the seed's "Beispiele für Stiche"
    pytest.param(pile("C7", "C8", "C9"), 1, "1", [1], None, id="seed: three blanks make 1"),
    pytest.param(pile("T2", "T3", "T4"), 1, "1", [1], None, id="seed: three Druck (trumps of no value) make 1"),
    pytest.param(pile("CK", "C7", "C8"), 5, "5", [5], None, id="seed: a König and two blanks, its value 5"),
    pytest.param(pile("CK", "CD", "C7"), 8, "8", [8], None, id="seed: König + Dame + a blank, (5 + 4) - 1 = 8"),
    pytest.param(pile("CK", "CD", "CR"), 10, "10", [10], None, id="seed: König, Dame, Reiter, (5 + 4 + 3) - 2 = 10"),
    # more packets
    pytest.param(pile("T1", "T21", "TS"), 13, "13", [13], None, id="the Drull, (5 + 5 + 5) - 2 = 13"),
    pytest.param(pile("HB", "H1", "H2"), 2, "2", [2], None, id="a Bube and two blanks: 2"),
    pytest.param(pile("Pfeif", "Stieß", "Trumpf 21", "Kreuz König", "Pik 7", "Herz 1"), 18, "18", [13, 5], None,
                 id="German names: the Drull and a König with two blanks, 13 + 5"),
    # leftovers in thirds
    pytest.param(pile("CK", "C7", "C8", "HD", "H1", "H2", "DD", "D1"), 13, "12 2/3", [5, 4], 11,
                 id="eight cards: 5 + 4 and Dame + blank left over (3 2/3): 12 2/3, rounded up to 13"),
    pytest.param(pile("CK", "C7", "C8", "HD", "H1", "H2", "DB"), 10, "10 1/3", [5, 4], 4,
                 id="seven cards: 5 + 4 and a Bube left over (1 1/3): 10 1/3, rounded down to 10"),
    pytest.param(pile("H1"), 0, "1/3", [], 1, id="one blank: 1/3, rounded down to 0"),
    pytest.param(pile("H1", "H2"), 1, "2/3", [], 2, id="two blanks: 2/3, rounded up to 1"),
    pytest.param(pile("HK"), 4, "4 1/3", [], 13, id="a König alone: 4 1/3"),
    # the ends
    pytest.param(pile(), 0, "0", [], None, id="an empty pile: 0"),
    pytest.param(pile(*PACK), 70, "70", None, None, id="the whole pack: 70"),
]


@pytest.mark.parametrize(("question", "points", "exact", "packets", "leftover"), COUNTS)
def test_a_pile_counted_in_threes(api: FlaskClient, question: dict, points: int, exact: str,
                                  packets: list[int] | None, leftover: int | None) -> None:
    answer, german = ask(api, question)
    assert answer.keys() == ANSWER_KEYS
    cards = question["cards"]
    assert (answer["cards"], answer["points"], answer["exact"]) == (len(cards), points, exact)
    assert answer["thirds"] == sum(p["thirds"] for p in answer["packets"]) + (
        answer["leftover"]["thirds"] if answer["leftover"] else 0)
    if packets is not None:
        assert [p["points"] for p in answer["packets"]] == packets
    assert all(len(p["cards"]) == 3 and p["thirds"] == 3 * p["points"] for p in answer["packets"])
    if leftover is None:
        assert answer["leftover"] is None
    else:
        assert answer["leftover"]["thirds"] == leftover and len(answer["leftover"]["cards"]) == len(cards) % 3
    assert answer_codes(answer) == [NAMES.get(c, c) for c in cards]
    assert without_words(german) == without_words(answer)
    assert_german(german["reason"], answer["reason"])
    assert exact in answer["reason"] and exact in german["reason"]
    for english_packet, german_packet in zip(answer["packets"], german["packets"]):
        assert str(english_packet["points"]) in english_packet["rule"]
        assert_german(german_packet["rule"], english_packet["rule"])
    if leftover is not None:
        assert_german(german["leftover"]["rule"], answer["leftover"]["rule"])
        assert "1/3" in answer["leftover"]["rule"] or "2/3" in answer["leftover"]["rule"]


def answer_codes(answer: dict[str, Any]) -> list[str]:
    return [c for p in answer["packets"] for c in p["cards"]] + (answer["leftover"] or {}).get("cards", [])


@pytest.mark.parametrize(("question", "points", "exact", "packets", "leftover"), COUNTS)
def test_the_counts_were_worked_out_by_hand(question: dict, points: int, exact: str, packets: list[int] | None,
                                            leftover: int | None) -> None:
    cards = [NAMES.get(c, c) for c in question["cards"]]
    assert rounded(thirds(cards)) == points
    whole, part = divmod(thirds(cards), 3)
    assert exact == (f"{whole} {part}/3" if whole and part else f"{part}/3" if part else str(whole))


def test_the_seeds_packet_sentences(api: FlaskClient) -> None:
    """How each packet counts, in the words of the seed (Leere, Bild)."""
    answer, german = ask(api, pile("C7", "C8", "C9", "CK", "S7", "S8", "CD", "CR", "S9", "SK", "SD", "SR", "HB"))
    assert [p["rule"] for p in answer["packets"]] == [
        "three blanks: 1", "one counter and two blanks: its value, 5", "two counters and a blank: their sum less 1, 6",
        "three counters: their sum less 2, 10"]
    assert [p["rule"] for p in german["packets"]] == [
        "drei Leere: 1", "ein Bild und zwei Leere: sein Wert, 5", "zwei Bilder und eine Leere: ihr Wert weniger 1, 6",
        "drei Bilder: ihr Wert weniger 2, 10"]
    assert answer["leftover"]["rule"] == "left over, counted in thirds: 1 1/3"
    assert german["leftover"]["rule"] == "Rest, in Dritteln gezählt: 1 1/3"
    assert (answer["exact"], answer["points"]) == ("23 1/3", 23)
    assert german["reason"] == "13 Karten in Dreierpäckchen gezählt: 23 1/3, also 23 Punkte."


def test_the_referee_counts_as_a_match_scores(api: FlaskClient) -> None:
    """The pile a table asks about is the pile a Zweier is scored by."""
    cards = ["T1", "T21", "TS", "CK", "CD", "CR", "HK", "HB", "H1", "SK", "S7", "S8", "DB", "D1"]
    answer, _ = ask(api, pile(*cards))
    result = open_match(api, rules={"blind_rest": "defenders"}).record(played("zweier", "Benno", cards=cards))
    result = result["hand"]["result"]
    assert (answer["exact"], answer["points"]) == ("35 2/3", 36)
    assert result["declarer_points"] == answer["points"] and result["won"] is True


@pytest.mark.parametrize(("question", "code", "rule", "field"), [
    pytest.param(pile("CK", "C7", "Kreuz König"), "dl_card_twice", "R25", "cards.2",
                 id="the Kreuz-König twice, once by name"),
    pytest.param(pile("T1", "T21", "TS", "Pfeif"), "dl_card_twice", "R25", "cards.3", id="the Pfeif twice"),
    pytest.param(pile("CK", "EA"), "invalid_fields", None, "cards.1", id="EA, an Eichel-Ass from the Sixty-Six pack"),
    pytest.param(pile("GU"), "invalid_fields", None, "cards.0", id="GU, a Grün-Unter from the Sixty-Six pack"),
    pytest.param(pile("H7"), "invalid_fields", None, "cards.0", id="H7: hearts run 1 to 4"),
    pytest.param(pile("T22"), "invalid_fields", None, "cards.0", id="T22: the trumps end at 21 and the Stieß"),
    pytest.param(pile("C1"), "invalid_fields", None, "cards.0", id="C1: clubs run 7 to 10"),
])
def test_impossible_piles_are_422_with_their_field(api: FlaskClient, question: dict, code: str, rule: str | None,
                                                   field: str) -> None:
    problem = assert_problem(api.post(COUNT, json=question), 422, code)
    assert problem.get("rule") == rule
    assert problem["errors"].keys() == {field}
    german = assert_problem(api.post(COUNT, json=question, headers=GERMAN), 422, code)
    assert_german(german["errors"][field], problem["errors"][field])
    if code != "invalid_fields":
        assert_german(german["detail"], problem["detail"])


@pytest.mark.parametrize(("question", "code", "field"), [
    pytest.param(pile(*PACK, "T1"), "invalid_fields", "cards", id="55 cards, more than the pack"),
    pytest.param({"game": "dreierles"}, "invalid_fields", "cards", id="no cards"),
    pytest.param({"game": "dreierles", "cards": "CK C7 C8"}, "invalid_fields", "cards", id="the cards as one string"),
    pytest.param({"game": "dreierles", "cards": ["CK"], "trump": "T"}, "invalid_fields", "trump",
                 id="a field the count does not take"),
    pytest.param({"cards": ["CK"]}, "invalid_fields", "game", id="no game"),
    pytest.param({"game": "sixtysix", "cards": ["HA"]}, "referee_no_question", "game",
                 id="Sixty-Six has no count question"),
    pytest.param({"game": "cego", "cards": ["CK"]}, "unknown_game", "game", id="a game Kreide does not know"),
])
def test_malformed_count_questions_are_422(api: FlaskClient, question: dict, code: str, field: str) -> None:
    problem = assert_problem(api.post(COUNT, json=question), 422, code)
    assert field in problem["errors"]


def test_the_referee_keeps_nothing(api: FlaskClient) -> None:
    assert_problem(api.get(COUNT), 405, "method_not_allowed")
    question = pile("CK", "CD", "C7", "H1")
    assert api.post(COUNT, json=question).get_json() == api.post(COUNT, json=question).get_json()
    response = api.post(COUNT, data="CK CD C7", headers={"Content-Type": "text/plain"})
    assert_problem(response, response.status_code)
    assert response.status_code in (400, 415, 422)
