"""A Deutsch sub-game played to its blob through the API, and the Ace of Hearts after
it once the loser has chosen the dealer."""

from __future__ import annotations

from tests.api.conftest import assert_problem

# Anna 3, Benno 2, Carla 1, Dieter 0 strokes each hand (RULES.md R5).
FOUR = {"points": {"Anna": 45, "Benno": 40, "Carla": 25, "Dieter": 10},
        "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1}, "last_trick": "Dieter"}
THREE = {"points": {"Benno": 60, "Carla": 40, "Dieter": 20},
         "tricks": {"Benno": 4, "Carla": 3, "Dieter": 1}, "last_trick": "Benno"}
TWO = {"points": {"Carla": 70, "Dieter": 50}, "tricks": {"Carla": 6, "Dieter": 6}, "last_trick": "Dieter"}


def test_deutsch_to_its_blob_then_ace_of_hearts_after_the_losers_choice(client, match, scorer, hands_url):
    plan = [FOUR, FOUR, FOUR, THREE, TWO, TWO, TWO]
    for seq, hand in enumerate(plan, start=1):
        response = client.post(hands_url, json={"seq": seq, **hand}, headers=scorer)
        assert response.status_code == 201, response.get_json()
    answer = response.get_json()
    assert answer["hand"]["result"]["losers"] == ["Dieter"]
    state = answer["state"]
    assert state["subgame"] == {"number": 2, "type": "ace_of_hearts"}
    assert state["blobs"] == {"Anna": 0, "Benno": 0, "Carla": 0, "Dieter": 1}
    assert state["dealer"] is None and state["chooser"] == ["Dieter"]
    assert state["strokes"] == dict.fromkeys(["Anna", "Benno", "Carla", "Dieter"], 7)

    no_dealer = client.post(hands_url, json={"seq": 8, **FOUR}, headers=scorer)
    assert assert_problem(no_dealer, 422, "dealer_choice_required")["rule"] == "R13"
    no_declarer = client.post(hands_url, json={"seq": 8, "dealer": "Dieter", **FOUR},
                              headers={**scorer, "Accept-Language": "de-AT,de;q=0.9"})
    problem = assert_problem(no_declarer, 422, "field_missing")
    assert problem["rule"] == "R7" and "declarer" in problem["errors"]
    assert "fehlt" in problem["detail"]
    after = client.get(f"/api/matches/{match['id']}", headers=scorer).get_json()
    assert after["version"] == 7 and after["next_seq"] == 8 and after["state"] == state
    surrender = client.post(hands_url, json={"seq": 8, "dealer": "Dieter", "declarer": "Anna", "surrender": True},
                            headers=scorer)
    assert surrender.status_code == 201, surrender.get_json()
    assert surrender.get_json()["state"]["strokes"] == {"Anna": 7, "Benno": 5, "Carla": 5, "Dieter": 5}


def test_two_players_close_the_stock(client):
    created = client.post("/api/matches", json={"game": "dreeg", "players": ["Anna", "Benno"]}).get_json()
    url = f"/api/matches/{created['id']}/hands"
    scorer = {"Authorization": f"Bearer {created['scorer_token']}"}
    hand = {"seq": 1, "points": {"Anna": 50, "Benno": 20}, "tricks": {"Anna": 5, "Benno": 3},
            "last_trick": "Anna", "closed_by": "Anna", "closed_after": 2}
    response = client.post(url, json=hand, headers=scorer)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["hand"]["closed_by"] == "Anna"
    wrong = client.post(url, json={**hand, "seq": 2, "closed_after": 7}, headers=scorer)
    assert assert_problem(wrong, 422)["errors"].keys() == {"closed_after"}
