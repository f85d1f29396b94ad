"""Driving a tournament through the engine's interface (issue 12's contract) for the tests:
entries as the API stores them, folded one by one; refusals checked for rule R24 and a field.

Nothing here works out an expected value from the engine: the helpers only enter what a
table would enter (a winner for each waiting pairing, read from the state as the board shows
it) and read the state JSON back.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from engine.errors import RuleViolation
from engine.tournament import apply, config_from_json, fold, seed_hash, start, state_to_json

Entry = dict[str, Any]


def config(cards: int = 8, max_per_player: int = 3, prizes: int | None = None, multiple_prizes: bool = True) -> Any:
    """A tournament's config (prizes: 8, or one per card when there are fewer)."""
    prizes = min(8, cards) if prizes is None else prizes
    return config_from_json({"cards": cards, "max_per_player": max_per_player, "prizes": prizes,
                             "multiple_prizes": multiple_prizes})


def buy(player: str, cards: int = 1) -> Entry:
    return {"kind": "buy", "player": player, "cards": cards}


def refund(player: str, cards: int = 1) -> Entry:
    return {"kind": "refund", "player": player, "cards": cards}


def commit(seed: str) -> Entry:
    return {"kind": "commit", "hash": seed_hash(seed)}


def draw_seed(seed: str) -> Entry:
    return {"kind": "draw", "seed": seed}


def draw(numbers: Mapping[str, Sequence[str]]) -> Entry:
    return {"kind": "draw", "numbers": {name: list(drawn) for name, drawn in numbers.items()}}


def result(number: int, winner: str, **extra: Any) -> Entry:
    return {"kind": "result", "number": number, "winner": winner, **extra}


def settle(*order: str) -> Entry:
    return {"kind": "settle", "order": list(order)}


def play(cfg: Any, entries: Iterable[Entry]) -> Any:
    """Apply the entries one by one (so a refusal names the entry that was refused)."""
    state = start(cfg)
    for number, entry in enumerate(entries):
        try:
            state = apply(state, entry)
        except RuleViolation as err:  # pragma: no cover - a broken set-up, not the case under test
            raise AssertionError(f"set-up entry {number} {entry} refused: {err!r} {err}") from err
    return state


def shown(state: Any) -> dict[str, Any]:
    return state_to_json(state)


def field_matches(field: str | None, want: str) -> bool:
    """``numbers.Anna`` matches ``numbers.Anna`` and ``numbers.Anna.1`` (the offending number)."""
    return field is not None and (field == want or field.startswith(want + "."))


def assert_refused(state: Any, entry: Entry, field: str | tuple[str, ...]) -> RuleViolation:
    """``entry`` is refused citing R24 and one of the fields (or a field under it); when several
    mistakes are refused together, one of them names the field. The state is not changed."""
    before = shown(state)
    with pytest.raises(RuleViolation) as caught:
        apply(state, entry)
    err = caught.value
    wants = (field,) if isinstance(field, str) else field
    every = err.violations
    assert all(v.rule == "R24" for v in every), [repr(v) for v in every]
    assert all(v.field for v in every), [repr(v) for v in every]
    assert all(v.code.startswith("tn_") for v in every), [repr(v) for v in every]
    assert any(field_matches(v.field, want) for v in every for want in wants), \
        f"refused {[repr(v) for v in every]}, expected a field {wants}"
    for lang in ("en", "de"):
        assert err.message(lang).strip(), lang
    assert shown(state) == before, "a refused entry changed the state"
    return err


def pairing(state: Any, number: int) -> dict[str, Any]:
    found = [p for p in shown(state)["pairings"] if p["number"] == number]
    assert len(found) == 1, (number, shown(state)["pairings"])
    return found[0]


def waiting(state: Any) -> list[dict[str, Any]]:
    return [p for p in shown(state)["pairings"] if p["winner"] is None]


def decide_round(state: Any, rng: random.Random, *, before_last: Entry | None = None) -> Any:
    """Enter a random winner for every pairing still waiting; ``before_last`` (a commit) goes in
    while one pairing still waits."""
    open_ = waiting(state)
    for index, p in enumerate(open_):
        if before_last is not None and index == len(open_) - 1:
            state = apply(state, before_last)
            before_last = None
        state = apply(state, result(p["number"], rng.choice(p["players"])))
    if before_last is not None:  # no pairing waited (all byes): the commit may still go in
        state = apply(state, before_last)
    return state


def play_out(cfg: Any, sales: Sequence[Entry], seed: str, rng: random.Random) -> tuple[Any, list[Entry]]:
    """A whole tournament with computed draws (round r's seed: ``f"{seed}/{r}"``) and random
    winners; returns the final state and every entry, to be folded again."""
    entries: list[Entry] = [*sales, commit(f"{seed}/1"), draw_seed(f"{seed}/1")]
    state = fold(cfg, entries)
    rnd = 1
    while shown(state)["phase"] != "finished":
        log = [result(p["number"], rng.choice(p["players"])) for p in waiting(state)]
        if shown(state)["round"] < shown(state)["rounds_total"]:
            log.insert(max(len(log) - 1, 0), commit(f"{seed}/{rnd + 1}"))  # the last pairing still waits
        for entry in log:
            state = apply(state, entry)
        entries.extend(log)
        if shown(state)["phase"] == "finished":
            break
        rnd += 1
        entries.append(draw_seed(f"{seed}/{rnd}"))
        state = apply(state, entries[-1])
    return state, entries
