"""No Dreierles input produces a 500: near-miss deals (real ones with a field spoiled,
plausible fields at random, at three, four and five with any house rules), the referee's
count of a pile, and match creation.  Every answer is a success or problem JSON with a 4xx
status.  Bounded like tests/api/sixtysix/test_fuzz.py."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.dreierles.conftest import (
    DEFAULT_RULES,
    FIVE,
    FOUR,
    GAMES,
    PACK,
    THREE,
    Match,
    drescher,
    open_match,
    played,
    raeuber,
    three,
)

FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: A match opened and written to several times per example: fewer examples, same reach.
FUZZ_WRITES = settings(FUZZ, max_examples=40)

scalars = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20))
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20,
)


def mostly(good: st.SearchStrategy, bad: st.SearchStrategy) -> st.SearchStrategy:
    """Nine in ten draws from ``good``: near misses, not only junk, so the engine is reached."""
    return st.integers(0, 9).flatmap(lambda n: good if n else bad)


EXTRAS = ["blind", "untouched", "drull", "pfeif_von_hinten", "21_last", "zehn_druck", "zehn_druck_start"]
strangers = st.sampled_from(["anna", " Benno", "Zora", "", "Carla "]) | st.text(max_size=25)
key_names = mostly(st.sampled_from(FIVE), strangers)
names = mostly(st.sampled_from(FIVE), strangers | json_values)
games = mostly(st.sampled_from(GAMES), st.sampled_from(["Dreier", "räuber", "solo durchmarsch", ""]) | json_values)
counts = mostly(st.integers(-2, 75), st.integers(-(2**70), 2**70) | json_values)
per_player = mostly(st.lists(st.sampled_from(FIVE), min_size=3, max_size=3, unique=True).flatmap(
    lambda who: st.fixed_dictionaries(dict.fromkeys(who, counts))),
    st.dictionaries(key_names, counts, max_size=6) | json_values)
real_cards = st.sampled_from(PACK) | st.sampled_from(["Pfeif", "Stieß", "Trumpf 13", "Kreuz König", "Queen of Hearts",
                                                      "karo 4", "pik 10"])
cards = mostly(real_cards, st.sampled_from(["EA", "SA", "H7", "T22", "T0", "C1", "Herz Ass", "Trumpf", ""])
               | json_values)
extras = mostly(st.lists(st.sampled_from(EXTRAS), max_size=8),
                st.lists(st.sampled_from([*EXTRAS, "kontra", "Drull", ""]) | json_values, max_size=16) | json_values)
field_values: dict[str, st.SearchStrategy] = {
    "seq": mostly(st.just(1), st.integers(-1, 3) | json_values),
    "dealer": names, "game": games, "declarer": names, "declarer_points": counts,
    "cards": mostly(st.lists(cards, max_size=30), st.lists(cards, max_size=60) | json_values),
    "extras": extras, "discard_error": mostly(st.booleans(), json_values),
    "points": per_player, "tricks": per_player, "last_trick": names,
    "blind_points": mostly(st.integers(0, 28), counts),
}
plausible = st.fixed_dictionaries({}, optional=field_values)
TABLES = [THREE, FOUR, FIVE]
RULES = [None, {"next_dealer": "right"}, {"raeuber_blind": "last_trick"},
         {"lost_double": "true", "ladder": "flat", "einundzwanzig_last": "true"}]
#: Deals a table really enters; at four Anna (dealing) sits out, so Benno, Carla and Dieter play.
REAL = [
    played("dreier", "Benno", 40),
    played("zweier", "Benno", 41, extras=["drull"]),
    played("einser", "Carla", cards=["T1", "T21", "TS", "CK", "CD", "CR", "HK", "HB", "H1", "SK", "S7", "S8", "DB"]),
    played("solo_durchmarsch", "Benno", 70),
    played("dreier", "Carla", 50, discard_error=True),
    raeuber(three(["Benno", "Carla", "Dieter"], (10, 30, 20)), three(["Benno", "Carla", "Dieter"], (5, 6, 5))),
    raeuber(three(THREE, (10, 30, 30)), three(THREE, (5, 6, 5)), last_trick="Carla"),
    drescher("Carla"),
]


def assert_no_500(response: Any) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code >= 400:
        assert response.mimetype == "application/problem+json"
        problem = response.get_json()
        assert {"type", "title", "status", "detail", "code"} <= problem.keys()
        assert problem["status"] == response.status_code and problem["detail"]
        for name, message in (problem.get("errors") or {}).items():
            assert isinstance(name, str) and isinstance(message, str) and message, problem


def write_all(match: Match, entry: Any) -> None:
    """POST the entry, then replace deal 1 with it and void it, whatever it did."""
    client, url, headers = match.client, match.url, match.scorer
    body = {"seq": 1, **entry} if isinstance(entry, dict) else entry
    assert_no_500(client.post(f"{url}/hands", json=body, headers=headers))
    assert_no_500(client.put(f"{url}/hands/1", json=body, headers=headers))
    assert_no_500(client.post(f"{url}/hands/1/void", headers=headers))


@FUZZ_WRITES
@given(entry=plausible, players=st.sampled_from(TABLES), rules=st.sampled_from(RULES))
def test_deals_that_look_almost_right(api: FlaskClient, entry: dict, players: list[str], rules: dict | None) -> None:
    match = open_match(api, players, rules)
    entry.setdefault("seq", 1)
    assert_no_500(match.client.post(f"{match.url}/hands", json=entry, headers=match.scorer))
    write_all(match, {k: v for k, v in entry.items() if k != "seq"})


@FUZZ_WRITES
@given(base=st.sampled_from(REAL), change=st.dictionaries(st.sampled_from(sorted(field_values)), json_values,
                                                          max_size=3),
       targeted=st.fixed_dictionaries({}, optional={k: v for k, v in field_values.items() if k != "seq"}),
       players=st.sampled_from(TABLES), rules=st.sampled_from(RULES))
def test_a_real_deal_with_fields_spoiled(api: FlaskClient, base: dict, change: dict, targeted: dict,
                                         players: list[str], rules: dict | None) -> None:
    match = open_match(api, players, rules)
    match.record(drescher("Benno"))  # one deal in, so replacing and voiding have something to replay
    for entry in ({**base, **change}, {**base, **targeted}):
        assert_no_500(match.post(entry))
    write_all(match, {**base, **targeted})


@FUZZ
@given(question=st.fixed_dictionaries(
    {"game": mostly(st.just("dreierles"), st.sampled_from(["sixtysix", "Dreierles", "cego", ""]) | json_values),
     "cards": mostly(st.lists(cards, max_size=20), st.lists(cards, max_size=60) | json_values)},
    optional={"extra": json_values, "trump": json_values}))
def test_count_questions(api: FlaskClient, question: dict) -> None:
    response = api.post("/api/referee/count", json=question)
    assert_no_500(response)
    if response.status_code == 200:
        answer = response.get_json()
        assert answer["thirds"] == sum(p["thirds"] for p in answer["packets"]) + (
            answer["leftover"]["thirds"] if answer["leftover"] else 0)
        assert 0 <= answer["points"] <= 70


@FUZZ
@given(body=st.fixed_dictionaries({"game": st.just("dreierles")}, optional={
    "players": mostly(st.sampled_from(TABLES), st.lists(names, max_size=7) | json_values),
    "rules": st.dictionaries(st.sampled_from([*DEFAULT_RULES, "einundzwanzig", "variant"]),
                             st.sampled_from(["true", "false", "flat", "cumulative", "ignored", "last_trick", "left",
                                              "right", ""]) | json_values),
    "dealer": names,
}))
def test_dreierles_match_creation(api: FlaskClient, body: dict) -> None:
    assert_no_500(api.post("/api/matches", json=body))
