"""The Obers through the API: the referee's questions (``POST /api/referee/play``,
``/hand``) and a match's hands, with the game plugged in for the test only."""

from __future__ import annotations

from flask.testing import FlaskClient

import api.games
import engine
from tests.api.conftest import assert_problem, bearer
from tests.tricks_game.test_engine import PLAYERS, dealt_hand

DE = {"Accept-Language": "de"}


def play(client: FlaskClient, hand: str, trick: str, card: str, **headers: str) -> dict:
    body = {"game": "obers", "hand": hand.split(), "trick": trick.split(), "card": card}
    answer = client.post("/api/referee/play", json=body, headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_referee_schellen_to_a_schellen_ober_led_must_follow_with_a_trump_t1(client: FlaskClient) -> None:
    ruling = play(client, "H9 S10 SA", "SO", "SA", **DE)
    assert (ruling["legal"], ruling["rule"], ruling["code"]) == (False, "T1", "must_follow")
    assert ruling["legal_cards"] == ["H9"]
    assert ruling["reason"] == "Du hast Trumpf und musst bedienen."


def test_referee_the_herz_nine_to_a_schellen_ober_led_is_legal_t1(client: FlaskClient) -> None:
    ruling = play(client, "H9 S10 SA", "SO", "H9")
    assert (ruling["legal"], ruling["rule"], ruling["code"]) == (True, None, "legal")


def test_referee_the_gras_ober_is_no_gras_card_t1(client: FlaskClient) -> None:
    ruling = play(client, "GO G10 G7", "GA", "GO")
    assert (ruling["legal"], ruling["code"], ruling["legal_cards"]) == (False, "must_follow", ["G10", "G7"])


def test_referee_reads_sevens_and_eights_and_refuses_a_card_twice(client: FlaskClient) -> None:
    assert play(client, "E7 E8", "EA", "E8")["legal"] is True
    refused = client.post("/api/referee/play", json={"game": "obers", "hand": ["E7", "E7"], "trick": [],
                                                     "card": "E7"})
    assert assert_problem(refused, 422, "card_twice_given")["rule"] == "T8"


def test_referee_replays_a_seeded_hand_eight_tricks_120_points(client: FlaskClient) -> None:
    _, leader, plays = dealt_hand(19)
    body = {"game": "obers", "players": list(PLAYERS), "leader": leader,
            "plays": [[str(c) for c in trick] for trick in plays]}
    ruling = client.post("/api/referee/hand", json=body).get_json()
    assert ruling["legal"] is True and ruling["violations"] == []
    assert len(ruling["tricks"]) == 8 and sum(ruling["totals"]["points"].values()) == 120
    assert ruling["entry"] == {"leader": leader, "plays": body["plays"]}


def test_referee_replay_names_the_schellen_played_to_an_ober_t1(client: FlaskClient) -> None:
    body = {"game": "obers", "players": list(PLAYERS), "leader": "Anna",
            "plays": [["SO", "SA", "H9", "E7"], ["G7", "HK", "G8", "G9"]]}  # Benno held the Herz king
    ruling = client.post("/api/referee/hand", json=body, headers=DE).get_json()
    assert ruling["legal"] is False
    assert [(v["player"], v["card"], v["rule"], v["code"]) for v in ruling["violations"]] == \
        [("Benno", "SA", "T1", "must_follow")]
    assert ruling["violations"][0]["reason"] == \
        "Stich 1: Benno spielt Schellen-Ass, hat aber die ausgespielte Farbe und muss bedienen."
    assert [t["winner"] for t in ruling["tricks"]] == ["Anna", "Benno"]


def test_a_dreeg_question_still_refuses_a_herz_seven_no_card_of_its_pack(client: FlaskClient) -> None:
    refused = client.post("/api/referee/play", json={"game": "dreeg", "trump": "H", "hand": ["H7"], "trick": [],
                                                     "card": "H7"})
    assert assert_problem(refused, 422, "invalid_fields")["errors"] == {
        "hand.0": "'H7' is not a card: write suit then rank, e.g. HA, E10, GO, SU (or 'Eichel Ober').",
        "card": "'H7' is not a card: write suit then rank, e.g. HA, E10, GO, SU (or 'Eichel Ober').",
    }


def test_the_catalogue_lists_the_obers_referee_while_plugged_in(client: FlaskClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").get_json()["games"]}
    assert games["obers"]["referee"] == ["hand", "play"] and games["obers"]["players"] == [4]


def test_a_match_of_obers_takes_a_hand_played_trick_by_trick(client: FlaskClient) -> None:
    match = client.post("/api/matches", json={"game": "obers", "players": list(PLAYERS)}).get_json()
    url, scorer = f"/api/matches/{match['id']}/hands", bearer(match["scorer_token"])
    _, leader, plays = dealt_hand(19)
    written = client.post(url, json={"seq": 1, "leader": leader, "plays": [[str(c) for c in t] for t in plays]},
                          headers=scorer)
    assert written.status_code == 201, written.get_json()
    assert sum(written.get_json()["state"]["points"].values()) == 120
    refused = client.post(url, json={"seq": 2, "leader": leader, "plays": [[str(c) for c in t] for t in plays[:7]]},
                          headers=scorer)
    assert assert_problem(refused, 422, "obers_eight_tricks")["rule"] == "T8"


def test_unplugged_the_obers_are_unknown() -> None:
    assert "obers" not in engine.GAMES and "obers" not in api.games.GAMES


def test_the_openapi_document_names_the_obers_referee_while_plugged_in(client: FlaskClient) -> None:
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    assert {"ObersEntry", "ObersRefereePlayQuestion", "ObersRefereePlayAnswer", "ObersRefereeHandAnswer"} \
        <= schemas.keys()
    assert "plays" in schemas["ObersEntry"]["properties"]
