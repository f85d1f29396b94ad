"""DREIst!'s samples for the contract every game keeps (tests/api/contract.py): a series at
three and its games, and the near misses its fuzz tests draw (series and solo games,
creation requests)."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from tests.api.contract import Opening, Samples, json_values, mostly
from tests.api.dreist.conftest import FIVE, FOUR, SOLO, TABLES, THREE, abandoned, assert_german, left, won

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

#: Games the engine refuses, each at its table, by the rule and the fields it breaks.
REFUSED = [
    # the finisher
    pytest.param(THREE, left(THREE, 0, 0, 4), "dreist_one_finisher", "R33", {"remaining"}, id="R33: two at 0"),
    pytest.param(THREE, left(THREE, 0, 0, 0), "dreist_one_finisher", "R33", {"remaining"}, id="R33: all at 0"),
    pytest.param(THREE, left(THREE, 3, 2, 4), "dreist_no_finisher", "R33", {"remaining"},
                 id="R33: nobody at 0, not entered as abandoned"),
    pytest.param(THREE, left(THREE, 3, 2, 4, abandoned=False), "dreist_no_finisher", "R33", {"remaining"},
                 id="R33: nobody at 0, entered as not abandoned"),
    pytest.param(THREE, abandoned(THREE, 0, 2, 4), "dreist_abandoned_finisher", "R33", {"abandoned"},
                 id="R33: abandoned, but Anna at 0"),
    pytest.param(FIVE, abandoned(FIVE, 0, 2, 0, 1, 1), "dreist_abandoned_finisher", "R33", {"abandoned"},
                 id="R33: abandoned, but two at 0"),
    # the cards that exist
    pytest.param(THREE, left(THREE, 0, 97, 4), "dreist_remaining_range", "R33", {"remaining.Benno"},
                 id="R33: 97 left, more than the 96 cards"),
    pytest.param(FIVE, left(FIVE, 0, 96, 0, 0, 0), "dreist_remaining_range", "R33", {"remaining.Benno"},
                 id="R33: five, 96 left, more than the 95 in play"),
    pytest.param(THREE, left(THREE, 0, -1, 4), "dreist_remaining_range", "R33", {"remaining.Benno"},
                 id="R33: minus one card"),
    pytest.param(THREE, left(THREE, 0, 50, 47), "dreist_remaining_sum", "R33", {"remaining"},
                 id="R33: three, 97 left in all"),
    pytest.param(FOUR, left(FOUR, 0, 40, 40, 40), "dreist_remaining_sum", "R33", {"remaining"},
                 id="R33: four, 120 left in all"),
    pytest.param(FIVE, left(FIVE, 0, 24, 24, 24, 24), "dreist_remaining_sum", "R33", {"remaining"},
                 id="R33: five, 96 left in all, but one card was set aside"),
    # names
    pytest.param(THREE, {"remaining": {"Anna": 0, "Benno": 5}}, "dreist_remaining_missing", "R33",
                 {"remaining.Carla"}, id="R33: Carla's cards forgotten"),
    pytest.param(THREE, {"remaining": {}}, "dreist_remaining_missing", "R33",
                 {"remaining.Anna", "remaining.Benno", "remaining.Carla"}, id="R33: nobody's cards"),
    pytest.param(THREE, {"remaining": {"Anna": 0, "Benno": 5, "Carla": 1, "Zora": 3}}, "unknown_player", None,
                 {"remaining.Zora"}, id="a stranger's cards besides everyone's"),
    pytest.param(THREE, {"remaining": {"Anna": 0, "Benno": 5, "Zora": 3}}, "unknown_player", None,
                 {"remaining.Zora", "remaining.Carla"}, id="Carla's cards entered for Zora"),
    pytest.param(THREE, {"remaining": {"anna": 0, "Benno": 5, "Carla": 3}}, "unknown_player", None,
                 {"remaining.anna", "remaining.Anna"}, id="Anna written in lower case"),
    # fields
    pytest.param(THREE, {}, "dreist_remaining_required", "R33", {"remaining"}, id="R33: no cards left given"),
    pytest.param(THREE, {"abandoned": True}, "dreist_remaining_required", "R33", {"remaining"},
                 id="R33: abandoned, but no cards left given"),
    pytest.param(THREE, {"won": True}, "dreist_field_mode", "R33", {"won"}, id="R33: a solo's field in a series"),
    pytest.param(THREE, left(THREE, 0, 5, 1, won=False), "dreist_field_mode", "R33", {"won"},
                 id="R33: the cards left and a solo's field"),
    pytest.param(THREE, left(THREE, 0, "5", 1), "invalid_fields", None, {"remaining.Benno"}, id="a count as text"),
    pytest.param(THREE, left(THREE, 0, 5.5, 1), "invalid_fields", None, {"remaining.Benno"},
                 id="half a card"),
    pytest.param(THREE, left(THREE, 0, True, 1), "invalid_fields", None, {"remaining.Benno"},
                 id="a count as a boolean"),
    pytest.param(THREE, {"remaining": [0, 5, 1]}, "invalid_fields", None, {"remaining"},
                 id="the cards left as a list"),
    pytest.param(THREE, left(THREE, 0, 5, 1, abandoned="ja"), "invalid_fields", None, {"abandoned"},
                 id="abandoned as text"),
    pytest.param(THREE, left(THREE, 0, 5, 1, dealer="Anna"), "invalid_fields", None, {"dealer"},
                 id="a field a series does not take"),
]


def one_plays_solo(created: dict) -> None:
    """R33: a solo (against Egon) is one player's, a series two to five players'."""
    assert created["rules"]["mode"] in ("series", "solo")
    assert (len(created["players"]) == 1) is (created["rules"]["mode"] == "solo")


SAMPLES = Samples(
    players=THREE,
    deal=left(THREE, 0, 12, 7),
    other_deal=left(THREE, 4, 0, 1),
    refused=left(THREE, 0, 0, 4),
    refused_rule="R33",
    catalogue={"players": [1, 2, 3, 4, 5], "players_rule": "R33", "title": {"en": "DREIst!", "de": "DREIst!"},
               "variants": ["series", "solo"], "referee": ["dreist", "egon"],
               "rules": {"mode": ("R33", ["series", "solo"]), "single_below_card": ("R35", ["false", "true"])}},
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
    created=one_plays_solo,
    refusals=REFUSED,
    german=assert_german,
    after_deal={"totals": {"Anna": 0, "Benno": 12, "Carla": 7}, "starting_player": "Benno"},
)
