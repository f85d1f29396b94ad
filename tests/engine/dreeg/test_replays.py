"""Two whole games of Dreeg, written out hand by hand in ``data/dreeg_games.json`` with the
strokes and blobs after every hand worked out by hand from RULES.md (not by this engine),
replayed through the engine: every hand must come out exactly as the table reckoned it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.dreeg import DREEG

from .helpers import entry_from_json

GAMES = json.loads((Path(__file__).parent / "data" / "dreeg_games.json").read_text(encoding="utf-8"))["games"]


@pytest.mark.parametrize("game", [pytest.param(g, id=g["name"]) for g in GAMES])
def test_a_whole_game_replays_as_worked_out_by_hand(game):
    state = DREEG.start(game["players"], rules=game["rules"], dealer=game["dealer"])
    for number, step in enumerate(game["hands"], start=1):
        expect = step["expect"]
        where = f"hand {number}: {step['why']}"
        assert state.subgame == expect["subgame"], where
        outcome = DREEG.apply(state, entry_from_json(step["entry"]))
        result, state = outcome.result, outcome.state
        assert dict(result.due) == expect["due"], where
        assert dict(result.subtract) == expect["subtract"], where
        assert list(result.dropped) == expect["dropped"], where
        assert list(result.losers) == expect["losers"], where
        after = DREEG.state_to_json(state)
        for key, value in expect["after"].items():
            shown = after["subgame"]["number"] if key == "subgame" else after[key]
            assert shown == value, f"{where} -> after.{key}"
    assert state.finished
    assert list(state.winners) == game["final"]["winners"]
    assert dict(zip(state.players, state.blobs)) == game["final"]["blobs"]
