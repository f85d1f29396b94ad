"""No input produces a 500: garbage, near-misses and valid-looking junk at every write.

Every answer is either a success or problem JSON with a 4xx status."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards.german import DECK_24
from tests.api.conftest import PLAYERS, bearer, deutsch_hand
from tests.conftest import make_app

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ENTRY_FIELDS = ["seq", "dealer", "points", "tricks", "last_trick", "trump", "melds", "claim", "plays",
                "declarer", "surrender", "caller", "called_card", "partner", "durchmarsch", "closed_by", "closed_after"]

scalars = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20))
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20,
)
names = st.sampled_from([*PLAYERS, "anna", " Anna", "Egon", ""]) | st.text(max_size=25)
cards = st.sampled_from([str(c) for c in DECK_24]) | st.sampled_from(["XX", "H11", "Eichel Ober", 7])
suits = st.sampled_from(["H", "S", "E", "G", "Herz", "Z", "", 3])
small = st.integers(min_value=-5, max_value=130)
per_player = st.dictionaries(names, small | json_values, max_size=5)
field_values = {
    "seq": st.integers(min_value=-1, max_value=4) | json_values,
    "dealer": names | json_values, "last_trick": names, "claim": names, "declarer": names,
    "caller": names, "partner": names | st.none(), "durchmarsch": names,
    "closed_by": names | json_values, "closed_after": st.integers(min_value=-1, max_value=6) | json_values,
    "points": per_player, "tricks": per_player, "trump": suits, "called_card": cards,
    "surrender": st.booleans() | json_values,
    "melds": st.lists(st.fixed_dictionaries({"player": names, "suit": suits},
                                            optional={"trick": small | json_values}), max_size=4),
    "plays": st.permutations([str(c) for c in DECK_24]).map(lambda deck: [deck[i:i + 4] for i in range(0, 24, 4)])
             | st.lists(st.lists(cards, max_size=5), max_size=7) | json_values,
}
mutations = st.dictionaries(st.sampled_from(ENTRY_FIELDS), json_values, max_size=3)
targeted = st.fixed_dictionaries({}, optional=field_values)

REFEREE = ("/api/referee/play", "/api/referee/hand")


def mostly(good: st.SearchStrategy, bad: st.SearchStrategy) -> st.SearchStrategy:
    """Nine in ten draws from ``good``: near misses, not only junk, so the engine is reached."""
    return st.integers(0, 9).flatmap(lambda n: good if n else bad)


real_cards = st.sampled_from([str(c) for c in DECK_24])
referee_cards = mostly(real_cards, cards | json_values)
real_suits = st.sampled_from(["H", "S", "E", "G"])
referee_suits = mostly(real_suits | st.none(), suits | json_values)
games = mostly(st.just("dreeg"), st.sampled_from(["sixtysix", "dreist", "skat"]) | json_values)
subgames = mostly(st.sampled_from(["deutsch", "ace_of_hearts", "rufen", "kamerun"]), st.text(max_size=8) | json_values)
flags = mostly(st.booleans(), json_values)
play_question = st.fixed_dictionaries(
    {"game": games, "trump": referee_suits, "card": referee_cards,
     "hand": mostly(st.lists(referee_cards, max_size=10), st.lists(referee_cards, max_size=26) | json_values),
     "trick": mostly(st.lists(referee_cards, max_size=3), st.lists(referee_cards, max_size=5) | json_values)},
    optional={"subgame": subgames, "stock_open": flags, "previous_lead": referee_suits, "called_card": referee_cards,
              "first_trick": flags, "extra": json_values},
)


@st.composite
def disputed_hands(draw: st.DrawFn) -> dict[str, Any]:
    """A table of two to four, a leader, and plays: a whole deal played at random (legal
    or not), cut short or spoiled, or junk."""
    table = draw(mostly(st.sampled_from([PLAYERS[:2], PLAYERS[:3], PLAYERS]), st.lists(names, max_size=5)))
    size = len(table) if isinstance(table, list) and table else 3
    deck = draw(st.permutations([str(c) for c in DECK_24]))
    plays = [deck[i:i + size] for i in range(0, 24 - 24 % size, size)][:12]
    plays = plays[:draw(st.integers(0, len(plays)))]
    if plays and draw(st.booleans()):  # spoil one play
        trick = draw(st.integers(0, len(plays) - 1))
        plays[trick] = draw(st.lists(referee_cards, max_size=5))
    leader = draw(mostly(st.sampled_from(table) if table else names, names))
    question = {"game": draw(games), "players": table, "leader": leader, "trump": draw(referee_suits),
                "plays": draw(mostly(st.just(plays), json_values))}
    optional = {
        "subgame": subgames, "called_card": referee_cards, "extra": json_values,
        "closed_by": mostly(st.sampled_from(table) if table else names, names | json_values),
        "closed_after": mostly(st.integers(0, 4), st.integers(-1, 6) | json_values),
        "melds": st.lists(st.fixed_dictionaries(
            {"player": st.sampled_from(table) if table else names, "suit": referee_suits},
            optional={"trick": mostly(st.integers(0, 13), st.integers(-2**70, 2**70) | json_values)}), max_size=4),
    }
    for name in draw(st.sets(st.sampled_from(sorted(optional)))):
        question[name] = draw(optional[name])
    return question


@pytest.fixture(scope="module")
def fuzz(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[FlaskClient, str, dict]]:
    app = make_app(Path(tmp_path_factory.mktemp("fuzz")) / "fuzz.sqlite3")
    client = app.test_client()
    match = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}).get_json()
    headers = bearer(match["scorer_token"])
    client.post(f"/api/matches/{match['id']}/hands", json=deutsch_hand(1), headers=headers)
    yield client, f"/api/matches/{match['id']}", headers


def assert_no_500(response: Any) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code >= 400:
        problem = response.get_json()
        assert response.mimetype == "application/problem+json"
        assert {"type", "title", "status", "detail"} <= problem.keys()


def fresh_match(client: FlaskClient) -> tuple[str, dict]:
    match = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}).get_json()
    return f"/api/matches/{match['id']}", bearer(match["scorer_token"])


@FUZZ
@given(body=json_values)
def test_any_json_at_every_write(fuzz: tuple[FlaskClient, str, dict], body: Any) -> None:
    client, url, headers = fuzz
    assert_no_500(client.post("/api/matches", json=body))
    assert_no_500(client.post(f"{url}/hands", json=body, headers=headers))
    assert_no_500(client.put(f"{url}/hands/1", json=body, headers=headers))
    assert_no_500(client.post(f"{url}/hands/1/void", json=body, headers=headers))
    for referee in REFEREE:
        assert_no_500(client.post(referee, json=body))


@FUZZ
@given(data=st.binary(max_size=200), content_type=st.sampled_from(["application/json", "text/plain", ""]))
def test_any_bytes_at_every_write(fuzz: tuple[FlaskClient, str, dict], data: bytes, content_type: str) -> None:
    client, url, headers = fuzz
    assert_no_500(client.post("/api/matches", data=data, content_type=content_type))
    for referee in REFEREE:
        assert_no_500(client.post(referee, data=data, content_type=content_type))
    assert_no_500(client.post(f"{url}/hands", data=data, content_type=content_type, headers=headers))
    assert_no_500(client.post(f"{url}/hands/1/void", data=data, content_type=content_type, headers=headers))


@FUZZ
@given(entry=targeted, keep_seq=st.booleans())
def test_entries_that_look_almost_right(fuzz: tuple[FlaskClient, str, dict], entry: dict, keep_seq: bool) -> None:
    client = fuzz[0]
    url, headers = fresh_match(client)
    if keep_seq or "seq" not in entry:
        entry["seq"] = 1
    assert_no_500(client.post(f"{url}/hands", json=entry, headers=headers))
    assert_no_500(client.post(f"{url}/hands", json=deutsch_hand(2), headers=headers))
    assert_no_500(client.put(f"{url}/hands/1", json={**entry, "seq": 1}, headers=headers))
    assert_no_500(client.post(f"{url}/hands/1/void", headers=headers))


@FUZZ
@given(change=mutations)
def test_one_valid_hand_with_fields_spoiled(fuzz: tuple[FlaskClient, str, dict], change: dict) -> None:
    client = fuzz[0]
    url, headers = fresh_match(client)
    assert_no_500(client.post(f"{url}/hands", json={**deutsch_hand(1), **change}, headers=headers))


@FUZZ
@given(body=st.fixed_dictionaries({}, optional={
    "game": st.sampled_from(["dreeg", "sixtysix", "dreist"]) | json_values,
    "players": st.lists(names, max_size=6) | json_values,
    "rules": st.dictionaries(st.sampled_from(["order", "rotation", "aoh", "x"]), st.text(max_size=12) | json_values),
    "dealer": names | json_values,
}), key=st.none() | st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=110))
def test_match_creation_junk(fuzz: tuple[FlaskClient, str, dict], body: dict, key: str | None) -> None:
    client, _, _ = fuzz
    headers = {} if key is None else {"Idempotency-Key": key}
    assert_no_500(client.post("/api/matches", data=json.dumps(body), content_type="application/json",
                              headers=headers))


@FUZZ
@given(question=play_question)
def test_referee_play_questions(fuzz: tuple[FlaskClient, str, dict], question: dict) -> None:
    assert_no_500(fuzz[0].post("/api/referee/play", json=question))


@FUZZ
@given(question=disputed_hands())
def test_referee_disputed_hands(fuzz: tuple[FlaskClient, str, dict], question: dict) -> None:
    assert_no_500(fuzz[0].post("/api/referee/hand", json=question))
