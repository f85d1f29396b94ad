"""A Deutsch sub-game from first deal to blob: erasing (R2), dropping out (R3), dealing
(R13), the next sub-game (R1), the end of the game (R14), and invariants of the fold."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.german import Suit
from engine.dreeg import DREEG, DreegEntry, DreegState, SubGame
from engine.errors import ConfigError, RuleViolation
from engine.tricks.deal import deal, play_out, play_out_with_stock
from engine.tricks.play import TrickRules, winning_index

from .helpers import apply, hand, start

CLEAR_FOUR = "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1"  # 3 2 1 0


def test_a_whole_deutsch_sub_game_to_its_blob():
    state = start(4)  # Dieter deals, Anna is forehand
    steps = [
        # entry, last trick, strokes after (Anna, Benno, Carla, Dieter), active after
        (CLEAR_FOUR, "Dieter", (4, 5, 6, 7)),
        (CLEAR_FOUR, "Dieter", (1, 3, 5, 7)),
        (CLEAR_FOUR, "Dieter", (0, 1, 4, 7)),   # Anna erases only 1 (R2) and drops out (R3)
        ("Benno 60/4 Carla 40/3 Dieter 20/1", "Benno", (0, 0, 3, 7)),  # 2/1/0 with three: Benno drops out
        ("Carla 70/6 Dieter 50/6", "Dieter", (0, 0, 2, 7)),  # 1/0 with two
        ("Carla 70/6 Dieter 50/6", "Dieter", (0, 0, 1, 7)),
    ]
    dealers = []
    for line, last, strokes in steps:
        dealers.append(state.dealer)
        outcome = apply(state, hand(line, last=last))
        state = outcome.state
        assert state.strokes == strokes
    assert dealers == ["Dieter", "Carla", "Benno", "Anna", "Dieter", "Carla"]  # counter-clockwise, R13
    last = apply(state, hand("Carla 70/6 Dieter 50/6", last="Carla"))
    assert last.result.dropped == ("Carla",)
    assert last.result.losers == ("Dieter",)
    after = last.state
    assert after.blobs == (0, 0, 0, 1)
    assert after.subgame == 2 and after.subgame_type is SubGame.ACE_OF_HEARTS
    assert after.strokes == (7, 7, 7, 7) and after.active == ("Anna", "Benno", "Carla", "Dieter")
    assert after.dealer is None and after.chooser == ("Dieter",)
    assert [s.losers for s in after.subgames] == [("Dieter",)]
    assert {n.code for n in last.result.notes} >= {"subgame_lost", "choose_dealer", "dropped_out"}


def test_capped_erase_is_explained_r2():
    state = replace(start(4), strokes=(2, 7, 7, 7))
    outcome = apply(state, hand(CLEAR_FOUR, last="Anna"))
    assert outcome.result.due["Anna"] == 3 and outcome.result.subtract["Anna"] == 2
    assert any(n.code == "erase_capped" and n.rule == "R2" for n in outcome.result.notes)
    assert outcome.result.dropped == ("Anna",)


def test_several_players_drop_out_after_the_same_hand_r3():
    state = replace(start(4), strokes=(3, 2, 5, 7))
    outcome = apply(state, hand(CLEAR_FOUR, last="Anna"))
    assert outcome.result.dropped == ("Anna", "Benno")
    assert outcome.state.active == ("Carla", "Dieter")


def test_the_next_sub_game_waits_for_the_losers_choice_of_dealer_r13():
    state = replace(start(4), subgame=2, dealer=None, chooser=("Dieter",))
    with pytest.raises(RuleViolation) as err:
        apply(state, hand(CLEAR_FOUR, last="Anna"))
    assert (err.value.rule, err.value.code, err.value.field) == ("R13", "dealer_choice_required", "dealer")
    outcome = apply(state, hand(CLEAR_FOUR, last="Anna", dealer="Benno", declarer="Dieter", trump="H"))
    assert outcome.result.dealer == "Benno" and outcome.result.forehand == "Carla"
    assert outcome.state.dealer == "Anna"


def test_the_loser_may_choose_any_player_including_himself_r13():
    state = replace(start(4), subgame=8, dealer=None, chooser=("Dieter",))  # sub-game 8 is Deutsch (R1)
    outcome = apply(state, hand(CLEAR_FOUR, last="Anna", dealer="Dieter"))
    assert outcome.result.dealer == "Dieter" and outcome.result.forehand == "Anna"
    assert outcome.state.dealer == "Carla"


def test_clockwise_rotation_house_rule_r13():
    state = start(4, rotation="clockwise")
    state = apply(state, hand(CLEAR_FOUR, last="Anna")).state
    assert state.dealer == "Anna" and state.forehand == "Benno"


def test_a_dropped_out_dealer_still_deals_and_forehand_skips_him_r13():
    state = replace(start(4, dealer="Benno"), strokes=(0, 0, 5, 7), active=("Carla", "Dieter"))
    assert state.forehand == "Carla"
    outcome = apply(state, hand("Carla 70/6 Dieter 50/6", last="Dieter"))
    assert outcome.result.dealer == "Benno" and outcome.state.dealer == "Anna"
    assert outcome.state.forehand == "Carla"


def test_eighth_sub_game_ends_the_game_and_fewest_blobs_win_r14():
    state = replace(start(4), subgame=8, blobs=(2, 1, 3, 1), strokes=(0, 0, 1, 1), active=("Carla", "Dieter"))
    outcome = apply(state, hand("Carla 70/6 Dieter 50/6", last="Carla"))
    end = outcome.state
    assert end.finished and end.blobs == (2, 1, 3, 2)
    assert end.winners == ("Benno",)
    assert end.dealer is None and end.forehand is None
    with pytest.raises(RuleViolation) as err:
        apply(end, hand("Carla 70/6 Dieter 50/6", last="Carla"))
    assert err.value.rule == "R14"


def test_cycle_order_house_rule_r1():
    assert [s.value for s in start(4, order="cycle").order] == [
        "deutsch", "ace_of_hearts", "rufen", "kamerun", "deutsch", "ace_of_hearts", "rufen", "kamerun"]
    assert [s.value for s in start(4).order] == [
        "deutsch", "ace_of_hearts", "rufen", "kamerun", "kamerun", "rufen", "ace_of_hearts", "deutsch"]


@pytest.mark.parametrize(("players", "rules", "dealer", "code", "field"), [
    pytest.param(["Anna"], None, None, "player_count", "players", id="one player"),
    pytest.param(["A", "B", "C", "D", "E"], None, None, "player_count", "players", id="five players"),
    pytest.param(["Anna", "anna"], None, None, "player_duplicate", "players.1", id="same name twice"),
    pytest.param(["Anna", "  "], None, None, "player_name", "players.1", id="blank name"),
    pytest.param(["Anna", "x" * 25], None, None, "player_name", "players.1", id="name too long"),
    pytest.param(["Anna", "Be\x00nno"], None, None, "player_name", "players.1", id="control character"),
    pytest.param(["Anna", "Benno"], {"order": "random"}, None, "bad_rule_value", "rules.order", id="bad house rule"),
    pytest.param(["Anna", "Benno"], {"trumps": "x"}, None, "unknown_rule", "rules.trumps", id="unknown house rule"),
    pytest.param(["Anna", "Benno"], None, "Zoe", "unknown_player", "dealer", id="dealer not at the table"),
])
def test_match_set_up_is_checked(players, rules, dealer, code, field):
    with pytest.raises(ConfigError) as err:
        DREEG.start(players, rules=rules, dealer=dealer)
    assert (err.value.code, err.value.field) == (code, field)


def test_names_are_trimmed_and_any_script_is_welcome():
    state = DREEG.start(["  Ånna ", "Бенно", "カルラ"], dealer=" Бенно")
    assert state.players == ("Ånna", "Бенно", "カルラ") and state.dealer == "Бенно"


# --- hypothesis: random legal hands -----------------------------------------------------------


def _random_hand(rng: random.Random, state: DreegState) -> DreegEntry:
    players, leader = state.active, state.forehand
    if len(players) == 2:
        close_after = rng.choice([None, None, 0, 1, 2, 3, 4])
        trump, plays = play_out_with_stock(rng, players, leader, close_after=close_after)
        if close_after is not None:
            closer = _on_lead_after(plays[:close_after], players, leader, trump)
            return DreegEntry(trump=trump, plays=tuple(plays), closed_by=closer, closed_after=close_after)
    else:
        trump = rng.choice(list(Suit))
        plays = play_out(rng, deal(rng, players, cards_each=24 // len(players)), players, leader,
                         rules=TrickRules(trump))
    return DreegEntry(trump=trump, plays=tuple(plays))


def _on_lead_after(tricks, players, leader, trump):
    """Who leads once ``tricks`` have been played (the closer must be on lead, T7)."""
    for trick in tricks:
        seat = players.index(leader)
        leader = players[(seat + winning_index(trick, trump)) % len(players)]
    return leader


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_a_hand_entered_trick_by_trick_scores_like_its_summary(seed, players):
    rng = random.Random(seed)
    state = start(players)
    for _ in range(4):
        entry = _random_hand(rng, state)
        by_plays = apply(state, entry)
        facts = by_plays.result.facts
        summary = DreegEntry(points=dict(facts.points), tricks=dict(facts.tricks), last_trick=facts.last_trick,
                             trump=facts.trump, closed_by=entry.closed_by, closed_after=entry.closed_after)
        by_summary = apply(state, summary)
        if entry.closed_by is None:
            assert sum(facts.points.values()) == 120
        else:  # the stock left untaken after closing
            assert sum(facts.tricks.values()) == entry.closed_after + 6
        assert by_summary.result.due == by_plays.result.due
        assert by_summary.state == by_plays.state
        state = by_plays.state
        if state.subgame != 1:
            break


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_folding_a_sub_game_invariants(seed, players):
    rng = random.Random(seed)
    first = start(players)
    state, entries = first, []
    while state.subgame == 1:
        entry = _random_hand(rng, state)
        outcome = apply(state, entry)
        entries.append(entry)
        new = outcome.state
        assert DREEG.state_from_json(DREEG.state_to_json(new)) == new  # snapshots round-trip
        if new.subgame == 1:
            assert all(a <= b for a, b in zip(new.strokes, state.strokes))  # strokes never rise
            assert new.blobs == state.blobs  # blobs only at the end of a sub-game
            assert all(s >= 0 for s in new.strokes)
            assert set(new.active) <= set(state.active)
        state = new
        assert len(entries) < 60
    assert sum(state.blobs) == 1  # exactly one loser of a Deutsch sub-game
    assert DREEG.replay(first, entries) == state  # any accepted history replays to the same state


@settings(max_examples=200, deadline=None)
@given(points=st.lists(st.integers(-5, 125), min_size=4, max_size=4),
       tricks=st.lists(st.integers(-1, 7), min_size=4, max_size=4),
       last=st.sampled_from(["Anna", "Benno", "Carla", "Dieter", None]))
def test_any_summary_is_scored_or_refused_with_a_rule(points, tricks, last):
    names = ("Anna", "Benno", "Carla", "Dieter")
    entry = DreegEntry(points=dict(zip(names, points)), tricks=dict(zip(names, tricks)), last_trick=last)
    try:
        outcome = apply(start(4), entry)
    except RuleViolation as err:
        assert err.rule in {"R15", "R6"} and err.field
        return
    assert sum(points) == 120 and sum(tricks) == 6
    assert sorted(outcome.result.due.values()) == [0, 1, 2, 3] or len(set(points)) < 4


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]),
       order=st.sampled_from(["nauf_und_noo", "cycle"]), aoh=st.sampled_from(["solo", "each_for_himself"]))
def test_a_whole_game_of_eight_sub_games(seed, players, order, aoh):
    """Random legal hands from the first deal to the final ranking: strokes stay in 0-7,
    blobs come only at the end of a sub-game and only to the losers the result names,
    the game ends after eight sub-games with the fewest blobs winning (R14), and the
    history replays to the same state."""
    from .helpers import random_entry

    rng = random.Random(seed)
    first = start(players, order=order, aoh=aoh)
    state, entries = first, []
    while not state.finished:
        entry = random_entry(rng, state)
        outcome = apply(state, entry)
        entries.append(entry)
        new, result = outcome.state, outcome.result
        assert all(0 <= s <= 7 for s in new.strokes)
        gained = {p for p, a, b in zip(state.players, state.blobs, new.blobs) if b != a}
        assert gained == set(result.losers)
        assert all(b - a in (0, 1) for a, b in zip(state.blobs, new.blobs))
        if result.losers:
            assert new.subgame == state.subgame + 1 or new.finished
            assert new.chooser == result.losers or new.finished
        assert DREEG.state_from_json(DREEG.state_to_json(new)) == new
        state = new
        assert len(entries) < 400
    assert len(state.subgames) == 8 and sum(state.blobs) >= 8
    fewest = min(state.blobs)
    assert state.winners == tuple(p for p, b in zip(state.players, state.blobs) if b == fewest)
    assert DREEG.replay(first, entries) == state
    with pytest.raises(RuleViolation):
        apply(state, entries[-1])
