"""The Obers through the engine: its order (Obers, Unters, Herz), T1 asked of it, a hand
dealt from a seeded shuffle and played out, and any legal hand's 120 card points."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.german import DECK_32, Suit, parse_long_card
from engine.errors import IllegalPlay, RuleViolation
from engine.tricks.deal import deal, play_out
from engine.tricks.play import replay, trick_winner
from tests.tricks_game.game import GAME, RULES, ObersEntry
from tests.tricks_game.order import ORDER, PLAIN, TRUMPS, TRUMPS_HIGH_TO_LOW

PLAYERS = ("Anna", "Benno", "Carla", "Dieter")


def cards(text):
    return tuple(parse_long_card(t) for t in text.split())


def oracle_winner(trick):
    """The winner worked out apart from the order: the highest trump by the list of
    trumps, else the highest card of the suit led by A 10 K 9 8 7."""
    trumps = [c for c in trick if c in TRUMPS_HIGH_TO_LOW]
    if trumps:
        return min(trumps, key=TRUMPS_HIGH_TO_LOW.index)
    return min((c for c in trick if c.suit is trick[0].suit), key=lambda c: PLAIN.index(c.rank))


# --- the order --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "trump"), [
    pytest.param("SO", True, id="the Schellen Ober is a trump"),
    pytest.param("GU", True, id="the Gras Unter is a trump"),
    pytest.param("H7", True, id="the Herz seven is a trump"),
    pytest.param("GA", False, id="the Gras ace is no trump"),
    pytest.param("E10", False, id="the Eichel ten is no trump"),
    pytest.param("S7", False, id="the Schellen seven is no trump"),
])
def test_obers_unters_and_herz_are_the_trumps(text, trump):
    assert ORDER.is_trump(cards(text)[0]) is trump


@pytest.mark.parametrize(("text", "follows"), [
    pytest.param("HO", TRUMPS, id="a Herz Ober led is a trump, not a Herz"),
    pytest.param("EU", TRUMPS, id="an Eichel Unter led is a trump, not an Eichel"),
    pytest.param("EA", Suit.ACORNS, id="the Eichel ace led is an Eichel"),
])
def test_what_a_card_follows(text, follows):
    assert ORDER.follows(cards(text)[0]) is follows


def test_there_are_fourteen_trumps_high_to_low():
    assert [str(c) for c in TRUMPS_HIGH_TO_LOW] == \
        "EO GO HO SO EU GU HU SU HA H10 HK H9 H8 H7".split()
    strengths = [ORDER.strength(c) for c in TRUMPS_HIGH_TO_LOW]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 14


@pytest.mark.parametrize(("trick", "winner"), [
    pytest.param("GO EO HO SO", "EO", id="the Eichel Ober is the highest card"),
    pytest.param("HA SU H10 HK", "SU", id="the lowest Unter beats the Herz ace"),
    pytest.param("EA H7 E10 EK", "H7", id="the Herz seven trumps the Eichel ace"),
    pytest.param("GA E10 SA G9", "GA", id="off-suit aces do not win a Gras trick"),
    pytest.param("G9 GK GO G10", "GO", id="the Gras Ober trumps the Gras trick it is played to"),
    pytest.param("S7 S8 S9 SK", "SK", id="the Schellen king over nine over eight over seven"),
])
def test_trick_winner_by_the_order(trick, winner):
    assert str(trick_winner(cards(trick), ORDER)) == winner == str(oracle_winner(cards(trick)))


# --- T1 in the order: legal plays with their illegal twins --------------------------------


@pytest.mark.parametrize(("hand", "trick", "legal"), [
    pytest.param("H9 S10 SA", "SO", "H9", id="Schellen Ober led: follow with a trump, not a Schellen"),
    pytest.param("EU H7 HK", "HA", "EU", id="Herz ace led: win with the Unter"),
    pytest.param("GO G10 G7", "GA", "G10 G7", id="Gras ace led: the Gras Ober is no Gras"),
    pytest.param("EU S9", "GA", "EU", id="cannot follow Gras: must trump"),
    pytest.param("SU EO S9", "GA HU", "EO", id="must beat the Herz Unter in the trick"),
    pytest.param("E7 S9", "HO", "E7 S9", id="no trump to an Ober led: any card"),
])
def test_legal_plays_t1(hand, trick, legal):
    assert RULES.legal_plays(cards(hand), cards(trick)) == cards(legal)


@pytest.mark.parametrize(("hand", "trick", "card", "code"), [
    pytest.param("H9 S10 SA", "SO", "SA", "must_follow", id="a Schellen to the Schellen Ober led"),
    pytest.param("EU H7 HK", "HA", "H7", "must_win", id="the Herz seven under the Herz ace, holding the Unter"),
    pytest.param("GO G10 G7", "GA", "GO", "must_follow", id="the Gras Ober to the Gras ace, holding Gras"),
    pytest.param("EU S9", "GA", "S9", "must_trump", id="a Schellen discarded, holding the Eichel Unter"),
    pytest.param("SU EO S9", "GA HU", "SU", "must_overtrump", id="undertrumping with the Schellen Unter"),
])
def test_illegal_plays_name_t1(hand, trick, card, code):
    assert RULES.why_illegal(cards(hand), cards(trick), cards(card)[0]) == ("T1", code)


# --- a hand dealt from a seeded shuffle ----------------------------------------------------


def dealt_hand(seed):
    rng = random.Random(seed)
    hands = deal(rng, PLAYERS, cards_each=8, deck=DECK_32)
    leader = rng.choice(PLAYERS)
    return hands, leader, play_out(rng, hands, PLAYERS, leader, rules=RULES)


def test_a_seeded_hand_of_eight_tricks_played_through_the_engine():
    hands, leader, plays = dealt_hand(19)
    assert sorted(map(str, (c for t in plays for c in t))) == sorted(map(str, DECK_32))
    played = replay(PLAYERS, leader, plays, rules=RULES)
    assert len(played.tricks) == 8 and sum(played.points.values()) == 120
    for trick in played.tricks:
        assert trick.cards[trick.players.index(trick.winner)] is oracle_winner(trick.cards)
    assert all(played.held[name] == frozenset(hands[name]) for name in PLAYERS)
    outcome = GAME.apply(GAME.start(PLAYERS), ObersEntry(leader, tuple(plays)))
    assert outcome.result.points == played.points and sum(outcome.state.points) == 120


def test_an_ober_led_is_followed_with_trumps_by_whoever_holds_one():
    for seed in range(40):
        _, leader, plays = dealt_hand(seed)
        played = replay(PLAYERS, leader, plays, rules=RULES)
        left = {name: set(played.held[name]) for name in PLAYERS}
        for trick in played.tricks:
            for card_played, who in zip(trick.cards, trick.players):
                if ORDER.is_trump(trick.cards[0]) and any(ORDER.is_trump(c) for c in left[who]):
                    assert ORDER.is_trump(card_played), (seed, trick)
                left[who].discard(card_played)


def test_a_hand_with_a_schellen_to_an_ober_led_is_refused_t1():
    _, leader, plays = dealt_hand(19)
    swapped = _break_a_trump_lead(leader, plays)
    with pytest.raises(IllegalPlay) as refused:
        GAME.apply(GAME.start(PLAYERS), ObersEntry(leader, swapped))
    assert refused.value.rule == "T1" and refused.value.code == "must_follow"


def _break_a_trump_lead(leader, plays):
    """The seeded hand with the first trick that breaks nothing made to: a player who
    followed a trump lead with a trump plays a plain card of his instead (a later one)."""
    played = replay(PLAYERS, leader, plays, rules=RULES)
    for t, trick in enumerate(played.tricks):
        if not ORDER.is_trump(trick.cards[0]):
            continue
        for position in range(1, 4):
            who = trick.players[position]
            later = [(u, i) for u in range(t + 1, 8) for i, c in enumerate(played.tricks[u].cards)
                     if played.tricks[u].players[i] == who and not ORDER.is_trump(c)
                     and ORDER.follows(c) == ORDER.follows(played.tricks[u].cards[0]) and i > 0]
            if ORDER.is_trump(trick.cards[position]) and later:
                u, i = later[0]
                rows = [list(x.cards) for x in played.tricks]
                rows[t][position], rows[u][i] = rows[u][i], rows[t][position]
                return tuple(tuple(r) for r in rows)
    raise AssertionError("no trump lead to break in this hand")


def test_a_hand_of_seven_tricks_is_refused_t8():
    _, leader, plays = dealt_hand(19)
    with pytest.raises(RuleViolation) as refused:
        GAME.apply(GAME.start(PLAYERS), ObersEntry(leader, tuple(plays[:7])))
    assert (refused.value.rule, refused.value.code) == ("T8", "obers_eight_tricks")
    assert refused.value.message("de") == "Eine Hand Obers hat acht Stiche, nicht 7."


@settings(max_examples=60, deadline=None)
@given(st.permutations(DECK_32), st.integers(0, 3), st.randoms(use_true_random=False))
def test_any_legal_hand_makes_120_and_every_trick_goes_to_its_highest_card(deck, lead, rng):
    hands = {name: deck[i * 8:(i + 1) * 8] for i, name in enumerate(PLAYERS)}
    plays = play_out(rng, hands, PLAYERS, PLAYERS[lead], rules=RULES)
    played = replay(PLAYERS, PLAYERS[lead], plays, rules=RULES)
    assert sum(played.points.values()) == 120 and sum(played.tricks_won.values()) == 8
    for trick in played.tricks:
        assert trick.cards[trick.players.index(trick.winner)] is oracle_winner(trick.cards)
    assert played.on_lead == played.tricks[-1].winner
