"""scripts/verify_draw.py, the auditor's script (standard library only), against the engine:
it computes the same draw as ``engine.tournament.computed_draw`` for any seed and order,
finds every round of tournaments the engine played OK, and catches a tampered draw: numbers
swapped, a seed that does not match its commit, a later round drawn in the wrong order. It
reads a saved answer from a file or stdin, or GETs it from a (loopback) server with the token."""

from __future__ import annotations

import copy
import importlib.util
import json
import random
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.tournament import computed_draw, config_from_json, fold, state_to_json

from .helpers import buy, commit, config, draw, draw_seed, play_out, result, waiting

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "verify_draw.py"
_spec = importlib.util.spec_from_file_location("verify_draw", SCRIPT)
assert _spec is not None and _spec.loader is not None
verify = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(verify)

SEEDS = st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126), min_size=16, max_size=48)
NAMES = [f"P{n:02d}" for n in range(64)]


def test_the_script_needs_nothing_from_kreide():
    source = SCRIPT.read_text(encoding="utf-8")
    assert "engine" not in {line.split()[1].split(".")[0] for line in source.splitlines()
                            if line.startswith(("import ", "from "))}
    done = subprocess.run([sys.executable, "-I", "-S", str(SCRIPT), "--help"], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr


@st.composite
def orders(draw_: Any) -> tuple[list[tuple[str, int]], int, bool]:
    size = draw_(st.sampled_from([2, 4, 8, 16, 32, 64]))
    first = draw_(st.booleans()) and size >= 4
    total = draw_(st.integers(size // 2, size)) if first else size
    counts: list[int] = []
    while sum(counts) < total:
        counts.append(draw_(st.integers(1, min(4, total - sum(counts)))))
    return list(zip(NAMES, counts)), size, first


@settings(max_examples=150, deadline=None)
@given(SEEDS | st.text(min_size=16, max_size=48), orders())
def test_the_script_draws_as_the_engine(seed, order_size_first):
    order, size, first = order_size_first
    assert verify.computed_draw(seed, order, size, first) == computed_draw(seed, order, size, first)


def engine_state(seed: str, luck: int, size: int = 16) -> dict[str, Any]:
    rng = random.Random(luck)
    sold = rng.randint(size // 2, size)
    sales, left, n = [], sold, 0
    while left:
        take = min(left, rng.randint(1, 3))
        sales.append(buy(NAMES[n], take))
        left, n = left - take, n + 1
    final, _ = play_out(config(size), sales, seed, rng)
    return state_to_json(final)


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(0, 2**32), st.sampled_from([4, 8, 16, 32]))
def test_the_script_finds_the_engines_tournaments_ok(seed, luck, size):
    state = engine_state(seed, luck, size)
    ok, lines = verify.audit(state)
    assert ok, lines
    assert lines == [f"round {r}: OK (computed draw)" for r in range(1, state["rounds_total"] + 1)]


def swapped(state: dict[str, Any], rnd: int) -> dict[str, Any] | None:
    """``state`` with two players' numbers of round ``rnd`` swapped (None if nobody differs)."""
    out = copy.deepcopy(state)
    numbers = out["rounds"][rnd]["numbers"]
    names = [name for name, drawn in numbers.items() if drawn]
    for a in names:
        for b in names:
            if a < b and numbers[a] != numbers[b] and len(numbers[a]) == len(numbers[b]):
                numbers[a], numbers[b] = numbers[b], numbers[a]
                return out
    return None


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(0, 2**32), st.data())
def test_the_script_catches_a_tampered_draw(seed, luck, data):
    state = engine_state(seed, luck, 16)
    rnd = data.draw(st.integers(0, len(state["rounds"]) - 1))
    tampered = swapped(state, rnd)
    if tampered is not None:
        ok, lines = verify.audit(tampered)
        assert not ok
        assert lines[rnd].startswith(f"round {rnd + 1}: DIFFERENT"), lines
        assert all(line.endswith("OK (computed draw)") for line in lines[:rnd])
    other = copy.deepcopy(state)
    other["rounds"][rnd]["seed"] = state["rounds"][rnd]["seed"] + "x"  # a seed that is not the committed one
    ok, lines = verify.audit(other)
    assert not ok and "sha256" in lines[rnd], lines
    if len(state["rounds"]) > 1:  # a later round drawn in purchase order instead of most cards first
        later = copy.deepcopy(state)
        bought = {p["name"]: p["bought"] for p in state["players"]}
        held = {name: len(drawn) for name, drawn in state["rounds"][1]["numbers"].items() if drawn}
        in_purchase = [(name, held[name]) for name in bought if name in held]
        later["rounds"][1]["numbers"] = computed_draw(state["rounds"][1]["seed"], in_purchase,
                                                      sum(held.values()), False)
        by_cards = sorted(in_purchase, key=lambda item: -item[1])
        if by_cards != in_purchase and later["rounds"][1]["numbers"] != state["rounds"][1]["numbers"]:
            ok, lines = verify.audit(later)
            assert not ok and lines[1].startswith("round 2: DIFFERENT"), lines


A, B, C, D = "Anna", "Benno", "Clara", "Dora"
MIXED = [buy(A, 1), buy(B, 2), buy(C, 2), buy(D, 1),
         draw({A: ["L2"], B: ["L1", "L4"], C: ["L3", "R1"], D: ["R2"]}), result(1, C),
         commit("Linde/Runde-2/geheim"), result(2, A), draw_seed("Linde/Runde-2/geheim")]


def mixed_state() -> dict[str, Any]:
    """Round 1 with real pots, round 2 computed (still running)."""
    state = fold(config(8), MIXED)
    assert waiting(state)
    return state_to_json(state)


def test_a_draw_with_real_pots_is_checked_but_not_recomputed():
    state = mixed_state()
    ok, lines = verify.audit(state)
    assert ok, lines
    assert lines == ["round 1: OK (draw with real pots, not recomputed)", "round 2: OK (computed draw)"]
    bad = copy.deepcopy(state)
    bad["rounds"][0]["numbers"][D] = ["R1"]  # R1 twice
    ok, lines = verify.audit(bad)
    assert not ok and lines[0].startswith("round 1: DIFFERENT"), lines


def test_a_saved_answer_from_a_file_and_from_stdin(tmp_path):
    answer = {"id": "t1", "state": mixed_state()}
    saved = tmp_path / "tournament.json"
    saved.write_text(json.dumps(answer), encoding="utf-8")
    done = subprocess.run([sys.executable, str(SCRIPT), str(saved)], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "round 2: OK" in done.stdout
    answer["state"]["rounds"][1]["numbers"][A], answer["state"]["rounds"][1]["numbers"][B] = \
        answer["state"]["rounds"][1]["numbers"][B], answer["state"]["rounds"][1]["numbers"][A]
    done = subprocess.run([sys.executable, str(SCRIPT), "-"], input=json.dumps(answer), capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert "round 2: DIFFERENT" in done.stdout


class _Answer(BaseHTTPRequestHandler):
    body = b"{}"
    token = "viewer-token"
    seen: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        type(self).seen.append(self.path)
        if self.headers.get("Authorization") != f"Bearer {self.token}":
            self.send_response(401)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def server():
    _Answer.body = json.dumps({"id": "abc", "state": mixed_state()}).encode()
    _Answer.seen = []
    httpd = HTTPServer(("127.0.0.1", 0), _Answer)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_the_script_asks_the_server_with_the_token(server, capsys):
    assert verify.main([f"{server}/api/tournaments/abc", "viewer-token"]) == 0
    assert _Answer.seen == ["/api/tournaments/abc"]
    assert "round 2: OK (computed draw)" in capsys.readouterr().out
    assert verify.main([f"{server}/api/tournaments/abc", "--token", "viewer-token"]) == 0
    assert verify.main([f"{server}/api/tournaments/abc", "wrong"]) == 1
    assert "cannot read the tournament" in capsys.readouterr().err


def test_the_32_card_tournament_checks_out():
    """data/preis32.json: real pots in rounds 1, 3, 4, 5, a computed round 2."""
    data = json.loads((Path(__file__).parent / "data" / "preis32.json").read_text(encoding="utf-8"))
    state = state_to_json(fold(config_from_json(data["config"]), [step["entry"] for step in data["entries"]]))
    ok, lines = verify.audit(state)
    assert ok, lines
    pots = "OK (draw with real pots, not recomputed)"
    assert [line.split(": ", 1)[1] for line in lines] == [pots, "OK (computed draw)", pots, pots, pots]


def test_the_script_checks_the_card_numbers_at_the_tables():
    """The card numbers are the documented ones (docs/tournament.md): the script agrees with the
    engine on the 32-card tournament and names a table whose numbers were changed, as the
    board shows them."""
    data = json.loads((Path(__file__).parent / "data" / "preis32.json").read_text(encoding="utf-8"))
    state = state_to_json(fold(config_from_json(data["config"]), [step["entry"] for step in data["entries"]]))
    tampered = copy.deepcopy(state)
    # round 3, table 1: Franz Huber's card 2 against Ferdl Schmid's card 2, shown as his card 1
    table = tampered["rounds"][2]["pairings"][0]
    assert table["cards"] == [{"player": "Franz Huber", "card": 2, "fell": False},
                              {"player": "Ferdl Schmid", "card": 2, "fell": True}]
    table["cards"][0]["card"] = 1
    ok, lines = verify.audit(tampered)
    assert not ok
    assert lines[2] == ("round 3: DIFFERENT: pairing 1 shows Franz Huber ① against Ferdl Schmid ②, the numbers "
                        "give Franz Huber ② against Ferdl Schmid ②")
    assert lines[:2] == ["round 1: OK (draw with real pots, not recomputed)", "round 2: OK (computed draw)"]
    single = copy.deepcopy(state)
    single["rounds"][0]["pairings"][1]["cards"][0]["card"] = 1  # Resi Steiner bought one card: no number
    ok, lines = verify.audit(single)
    assert not ok and "Resi Steiner ①" in lines[0], lines
