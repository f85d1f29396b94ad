"""Two whole matches written out deal by deal in ``data/matches.json``, with the game
points, totals and Bummerl counter after every deal worked out by hand from RULES.md
(not by this engine), replayed through the engine: one Sixty-Six to two Bummerl with a
Schneider, one Schnapsen to three in tournament mode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.sixtysix import SIXTYSIX

from .helpers import entry_from_json

MATCHES = json.loads((Path(__file__).parent / "data" / "matches.json").read_text(encoding="utf-8"))["matches"]


@pytest.mark.parametrize("match", [pytest.param(m, id=m["name"]) for m in MATCHES])
def test_a_whole_match_replays_as_worked_out_by_hand(match):
    state = SIXTYSIX.start(match["players"], rules=match["rules"], dealer=match["dealer"])
    for number, step in enumerate(match["deals"], start=1):
        expect = step["expect"]
        where = f"deal {number}: {step['why']}"
        outcome = SIXTYSIX.apply(state, entry_from_json(step["entry"]))
        result, state = outcome.result, outcome.state
        assert result.winner == expect["winner"], where
        assert result.game_points == expect["game_points"], where
        assert result.carry_used == expect.get("carry_used", 0), where
        assert dict(result.totals) == expect["totals"], where
        shown = SIXTYSIX.state_to_json(state)
        for key, value in expect["state"].items():
            assert shown[key] == value, f"{where} -> state.{key}"
    assert state.finished
    assert SIXTYSIX.needs(state) is None


def test_the_matches_cover_what_the_issue_asks_for():
    """Schneider in Sixty-Six (double) and in a tournament (single); every ending."""
    endings = {step["entry"]["ended_by"] for match in MATCHES for step in match["deals"]}
    assert endings == {"claim", "played_out", "closed", "renonce"}
    sixtysix, schnapsen = MATCHES
    assert sixtysix["rules"].get("variant", "sixtysix") == "sixtysix"
    assert schnapsen["rules"] == {"variant": "schnapsen", "tournament": "true", "bummerl": "3"}
