"""The two hand-worked games of ``tests/engine/dreeg/data/dreeg_games.json`` played through the
API, as a table's phones would: every hand posted with its seq, every answer checked
against the table's own reckoning, the final ranking read back from the match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "engine" / "dreeg" / "data" / "dreeg_games.json"
GAMES = json.loads(DATA.read_text(encoding="utf-8"))["games"]


@pytest.mark.parametrize("game", [pytest.param(g, id=g["name"]) for g in GAMES])
def test_a_whole_game_through_the_api(client, game):
    created = client.post("/api/matches", json={"game": "dreeg", "players": game["players"],
                                                "rules": game["rules"], "dealer": game["dealer"]}).get_json()
    url = f"/api/matches/{created['id']}/hands"
    scorer = {"Authorization": f"Bearer {created['scorer_token']}"}
    for seq, step in enumerate(game["hands"], start=1):
        response = client.post(url, json={"seq": seq, **step["entry"]}, headers=scorer)
        assert response.status_code == 201, (seq, response.get_json())
        answer = response.get_json()
        result, state, expect = answer["hand"]["result"], answer["state"], step["expect"]
        assert (result["due"], result["subtract"], result["losers"]) == (
            expect["due"], expect["subtract"], expect["losers"]), (seq, step["why"])
        assert state["strokes"] == expect["after"]["strokes"] and state["blobs"] == expect["after"]["blobs"], seq
        assert state["dealer"] == expect["after"]["dealer"], seq
    final = client.get(f"/api/matches/{created['id']}", headers=scorer).get_json()
    assert final["state"]["finished"] and final["state"]["winners"] == game["final"]["winners"]
    assert final["version"] == len(game["hands"])
    after_end = client.post(url, json={"seq": len(game["hands"]) + 1, **game["hands"][-1]["entry"]}, headers=scorer)
    assert after_end.status_code == 422 and after_end.get_json()["rule"] == "R14"
