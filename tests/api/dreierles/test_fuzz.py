"""The referee's count of any pile adds up: its thirds are its packets' and its leftover's,
and its points lie between 0 and 70 (R25, R26).  Near-miss deals, creation requests and
every question are fuzzed alike for every game by tests/api/test_game_contract.py, from
tests/api/dreierles/samples.py."""

from __future__ import annotations

from flask.testing import FlaskClient
from hypothesis import given

from tests.api.contract import FUZZ, assert_no_500
from tests.api.dreierles.samples import count_question


@FUZZ
@given(question=count_question)
def test_count_questions(api: FlaskClient, question: dict) -> None:
    response = api.post("/api/referee/count", json=question)
    assert_no_500(response)
    if response.status_code == 200:
        answer = response.get_json()
        assert answer["thirds"] == sum(p["thirds"] for p in answer["packets"]) + (
            answer["leftover"]["thirds"] if answer["leftover"] else 0)
        assert 0 <= answer["points"] <= 70
