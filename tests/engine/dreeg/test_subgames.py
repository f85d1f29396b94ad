"""Ace of Hearts (R7), Rufen (R11), the side scoring they share (R8, R9, R10) and
Kamerun (R12, R4): rule tables of real hands, each with its illegal twin."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.german import Rank, Suit, card, parse_card
from engine.dreeg import DreegEntry, Meld
from engine.dreeg.entries import UNSET
from engine.errors import RuleViolation
from engine.tricks.deal import deal, play_out
from engine.tricks.play import KamerunRules, RufenRules, TrickRules

from .helpers import NAMES, apply, hand, start

AOH, RUFEN, KAMERUN = 2, 3, 4  # sub-game numbers in the default order nauf und noo (R1)


def at(subgame: int, players: int = 4, **rules: str):
    """A match whose sub-game ``subgame`` is running (Dieter deals: Anna is forehand)."""
    return replace(start(players, **rules), subgame=subgame)


def due_of(outcome) -> list[int]:
    return list(outcome.result.due.values())


# --- Ace of Hearts: the heart-ace holder against the rest (R7, R8, R9) ------------------------


@pytest.mark.parametrize(("line", "last", "extra", "due"), [
    pytest.param("Anna 70/3 Benno 20/1 Carla 20/1 Dieter 10/1", "Anna", {}, "1 0 0 0",
                 id="declarer 70 against 50: opponents have 33 or more, 1"),
    pytest.param("Anna 90/4 Benno 20/1 Carla 10/1 Dieter 0/0", "Anna", {}, "2 0 0 0",
                 id="declarer 90: opponents under 33 with a trick, 2"),
    pytest.param("Anna 120/6 Benno 0/0 Carla 0/0 Dieter 0/0", "Anna", {}, "3 0 0 0",
                 id="declarer takes every trick, 3"),
    pytest.param("Anna 87/4 Benno 33/2 Carla 0/0 Dieter 0/0", "Anna", {}, "1 0 0 0",
                 id="opponents on exactly 33 count as 33 or more, 1"),
    pytest.param("Anna 30/2 Benno 40/2 Carla 30/1 Dieter 20/1", "Dieter", {}, "0 2 2 2",
                 id="opponents 90 against the declarer's 30 with a trick, 2 each"),
    pytest.param("Anna 60/3 Benno 30/1 Carla 20/1 Dieter 10/1", "Benno", {}, "0 1 1 1",
                 id="both under 66: the opponents took the last trick, 1 each"),
    pytest.param("Anna 60/3 Benno 30/1 Carla 20/1 Dieter 10/1", "Anna", {}, "1 0 0 0",
                 id="both under 66: the declarer took the last trick, 1"),
    pytest.param("Anna 60/3 Benno 30/1 Carla 20/1 Dieter 10/1", "Benno", {"melds": "Anna:H Benno:G"}, "0 1 1 1",
                 id="both over 66 with marriages (100 and 80): last trick decides"),
    pytest.param("Anna 66/3 Benno 20/1 Carla 0/0 Dieter 0/0", None, {"claim": "Anna"}, "2 0 0 0",
                 id="declarer claims 66 right, opponents 20 with a trick: 2"),
    pytest.param("Anna 70/3 Benno 35/1 Carla 0/0 Dieter 0/0", None, {"claim": "Anna"}, "1 0 0 0",
                 id="declarer claims 66 right, opponents 35: 1"),
    pytest.param("Anna 66/4 Benno 0/0 Carla 0/0 Dieter 0/0", None, {"claim": "Anna"}, "3 0 0 0",
                 id="declarer claims 66 right, opponents without a trick: 3"),
    pytest.param("Anna 60/3 Benno 30/1 Carla 0/0 Dieter 0/0", None, {"claim": "Anna"}, "0 2 2 2",
                 id="declarer claims 66 with 60: wrong, each opponent erases 2"),
    pytest.param("Anna 20/1 Benno 40/2 Carla 30/1 Dieter 0/0", None, {"claim": "Benno"}, "0 2 2 2",
                 id="an opponent claims for his side with 70 against 20: 2 each"),
])
def test_ace_of_hearts_solo(line, last, extra, due):
    outcome = apply(at(AOH), hand(line, last=last, declarer="Anna", trump=extra.pop("trump", "H"), **extra))
    assert due_of(outcome) == [int(x) for x in due.split()]
    assert [s.name for s in outcome.result.sides] == ["declarer", "opponents"]


@pytest.mark.parametrize(("line", "last", "extra", "code", "rule", "field"), [
    pytest.param("Anna 66/3 Benno 30/2 Carla 0/0 Dieter 0/0", None, {"claim": "Anna"}, "claim_too_late", "R8",
                 "claim", id="a claim after the second-to-last trick was led"),
    pytest.param("Anna 70/3 Benno 20/1 Carla 20/1 Dieter 10/1", "Anna", {"declarer": None}, "field_missing", "R7",
                 "declarer", id="nobody named as declarer"),
    pytest.param("Anna 70/3 Benno 20/1 Carla 20/1 Dieter 10/1", "Anna", {"declarer": "Zoe"}, "unknown_player",
                 "R7", "declarer", id="a declarer not at the table"),
    pytest.param("Anna 0/0 Benno 40/2 Carla 30/1 Dieter 0/0", None, {"claim": "Anna"}, "claim_without_trick",
                 "R8", "claim", id="the declarer claims without a trick"),
])
def test_ace_of_hearts_refusals(line, last, extra, code, rule, field):
    kw = {"declarer": "Anna", "trump": "H", **extra}
    with pytest.raises(RuleViolation) as err:
        apply(at(AOH), hand(line, last=last, **kw))
    assert (err.value.code, err.value.rule, err.value.field) == (code, rule, field)


def test_surrender_each_opponent_erases_two_r7():
    outcome = apply(at(AOH), DreegEntry(declarer="Carla", surrender=True))
    assert outcome.result.due == {"Anna": 2, "Benno": 2, "Carla": 0, "Dieter": 2}
    assert outcome.state.strokes == (5, 5, 7, 5)
    with pytest.raises(RuleViolation) as err:  # the twin: a surrender has no card points
        apply(at(AOH), DreegEntry(declarer="Carla", surrender=True, points={"Anna": 120}))
    assert (err.value.code, err.value.rule) == ("surrender_ends_hand", "R7")


def test_each_for_himself_house_rule_scores_like_deutsch_r7():
    state = at(AOH, aoh="each_for_himself")
    outcome = apply(state, hand("Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", last="Dieter", declarer="Benno",
                                trump="G"))
    assert due_of(outcome) == [3, 2, 1, 0] and not outcome.result.sides
    with pytest.raises(RuleViolation) as err:
        apply(state, hand("Anna 66/3 Benno 20/1 Carla 0/0 Dieter 0/0", declarer="Benno", claim="Anna", trump="G"))
    assert err.value.rule == "R8"


@pytest.mark.parametrize(("meld_trick", "due"), [
    pytest.param("side", [0, 2, 2, 2], id="side: Carla's marriage counts, her side took tricks (90 + 20)"),
    pytest.param("own", [0, 2, 2, 2], id="own: Carla took no trick herself, the side still has 90"),
])
def test_marriage_counts_by_side_or_own_trick_r10(meld_trick, due):
    state = at(AOH, meld_trick=meld_trick)
    outcome = apply(state, hand("Anna 30/2 Benno 50/2 Carla 0/0 Dieter 40/2", last="Benno", declarer="Anna",
                                trump="H", melds="Carla:G"))
    assert due_of(outcome) == due
    counted = outcome.result.totals["Carla"]
    assert counted == (20 if meld_trick == "side" else 0)


def test_two_players_ace_of_hearts_is_more_card_points_r7():
    outcome = apply(at(AOH, 2), hand("Anna 70/6 Benno 50/6", last="Benno"))
    assert outcome.result.due == {"Anna": 1, "Benno": 0}
    no_trump = DreegEntry(points={"Anna": 50, "Benno": 20}, tricks={"Anna": 5, "Benno": 3}, last_trick="Anna",
                          closed_by="Anna", closed_after=2, melds=(Meld("Benno", Suit.HEARTS),))
    closed = apply(at(AOH, 2), no_trump)  # closed before the heart ace appeared: no trump, a marriage is 20
    assert closed.result.totals == {"Anna": 50, "Benno": 40}
    with pytest.raises(RuleViolation) as err:
        apply(at(AOH, 2), DreegEntry(declarer="Anna", surrender=True))
    assert err.value.code == "surrender_two_players"


# --- Rufen: the forehand calls a card (R11) --------------------------------------------------


@pytest.mark.parametrize(("players", "line", "last", "partner", "due", "sides"), [
    pytest.param(4, "Anna 40/2 Benno 30/2 Carla 30/1 Dieter 20/1", "Anna", "Carla", [1, 0, 1, 0],
                 [("Anna", "Carla"), ("Benno", "Dieter")], id="four: Anna and Carla make 70 against 50"),
    pytest.param(4, "Anna 70/3 Benno 20/1 Carla 20/1 Dieter 10/1", "Anna", None, [1, 0, 0, 0],
                 [("Anna",), ("Benno", "Carla", "Dieter")], id="four: Anna holds the called card, alone"),
    pytest.param(4, "Anna 20/1 Benno 40/2 Carla 0/0 Dieter 60/3", "Dieter", "Carla", [0, 2, 0, 2],
                 [("Anna", "Carla"), ("Benno", "Dieter")], id="four: the opponents make 100 against 20: 2 each"),
    pytest.param(3, "Anna 50/3 Benno 30/2 Carla 40/3", "Carla", "Benno", [1, 1, 0],
                 [("Anna", "Benno"), ("Carla",)], id="three: caller and partner 80 against 40"),
    pytest.param(3, "Anna 50/3 Benno 30/2 Carla 40/3", "Carla", None, [0, 1, 1],
                 [("Anna",), ("Benno", "Carla")], id="three: the caller alone, 50 against 70"),
])
def test_rufen_sides(players, line, last, partner, due, sides):
    outcome = apply(at(RUFEN, players), hand(line, last=last, caller="Anna", called_card=parse_card("HA"),
                                            partner=partner, trump="H"))
    assert due_of(outcome) == due
    assert [s.players for s in outcome.result.sides] == sides


@pytest.mark.parametrize(("fields", "code", "field"), [
    pytest.param({"caller": "Benno"}, "caller_not_forehand", "caller", id="Benno calls, but Anna is forehand"),
    pytest.param({"partner": UNSET}, "partner_required", "partner", id="partner not said"),
    pytest.param({"partner": "Anna"}, "partner_is_caller", "partner", id="the caller as his own partner"),
    pytest.param({"trump": "G"}, "rufen_trump_is_called_suit", "trump", id="trump other than the called suit"),
    pytest.param({"called_card": None}, "field_missing", "called_card", id="no called card"),
])
def test_rufen_refusals(fields, code, field):
    kw = {"caller": "Anna", "called_card": parse_card("HA"), "partner": "Carla", "trump": "H", **fields}
    with pytest.raises(RuleViolation) as err:
        apply(at(RUFEN), hand("Anna 40/2 Benno 30/2 Carla 30/1 Dieter 20/1", last="Anna", **kw))
    assert (err.value.code, err.value.rule, err.value.field) == (code, "R11", field)


def test_two_players_rufen_is_more_card_points_r11():
    outcome = apply(at(RUFEN, 2), hand("Anna 50/6 Benno 70/6", last="Anna", trump="E"))
    assert outcome.result.due == {"Anna": 0, "Benno": 1}


# --- Kamerun (R12, R4) ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rules", "line", "last", "durchmarsch", "due"), [
    pytest.param(4, {}, "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", "Dieter", None, [3, 2, 1, 0],
                 id="most card points erases 3"),
    pytest.param(4, {}, "Anna 70/3 Benno 50/2 Carla 0/1 Dieter 0/0", "Anna", None, [3, 2, 1, 0],
                 id="Carla (a trick of nines) and Dieter (no trick) tied on 0: Dieter erases nothing"),
    pytest.param(4, {}, "Anna 40/2 Benno 40/2 Carla 40/2 Dieter 0/0", "Anna", None, [3, 2, 2, 0],
                 id="three tied on 40, Anna took the last trick: the other two get the worse 2"),
    pytest.param(4, {}, "Anna 40/2 Benno 40/2 Carla 40/1 Dieter 0/1", "Dieter", None, [3, 3, 3, 0],
                 id="three tied, none took the last trick: 3 each"),
    pytest.param(4, {}, "Anna 120/6 Benno 0/0 Carla 0/0 Dieter 0/0", "Anna", "Anna", [0, 3, 3, 3],
                 id="Durchmarsch made: each opponent erases 3"),
    pytest.param(4, {}, "Anna 100/5 Benno 20/1 Carla 0/0 Dieter 0/0", "Anna", "Anna", [3, 0, 0, 0],
                 id="Durchmarsch failed: the announcer erases 3"),
    pytest.param(3, {}, "Anna 60/4 Benno 40/3 Carla 20/1", "Anna", None, [2, 1, 0], id="three players 2/1/0"),
    pytest.param(3, {"kamerun3": "3-2-0"}, "Anna 60/4 Benno 40/3 Carla 20/1", "Anna", None, [3, 2, 0],
                 id="three players by house rule 3/2/0"),
    pytest.param(2, {}, "Anna 70/6 Benno 50/6", "Anna", None, [1, 0], id="two players 1/0"),
])
def test_kamerun_penalties(players, rules, line, last, durchmarsch, due):
    outcome = apply(at(KAMERUN, players, **rules), hand(line, last=last, durchmarsch=durchmarsch))
    assert due_of(outcome) == due


def test_r12_worked_example_steps_stop_at_the_first_loser():
    state = replace(at(KAMERUN), strokes=(2, 1, 5, 4))
    outcome = apply(state, hand("Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", last="Dieter"))
    result = outcome.result
    assert result.due == {"Anna": 3, "Benno": 2, "Carla": 1, "Dieter": 0}
    assert result.subtract == {"Anna": 2, "Benno": 0, "Carla": 0, "Dieter": 0}
    assert result.losers == ("Anna",)
    assert [(s.due, s.losers) for s in result.steps] == [(3, ("Anna",))]
    assert outcome.state.blobs == (1, 0, 0, 0) and outcome.state.chooser == ("Anna",)
    assert outcome.state.subgame == KAMERUN + 1


def test_joint_kamerun_losers_in_one_step_choose_together_r4():
    state = replace(at(KAMERUN), strokes=(2, 3, 5, 4))
    outcome = apply(state, hand("Anna 40/2 Benno 40/2 Carla 30/1 Dieter 10/1", last="Carla"))
    assert outcome.result.due == {"Anna": 3, "Benno": 3, "Carla": 1, "Dieter": 0}
    assert outcome.result.losers == ("Anna", "Benno")
    assert outcome.state.blobs == (1, 1, 0, 0) and outcome.state.chooser == ("Anna", "Benno")


def test_later_step_decides_when_the_first_brings_nobody_to_zero_r12():
    state = replace(at(KAMERUN), strokes=(7, 2, 5, 4))
    outcome = apply(state, hand("Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", last="Dieter"))
    assert outcome.result.subtract == {"Anna": 3, "Benno": 2, "Carla": 0, "Dieter": 0}
    assert outcome.result.losers == ("Benno",)


def test_no_loser_every_step_applies_and_nobody_drops_out_r4():
    outcome = apply(at(KAMERUN), hand("Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1", last="Dieter"))
    assert outcome.state.strokes == (4, 5, 6, 7) and outcome.state.active == tuple(NAMES)
    assert outcome.state.subgame == KAMERUN and outcome.state.dealer == "Carla"


@pytest.mark.parametrize(("fields", "code", "rule"), [
    pytest.param({"trump": "H"}, "kamerun_no_trump", "R12", id="Kamerun has no trump"),
    pytest.param({"melds": "Anna:H"}, "kamerun_no_trump", "R12", id="Kamerun has no marriages (nor their trump)"),
    pytest.param({"durchmarsch": "Dieter", "line": "Anna 120/6 Benno 0/0 Carla 0/0 Dieter 0/0"},
                 "durchmarsch_not_first_trick", "R12", id="Durchmarsch by a player without a trick"),
])
def test_kamerun_refusals(fields, code, rule):
    line = fields.pop("line", "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1")
    with pytest.raises(RuleViolation) as err:
        apply(at(KAMERUN), hand(line, last="Anna", **fields))
    assert (err.value.code, err.value.rule) == (code, rule)


# --- hypothesis: every sub-game entered trick by trick scores like its summary ------------------


def _random_hand(rng: random.Random, subgame: int, players: int) -> tuple[object, DreegEntry, DreegEntry]:
    state = at(subgame, players)
    names, leader = state.active, state.forehand
    hands = deal(rng, names, cards_each=24 // players)
    kind = state.subgame_type.value
    extra: dict = {}
    if kind == "kamerun":
        rules = KamerunRules()
    elif kind == "rufen":
        own = {c.suit for c in hands[leader]}
        called = rng.choice([card(s, r) for s in own for r in Rank])
        rules = RufenRules(called.suit, called_card=called)
        holder = next(n for n in names if called in hands[n])
        extra = {"caller": leader, "called_card": called}
        partner = None if holder == leader else holder
    else:
        rules = TrickRules(rng.choice(list(Suit)))
        if kind == "ace_of_hearts":
            extra = {"declarer": next(n for n in names if card(Suit.HEARTS, Rank.ACE) in hands[n])}
    plays = play_out(rng, hands, names, leader, rules=rules)
    trump = rules.trump if kind != "kamerun" else None
    by_plays = DreegEntry(plays=tuple(plays), trump=trump, **extra)
    played = apply(state, by_plays).result.facts
    if kind == "rufen":
        extra["partner"] = partner
    summary = DreegEntry(points=dict(played.points), tricks=dict(played.tricks), last_trick=played.last_trick,
                         trump=trump, **extra)
    return state, by_plays, summary


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), subgame=st.sampled_from([AOH, RUFEN, KAMERUN]), players=st.sampled_from([3, 4]))
def test_trick_by_trick_and_summary_agree_in_every_sub_game(seed, subgame, players):
    state, by_plays, summary = _random_hand(random.Random(seed), subgame, players)
    a, b = apply(state, by_plays), apply(state, summary)
    assert a.result.due == b.result.due and a.result.subtract == b.result.subtract
    assert a.state == b.state
    assert all(s >= 0 for s in a.state.strokes)
    if a.result.losers:
        assert sum(a.state.blobs) == len(a.result.losers)
