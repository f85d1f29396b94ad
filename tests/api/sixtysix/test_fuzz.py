"""No Sixty-Six input produces a 500: near-miss deals (real ones with a field spoiled,
plausible fields at random, trick-by-trick deals cut short or with a card swapped) and
the referee's three questions.  Every answer is a success or problem JSON with a 4xx
status.  Bounded like tests/api/dreeg/test_fuzz.py."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards.german import DECK_24
from tests.api.sixtysix.cards import random_deal
from tests.api.sixtysix.conftest import Match, claim, closed, open_match, played_out, renonce

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: A match opened and written to several times per example: fewer examples, same reach.
FUZZ_WRITES = settings(FUZZ, max_examples=50)

scalars = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20))
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20,
)


def mostly(good: st.SearchStrategy, bad: st.SearchStrategy) -> st.SearchStrategy:
    """Nine in ten draws from ``good``: near misses, not only junk, so the engine is reached."""
    return st.integers(0, 9).flatmap(lambda n: good if n else bad)


strangers = st.sampled_from(["anna", " Benno", "Carla", "", "Anna "]) | st.text(max_size=25)
key_names = mostly(st.sampled_from(["Anna", "Benno"]), strangers)
names = mostly(st.sampled_from(["Anna", "Benno"]), strangers | json_values)
endings = mostly(st.sampled_from(["claim", "played_out", "closed", "renonce"]),
                 st.sampled_from(["Claim", "closed_by", "", "ausgemeldet"]) | json_values)
counts = mostly(st.integers(-2, 125), st.integers(-(2**70), 2**70) | json_values)
per_player = mostly(st.fixed_dictionaries({"Anna": counts, "Benno": counts}),
                    st.dictionaries(key_names, counts, max_size=4) | json_values)
real_cards = st.sampled_from([str(c) for c in DECK_24])
cards = mostly(real_cards, st.sampled_from(["XX", "H11", "Eichel Ober", "herz ass", "S 9"]) | json_values)
suits = mostly(st.sampled_from(["H", "S", "E", "G", "Herz", "Laub"]), st.sampled_from(["Z", "", "HH"]) | json_values)
tricks_no = mostly(st.integers(0, 14), st.integers(-(2**70), 2**70) | json_values)
melds = st.lists(st.fixed_dictionaries({"player": names, "suit": suits}, optional={"trick": tricks_no}), max_size=5)
field_values: dict[str, st.SearchStrategy] = {
    "seq": mostly(st.just(1), st.integers(-1, 3) | json_values),
    "dealer": names, "ended_by": endings, "points": per_player, "tricks": per_player, "trump": suits,
    "melds": mostly(melds, json_values), "claim": names, "last_trick": names, "closed_by": names,
    "closed_after": tricks_no, "renonce_by": names,
    "at_close": mostly(st.fixed_dictionaries({"points": counts, "tricks": tricks_no}), json_values),
    "exchange": mostly(st.fixed_dictionaries({"player": names}, optional={"trick": tricks_no}), json_values),
    "plays": mostly(st.lists(st.lists(cards, min_size=2, max_size=2), max_size=13),
                    st.lists(st.lists(cards, max_size=3), max_size=14) | json_values),
}
plausible = st.fixed_dictionaries({}, optional=field_values)
REAL = [
    claim("Anna", (66, 32), (4, 2)),
    claim("Anna", (31, 0), (2, 0), trump="H", melds=[{"player": "Anna", "suit": "H", "trick": 2}]),
    played_out("Benno", (65, 55), (6, 6)),
    closed("Benno", 3, (14, 1), (35, 71), (2, 6), claim="Benno"),
    closed("Anna", 2, (13, 1), (60, 40), (5, 3)),
    renonce("Benno"),
    random_deal(0).entry(),
    random_deal(3, close_after=2).entry(closed_by="Anna", closed_after=2),
]
RULES = [None, {"variant": "schnapsen"}, {"style": "hard", "closing": "count_after"}, {"bummerl": "1"}]


@st.composite
def spoilt_plays(draw: st.DrawFn) -> dict[str, Any]:
    """A real deal trick by trick, cut short, with two cards swapped or one replaced."""
    deal = random_deal(draw(st.integers(0, 40)), draw(st.sampled_from(["sixtysix", "schnapsen"])))
    plays = [list(trick) for trick in deal.plays]
    plays = plays[:draw(st.integers(0, len(plays)))] if draw(st.booleans()) else plays
    if plays and draw(st.booleans()):
        t, u = draw(st.integers(0, len(plays) - 1)), draw(st.integers(0, len(plays) - 1))
        p, q = draw(st.integers(0, 1)), draw(st.integers(0, 1))
        plays[t][p], plays[u][q] = plays[u][q], plays[t][p]
    if plays and draw(st.booleans()):
        plays[draw(st.integers(0, len(plays) - 1))][draw(st.integers(0, 1))] = draw(cards)
    entry: dict[str, Any] = {"trump": deal.trump, "plays": plays}
    for name in draw(st.sets(st.sampled_from(["claim", "closed_by", "closed_after", "renonce_by", "ended_by",
                                              "melds", "exchange", "trump"]), max_size=3)):
        entry[name] = draw(field_values[name])
    return entry


def assert_no_500(response: Any) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code >= 400:
        assert response.mimetype == "application/problem+json"
        problem = response.get_json()
        assert {"type", "title", "status", "detail", "code"} <= problem.keys()
        assert problem["status"] == response.status_code and problem["detail"]


def write_all(match: Match, entry: Any) -> None:
    """POST the entry, then replace deal 1 with it and void it, whatever it did."""
    client, url, headers = match.client, match.url, match.scorer
    body = {"seq": 1, **entry} if isinstance(entry, dict) else entry
    assert_no_500(client.post(f"{url}/hands", json=body, headers=headers))
    assert_no_500(client.put(f"{url}/hands/1", json=body, headers=headers))
    assert_no_500(client.post(f"{url}/hands/1/void", headers=headers))


@FUZZ_WRITES
@given(entry=plausible, rules=st.sampled_from(RULES))
def test_deals_that_look_almost_right(api: FlaskClient, entry: dict, rules: dict | None) -> None:
    match = open_match(api, rules)
    entry.setdefault("seq", 1)
    assert_no_500(match.client.post(f"{match.url}/hands", json=entry, headers=match.scorer))
    write_all(match, {k: v for k, v in entry.items() if k != "seq"})


@FUZZ_WRITES
@given(base=st.sampled_from(REAL), change=st.dictionaries(st.sampled_from(sorted(field_values)), json_values,
                                                          max_size=3),
       targeted=st.fixed_dictionaries({}, optional={k: v for k, v in field_values.items() if k != "seq"}),
       rules=st.sampled_from(RULES))
def test_a_real_deal_with_fields_spoiled(api: FlaskClient, base: dict, change: dict, targeted: dict,
                                         rules: dict | None) -> None:
    match = open_match(api, rules)
    match.record(renonce("Anna"))  # one deal in, so replacing and voiding have something to replay
    for entry in ({**base, **change}, {**base, **targeted}):
        assert_no_500(match.post(entry))
    write_all(match, {**base, **targeted})


@FUZZ_WRITES
@given(entry=spoilt_plays(), rules=st.sampled_from(RULES))
def test_deals_trick_by_trick_cut_and_spoiled(api: FlaskClient, entry: dict, rules: dict | None) -> None:
    match = open_match(api, rules)
    assert_no_500(match.post(entry))


flags = mostly(st.booleans(), json_values)
variants = mostly(st.sampled_from(["sixtysix", "schnapsen"]), st.sampled_from(["Schnapsen", "skat", ""]) | json_values)
play_question = st.fixed_dictionaries(
    {"game": mostly(st.just("sixtysix"), st.sampled_from(["dreeg", "Sixtysix", "dreist"]) | json_values),
     "trump": mostly(suits | st.none(), json_values), "card": cards,
     "hand": mostly(st.lists(cards, max_size=8), st.lists(cards, max_size=26) | json_values),
     "trick": mostly(st.lists(cards, max_size=1), st.lists(cards, max_size=4) | json_values)},
    optional={"variant": variants, "stock_open": flags, "subgame": st.text(max_size=8), "extra": json_values},
)
stock_question = st.fixed_dictionaries(
    {"game": mostly(st.just("sixtysix"), st.sampled_from(["dreeg", "skat"]) | json_values),
     "action": mostly(st.sampled_from(["exchange", "close"]), st.text(max_size=8) | json_values),
     "on_lead": flags, "tricks_won": tricks_no, "stock": mostly(st.integers(-1, 25), counts)},
    optional={"variant": variants, "closed": flags, "extra": json_values,
              "style": mostly(st.sampled_from(["soft", "hard"]), st.text(max_size=6) | json_values)},
)


@st.composite
def disputed_deals(draw: st.DrawFn) -> dict[str, Any]:
    entry = draw(spoilt_plays())
    question = {"game": draw(mostly(st.just("sixtysix"), st.sampled_from(["dreeg", "dreist"]) | json_values)),
                "players": draw(mostly(st.just(["Anna", "Benno"]), st.lists(names, max_size=3) | json_values)),
                "leader": draw(names), "trump": entry.pop("trump"), "plays": entry.pop("plays")}
    entry.pop("renonce_by", None)
    entry.pop("ended_by", None)
    entry.pop("exchange", None)
    question.update(entry)
    if draw(st.booleans()):
        question["variant"] = draw(variants)
    return question


@FUZZ
@given(question=play_question)
def test_referee_play_questions(api: FlaskClient, question: dict) -> None:
    assert_no_500(api.post("/api/referee/play", json=question))


@FUZZ
@given(question=stock_question)
def test_referee_stock_questions(api: FlaskClient, question: dict) -> None:
    assert_no_500(api.post("/api/referee/stock", json=question))


@FUZZ
@given(question=disputed_deals())
def test_referee_disputed_deals(api: FlaskClient, question: dict) -> None:
    assert_no_500(api.post("/api/referee/hand", json=question))


@FUZZ
@given(body=st.fixed_dictionaries({"game": st.just("sixtysix")}, optional={
    "players": mostly(st.just(["Anna", "Benno"]), st.lists(names, max_size=4) | json_values),
    "rules": st.dictionaries(st.sampled_from(["variant", "bummerl", "tournament", "wrong_claim", "closing", "tie",
                                              "style", "order"]),
                             st.sampled_from(["sixtysix", "schnapsen", "1", "2", "3", "true", "false", "flat",
                                              "count_after", "last_trick_wins", "hard", ""]) | json_values),
    "dealer": names,
}))
def test_sixtysix_match_creation(api: FlaskClient, body: dict) -> None:
    assert_no_500(api.post("/api/matches", json=body))
