"""No Sixty-Six deal entered trick by trick produces a 500, however it is cut short or
spoiled (a real deal with two cards swapped or one replaced).  Near-miss deals, creation
requests and the referee's questions of every game are fuzzed alike by
tests/api/test_game_contract.py, from tests/api/sixtysix/samples.py."""

from __future__ import annotations

from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from tests.api.contract import FUZZ_WRITES, assert_no_500
from tests.api.sixtysix.conftest import open_match
from tests.api.sixtysix.samples import RULES, spoilt_plays


@FUZZ_WRITES
@given(entry=spoilt_plays(), rules=st.sampled_from(RULES))
def test_deals_trick_by_trick_cut_and_spoiled(api: FlaskClient, entry: dict, rules: dict | None) -> None:
    match = open_match(api, rules)
    assert_no_500(match.post(entry))
