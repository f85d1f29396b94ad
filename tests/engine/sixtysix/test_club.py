"""What a match of Sixty-Six or Schnapsen counts for a club (R37, R38): a deal to both
players for every deal, and on the deal that decides a Bummerl (R22) the Bummerl won and
received (two for a Schneider, one in tournament mode), the Schneider, the receiver paying
the winner per Bummerl (R37) and the winner ranked over the receiver (R38).

Deals are written as in ``test_bummerl``: ``"A3 B2 tie"`` is who won each deal with how
many game points (a Renonce for 3, claims for 2 and 1, a 65:65).  Whole matches are the two
of ``data/matches.json``, worked out by hand from RULES.md."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.game import Tally
from engine.sixtysix import SIXTYSIX, SixtySixEntry, SixtySixState, Variant

from .helpers import entry_from_json
from .test_bummerl import TIE, WINS
from .test_properties import SETTINGS, random_deal

A, B = "Anna", "Benno"
MATCHES = {m["name"]: m for m in
           json.loads((Path(__file__).parent / "data" / "matches.json").read_text(encoding="utf-8"))["matches"]}


def written(deals: str) -> list[SixtySixEntry]:
    entries = []
    for word in deals.split():
        winner, other = (A, B) if word[0] == "A" else (B, A)
        entries.append(entry_from_json(TIE if word == "tie" else WINS[int(word[1:])](winner, other)))
    return entries


def tallies(first: SixtySixState, entries: list[SixtySixEntry], rate: int) -> list[Tally]:
    return [t for _, t in SIXTYSIX.tallies(first, enumerate(entries), {"per_bummerl": rate})]


def totals(counted: list[Tally]) -> tuple[dict[str, Counter[str]], Counter[str]]:
    figures: dict[str, Counter[str]] = {}
    money: Counter[str] = Counter()
    for tally in counted:
        for player, counts in tally.figures.items():
            figures.setdefault(player, Counter()).update(counts)
        money.update(tally.money)
    return figures, money


DEAL = {"deals": 1}
ANNA_OVER_BENNO = ((A,), (B,))


@pytest.mark.parametrize(("deals", "rules", "rate", "figures", "money", "ranking"), [
    pytest.param("A3 B2 A3 A1", {}, 50,
                 {A: {**DEAL, "bummerl_won": 1}, B: {**DEAL, "bummerl_received": 1}},
                 {A: 50, B: -50}, ANNA_OVER_BENNO,
                 id="R22 Anna reaches 0, Benno at 5 gets the Bummerl and pays 50 cents"),
    pytest.param("A3 B2 A3", {}, 50, {A: DEAL, B: DEAL}, {}, (),
                 id="R22 twin: Anna still at 1, a deal each and nothing else"),
    pytest.param("A3 A3 A1", {"bummerl": "3"}, 50,
                 {A: {**DEAL, "bummerl_won": 1, "schneider_won": 1},
                  B: {**DEAL, "bummerl_received": 2, "schneider_received": 1}},
                 {A: 100, B: -100}, ANNA_OVER_BENNO,
                 id="R22 R37 Benno still at 7 is Schneider: two Bummerl, he pays twice"),
    pytest.param("A3 B1 A3 A1", {"bummerl": "3"}, 50,
                 {A: {**DEAL, "bummerl_won": 1}, B: {**DEAL, "bummerl_received": 1}},
                 {A: 50, B: -50}, ANNA_OVER_BENNO,
                 id="R22 twin: Benno won a deal and is at 6, no Schneider, one Bummerl"),
    pytest.param("A3 A3 A1", {"bummerl": "3", "tournament": "true"}, 50,
                 {A: {**DEAL, "bummerl_won": 1, "schneider_won": 1},
                  B: {**DEAL, "bummerl_received": 1, "schneider_received": 1}},
                 {A: 50, B: -50}, ANNA_OVER_BENNO,
                 id="R22 twin: in tournament mode the Schneider counts single and is paid once"),
    pytest.param("A3 A3 A1", {"bummerl": "3"}, 0,
                 {A: {**DEAL, "bummerl_won": 1, "schneider_won": 1},
                  B: {**DEAL, "bummerl_received": 2, "schneider_received": 1}}, {}, ANNA_OVER_BENNO,
                 id="R37 twin: not for money, the Schneider counts and nobody pays"),
    pytest.param("A3 A3 A3", {"variant": "schnapsen", "bummerl": "3"}, 20,
                 {A: {**DEAL, "bummerl_won": 1, "schneider_won": 1},
                  B: {**DEAL, "bummerl_received": 2, "schneider_received": 1}},
                 {A: 40, B: -40}, ANNA_OVER_BENNO,
                 id="R16 R22 Schnapsen alike: three Renonces, Benno Schneider"),
    pytest.param("A3 A3 tie A1", {"bummerl": "3"}, 50,
                 {A: {**DEAL, "bummerl_won": 1, "schneider_won": 1},
                  B: {**DEAL, "bummerl_received": 2, "schneider_received": 1}},
                 {A: 100, B: -100}, ANNA_OVER_BENNO,
                 id="R21 R22 the carry of a 65:65 takes Anna from 1 to 0: Schneider"),
    pytest.param("A3 A3 tie", {"bummerl": "3"}, 50, {A: DEAL, B: DEAL}, {}, (),
                 id="R21 twin: the 65:65 itself is a deal for both and decides nothing"),
])
def test_r22_r37_the_deal_that_decides_a_bummerl(deals, rules, rate, figures, money, ranking):
    entries = written(deals)
    last = tallies(SIXTYSIX.start([A, B], rules=rules), entries, rate)[-1]
    assert last.figures == figures
    assert last.money == money
    assert last.ranking == ranking


def test_r38_each_bummerl_ranks_its_winner_over_its_receiver():
    """To three Bummerl: Anna gives Benno a Schneider, then Benno gives her one back."""
    counted = tallies(SIXTYSIX.start([A, B], rules={"bummerl": "3"}), written("A3 A3 A1 B3 B3 B1"), 10)
    assert [(t.ranking, t.money) for t in counted if t.ranking] == [
        (((A,), (B,)), {A: 20, B: -20}), (((B,), (A,)), {B: 20, A: -20})]


def test_r38_the_figures_are_named_in_both_languages():
    assert [(f.name, f.title["en"], f.title["de"]) for f in SIXTYSIX.club.figures] == [
        ("deals", "deals played", "Spiele"), ("bummerl_won", "Bummerl won", "Bummerl gewonnen"),
        ("bummerl_received", "Bummerl received", "Bummerl bekommen"),
        ("schneider_won", "Schneider won", "Schneider gewonnen"),
        ("schneider_received", "Schneider received", "Schneider bekommen")]


@pytest.mark.parametrize(("name", "rate", "figures", "money"), [
    pytest.param("sixtysix_two_bummerl_schneider", 20,
                 {"Anna": {"deals": 10, "bummerl_won": 1, "bummerl_received": 1, "schneider_won": 1},
                  "Benno": {"deals": 10, "bummerl_won": 1, "bummerl_received": 2, "schneider_received": 1}},
                 {"Anna": 20, "Benno": -20},
                 id="Sixty-Six to two: Anna pays 20 for the first Bummerl, Benno 40 for the Schneider"),
    pytest.param("schnapsen_three_bummerl_tournament", 20,
                 {"Resi": {"deals": 17, "bummerl_won": 3, "bummerl_received": 1, "schneider_won": 1},
                  "Ferdl": {"deals": 17, "bummerl_won": 1, "bummerl_received": 3, "schneider_received": 1}},
                 {"Resi": 40, "Ferdl": -40},
                 id="Schnapsen to three in tournament mode: the first Bummerl a Schneider counted single"),
])
def test_r38_a_whole_match_adds_up_to_its_final_state(name, rate, figures, money):
    match = MATCHES[name]
    first = SIXTYSIX.start(match["players"], rules=match["rules"], dealer=match["dealer"])
    entries = [entry_from_json(step["entry"]) for step in match["deals"]]
    final = SIXTYSIX.replay(first, entries)
    counted = tallies(first, entries, rate)
    summed, paid = totals(counted)
    assert {p: dict(c) for p, c in summed.items()} == figures
    assert dict(paid) == money
    assert {p: summed[p]["bummerl_received"] for p in final.players} == dict(zip(final.players, final.bummerl))
    assert len([t for t in counted if t.ranking]) == len(final.bummerls)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(list(Variant)),
       target=st.sampled_from(["1", "2", "3"]), tournament=st.sampled_from(["false", "true"]),
       rate=st.sampled_from([0, 1, 50]))
def test_r37_r38_random_matches_pay_in_full_and_add_up(seed, variant, target, tournament, rate):
    """Random deals to the end of the match (as in ``test_properties``): every tally's
    money sums to 0 and its JSON gives it back, no figure is negative, and the tallies add up to the final state:
    deals, Bummerl received (Schneider doubled or not) and won, one ranked result and one
    payment per Bummerl, each player's net the rate times the Bummerl he gave less those
    he got."""
    first = state = SIXTYSIX.start([A, B], rules={"variant": variant.value, "bummerl": target,
                                                  "tournament": tournament})
    rng = random.Random(seed)
    entries = []
    while not state.finished:
        deal = random_deal(rng.getrandbits(32), variant, leader=state.other(state.dealer or A),
                           ending=rng.choice(["claim", "played_out"]), cut=rng.random(),
                           close=rng.choice([None, None, 0, 1, 2, 3]))
        body = deal.plays_entry if rng.random() < 0.5 else deal.summary_entry
        entries.append(entry_from_json({**body, "dealer": state.dealer}))
        state = SIXTYSIX.apply(state, entries[-1]).state
    counted = tallies(first, entries, rate)
    assert all(sum(t.money.values()) == 0 for t in counted)
    assert all(Tally.from_json(t.to_json()) == t for t in counted)  # what the club keeps of it
    assert all(n > 0 for t in counted for figures in t.figures.values() for n in figures.values())
    summed, paid = totals(counted)
    received = dict(zip(state.players, state.bummerl))
    assert {p: summed[p]["deals"] for p in state.players} == dict.fromkeys(state.players, state.deals)
    assert {p: summed[p]["bummerl_received"] for p in state.players} == received
    assert {p: summed[p]["bummerl_won"] for p in state.players} == \
        {p: sum(1 for r in state.bummerls if r.winner == p) for p in state.players}
    assert sum(summed[p]["schneider_received"] for p in state.players) == \
        sum(1 for r in state.bummerls if r.schneider)
    assert [t.ranking for t in counted if t.ranking] == [((r.winner,), (r.loser,)) for r in state.bummerls]
    assert {p: paid[p] for p in state.players} == {p: rate * (received[state.other(p)] - received[p])
                                                    for p in state.players}
