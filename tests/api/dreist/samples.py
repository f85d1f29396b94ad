"""DREIst!'s samples for the contract every game keeps (tests/api/contract.py): a series at
three and its games, and the near misses its fuzz tests draw (series and solo games,
creation requests)."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.api.contract import Opening, Samples, json_values, mostly
from tests.api.dreist.conftest import FIVE, SOLO, TABLES, THREE, abandoned, left, won

strangers = st.sampled_from(["anna", " Benno", "Zora", "", "Carla ", "Egon"]) | st.text(max_size=25)
key_names = mostly(st.sampled_from(FIVE), strangers)
counts = mostly(st.integers(-2, 100) | st.sampled_from([0, 0, 95, 96, 97]), st.integers(-(2**70), 2**70) | json_values)


def everyone(players: list[str]) -> st.SearchStrategy:
    return st.fixed_dictionaries(dict.fromkeys(players, counts))


remaining = mostly(st.sampled_from(TABLES).flatmap(everyone), st.dictionaries(key_names, counts, max_size=7)
                   | json_values)
flags = mostly(st.booleans(), json_values)
field_values: dict[str, st.SearchStrategy] = {
    "seq": mostly(st.just(1), st.integers(-1, 3) | json_values),
    "remaining": remaining, "abandoned": flags, "won": flags,
    "dealer": mostly(st.sampled_from(FIVE), json_values),
}
#: Games a table really enters, at three (a series) and alone (a solo).
REAL_SERIES = [left(THREE, 0, 12, 7), left(THREE, 30, 0, 66), abandoned(THREE, 3, 2, 4)]
REAL_SOLO = [won(True), won(False)]

SAMPLES = Samples(
    players=THREE,
    deal=left(THREE, 0, 12, 7),
    other_deal=left(THREE, 4, 0, 1),
    refused=left(THREE, 0, 0, 4),
    refused_rule="R33",
    catalogue={"players": [1, 2, 3, 4, 5], "players_rule": "R33", "title": {"en": "DREIst!", "de": "DREIst!"},
               "variants": ["series", "solo"], "referee": ["dreist", "egon"]},
    question=("/api/referee/dreist", {"game": "dreist", "display": ["RR......"], "lay": [[{"card": "6R", "row": 1}]]}),
    openings=[Opening(THREE, None, left(THREE, 5, 0, 9)), Opening(["Anna"], SOLO, won()),
              *(Opening(players) for players in TABLES)],
    real=[*REAL_SERIES, *REAL_SOLO],
    fields=field_values,
    creation={
        "players": mostly(st.sampled_from([*TABLES, ["Anna"], [*FIVE, "Franz"], []]),
                          st.lists(key_names, max_size=7) | json_values),
        "rules": st.dictionaries(st.sampled_from(["mode", "single_below_card", "variant", "Mode"]),
                                 st.sampled_from(["series", "solo", "true", "false", "Solo", ""]) | json_values),
        "dealer": mostly(st.sampled_from(FIVE), strangers | json_values),
    },
)
