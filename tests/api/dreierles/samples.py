"""Dreierles's samples for the contract every game keeps (tests/api/contract.py): a table
of three and its deals, and the near misses its fuzz tests draw (deals at three to five,
creation requests, the count of a pile)."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from tests.api.contract import Opening, Samples, json_values, mostly
from tests.api.dreierles.conftest import (
    DEFAULT_RULES,
    FIVE,
    FOUR,
    GAMES,
    PACK,
    THREE,
    assert_german,
    drescher,
    played,
    r3,
    raeuber,
    three,
)

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
count_question = st.fixed_dictionaries(
    {"game": mostly(st.just("dreierles"), st.sampled_from(["sixtysix", "Dreierles", "cego", ""]) | json_values),
     "cards": mostly(st.lists(cards, max_size=20), st.lists(cards, max_size=60) | json_values)},
    optional={"extra": json_values, "trump": json_values})

#: Deals the engine refuses, each at its table, by the rule and the fields it breaks.
REFUSED = [
    pytest.param(FOUR, played("dreier", "Anna", 40), "dl_sitting_out", "R32", {"declarer"},
                 id="four: Anna deals and sits out, but is entered as declarer"),
    pytest.param(FIVE, played("solo", "Carla", 50), "dl_sitting_out", "R32", {"declarer"},
                 id="five: Carla deals after next and sits out"),
    pytest.param(THREE, played("dreier", "Benno", 40, dealer="Benno"), "dl_dealer_out_of_turn", "R32", {"dealer"},
                 id="Benno deals out of turn"),
    pytest.param(THREE, played("solo", "Benno", 50, discard_error=True), "dl_discard_solo", "R31",
                 {"discard_error"}, id="a discard error at a Solo"),
    pytest.param(THREE, played("dreier", "Benno", 71), "dl_points_range", "R26", {"declarer_points"},
                 id="71 points"),
    pytest.param(THREE, played("dreier", "Benno", 40, cards=["CK"]), "dl_points_or_cards", "R26", {"cards"},
                 id="the points and the cards"),
    pytest.param(THREE, played("dreier", "Benno", cards=["CK", "C7", "Kreuz König"]), "dl_card_twice", "R25",
                 {"cards.2"}, id="the King of Clubs twice in the pile"),
    pytest.param(THREE, played("dreier", "Benno", 40, extras=["blind"]), "dl_extra_not_here", "R28", {"extras.0"},
                 id="blind play at a Dreier"),
    pytest.param(THREE, played("solo", "Benno", 40, extras=["21_last"]), "dl_extra_house_rule", "R28",
                 {"extras.0"}, id="the 21 as the last card, not played at this table"),
    pytest.param(THREE, played("dreier", "Benno", 40, extras=["zehn_druck", "zehn_druck"]), "dl_extra_twice", "R28",
                 {"extras.1"}, id="ten trumps declared twice"),
    pytest.param(THREE, {"game": "zweier", "declarer_points": 40}, "dl_declarer_required", "R28", {"declarer"},
                 id="a Zweier without its declarer"),
    pytest.param(THREE, r3((10, 30, 20), (5, 6, 4)), "dl_tricks_sum", "R30", {"tricks"},
                 id="a Räuber with 15 tricks"),
    pytest.param(THREE, r3((10, 30, 25), (5, 6, 5), blind_points=10), "dl_raeuber_sum_blind", "R30", {"points"},
                 id="a Räuber whose points are not 70 less the Blinder"),
    pytest.param(THREE, r3((0, 30, 30), (1, 7, 8)), "dl_points_unreachable", "R26", {"points.Anna"},
                 id="a Räuber: Anna's trick counts nothing"),
    pytest.param(THREE, drescher("Carla", extras=["drull"]), "dl_field_not_for_game", "R30", {"extras"},
                 id="a Drescher with the Drull"),
    pytest.param(FOUR, drescher("Anna"), "dl_sitting_out", "R32", {"last_trick"},
                 id="four: the last trick of a Drescher to Anna, who sits out"),
]


SAMPLES = Samples(
    players=THREE,
    deal=played("zweier", "Benno", 41, extras=["drull"]),
    other_deal=played("solo", "Carla", 50),
    refused=played("solo", "Benno", 50, discard_error=True),
    refused_rule="R31",
    catalogue={"players": [3, 4, 5], "players_rule": "R32", "title": {"en": "Dreierles", "de": "Dreierles"},
               "variants": [], "referee": ["count"],
               "rules": {"lost_double": ("R27", ["false", "true"]), "ladder": ("R28", ["cumulative", "flat"]),
                         "einundzwanzig_last": ("R28", ["false", "true"]),
                         "blind_rest": ("R28", ["declarer", "defenders"]),
                         "raeuber_blind": ("R30", ["ignored", "last_trick"]),
                         "next_dealer": ("R32", ["left", "right"])}},
    question=("/api/referee/count", {"game": "dreierles", "cards": ["T1", "T21", "TS"]}),
    openings=[Opening(players, rules, drescher("Benno")) for players in TABLES for rules in RULES],
    real=REAL,
    fields=field_values,
    creation={
        "players": mostly(st.sampled_from(TABLES), st.lists(names, max_size=7) | json_values),
        "rules": st.dictionaries(st.sampled_from([*DEFAULT_RULES, "einundzwanzig", "variant"]),
                                 st.sampled_from(["true", "false", "flat", "cumulative", "ignored", "last_trick",
                                                  "left", "right", ""]) | json_values),
        "dealer": names,
    },
    refusals=REFUSED,
    german=assert_german,
    after_deal={"balance": {"Anna": -4, "Benno": 8, "Carla": -4}, "dealer": "Benno"},
    questions={"/api/referee/count": count_question},
)
