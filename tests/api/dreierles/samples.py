"""Dreierles's samples for the contract every game keeps (tests/api/contract.py): a table
of three and its deals, and the near misses its fuzz tests draw (deals at three to five,
creation requests, the count of a pile)."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.api.contract import Opening, Samples, json_values, mostly
from tests.api.dreierles.conftest import DEFAULT_RULES, FIVE, FOUR, GAMES, PACK, THREE, drescher, played, raeuber, three

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

SAMPLES = Samples(
    players=THREE,
    deal=played("zweier", "Benno", 41, extras=["drull"]),
    other_deal=played("solo", "Carla", 50),
    refused=played("solo", "Benno", 50, discard_error=True),
    refused_rule="R31",
    catalogue={"players": [3, 4, 5], "players_rule": "R32", "title": {"en": "Dreierles", "de": "Dreierles"},
               "variants": [], "referee": ["count"]},
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
    questions={"/api/referee/count": count_question},
)
