"""Invariants over random deals (hypothesis): a deal played at random by the rules and
entered both ways (trick by trick, and as the summary a table would write from the same
cards) is accepted and scores the same; a deal is worth 0 to 3 game points (plus a
carry); the Bummerl received only grow; the counter stays between 0 and 7; a match
always ends.

The deals are dealt and played by :func:`engine.tricks.deal.play_out_with_stock`: free
play while the stock is open (T2), T1 after it is exhausted or closed (T7), the winner
of a trick drawing first.  The summary is worked out here from the cards, not by the
engine: card points per trick winner, the last trick, the opponent's figures at the
closing, and the marriages a player showed by leading King or Ober while holding both.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.german import Card, Rank, card
from engine.sixtysix import DECKS, SIXTYSIX, SixtySixState, Variant
from engine.tricks.deal import play_out_with_stock
from engine.tricks.play import winning_index

from .helpers import entry_from_json

A, B = "Anna", "Benno"
SETTINGS = settings(max_examples=150, deadline=None)


@dataclass
class Deal:
    """A random deal and the two entries a table could make of it."""

    variant: Variant
    plays_entry: dict[str, Any]
    summary_entry: dict[str, Any]


def random_deal(seed: int, variant: Variant, *, leader: str, ending: str, cut: float, close: int | None) -> Deal:
    deck = DECKS[variant]
    rng = random.Random(seed)
    closed_after = None if close is None else min(close, deck.close_after_max)
    trump, plays = play_out_with_stock(rng, [A, B], leader, deck=deck.cards, cards_each=deck.hand,
                                       close_after=closed_after)
    leaders, winners, lead = [], [], leader
    for trick in plays:
        leaders.append(lead)
        second = B if lead == A else A
        lead = (lead, second)[winning_index(trick, trump)]
        winners.append(lead)
    length = len(plays)
    claim = None
    if ending == "claim":  # the winner of a trick claims right after it (on lead)
        first = closed_after + 1 if closed_after is not None else 1
        length = first + int(cut * (len(plays) - first))
        claim = winners[length - 1]
    plays = plays[:length]
    melds = _marriages(plays, leaders, trump)
    owners = [(ld, B if ld == A else A) for ld in leaders]
    points = {A: 0, B: 0}
    tricks = {A: 0, B: 0}
    for trick, winner in zip(plays, winners):
        points[winner] += sum(c.points for c in trick)
        tricks[winner] += 1
    melds = [m for m in melds if _holds_partner(m, plays, owners)]
    body: dict[str, Any] = {"trump": str(trump)}
    if melds:
        body["melds"] = [{"player": p, "suit": str(s), "trick": t} for p, s, t in melds]
    plays_entry = {**body, "plays": [[str(c) for c in trick] for trick in plays]}
    summary = {**body, "points": points, "tricks": tricks}
    if claim is not None:
        plays_entry["claim"] = summary["claim"] = claim
    if closed_after is not None:
        closer = leaders[closed_after] if closed_after < len(leaders) else winners[-1]
        other = B if closer == A else A
        before = list(zip(plays[:closed_after], winners[:closed_after]))
        plays_entry.update(closed_by=closer, closed_after=closed_after)
        summary.update(ended_by="closed", closed_by=closer, closed_after=closed_after, at_close={
            "points": sum(sum(c.points for c in t) for t, w in before if w == other),
            "tricks": sum(1 for _, w in before if w == other)})
    elif claim is not None:
        summary["ended_by"] = "claim"
    else:
        summary.update(ended_by="played_out", last_trick=winners[-1])
    return Deal(variant, plays_entry, summary)


def _marriages(plays: list[tuple[Card, ...]], leaders: list[str], trump: Any) -> list[tuple[str, Any, int]]:
    """A King or Ober led by a player who plays its partner later: shown as a marriage
    (the first time in each suit)."""
    found: list[tuple[str, Any, int]] = []
    for t, (trick, leader) in enumerate(zip(plays, leaders)):
        led = trick[0]
        if led.rank in (Rank.KING, Rank.OBER) and led.suit not in {s for _, s, _ in found}:
            found.append((leader, led.suit, t + 1))
    return found


def _holds_partner(meld: tuple[str, Any, int], plays: list[tuple[Card, ...]],
                   owners: list[tuple[str, str]]) -> bool:
    player, suit, trick = meld
    led = plays[trick - 1][0]
    partner = card(suit, Rank.OBER if led.rank is Rank.KING else Rank.KING)
    for t, (cards, who) in enumerate(zip(plays, owners)):
        if partner in cards:
            return t >= trick - 1 and who[cards.index(partner)] == player
    return False  # never played: who held it is unknown, so no marriage is entered


deals = st.builds(
    random_deal,
    seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from(list(Variant)),
    leader=st.just(B),  # Anna deals the first deal
    ending=st.sampled_from(["claim", "played_out"]),
    cut=st.floats(0, 0.999),
    close=st.none() | st.integers(0, 4),
)


def _start(variant: Variant, **rules: str) -> SixtySixState:
    return SIXTYSIX.start([A, B], rules={"variant": variant.value, **rules})


@SETTINGS
@given(deal=deals)
def test_a_random_deal_entered_both_ways_scores_the_same(deal: Deal) -> None:
    state = _start(deal.variant)
    by_plays = SIXTYSIX.apply(state, entry_from_json(deal.plays_entry)).result
    by_summary = SIXTYSIX.apply(state, entry_from_json(deal.summary_entry)).result
    assert (by_plays.winner, by_plays.game_points, by_plays.ending) == \
        (by_summary.winner, by_summary.game_points, by_summary.ending)
    assert dict(by_plays.totals) == dict(by_summary.totals)
    assert 0 <= by_plays.game_points <= 3
    assert (by_plays.winner is None) == (by_plays.game_points == 0)


@SETTINGS
@given(seeds=st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=400), variant=st.sampled_from(list(Variant)),
       target=st.sampled_from(["1", "2", "3"]), tournament=st.sampled_from(["false", "true"]),
       tie=st.sampled_from(["carry", "last_trick_wins"]))
def test_a_match_always_ends_and_the_counter_only_moves_forward(seeds: list[int], variant: Variant, target: str,
                                                                 tournament: str, tie: str) -> None:
    state = _start(variant, bummerl=target, tournament=tournament, tie=tie)
    rng = random.Random(seeds[0])
    deals_played = 0
    while not state.finished:
        assert deals_played < 7 * 2 * int(target) * 4, "a match always ends"
        deal = random_deal(rng.getrandbits(32), variant, leader=state.other(state.dealer or A),
                           ending=rng.choice(["claim", "played_out"]), cut=rng.random(),
                           close=rng.choice([None, None, 0, 1, 2, 3]))
        entry = deal.plays_entry if rng.random() < 0.5 else deal.summary_entry
        before = state
        outcome = SIXTYSIX.apply(state, entry_from_json({**entry, "dealer": state.dealer}))
        state, result = outcome.state, outcome.result
        deals_played += 1
        assert all(b1 >= b0 for b0, b1 in zip(before.bummerl, state.bummerl)), "Bummerl received only grow"
        assert all(0 <= s <= 7 for s in state.score)
        assert 0 <= result.game_points <= 3 and result.carry_used <= deals_played
        if result.winner is not None:
            index = state.players.index(result.winner)
            moved = before.score[index] - result.score[result.winner]
            assert moved == min(before.score[index], result.game_points + result.carry_used)
        assert state.dealer in (None, before.other(before.dealer or A)), "the deal alternates (R23)"
    assert max(state.bummerl) >= int(target)
    assert state.winner == state.other(state.players[state.bummerl.index(max(state.bummerl))])
