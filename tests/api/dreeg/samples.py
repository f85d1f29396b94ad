"""Dreeg's samples for the contract every game keeps (tests/api/contract.py): a table of
four and the hands it enters, and the near misses its fuzz tests draw (entries, creation
requests, the referee's two questions)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st

from engine.cards.german import DECK_24
from tests.api.conftest import PLAYERS, deutsch_hand
from tests.api.contract import Opening, Samples, json_values, mostly

ENTRY_FIELDS = ["seq", "dealer", "points", "tricks", "last_trick", "trump", "melds", "claim", "plays",
                "declarer", "surrender", "caller", "called_card", "partner", "durchmarsch", "closed_by", "closed_after"]
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


def _entry(hand: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in hand.items() if k != "seq"}


SAMPLES = Samples(
    players=PLAYERS,
    deal=_entry(deutsch_hand(1)),
    other_deal=_entry(deutsch_hand(1, points={"Anna": 30, "Benno": 40, "Carla": 30, "Dieter": 20},
                                   last_trick="Benno")),
    refused=_entry(deutsch_hand(1, points={"Anna": 50, "Benno": 30, "Carla": 30, "Dieter": 20})),
    refused_rule="R15",
    catalogue={"players": [2, 3, 4], "players_rule": "R2", "title": {"en": "Dreeg", "de": "Dreeg"},
               "referee": ["hand", "play"],
               "rules": {"order": ("R1", ["nauf_und_noo", "cycle"]), "rotation": ("R13", ["counter_clockwise",
                                                                                         "clockwise"]),
                         "meld_trick": ("R10", ["side", "own"]), "aoh": ("R7", ["solo", "each_for_himself"]),
                         "kamerun3": ("R12", ["2-1-0", "3-2-0"])}},
    question=("/api/referee/play", {"game": "dreeg", "trump": "H", "hand": ["EA", "EU"], "trick": ["EK"],
                                    "card": "EA"}),
    openings=[Opening(PLAYERS, rules, _entry(deutsch_hand(1))) for rules in (
        None, {"order": "cycle"}, {"aoh": "each_for_himself", "rotation": "clockwise"})],
    real=[_entry(deutsch_hand(1))],
    fields=field_values,
    creation={
        "players": st.lists(names, max_size=6) | json_values,
        "rules": st.dictionaries(st.sampled_from(["order", "rotation", "aoh", "x"]),
                                 st.text(max_size=12) | json_values),
        "dealer": names | json_values,
    },
    refusals=[pytest.param(PLAYERS, _entry(deutsch_hand(1, points={"Anna": 50, "Benno": 30, "Carla": 30,
                                                                     "Dieter": 20})),
                           "points_sum", "R15", {"points"}, id="R15: the card points add up to 130")],
    after_deal={"strokes": {"Anna": 4, "Benno": 6, "Carla": 6, "Dieter": 7}, "dealer": "Dieter"},
    questions={"/api/referee/play": play_question, "/api/referee/hand": disputed_hands()},
)
