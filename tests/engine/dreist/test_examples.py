"""The rulebook's worked examples (its texts for Fig. 2-12; the figures are not part of the
seed) rebuilt as displays in ``data/examples.json``, the expected answers worked out by hand
from RULES.md and docs/dreist.md, not by this engine: the layings of one continuous game,
the cards the texts say cannot be laid, and Egon's three turns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cards.dreist import parse_number_card
from engine.dreist import judge_egon, judge_lay

DATA = json.loads((Path(__file__).parent / "data" / "examples.json").read_text(encoding="utf-8"))


def _lay(plays: list[list[dict]]) -> list[list[tuple]]:
    return [[(parse_number_card(p["card"]), p["row"]) for p in play] for play in plays]


def _placements(found: list[dict]) -> list[dict]:
    return [{**p, "cleared": sorted(p["cleared"])} for p in found]


@pytest.mark.parametrize("example", [pytest.param(e, id=e["name"]) for e in DATA["layings"]])
def test_a_legal_laying_of_the_rulebook(example: dict) -> None:
    hand = [parse_number_card(c) for c in example["hand"]] if "hand" in example else None
    answer = judge_lay(display=example["display"], lay=_lay(example["lay"]), hand=hand).to_json("en")
    expect = example["expect"]
    assert answer["legal"] is True, (example["text"], answer["reason"])
    assert answer["draws"] == expect["draws"], example["text"]
    assert answer["geschenk"] == expect.get("geschenk", False), example["text"]
    assert _placements(answer["placements"]) == _placements(expect["placements"]), example["text"]
    assert answer["display"] == expect["display"], example["text"]


@pytest.mark.parametrize("example", [pytest.param(e, id=e["name"]) for e in DATA["illegal"]])
def test_a_card_the_rulebook_says_cannot_be_laid(example: dict) -> None:
    answer = judge_lay(display=example["display"], lay=_lay(example["lay"])).to_json("en")
    expect = example["expect"]
    assert (answer["legal"], answer["clause"], answer["path"]) == (False, expect["clause"], expect["path"]), \
        (example["text"], answer["reason"])


@pytest.mark.parametrize("example", [pytest.param(e, id=e["name"]) for e in DATA["egon"]])
def test_egons_turns_of_the_rulebook(example: dict) -> None:
    turned = [parse_number_card(c) for c in example["turned"]]
    answer = judge_egon(display=example["display"], turned=turned).to_json("en")
    expect = example["expect"]
    assert _placements(answer["placements"]) == _placements(expect["placements"]), example["text"]
    assert (answer["discarded"], answer["kept"]) == (expect["discarded"], expect["kept"]), example["text"]
    assert answer["display"] == expect["display"], example["text"]
