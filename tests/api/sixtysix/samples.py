"""Sixty-Six's samples for the contract every game keeps (tests/api/contract.py): Anna and
Benno's deals, and the near misses its fuzz tests draw (deals, creation requests, the
referee's questions)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st

from engine.cards.german import DECK_24
from tests.api.contract import Opening, Samples, json_values, mostly
from tests.api.sixtysix.cards import random_deal
from tests.api.sixtysix.conftest import PLAYERS, assert_german, claim, closed, played_out, renonce

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


#: Deals the engine refuses, each by the rule and the fields it breaks.
REFUSED = [
    pytest.param(played_out("Benno", (65, 54), (6, 6)), "points_sum", "R23", {"points"},
                 id="played out with 119 card points"),
    pytest.param(claim("Anna", (66, 10), (4, 0)), "points_without_trick", "R23", {"points.Benno"},
                 id="Benno has 10 card points without a trick"),
    pytest.param(claim("Anna", (66, 10), (4, 1), last_trick="Anna"), "ss_field_not_for_ending", "R17",
                 {"last_trick"}, id="a claim with a last trick"),
    pytest.param(closed("Anna", 2, (13, 1), (60, 40), (5, 3), last_trick="Benno"), "ss_field_not_for_ending",
                 "R19", {"last_trick"}, id="a closed stock with a last trick"),
    pytest.param({"ended_by": "closed", "closed_by": "Anna", "closed_after": 2, "points": {"Anna": 60, "Benno": 40},
                  "tricks": {"Anna": 5, "Benno": 3}}, "ss_field_required", "R19", {"at_close"},
                 id="closed without the figures at the closing"),
    pytest.param({"claim": "Anna", "points": {"Anna": 66, "Benno": 10}, "tricks": {"Anna": 4, "Benno": 1}},
                 "ss_ended_by_required", "R23", {"ended_by"}, id="how the deal ended is missing"),
    pytest.param(renonce("Anna", dealer="Benno"), "ss_dealer_out_of_turn", "R23", {"dealer"},
                 id="Benno deals out of turn"),
    pytest.param(closed("Anna", 5, (13, 1), (60, 40), (7, 3)), "ss_close_too_late", "T7", {"closed_after"},
                 id="closed after five tricks"),
    pytest.param(claim("Anna", (46, 10), (3, 1), melds=[{"player": "Anna", "suit": "H"}]),
                 "ss_trump_required_melds", "R10", {"trump"}, id="forty without saying what was trumps"),
    pytest.param(claim("Anna", (0, 10), (0, 1)), "ss_claim_without_trick", "R17", {"claim"},
                 id="Anna claims before taking a trick"),
    pytest.param({"ended_by": "played_out", "claim": "Anna", "points": {"Anna": 66, "Benno": 10},
                  "tricks": {"Anna": 4, "Benno": 1}}, "ss_field_required", "R21", {"last_trick", "claim"},
                 id="played out with a claim and no last trick"),
]


SAMPLES = Samples(
    players=PLAYERS,
    deal=claim("Anna", (66, 32), (4, 2)),
    other_deal=claim("Benno", (32, 66), (2, 4)),
    refused=played_out("Benno", (65, 54), (6, 6)),
    refused_rule="R23",
    catalogue={"players": [2], "players_rule": "R16", "variants": ["sixtysix", "schnapsen"],
               "title": {"en": "Sixty-Six / Schnapsen", "de": "Sechsundsechzig / Schnapsen"},
               "referee": ["actions", "hand", "play", "stock"],
               "rules": {"variant": ("R16", ["sixtysix", "schnapsen"]), "bummerl": ("R22", ["2", "3", "1"]),
                         "tournament": ("R22", ["false", "true"]), "wrong_claim": ("R18", ["seed", "flat"]),
                         "closing": ("R19", ["at_close", "count_after"]), "tie": ("R21", ["carry", "last_trick_wins"]),
                         "style": ("R23", ["soft", "hard"])}},
    question=("/api/referee/play", {"game": "sixtysix", "trump": "H", "hand": ["EA", "EU"], "trick": ["EK"],
                                    "card": "EA"}),
    openings=[Opening(PLAYERS, rules, renonce("Anna")) for rules in RULES],
    real=REAL,
    fields=field_values,
    creation={
        "players": mostly(st.just(["Anna", "Benno"]), st.lists(names, max_size=4) | json_values),
        "rules": st.dictionaries(st.sampled_from(["variant", "bummerl", "tournament", "wrong_claim", "closing", "tie",
                                                  "style", "order"]),
                                 st.sampled_from(["sixtysix", "schnapsen", "1", "2", "3", "true", "false", "flat",
                                                  "count_after", "last_trick_wins", "hard", ""]) | json_values),
        "dealer": names,
    },
    refusals=[pytest.param(PLAYERS, *p.values, id=p.id) for p in REFUSED],
    german=assert_german,
    after_deal={"score": {"Anna": 5, "Benno": 7}, "dealer": "Benno"},
    questions={"/api/referee/play": play_question, "/api/referee/stock": stock_question,
               "/api/referee/hand": disputed_deals()},
)
