"""The writer's snapshot cache is a guess the database confirms: a worker whose cached
snapshot is stale (another worker wrote since) still decides every write on the truth."""

from __future__ import annotations

from dataclasses import replace

from api.store import SNAPSHOTS

from .conftest import deutsch_hand


def test_stale_next_seq_is_not_a_409(client, match, scorer, hands_url):
    before = SNAPSHOTS.get(match["id"])
    assert client.post(hands_url, json=deutsch_hand(1), headers=scorer).status_code == 201
    SNAPSHOTS.put(before)  # as if another worker had recorded hand 1
    response = client.post(hands_url, json=deutsch_hand(2), headers=scorer)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["version"] == 2


def test_a_void_by_another_worker_is_seen(client, match, scorer, hands_url):
    assert client.post(hands_url, json=deutsch_hand(1), headers=scorer).status_code == 201
    after_one = SNAPSHOTS.get(match["id"])
    assert client.post(f"{hands_url}/1/void", headers=scorer).status_code == 200
    SNAPSHOTS.put(after_one)  # stale: still shows hand 1 counted, same next_seq
    response = client.post(hands_url, json=deutsch_hand(2), headers=scorer)
    assert response.status_code == 201
    state = response.get_json()["state"]
    assert state["strokes"] == {"Anna": 4, "Benno": 6, "Carla": 6, "Dieter": 7}  # one hand, not two
    assert response.get_json()["version"] == 1


def test_a_refusal_on_a_stale_snapshot_is_decided_again(client, match, scorer, hands_url):
    cached = SNAPSHOTS.get(match["id"])
    wrong = dict(cached.state, active=["Benno", "Carla", "Dieter"])  # a stale view with Anna out
    SNAPSHOTS.put(replace(cached, state=wrong))
    response = client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    assert response.status_code == 201, response.get_json()


def test_a_real_refusal_is_still_refused(client, match, scorer, hands_url):
    response = client.post(hands_url, json=deutsch_hand(1, last_trick="Zoe"), headers=scorer)
    assert response.status_code == 422
    assert client.get(f"/api/matches/{match['id']}", headers=scorer).get_json()["version"] == 0
