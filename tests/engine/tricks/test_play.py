"""Trick play: legal cards (T1, T2, T4, T5), trick winners (T3), marriages (T6) and the
replay of a hand entered trick by trick (T8)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.german import DECK_24, Suit, parse_cards
from engine.errors import IllegalPlay, RuleViolation
from engine.tricks.deal import deal, play_out
from engine.tricks.play import KamerunRules, RufenRules, TrickRules, replay, trick_winner

H, S, E, G = Suit.HEARTS, Suit.BELLS, Suit.ACORNS, Suit.LEAVES


def cards(text):
    return parse_cards(text)


@pytest.mark.parametrize(("hand", "trick", "trump", "legal"), [
    pytest.param("EA EU H10", "", H, "EA EU H10", id="on lead any card"),
    pytest.param("EA EU H10", "EK", H, "EA", id="must follow with a card that wins (T1)"),
    pytest.param("EK EU H10", "EA", H, "EK EU", id="follow with any card of the suit when none wins"),
    pytest.param("EA EU H10", "EK H9", H, "EA EU", id="trick already trumped: any card of the suit led"),
    pytest.param("H9 HA G10", "EK", H, "H9 HA", id="cannot follow: must trump, any trump"),
    pytest.param("H9 HA G10", "EK HK", H, "HA", id="must beat the trump in the trick"),
    pytest.param("H9 HK G10", "EK HA", H, "H9 HK", id="cannot overtrump: any trump"),
    pytest.param("G9 S10", "EK", H, "G9 S10", id="neither suit nor trump: any card"),
    pytest.param("EA EU G9", "EK", None, "EA", id="Kamerun: no trump, still must win"),
    pytest.param("G9 S10", "EK", None, "G9 S10", id="Kamerun: cannot follow, any card"),
])
def test_legal_plays_t1(hand, trick, trump, legal):
    assert TrickRules(trump).legal_plays(cards(hand), cards(trick)) == cards(legal)


def test_two_players_with_open_stock_have_no_obligation_t2():
    hand = cards("EA EU H10")
    open_stock = TrickRules(H, free_tricks=6)
    assert open_stock.legal_plays(hand, cards("EK"), t=5) == hand
    assert open_stock.why_illegal(hand, cards("EK"), cards("H10")[0], t=5) is None
    assert open_stock.why_illegal(hand, cards("EK"), cards("H10")[0], t=6) == ("T1", "must_follow")


@pytest.mark.parametrize(("hand", "previous", "legal"), [
    pytest.param("EA G9", E, "G9", id="suit of the previous lead barred"),
    pytest.param("EA EK", E, "EA EK", id="only that suit left: allowed"),
    pytest.param("EA G9", None, "EA G9", id="first trick: no bar"),
])
def test_kamerun_lead_rule_t4(hand, previous, legal):
    assert KamerunRules().legal_plays(cards(hand), (), previous_lead=previous) == cards(legal)


@pytest.mark.parametrize(("trick", "trump", "winner"), [
    pytest.param("EK EA E9 H9", H, "H9", id="the trump nine beats the led ace"),
    pytest.param("EK EA E9 G10", H, "EA", id="highest of the suit led"),
    pytest.param("EK HA E9", None, "EK", id="Kamerun: off-suit ace does not win"),
    pytest.param("S9 S10 SA SK", G, "SA", id="ace over ten over king"),
    pytest.param("HU HO HK", H, "HK", id="king over ober over unter"),
    pytest.param("E10 HU HO", H, "HO", id="higher trump wins"),
])
def test_trick_winner_t3(trick, trump, winner):
    assert str(trick_winner(cards(trick), trump)) == winner


@pytest.mark.parametrize(("hand", "trick", "card", "rule", "code"), [
    pytest.param("EA EU H10", "EK", "EU", "T1", "must_win", id="follows but not with the winning card"),
    pytest.param("EA EU H10", "EK", "H10", "T1", "must_follow", id="trumps although he can follow"),
    pytest.param("H9 HA G10", "EK", "G10", "T1", "must_trump", id="discards although he holds a trump"),
    pytest.param("H9 HA G10", "EK HK", "H9", "T1", "must_overtrump", id="undertrumps although he can beat"),
    pytest.param("H9 HA", "EK", "EA", "T8", "card_not_held", id="plays a card he does not hold"),
])
def test_why_illegal_names_the_rule(hand, trick, card, rule, code):
    assert TrickRules(H).why_illegal(cards(hand), cards(trick), cards(card)[0]) == (rule, code)


THREE = ("Anna", "Benno", "Carla")
# Anna leads; trump hearts.  T1 Anna wins with EA; T2 Carla trumps G10/GA with H9;
# T3 Carla leads S9, Anna follows SA, Benno (no bells) trumps with HK.
LEGAL_PLAYS = ["EA E9 EK", "G10 GA H9", "S9 SA HK"]


def test_replay_derives_points_tricks_and_last_trick():
    hand = replay(THREE, "Anna", [cards(t) for t in LEGAL_PLAYS], rules=TrickRules(H))
    assert [t.winner for t in hand.tricks] == ["Anna", "Carla", "Benno"]
    assert dict(hand.points) == {"Anna": 15, "Benno": 15, "Carla": 21}
    assert dict(hand.tricks_won) == {"Anna": 1, "Benno": 1, "Carla": 1}
    assert hand.last_trick == "Benno"
    assert hand.held["Carla"] == frozenset(cards("EK H9 S9"))


@pytest.mark.parametrize(("plays", "code", "rule", "field", "player"), [
    pytest.param(["EA E9 H9", "EK G10 GA"], "must_follow", "T1", "plays.0.2", "Carla",
                 id="Carla trumps the acorn ace while holding the acorn king"),
    pytest.param(["EK EU E9", "G9 E10 G10"], "must_win", "T1", "plays.0.1", "Benno",
                 id="Benno plays the Unter under the King while holding the Ten"),
    pytest.param(["EA E9 EK", "G10 GA S9", "HK H9 SA"], "must_trump", "T1", "plays.1.2", "Carla",
                 id="Carla discards a bell on leaves while holding a trump"),
    pytest.param(["EA HK HU", "G9 HA G10"], "must_overtrump", "T1", "plays.0.2", "Carla",
                 id="Carla undertrumps with the Unter while holding the ace"),
    pytest.param(["EA E9 EK", "G10 GA EA"], "card_twice", "T8", "plays.1.2", None,
                 id="the acorn ace played twice"),
    pytest.param(["EA E9 EK", "G10 GA"], "trick_size", "T8", "plays.1", None,
                 id="a trick short of a card"),
])
def test_replay_rejects_the_first_illegal_play(plays, code, rule, field, player):
    with pytest.raises(IllegalPlay) as err:
        replay(THREE, "Anna", [cards(t) for t in plays], rules=TrickRules(H))
    assert (err.value.code, err.value.rule, err.value.field) == (code, rule, field)
    if player:
        assert err.value.params["player"] == player
        assert player in err.value.message("en") and player in err.value.message("de")


@pytest.mark.parametrize(("plays", "ok"), [
    pytest.param(["EA E9 EK", "G9 GA G10", "E10 S9 SA"], True, id="Anna switches suit after the acorn trick"),
    pytest.param(["EA E9 EK", "E10 GA G10", "G9 S9 SA"], False, id="Anna leads acorns again while holding leaves"),
])
def test_kamerun_lead_restriction_in_a_replay_t4(plays, ok):
    rules = KamerunRules()
    if ok:
        replay(THREE, "Anna", [cards(t) for t in plays], rules=rules)
    else:
        with pytest.raises(IllegalPlay) as err:
            replay(THREE, "Anna", [cards(t) for t in plays], rules=rules)
        assert (err.value.rule, err.value.code, err.value.field) == ("T4", "kamerun_lead", "plays.1.0")


RUFEN = RufenRules(H, called_card=cards("H9")[0])


@pytest.mark.parametrize(("plays", "code"), [
    pytest.param(["HO H9 HU", "HK EA E9"], None, id="holder plays the called nine though the king would win"),
    pytest.param(["HO HK HU", "H9 EA E9"], "called_card_first_trick", id="holder keeps back the called card"),
    pytest.param(["EA E9 EK", "HO HK HU"], "rufen_trump_lead", id="forehand leads a non-trump"),
])
def test_rufen_first_trick_t5(plays, code):
    run = lambda: replay(THREE, "Anna", [cards(t) for t in plays], rules=RUFEN)  # noqa: E731
    if code is None:
        run()
    else:
        with pytest.raises(IllegalPlay) as err:
            run()
        assert (err.value.rule, err.value.code) == ("T5", code)


def test_caller_holding_the_called_card_must_lead_it_t5():
    with pytest.raises(IllegalPlay) as err:
        replay(THREE, "Anna", [cards("HK HU HO"), cards("H9 EA E9")], rules=RUFEN)
    assert err.value.code == "called_card_lead"
    replay(THREE, "Anna", [cards("H9 HU HO"), cards("EA HK E9")], rules=RUFEN)


@pytest.mark.parametrize(("plays", "ok"), [
    pytest.param(["HK H9 HU", "HO EA E9"], True, id="Anna leads the king and holds the ober"),
    pytest.param(["HK HO HU", "E9 EA G9"], False, id="Benno holds the ober: no marriage for Anna"),
])
def test_marriage_shown_on_lead_t6(plays, ok):
    run = lambda: replay(THREE, "Anna", [cards(t) for t in plays], rules=TrickRules(H),  # noqa: E731
                         marriages=[("Anna", H, None)])
    if ok:
        assert run().marriages[0].trick == 1
    else:
        with pytest.raises(RuleViolation) as err:
            run()
        assert err.value.rule == "T6"


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4]), trump=st.sampled_from([*Suit, None]))
def test_random_legal_hand_conserves_120_points_and_24_cards(seed, players, trump):
    rng = random.Random(seed)
    names = ("Anna", "Benno", "Carla", "Dieter")[:players]
    hands = deal(rng, names, cards_each=24 // players)
    leader = rng.choice(names)
    plays = play_out(rng, hands, names, leader, rules=TrickRules(trump))
    hand = replay(names, leader, plays, rules=TrickRules(trump))
    assert sum(hand.points.values()) == 120
    assert sum(hand.tricks_won.values()) == 24 // players
    assert sorted(map(str, (c for t in plays for c in t))) == sorted(map(str, DECK_24))
    assert {n: set(hand.held[n]) for n in names} == {n: set(hands[n]) for n in names}
    assert hand.last_trick == hand.tricks[-1].winner


@pytest.mark.parametrize(("stock", "closed", "open_"), [
    pytest.param(12, False, True, id="fresh stock"),
    pytest.param(2, False, True, id="two cards left: still open"),
    pytest.param(0, False, False, id="stock exhausted"),
    pytest.param(8, True, False, id="closed"),
])
def test_stock_open_t2(stock, closed, open_):
    from engine.tricks.stock import stock_is_open
    assert stock_is_open(stock, closed=closed) is open_


@pytest.mark.parametrize(("on_lead", "won", "stock", "closed", "reason"), [
    pytest.param(True, 1, 8, False, None, id="on lead after a trick, stock open"),
    pytest.param(False, 1, 8, False, "exchange_not_on_lead", id="not on lead"),
    pytest.param(True, 0, 8, False, "exchange_without_trick", id="no trick yet"),
    pytest.param(True, 2, 8, True, "exchange_stock_closed", id="stock closed"),
    pytest.param(True, 2, 0, False, "exchange_stock_closed", id="stock exhausted"),
])
def test_trump_nine_exchange_t7(on_lead, won, stock, closed, reason):
    from engine.tricks.stock import why_no_exchange
    assert why_no_exchange(on_lead=on_lead, tricks_won=won, stock_size=stock, closed=closed) == reason


@pytest.mark.parametrize(("on_lead", "stock", "closed", "reason"), [
    pytest.param(True, 4, False, None, id="four cards left: may close"),
    pytest.param(True, 2, False, "close_stock_too_small", id="two cards left: too late"),
    pytest.param(False, 10, False, "close_not_on_lead", id="not on lead"),
    pytest.param(True, 10, True, "already_closed", id="closed twice"),
])
def test_closing_the_stock_t7(on_lead, stock, closed, reason):
    from engine.tricks.stock import why_no_close
    assert why_no_close(on_lead=on_lead, stock_size=stock, closed=closed) == reason


@pytest.mark.parametrize(("free", "ok"), [
    pytest.param(2, True, id="stock still open at trick 2: Benno may trump instead of following"),
    pytest.param(1, False, id="stock closed after trick 1: Benno must follow leaves"),
])
def test_two_players_obligations_start_when_the_stock_closes_t2_t7(free, ok):
    plays = [cards("EA H9"), cards("G9 S9"), cards("G10 GK")]
    rules = TrickRules(S, free_tricks=free)
    if ok:
        assert replay(("Anna", "Benno"), "Anna", plays, rules=rules).last_trick == "Benno"
    else:
        with pytest.raises(IllegalPlay) as err:
            replay(("Anna", "Benno"), "Anna", plays, rules=rules)
        assert (err.value.rule, err.value.code, err.value.field) == ("T1", "must_follow", "plays.1.1")
