"""Every rejection and every note a player can see exists in English and German."""

from __future__ import annotations

import re
from pathlib import Path

import engine  # noqa: F401  (registers every game's sentences)
from engine.i18n import MESSAGES, render

ENGINE = Path(engine.__file__).parent
RAISED = re.compile(r'(?:RuleViolation|IllegalPlay|ConfigError|NotAvailable|Note)\(\s*"(\w+)"')
NOTE = re.compile(r'Note\("R\d+",\s*(?:"(\w+)"|code)')
RETURNED = re.compile(r'return \("T\d", "([a-z_]+)"\)|return "([a-z_]+)"')


def codes_in_engine() -> set[str]:
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(RAISED.findall(text))
        found |= {m for m in NOTE.findall(text) if m}
        found |= {a or b for a, b in RETURNED.findall(text)}
    found |= {"claim_right", "claim_wrong", "tie_last_trick", "tie_no_last_trick", "other_33", "other_under_33",
              "other_no_trick", "sides_both_over", "sides_both_under"}
    return {code for code in found if not re.fullmatch(r"[RT]\d+", code)}


def test_every_code_has_english_and_german():
    codes = codes_in_engine()
    assert len(codes) > 40
    missing = sorted(c for c in codes if set(MESSAGES.get(c, {})) != {"en", "de"})
    assert missing == []


def test_messages_fill_in_their_parameters():
    assert render("points_sum", "de", {"total": 121}) == "Die Augen ergeben 121, ein ausgespieltes Spiel hat aber genau 120."
    assert render("tie_no_last_trick", "en", {"players": ["Benno", "Carla"], "total": 30, "share": 1}) == (
        "Benno, Carla tied on 30; none of them took the last trick, so each gets 1.")
