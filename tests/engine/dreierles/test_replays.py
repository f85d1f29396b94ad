"""Two club evenings written out deal by deal in ``data/evening.json`` (a table of four,
26 deals; a table of five with every house rule turned, 14 deals), with the Fach, the
settlement and the ledger after every deal worked out by hand from RULES.md (not by this
engine), replayed through the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.dreierles import DREIERLES

from .helpers import entry_from_json

EVENINGS = json.loads((Path(__file__).parent / "data" / "evening.json").read_text(encoding="utf-8"))["evenings"]


@pytest.mark.parametrize("evening", [pytest.param(e, id=e["name"]) for e in EVENINGS])
def test_an_evening_replays_as_worked_out_by_hand(evening):
    state = DREIERLES.start(evening["players"], rules=evening["rules"], dealer=evening["dealer"])
    for number, step in enumerate(evening["deals"], start=1):
        expect = step["expect"]
        where = f"deal {number}: {step['why']}"
        outcome = DREIERLES.apply(state, entry_from_json(step["entry"]))
        result, state = outcome.result, outcome.state
        assert result.scored.won == expect["won"], where
        assert result.scored.fach == expect["fach"], where
        assert dict(result.scored.settlement) == expect["settlement"], where
        shown = DREIERLES.state_to_json(state)
        for key, value in expect["state"].items():
            assert shown[key] == value, f"{where} -> state.{key}"
        assert sum(shown["balance"].values()) == 0


def test_the_evenings_cover_every_game_and_extra():
    games = {d["entry"]["game"] for e in EVENINGS for d in e["deals"]}
    extras = {x for e in EVENINGS for d in e["deals"] for x in d["entry"].get("extras", [])}
    assert games == {"dreier", "zweier", "einser", "solo", "solo_durchmarsch", "raeuber", "drescher"}
    assert extras == {"blind", "untouched", "drull", "pfeif_von_hinten", "21_last", "zehn_druck", "zehn_druck_start"}
    assert len(EVENINGS[0]["deals"]) >= 20 and len(EVENINGS[0]["players"]) == 4
