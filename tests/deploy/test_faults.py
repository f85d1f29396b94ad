"""The recipe of deploy/ under faults (bench/faults.py --bounded): one of two app servers killed
with SIGKILL and restarted, then PostgreSQL restarted, each under a steady write load through
Caddy with a phone following every table live. No acknowledged hand may be lost or stored
twice, no answer may be a 500, and every phone must see every match to its final revision.

Caddy and PostgreSQL as for tests/deploy/test_https.py (installed when missing, else a failure
that says why). Figures in the run's output (``pytest -s``); the timing targets are checked by
``bench/faults.py --strict``, not here, where the machine is shared with the rest of the suite.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

from faults import Outcome, parse, run  # noqa: E402

from bench.recipe import RecipeFailed, RecipeUnavailable  # noqa: E402

pytestmark = pytest.mark.deploy

KILL = pytest.param("a", id="kill -9 of one app server")
RESTART = pytest.param("b", id="PostgreSQL restart")


@pytest.fixture(scope="module")
def outcomes() -> dict[str, Outcome]:
    try:
        return {outcome.fault.key: outcome for outcome in run(parse(["--bounded"]))}
    except RecipeUnavailable as reason:
        pytest.fail(f"the production recipe's test cannot run here: {reason}")
    except RecipeFailed as failure:
        pytest.fail(str(failure))


@pytest.mark.parametrize("fault", [KILL, RESTART])
def test_no_acknowledged_hand_is_lost_or_stored_twice(outcomes: dict[str, Outcome], fault: str) -> None:
    verdict = outcomes[fault].verdict
    assert verdict.acknowledged_hands > 0
    assert verdict.problems == []
    assert (verdict.lost, verdict.duplicated, verdict.inconsistent) == (0, 0, 0)
    assert outcomes[fault].refused == []


@pytest.mark.parametrize("fault", [KILL, RESTART])
def test_no_answer_is_a_500(outcomes: dict[str, Outcome], fault: str) -> None:
    outcome = outcomes[fault]
    assert outcome.five_hundreds == 0, outcome.seen
    assert outcome.other_5xx == {}


def test_the_fault_was_felt(outcomes: dict[str, Outcome]) -> None:
    """The kill cost answers (Caddy's 502s, or connections cut): the faults were real."""
    during = outcomes["a"].during
    assert sum(n for status, n in during.items() if status != 201 and status != 200) > 0, during


@pytest.mark.parametrize("fault", [KILL, RESTART])
def test_every_stream_reaches_its_tables_final_state(outcomes: dict[str, Outcome], fault: str) -> None:
    streams = outcomes[fault].streams
    assert streams.matches > 0
    assert streams.missed == []
    assert streams.complete
