"""What a Partie of Dreeg counts for a club (R37, R38): the blobs and the sub-games lost on
the hand that ends a sub-game (R3, R4, R12), the Partien played and won on the hand that
ends the eighth (R14, the win shared on equal blobs), the blobs paid into the kitty then
(R37) and the Partie ranked by blobs (R38).

The hands are the two whole games of ``data/dreeg_games.json``, worked out by hand from
RULES.md (four players ending Anna 1, Dieter 2, Benno 3, Carla 3; three ending Xaver 2,
Yvonne 2, Zenzi 4), replayed up to the hand in question."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dreeg import DREEG, DreegEntry, DreegState
from engine.game import KITTY, Tally

from .helpers import apply, entry_from_json, hand, random_entry, start

GAMES = {g["players"][0]: g for g in
         json.loads((Path(__file__).parent / "data" / "dreeg_games.json").read_text(encoding="utf-8"))["games"]}
FOUR, THREE = GAMES["Anna"], GAMES["Xaver"]
TEN_CENTS = {"per_blob": 10}
NO_MONEY = {"per_blob": 0}


def history(game: dict) -> tuple[DreegState, list[DreegEntry]]:
    return DREEG.start(game["players"], rules=game["rules"], dealer=game["dealer"]), \
        [entry_from_json(step["entry"]) for step in game["hands"]]


def tally_of(game: dict, number: int, rates: dict[str, int]) -> Tally:
    """The tally of hand ``number`` (from 1) of ``game``, played from its first deal."""
    first, entries = history(game)
    state = DREEG.replay(first, entries[:number - 1])
    return DREEG.club.tally(state, entries[number - 1], apply(state, entries[number - 1]), rates)


def totals(tallies: list[Tally]) -> tuple[dict[str, Counter[str]], Counter[str]]:
    figures: dict[str, Counter[str]] = {}
    money: Counter[str] = Counter()
    for tally in tallies:
        for player, counts in tally.figures.items():
            figures.setdefault(player, Counter()).update(counts)
        money.update(tally.money)
    return figures, money


@pytest.mark.parametrize(("game", "number", "figures"), [
    pytest.param(FOUR, 8, {"Dieter": {"blobs": 1, "subgames_lost": 1}},
                 id="R3 Dieter is the last one left in the first Deutsch: his blob, his lost sub-game"),
    pytest.param(FOUR, 7, {}, id="R3 twin: the hand before, three still in, counts nothing"),
    pytest.param(FOUR, 25, {"Benno": {"blobs": 1, "subgames_lost": 1}, "Carla": {"blobs": 1, "subgames_lost": 1}},
                 id="R4 R12 Benno and Carla reach 0 in the same Kamerun step: a blob and a lost sub-game each"),
    pytest.param(FOUR, 24, {}, id="R4 twin: the Kamerun hand before, nobody at 0, counts nothing"),
    pytest.param(THREE, 18, {"Zenzi": {"blobs": 1, "subgames_lost": 1}},
                 id="R4 three players: Zenzi alone reaches 0 in Kamerun"),
    pytest.param(THREE, 15, {"Yvonne": {"blobs": 1, "subgames_lost": 1}},
                 id="R3 three players: Yvonne is left in Rufen"),
])
def test_r3_r4_a_sub_game_counts_on_the_hand_that_ends_it(game, number, figures):
    tally = tally_of(game, number, TEN_CENTS)
    assert tally.figures == figures
    assert (tally.money, tally.ranking) == ({}, ())  # the money waits for the end of the Partie


@pytest.mark.parametrize(("game", "rates", "figures", "money", "ranking"), [
    pytest.param(FOUR, TEN_CENTS,
                 {"Anna": {"partien": 1, "partien_won": 1}, "Benno": {"partien": 1, "blobs": 1, "subgames_lost": 1},
                  "Carla": {"partien": 1}, "Dieter": {"partien": 1}},
                 {"Anna": -10, "Benno": -30, "Carla": -30, "Dieter": -20, KITTY: 90},
                 (("Anna",), ("Dieter",), ("Benno", "Carla")),
                 id="R14 Anna alone has the fewest blobs; at 10 cents a blob 90 cents go into the kitty"),
    pytest.param(THREE, TEN_CENTS,
                 {"Xaver": {"partien": 1, "partien_won": 1}, "Yvonne": {"partien": 1, "partien_won": 1},
                  "Zenzi": {"partien": 1, "blobs": 1, "subgames_lost": 1}},
                 {"Xaver": -20, "Yvonne": -20, "Zenzi": -40, KITTY: 80},
                 (("Xaver", "Yvonne"), ("Zenzi",)),
                 id="R14 twin: Xaver and Yvonne tie on 2 blobs and share the win"),
    pytest.param(FOUR, NO_MONEY,
                 {"Anna": {"partien": 1, "partien_won": 1}, "Benno": {"partien": 1, "blobs": 1, "subgames_lost": 1},
                  "Carla": {"partien": 1}, "Dieter": {"partien": 1}},
                 {}, (("Anna",), ("Dieter",), ("Benno", "Carla")),
                 id="R37 twin: a club not playing for money pays nothing, the figures and the ranking stay"),
])
def test_r14_r37_the_last_hand_finishes_the_partie(game, rates, figures, money, ranking):
    tally = tally_of(game, len(game["hands"]), rates)
    assert tally.figures == figures
    assert tally.money == money
    assert tally.ranking == ranking


def test_r37_an_ordinary_hand_counts_nothing():
    """Dieter deals the first Deutsch hand of the Partie: strokes are erased, nothing else."""
    first, entry = start(4), hand("Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", last="Anna")
    assert DREEG.club.tally(first, entry, apply(first, entry), TEN_CENTS).empty


def test_r2_the_figures_are_named_in_both_languages():
    assert [(f.name, f.title["en"], f.title["de"]) for f in DREEG.club.figures] == [
        ("partien", "games played", "Partien"), ("partien_won", "games won", "gewonnene Partien"),
        ("blobs", "blobs", "Bollen"), ("subgames_lost", "sub-games lost", "verlorene Runden")]


@pytest.mark.parametrize(("game", "rate"), [
    pytest.param(FOUR, 10, id="four players at 10 cents a blob"),
    pytest.param(THREE, 25, id="three players at 25 cents a blob"),
    pytest.param(THREE, 0, id="three players not for money"),
])
def test_r38_a_whole_partie_adds_up_to_its_final_slate(game, rate):
    first, entries = history(game)
    final = DREEG.replay(first, entries)
    tallies = [t for _, t in DREEG.tallies(first, enumerate(entries), {"per_blob": rate})]
    figures, money = totals(tallies)
    blobs = dict(zip(final.players, final.blobs))
    assert {p: figures[p]["blobs"] for p in final.players} == blobs == game["final"]["blobs"]
    assert {p: figures[p]["subgames_lost"] for p in final.players} == blobs  # a blob is a lost sub-game
    assert {p: figures[p]["partien"] for p in final.players} == dict.fromkeys(final.players, 1)
    assert [p for p in final.players if figures[p]["partien_won"]] == game["final"]["winners"]
    assert money == Counter({p: -n * rate for p, n in blobs.items()} | {KITTY: sum(blobs.values()) * rate})
    assert sum(1 for t in tallies if not t.empty) == 8  # one per sub-game, the eighth also ends the Partie


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]),
       order=st.sampled_from(["nauf_und_noo", "cycle"]), rate=st.sampled_from([0, 1, 10, 50]))
def test_r37_r38_random_partien_pay_the_kitty_and_add_up(seed, players, order, rate):
    """Random legal hands to the end (R14): every tally's money sums to 0 and its JSON
    gives it back, no figure is negative, a tally comes only with a sub-game's end, and the tallies add up to the
    final slate: blobs and lost sub-games as the blobs, one Partie each, its winners."""
    rng = random.Random(seed)
    first = state = start(players, order=order)
    entries = []
    while not state.finished:
        entries.append(random_entry(rng, state))
        state = apply(state, entries[-1]).state
    tallies = [t for _, t in DREEG.tallies(first, enumerate(entries), {"per_blob": rate})]
    assert all(sum(t.money.values()) == 0 for t in tallies)
    assert all(Tally.from_json(t.to_json()) == t for t in tallies)  # what the club keeps of it
    assert all(n > 0 for t in tallies for counts in t.figures.values() for n in counts.values())
    assert sum(1 for t in tallies if not t.empty) == len(state.subgames) == 8
    figures, money = totals(tallies)
    blobs = dict(zip(state.players, state.blobs))
    assert {p: figures[p]["blobs"] for p in state.players} == blobs
    assert {p: figures[p]["subgames_lost"] for p in state.players} == blobs
    assert tuple(p for p in state.players if figures[p]["partien_won"]) == state.winners
    assert money[KITTY] == rate * sum(blobs.values())
    (ranking,) = [t.ranking for t in tallies if t.ranking]  # R38: the Partie is one result
    assert ranking[0] == state.winners and sorted(p for group in ranking for p in group) == sorted(state.players)
