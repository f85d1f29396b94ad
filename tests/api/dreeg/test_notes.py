"""What the table reads through the API: notes and refusals in English and German that
name sub-games, cards and suits (never codes), German "Runde" for a sub-game and "Spiel"
for a hand, one answer for every wrong field, and what the next hand needs."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import PLAYERS, assert_problem, bearer, deutsch_hand

# Deutsch for four to Dieter's blob (RULES.md R5, R3): Anna 3/Benno 2/Carla 1 a hand until
# Anna drops out, then Benno 2/Carla 1 with three, then Carla 1 with two.
FOUR = {"points": {"Anna": 45, "Benno": 40, "Carla": 25, "Dieter": 10},
        "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1}, "last_trick": "Dieter"}
THREE = {"points": {"Benno": 60, "Carla": 40, "Dieter": 20}, "tricks": {"Benno": 4, "Carla": 3, "Dieter": 1},
         "last_trick": "Benno"}
TWO = {"points": {"Carla": 70, "Dieter": 50}, "tricks": {"Carla": 6, "Dieter": 6}, "last_trick": "Dieter"}
DEUTSCH_TO_DIETERS_BLOB = [FOUR, FOUR, FOUR, THREE, TWO, TWO, TWO]
#: Ace of Hearts: Anna surrenders four times; the other three erase 2 each time (R7) and drop out together.
ANNA_SURRENDERS = [{"dealer": "Anna", "declarer": "Anna", "surrender": True}] + [
    {"declarer": "Anna", "surrender": True}] * 3
#: Two players: Anna has more card points every hand and erases 1 (R5, R7, R11).
ANNA_AHEAD = {"points": {"Anna": 70, "Benno": 50}, "tricks": {"Anna": 6, "Benno": 6}, "last_trick": "Benno"}

SUBGAME_CODES = re.compile(r"\b(ace_of_hearts|deutsch|rufen|kamerun)\b")
CARD_CODE = re.compile(r"\b[HSEG](?:A|10|K|O|U|9)\b")
SUIT_CODE = re.compile(r"\b(?:in|In) [HSEG]\b|\([HSEG]\)")
SPIEL_NUMBER = re.compile(r"\bSpiel \d")


class Table:
    """A match at the API and the state it was left in."""

    def __init__(self, client: FlaskClient, players: list[str]) -> None:
        created = client.post("/api/matches", json={"game": "dreeg", "players": players})
        assert created.status_code == 201, created.get_json()
        self.client = client
        self.match = created.get_json()
        self.url = f"/api/matches/{self.match['id']}/hands"
        self.scorer = bearer(self.match["scorer_token"])
        self.state: dict[str, Any] = self.match["state"]
        self.seq = 1
        self.answers: list[dict[str, Any]] = []

    def post(self, hand: dict[str, Any], *, lang: str | None = None) -> Any:
        headers = {**self.scorer, **({"Accept-Language": lang} if lang else {})}
        return self.client.post(self.url, json={"seq": self.seq, **hand}, headers=headers)

    def record(self, *hands: dict[str, Any]) -> dict[str, Any]:
        """Record ``hands`` in turn; each hand's ``result.needs`` is the state's ``needs`` before it."""
        for hand in hands:
            response = self.post(hand)
            assert response.status_code == 201, response.get_json()
            answer = response.get_json()
            assert answer["hand"]["result"]["needs"] == self.state["needs"]
            self.state = answer["state"]
            self.answers.append(answer)
            self.seq += 1
        return self.answers[-1]

    def notes(self) -> list[dict[str, Any]]:
        hands = self.client.get(self.url, headers=self.scorer).get_json()["hands"]
        return [note for hand in hands for note in hand["result"]["notes"]]


def note(answer: dict[str, Any], code: str) -> dict[str, Any]:
    return next(n for n in answer["hand"]["result"]["notes"] if n["code"] == code)


def reads_like_a_player(text: str) -> None:
    assert not SUBGAME_CODES.search(text), text
    assert not CARD_CODE.search(text), text
    assert not SUIT_CODE.search(text), text
    assert "{" not in text and "}" not in text, text


@pytest.fixture
def four(client: FlaskClient) -> Table:
    return Table(client, PLAYERS)


@pytest.fixture
def at_rufen(four: Table) -> Table:
    """Deutsch to Dieter's blob, then Anna loses the Ace of Hearts by surrendering four times."""
    four.record(*DEUTSCH_TO_DIETERS_BLOB, *ANNA_SURRENDERS)
    assert four.state["subgame"] == {"number": 3, "type": "rufen"} and four.state["chooser"] == ["Anna"]
    return four


# --- notes name things, never codes ---------------------------------------------------------


def test_a_sub_game_ends_and_its_notes_name_the_next_one(four: Table) -> None:
    last = four.record(*DEUTSCH_TO_DIETERS_BLOB)
    chosen = note(last, "choose_dealer")
    assert chosen["rule"] == "R13"
    assert chosen["en"] == "Dieter chooses who deals the first hand of sub-game 2, Ace of Hearts."
    assert chosen["de"] == "Dieter bestimmt, wer in Runde 2, Herz-Ass, zuerst gibt."
    assert chosen["params"]["subgame"] == "ace_of_hearts"  # the code stays in the data, not in the sentence
    lost = note(last, "subgame_lost")
    assert "sub-game 1, Deutsch" in lost["en"] and "Runde 1, Deutsch" in lost["de"]
    for each in four.notes():
        reads_like_a_player(each["en"])
        reads_like_a_player(each["de"])
        assert not SPIEL_NUMBER.search(each["de"]), each["de"]


def test_the_final_slate_of_a_finished_sub_game_is_kept(four: Table) -> None:
    four.record(*DEUTSCH_TO_DIETERS_BLOB)
    record = four.state["subgames"][-1]
    assert (record["number"], record["type"], record["losers"]) == (1, "deutsch", ["Dieter"])
    assert record["strokes"] == {"Anna": 0, "Benno": 0, "Carla": 0, "Dieter": 7}
    assert record["hands"] == len(DEUTSCH_TO_DIETERS_BLOB)
    assert four.state["strokes"] == dict.fromkeys(PLAYERS, 7)  # the new sub-game starts clean


def test_rufen_names_the_called_card_and_the_marriage_suit(at_rufen: Table) -> None:
    """Anna chooses Benno to deal, so Carla is forehand and calls the acorns ace, which
    Anna (sitting before her) holds; Carla shows the hearts marriage."""
    answer = at_rufen.record({
        "dealer": "Benno", "caller": "Carla", "called_card": "EA", "partner": "Anna",
        "points": {"Anna": 40, "Benno": 30, "Carla": 30, "Dieter": 20},
        "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1}, "last_trick": "Anna",
        "melds": [{"player": "Carla", "suit": "H"}],
    })
    result = answer["hand"]["result"]
    assert [side["players"] for side in result["sides"]] == [["Carla", "Anna"], ["Benno", "Dieter"]]
    assert result["sides"][0]["name"] == "caller" and result["sides"][0]["points"] == 90
    called = note(answer, "rufen_partner")
    assert called["en"] == "Carla called the Ace of Acorns; Anna held it and plays with Carla."
    assert called["de"] == "Carla hat Eichel-Ass gerufen; Anna hatte die Karte und spielt mit Carla."
    assert called["params"]["card"] == "EA"
    marriage = note(answer, "marriage_counts")
    assert marriage["en"] == "Carla's marriage in Hearts counts 20."
    assert marriage["de"] == "Die Ansage von Carla in Herz zählt 20."
    for each in result["notes"]:
        reads_like_a_player(each["en"])
        reads_like_a_player(each["de"])


def test_rufen_caller_first_also_when_playing_alone_after_the_dealer_rotates(at_rufen: Table) -> None:
    at_rufen.record({"dealer": "Benno", "caller": "Carla", "called_card": "EA", "partner": "Anna",
                     "points": {"Anna": 40, "Benno": 30, "Carla": 30, "Dieter": 20},
                     "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1}, "last_trick": "Anna"})
    assert at_rufen.state["forehand"] == "Benno"  # Anna deals next (counter-clockwise), Benno calls
    answer = at_rufen.record({"caller": "Benno", "called_card": "GA", "partner": "Anna",
                              "points": {"Anna": 40, "Benno": 30, "Carla": 30, "Dieter": 20},
                              "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1}, "last_trick": "Anna"})
    assert answer["hand"]["result"]["sides"][0]["players"] == ["Benno", "Anna"]


# --- German: "Runde" is a sub-game, "Spiel" a hand -------------------------------------------


def test_german_refusals_say_runde_for_a_sub_game_and_spiel_for_a_hand(four: Table) -> None:
    four.record(*DEUTSCH_TO_DIETERS_BLOB)
    no_dealer = assert_problem(four.post(FOUR, lang="de"), 422, "dealer_choice_required")
    assert no_dealer["detail"] == ("Eine neue Runde beginnt: Dieter bestimmt, wer zuerst gibt; "
                                   "bitte den Geber eintragen.")
    wrong_field = assert_problem(four.post({**FOUR, "dealer": "Dieter", "caller": "Anna"}, lang="de"), 422,
                                 "field_not_in_subgame")
    assert "Runde Herz-Ass" in wrong_field["detail"] and not SPIEL_NUMBER.search(wrong_field["detail"])
    assert wrong_field["rule"] == "R11" and wrong_field["errors"].keys() == {"caller"}  # Rufen's caller (R11)
    english = assert_problem(four.post({**FOUR, "dealer": "Dieter", "caller": "Anna"}), 422, "field_not_in_subgame")
    assert "Ace of Hearts" in english["detail"] and "ace_of_hearts" not in english["detail"]
    stale = four.client.post(four.url, json={"seq": four.seq + 3, **FOUR},
                             headers={**four.scorer, "Accept-Language": "de"})
    assert stale.status_code == 409
    assert f"Spiel {four.seq + 3} ist nicht das nächste" in stale.get_json()["detail"]


def test_german_kamerun_notes_say_runde(client: FlaskClient) -> None:
    """Two players through Deutsch, Ace of Hearts and Rufen (Anna ahead every hand, so
    Benno loses each), then Kamerun, where Anna's most card points cost her the last stroke."""
    table = Table(client, ["Anna", "Benno"])
    for first_dealer in (None, "Anna", "Anna"):
        table.record({**ANNA_AHEAD, **({"dealer": first_dealer} if first_dealer else {})}, *[ANNA_AHEAD] * 6)
    assert table.state["subgame"] == {"number": 4, "type": "kamerun"}
    assert table.state["blobs"] == {"Anna": 0, "Benno": 3}
    table.record({**ANNA_AHEAD, "dealer": "Benno"}, *[ANNA_AHEAD] * 5)
    last = table.record(ANNA_AHEAD)
    lost = note(last, "kamerun_lost")
    assert lost["en"] == "Anna reaches 0 and loses sub-game 4, Kamerun: a blob."
    assert lost["de"] == "Anna ist auf 0 und verliert Runde 4, Kamerun: ein Bollen."
    for each in table.notes():
        reads_like_a_player(each["en"])
        reads_like_a_player(each["de"])
        assert not SPIEL_NUMBER.search(each["de"]), each["de"]


# --- problems: German detail, every wrong field at once -----------------------------------------


def test_accept_language_de_gives_german_detail(four: Table) -> None:
    wrong = deutsch_hand(1, points={"Anna": 41, "Benno": 30, "Carla": 30, "Dieter": 20})
    german = assert_problem(four.post(wrong, lang="de-DE,de;q=0.9,en;q=0.5"), 422, "points_sum")
    assert german["detail"] == "Die Augen ergeben 121, ein ausgespieltes Spiel hat aber genau 120."
    assert german["rule"] == "R15" and german["errors"] == {"points": german["detail"]}
    english = assert_problem(four.post(wrong, lang="en"), 422, "points_sum")
    assert english["detail"] == "The card points add up to 121, but a hand played out has exactly 120."
    assert assert_problem(four.post(wrong, lang="fr, de;q=0.8"), 422)["detail"] == german["detail"]


@pytest.mark.parametrize(("points", "code", "rule"), [
    pytest.param({"Anna": 45, "Benno": 40}, "player_missing", "R15", id="Carla's and Dieter's points left out"),
    pytest.param({"Anna": 45, "Benno": 40, "Carla": None, "Dieter": ""}, "invalid_fields", None,
                 id="Carla's and Dieter's points blank"),
])
def test_two_wrong_fields_are_one_answer_naming_both(four: Table, points: dict[str, Any], code: str,
                                                     rule: str | None) -> None:
    response = four.post(deutsch_hand(1, points=points), lang="de")
    problem = assert_problem(response, 422, code)
    assert problem.get("rule") == rule
    assert problem["errors"].keys() == {"points.Carla", "points.Dieter"}
    if code == "player_missing":
        assert "Carla" in problem["detail"] and "Dieter" in problem["detail"]
        assert problem["errors"]["points.Carla"] == "Carla spielt noch mit: die Augen von Carla fehlen."
    match = four.client.get(f"/api/matches/{four.match['id']}", headers=four.scorer).get_json()
    assert match["next_seq"] == 1 and match["version"] == 0  # nothing recorded


# --- what the next hand needs ---------------------------------------------------------------


def test_a_new_deutsch_match_for_four_needs(four: Table) -> None:
    needs = four.state["needs"]
    assert needs["sums"] == {"points": 120, "tricks": 6}
    assert needs["claim"] == [] and needs["claim_deadline"] is None and needs["closing"] is None
    assert needs["subgame"] == {"number": 1, "type": "deutsch"} and needs["hand"] == 1
    assert needs["players"] == PLAYERS and needs["dealer"] == "Anna" and needs["choose_dealer"] is None
    assert needs["forehand"] == {"Anna": "Benno"} and needs["trump"] == "choose"
    assert {"points", "tricks", "last_trick"} <= set(needs["required"]) <= set(needs["fields"])
    assert "claim" not in needs["fields"] and "closed_by" not in needs["fields"]


def test_needs_follow_the_table_through_a_sub_game(four: Table) -> None:
    four.record(FOUR, FOUR, FOUR, THREE)  # Anna and then Benno drop out: Carla and Dieter remain
    needs = four.state["needs"]
    assert needs["players"] == ["Carla", "Dieter"]
    assert needs["sums"] == {"points": 120, "tricks": 12}
    assert needs["claim"] == ["Carla", "Dieter"] and needs["claim_deadline"] is None
    assert needs["closing"] == {"players": ["Carla", "Dieter"], "after": [0, 1, 2, 3, 4]}
    assert {"claim", "closed_by", "closed_after"} <= set(needs["fields"])
    four.record(TWO, TWO, TWO)
    needs = four.state["needs"]
    assert needs["dealer"] is None and needs["choose_dealer"] == ["Dieter"]
    assert needs["dealers"] == PLAYERS and needs["next_dealers"] is None
    assert needs["subgame"] == {"number": 2, "type": "ace_of_hearts"} and needs["sides"] == "declarer"
    assert needs["claim"] == PLAYERS and needs["claim_deadline"] == 4
    assert "declarer" in needs["required"]


def test_kamerun_needs_no_trump_and_offers_durchmarsch(client: FlaskClient) -> None:
    table = Table(client, ["Anna", "Benno"])
    for first_dealer in (None, "Anna", "Anna"):
        table.record({**ANNA_AHEAD, **({"dealer": first_dealer} if first_dealer else {})}, *[ANNA_AHEAD] * 6)
    needs = table.state["needs"]
    assert needs["subgame"] == {"number": 4, "type": "kamerun"}
    assert needs["trump"] == "none" and needs["durchmarsch"] == ["Anna", "Benno"]
    assert needs["claim"] == [] and needs["closing"] is None
    assert needs["choose_dealer"] == ["Benno"] and needs["dealer"] is None
    assert not {"trump", "melds", "claim"} & set(needs["fields"]) and "durchmarsch" in needs["fields"]
