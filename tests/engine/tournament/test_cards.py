"""Card numbers (issue 18, item 16; docs/tournament.md "Card numbers"): a player's cards are
numbered in the order he bought them, in each round he draws for his cards still in lowest
first, a player who meets himself gives up the card that drew from the right pot, and a
player with one card has no number.  The prize list shows each band's cards, and a card that
fell from a player who is still in with another.

Every expected number below was worked out by hand from the draws' numbers (the tournaments
of test_rules.py and data/preis32.json, whose README walks the same rounds), not by the engine.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.tournament import config_from_json, fold, state_from_json, state_to_json

from .helpers import buy, config, draw, play, play_out, result, settle, shown
from .test_rules import EIGHT, FORCED_R1, FORCED_SALES, A, B, C, D

DATA = json.loads((Path(__file__).parent / "data" / "preis32.json").read_text(encoding="utf-8"))
ENTRIES = [step["entry"] for step in DATA["entries"]]
FRANZ, MARIA, ANNA, KARL = "Franz Huber", "Maria Gruber", "Anna Pichler", "Karl Hofer"
HERMINE, FERDL, RUPERT = "Hermine Fuchs", "Ferdl Schmid", "Rupert Weber"
RESI, LEOPOLD, JOHANN, LIESL, VRONI = "Resi Steiner", "Leopold Berger", "Johann Moser", "Liesl Leitner", \
    "Vroni Schwarz"
GERTI, ALOIS, JOSEF, ROSA = "Gerti Winkler", "Alois Eder", "Josef Wagner", "Rosa Fischer"


def at(state: dict[str, Any], round_: int) -> dict[int, list[tuple[str, int | None]]]:
    """Round ``round_``'s tables as (player, card) in the pairing's order."""
    pairings = state["rounds"][round_ - 1]["pairings"]
    return {p["number"]: [(c["player"], c["card"]) for c in p["cards"]] for p in pairings}


def prizes(state: dict[str, Any]) -> list[tuple[int, list[int], str, int | None, list[int]]]:
    return [(p["place"], p["places"], p["player"], p["card"], p["still_in"]) for p in state["prizes"]]


def preis32(upto: int | None = None, **conditions: Any) -> dict[str, Any]:
    cfg = config_from_json({**DATA["config"], **conditions})
    return state_to_json(fold(cfg, ENTRIES if upto is None else ENTRIES[:upto]))


def entry_index(kind: str, nth: int) -> int:
    """The position just after the ``nth`` (1-based) entry of ``kind`` in preis32."""
    seen = 0
    for index, entry in enumerate(ENTRIES):
        if entry["kind"] == kind:
            seen += 1
            if seen == nth:
                return index + 1
    raise AssertionError(kind)


# --- the eight-card tournament of test_rules (Anna 1, Benno 2, Clara 2, Dora 1) ------------------

EIGHT_TABLES = {
    # round 1: Anna L2 | Benno L1 (1) L4 (2) | Clara L3 (1) R1 (2) | Dora R2
    1: {1: [(B, 1), (C, 2)], 2: [(A, None), (D, None)], 3: [(C, 1)], 4: [(B, 2)]},
    # round 2, after Benno 1 fell at table 1: Clara L1 (1) L2 (2) | Anna R2 | Benno R1 (his 2)
    2: {1: [(C, 1), (B, 2)], 2: [(C, 2), (A, None)]},
    # the final: Benno L1 (2) | Clara R1 (2), after Clara 1 fell at table 1
    3: {1: [(B, 2), (C, 2)]},
}


AFTER_ROUND_2 = len(EIGHT) - 2  # round 2's results are in, the final not yet drawn


@pytest.mark.parametrize("round_", [pytest.param(n, id=f"round {n}") for n in EIGHT_TABLES])
def test_a_players_cards_are_told_apart_at_every_table(round_):
    assert at(shown(play(config(8), EIGHT)), round_) == EIGHT_TABLES[round_]


def test_a_pairings_cards_follow_its_players():
    state = shown(play(config(8), EIGHT))
    for each in [*state["rounds"], {"pairings": state["pairings"]}]:
        for p in each["pairings"]:
            assert [c["player"] for c in p["cards"]] == p["players"]


@pytest.mark.parametrize(("round_", "fell"), [
    pytest.param(1, {1: [True, False], 2: [False, True], 3: [False], 4: [False]},
                 id="round 1: Benno 1 and Dora fell, the byes go through"),
    pytest.param(2, {1: [True, False], 2: [False, True]}, id="round 2: Clara 1 and Anna fell"),
    pytest.param(3, {1: [True, False]}, id="the final: Benno 2 fell"),
])
def test_each_table_says_which_card_fell_there(round_, fell):
    state = shown(play(config(8), EIGHT))
    assert {p["number"]: [c["fell"] for c in p["cards"]] for p in state["rounds"][round_ - 1]["pairings"]} == fell


def test_no_card_has_fallen_at_a_table_still_playing():
    state = shown(play(config(8), EIGHT[:5]))  # round 1 drawn, no result yet
    assert [[c["fell"] for c in p["cards"]] for p in state["pairings"]] == [[False, False], [False, False], [False],
                                                                             [False]]


def test_a_player_meeting_himself_gives_up_the_card_drawn_from_the_right_pot():
    # Benno L2 (1) R1 (2) R2 (3): table 2 is Benno 1 against Benno 3, and 3 falls
    state = shown(play(config(4, 3, 4), [*FORCED_SALES, draw(FORCED_R1)]))
    assert at(state, 1) == {1: [(A, None), (B, 2)], 2: [(B, 1), (B, 3)]}
    assert [[c["fell"] for c in p["cards"]] for p in state["pairings"]] == [[False, False], [False, True]]
    assert next(p for p in state["players"] if p["name"] == B)["held_cards"] == [1, 2]
    assert next(p for p in state["players"] if p["name"] == A)["held_cards"] is None


def test_the_cards_a_player_still_holds():
    state = shown(play(config(8), EIGHT[:AFTER_ROUND_2]))
    assert {p["name"]: p["held_cards"] for p in state["players"]} == {A: None, B: [2], C: [2], D: None}


@pytest.mark.parametrize(("upto", "expected"), [
    pytest.param(AFTER_ROUND_2, [
        (3, [3, 4], C, 1, [2]), (4, [3, 4], A, None, []),
        (5, [5, 6], B, 1, [2]), (6, [5, 6], D, None, []),
    ], id="after round 2: Clara 1 and Benno 1 fell, each still in with his card 2"),
    pytest.param(len(EIGHT), [
        (1, [1, 1], C, 2, []), (2, [2, 2], B, 2, []),
        (3, [3, 4], C, 1, []), (4, [3, 4], A, None, []),
        (5, [5, 6], B, 1, []), (6, [5, 6], D, None, []),
    ], id="at the end nobody is still in"),
])
def test_a_card_that_fell_while_its_holder_is_still_in(upto, expected):
    assert prizes(shown(play(config(8), EIGHT[:upto]))) == expected


def test_one_prize_each_names_the_card_that_won_it():
    state = shown(play(config(8, 3, 8, multiple_prizes=False), EIGHT))
    assert [(p["place"], p["player"], p["card"]) for p in state["prizes"]] == [
        (1, C, 2), (2, B, 2), (3, A, None), (4, D, None)]


# --- the 32-card Preisschnapsen of data/preis32.json ----------------------------------------------
# Cards bought: Franz 3, Maria 2, Anna 2, Karl 3, Hermine 2, Ferdl 2; Rosa 2, one taken back: 1.

PREIS32_TABLES = {
    # round 1: Franz L7 L12 L3, Maria L15 L1, Anna L4 L16, Karl L14 L6 L10, Hermine L8 R12, Ferdl R6 R9
    1: {1: [(MARIA, 2), (GERTI, None)], 2: [(RESI, None)], 3: [(FRANZ, 3), (ALOIS, None)], 4: [(ANNA, 1)],
        5: [(LIESL, None)], 6: [(KARL, 2), (FERDL, 1)], 7: [(FRANZ, 1)], 8: [(HERMINE, 1)],
        9: [(JOSEF, None), (FERDL, 2)], 10: [(KARL, 3), (VRONI, None)], 11: [(JOHANN, None)],
        12: [(FRANZ, 2), (HERMINE, 2)], 13: [(LEOPOLD, None)], 14: [(KARL, 1), (ROSA, None)],
        15: [(MARIA, 1)], 16: [(ANNA, 2), (RUPERT, None)]},
    # round 2 (Ferdl 1, Karl 3, Hermine 2, Anna 2 fell): Franz L7 L6 L2, Maria L1 L8, Karl L3 L5,
    # Anna L4 (her 1), Hermine R1 (her 1), Ferdl R5 (his 2)
    2: {1: [(MARIA, 1), (HERMINE, 1)], 2: [(FRANZ, 3), (RESI, None)], 3: [(KARL, 1), (RUPERT, None)],
        4: [(ANNA, 1), (LEOPOLD, None)], 5: [(KARL, 2), (FERDL, 2)], 6: [(FRANZ, 2), (JOHANN, None)],
        7: [(FRANZ, 1), (LIESL, None)], 8: [(MARIA, 2), (VRONI, None)]},
    # round 3: Franz L3 L1 L4, Maria L2 R2 (she meets herself: her 2 drew from the right), Anna R4,
    # Ferdl R1, Rupert R3
    3: {1: [(FRANZ, 2), (FERDL, 2)], 2: [(MARIA, 1), (MARIA, 2)], 3: [(FRANZ, 1), (RUPERT, None)],
        4: [(FRANZ, 3), (ANNA, 1)]},
    # round 4: Franz L2 (his 2) L1 (his 3), Maria R1, Rupert R2
    4: {1: [(FRANZ, 3), (MARIA, 1)], 2: [(FRANZ, 2), (RUPERT, None)]},
    5: {1: [(FRANZ, 2), (MARIA, 1)]},
}


@pytest.mark.parametrize("round_", [pytest.param(n, id=f"round {n}") for n in PREIS32_TABLES])
def test_the_32_card_tournament_tells_every_players_cards_apart(round_):
    assert at(preis32(), round_) == PREIS32_TABLES[round_]


def test_the_32_card_tournaments_prize_list_names_the_cards():
    assert prizes(preis32()) == [
        (1, [1, 1], FRANZ, 2, []), (2, [2, 2], MARIA, 1, []),
        (3, [3, 4], FRANZ, 3, []), (4, [3, 4], RUPERT, None, []),
        (5, [5, 8], FERDL, 2, []), (6, [5, 8], MARIA, 2, []), (7, [5, 8], FRANZ, 1, []), (8, [5, 8], ANNA, 1, []),
    ]


def test_the_quarter_finals_band_while_two_of_its_players_are_still_in():
    # after round 3's last result: Maria's card 2 fell (she met herself), Franz's card 1 fell at table 3
    state = preis32(entry_index("draw", 4) - 1)
    assert state["round"] == 3 and state["phase"] == "playing"
    assert prizes(state) == [
        (5, [5, 8], FERDL, 2, []), (6, [5, 8], MARIA, 2, [1]), (7, [5, 8], FRANZ, 1, [2, 3]), (8, [5, 8], ANNA, 1, []),
    ]


def test_a_band_with_two_cards_of_one_player():
    # sixteen prizes: round 2's band 9-16 holds both of Karl's cards that were still in
    state = preis32(prizes=16)
    assert [(p["place"], p["player"], p["card"]) for p in state["prizes"] if p["places"] == [9, 16]] == [
        (9, HERMINE, 1), (10, RESI, None), (11, KARL, 1), (12, LEOPOLD, None),
        (13, KARL, 2), (14, JOHANN, None), (15, LIESL, None), (16, VRONI, None)]


def test_a_tie_with_two_cards_of_one_player_is_settled_card_by_card():
    state = preis32(prizes=12)
    tie = state["prize_tie"]
    assert tie["places"] == [9, 12] and tie["round"] == 2
    assert [(c["player"], c["card"]) for c in tie["cards"]] == [
        (HERMINE, 1), (RESI, None), (KARL, 1), (LEOPOLD, None), (KARL, 2), (JOHANN, None), (LIESL, None),
        (VRONI, None)]
    cfg = config_from_json({**DATA["config"], "prizes": 12})
    settled = state_to_json(fold(cfg, [*ENTRIES, settle(KARL, VRONI, KARL, HERMINE, RESI, LEOPOLD, JOHANN, LIESL)]))
    assert [(p["place"], p["player"], p["card"]) for p in settled["prizes"] if p["place"] > 8] == [
        (9, KARL, 1), (10, VRONI, None), (11, KARL, 2), (12, HERMINE, 1)]


def test_the_snapshot_read_back_numbers_the_same_cards():
    state = fold(config_from_json(DATA["config"]), ENTRIES[: entry_index("draw", 4) - 1])
    again = state_from_json(state.config, state_to_json(state))
    assert state_to_json(again) == state_to_json(state)


# --- whatever the draws and results ---------------------------------------------------------------

SETTINGS = settings(max_examples=60, deadline=None)


@SETTINGS
@given(size=st.sampled_from([4, 8, 16, 32]), seed=st.text(alphabet="abcdefghij0123456789", min_size=16, max_size=20),
       counts=st.lists(st.integers(1, 3), min_size=2, max_size=24), choices=st.randoms(use_true_random=False))
def test_every_card_plays_once_a_round_until_it_falls(size: int, seed: str, counts: list[int],
                                                      choices: random.Random) -> None:
    sales: list[dict[str, Any]] = []
    for index, count in enumerate(counts):
        if sum(s["cards"] for s in sales) + count > size:
            break
        sales.append(buy(f"P{index}", count))
    if sum(s["cards"] for s in sales) < size // 2:
        return
    final, _entries = play_out(config(size, 3), sales, seed, choices)
    state = state_to_json(final)
    bought = {s["player"]: s["cards"] for s in sales}
    held = {name: set(range(1, count + 1)) for name, count in bought.items()}
    for played in state["rounds"]:
        seen: dict[str, list[int]] = {name: [] for name in held}
        for p in played["pairings"]:
            for c in p["cards"]:
                number = c["card"] if bought[c["player"]] > 1 else 1
                assert (c["card"] is None) == (bought[c["player"]] == 1)
                seen[c["player"]].append(number)
        for name, numbers in seen.items():
            assert sorted(numbers) == sorted(held[name]), (played["round"], name)  # each card still in, once
        for p in played["pairings"]:
            if p["loser"] is not None:
                fell = p["cards"][1] if p["self"] else next(c for c in p["cards"] if c["player"] == p["loser"])
                held[p["loser"]].discard(fell["card"] if bought[p["loser"]] > 1 else 1)
    winner = state["winner"]
    assert next(p for p in state["prizes"] if p["place"] == 1)["card"] == (
        min(held[winner]) if bought[winner] > 1 else None)


def test_a_player_named_twice_in_a_settled_tie_takes_his_lower_card_first():
    # eight cards: Anna 2 (she draws L3 for her card 1, L1 for her card 2), six with one card each;
    # every right-hand player wins, so round 1's band 5-8 is, by table: Anna 2, Benno, Anna 1, Clara
    sales = [buy(A, 2), *(buy(name) for name in (B, C, D, "Emil", "Franz", "Gerti"))]
    numbers = {A: ["L3", "L1"], B: ["L2"], C: ["L4"], D: ["R1"], "Emil": ["R2"], "Franz": ["R3"], "Gerti": ["R4"]}
    entries = [*sales, draw(numbers), *(result(n, w) for n, w in ((1, D), (2, "Emil"), (3, "Franz"), (4, "Gerti")))]
    state = shown(play(config(8, 2, 6), entries))
    assert [(c["player"], c["card"]) for c in state["prize_tie"]["cards"]] == [(A, 2), (B, None), (A, 1), (C, None)]
    settled = shown(play(config(8, 2, 6), [*entries, settle(A, B, A, C)]))
    assert [(p["place"], p["player"], p["card"]) for p in settled["prizes"] if p["place"] >= 5] == [
        (5, A, 1), (6, B, None)]
