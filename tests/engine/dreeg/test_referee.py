"""The referee: "may I play this card?" and a disputed hand replayed (T1-T8)."""

from __future__ import annotations

import pytest

from engine.cards.german import Suit, parse_card, parse_cards
from engine.dreeg.referee import SubGame, judge_hand, judge_play, parse_subgame
from engine.errors import RuleViolation

H, E = Suit.HEARTS, Suit.ACORNS


@pytest.mark.parametrize(("kw", "card", "legal", "rule", "legal_cards"), [
    pytest.param(dict(hand="EA EU H10", trick="EK", trump=H), "EA", True, None, "EA", id="winning the acorn king"),
    pytest.param(dict(hand="EA EU H10", trick="EK", trump=H), "EU", False, "T1", "EA",
                 id="under the king while holding the ace"),
    pytest.param(dict(hand="EA EU H10", trick="EK", trump=H, stock_open=True), "H10", True, None, "EA EU H10",
                 id="two players with an open stock play freely"),
    pytest.param(dict(hand="EA G9", trick="", trump=None, subgame=SubGame.KAMERUN, previous_lead=E), "EA", False,
                 "T4", "G9", id="Kamerun: acorns led again while holding leaves"),
    pytest.param(dict(hand="EA G9", trick="", trump=None, subgame=SubGame.KAMERUN, previous_lead=E), "G9", True,
                 None, "G9", id="Kamerun: switching suit is fine"),
    pytest.param(dict(hand="H9 HK EA", trick="HO", trump=H, subgame=SubGame.RUFEN, called_card="H9", first_trick=True),
                 "H9", True, None, "H9", id="Rufen: the called nine to the first trick"),
    pytest.param(dict(hand="H9 HK EA", trick="HO", trump=H, subgame=SubGame.RUFEN, called_card="H9", first_trick=True),
                 "HK", False, "T5", "H9", id="Rufen: keeping the called card back"),
    pytest.param(dict(hand="HK EA", trick="", trump=H, subgame=SubGame.RUFEN, called_card="H9", first_trick=True),
                 "EA", False, "T5", "HK", id="Rufen: first lead not a trump"),
])
def test_may_i_play_this_card(kw, card, legal, rule, legal_cards):
    kw = dict(kw)
    kw["hand"], kw["trick"] = parse_cards(kw["hand"]), parse_cards(kw["trick"])
    if "called_card" in kw:
        kw["called_card"] = parse_card(kw["called_card"])
    ruling = judge_play(card=parse_card(card), **kw)
    answer = ruling.to_json("en")
    assert (answer["legal"], answer["rule"]) == (legal, rule)
    assert answer["legal_cards"] == [str(c) for c in parse_cards(legal_cards)]
    assert answer["reason"] and ruling.to_json("de")["reason"] != answer["reason"]


def test_kamerun_has_no_trump_r12():
    with pytest.raises(RuleViolation) as err:
        judge_play(hand=parse_cards("EA"), trick=(), card=parse_card("EA"), trump=H, subgame=SubGame.KAMERUN)
    assert err.value.rule == "R12"


def test_a_card_in_hand_and_trick_is_refused():
    with pytest.raises(RuleViolation) as err:
        judge_play(hand=parse_cards("EA EK"), trick=parse_cards("EK"), card=parse_card("EA"), trump=H)
    assert err.value.code == "card_twice_given"


def test_disputed_hand_lists_every_violation_and_plays_on():
    ruling = judge_hand(players=["Anna", "Benno", "Carla"], leader="Anna", trump=H,
                        plays=[parse_cards("EA E9 H9"), parse_cards("EK G10 GA")])
    answer = ruling.to_json("en")
    assert answer["legal"] is False
    assert [(v["trick"], v["player"], v["rule"], v["code"]) for v in answer["violations"]] == [
        (1, "Carla", "T1", "must_follow")]
    assert [t["winner"] for t in answer["tricks"]] == ["Carla", "Carla"]
    assert answer["totals"]["points"] == {"Anna": 0, "Benno": 0, "Carla": 36}
    assert "last_trick" not in answer["entry"]  # two of eight tricks: not a whole hand


def test_a_clean_rufen_hand_gives_the_entry_with_caller_and_partner():
    ruling = judge_hand(players=["Anna", "Benno", "Carla"], leader="Anna", trump=None, subgame=SubGame.RUFEN,
                        called_card=parse_card("H9"), plays=[parse_cards("HO H9 HU"), parse_cards("HK EA E9")])
    entry = ruling.to_json()["entry"]
    assert ruling.legal
    assert (entry["caller"], entry["called_card"], entry["partner"], entry["trump"]) == ("Anna", "H9", "Benno", "H")


def test_parse_subgame():
    assert parse_subgame(None) is SubGame.DEUTSCH
    with pytest.raises(RuleViolation):
        parse_subgame("skat")


@pytest.mark.parametrize(("players", "closed_by", "closed_after", "code"), [
    pytest.param(["Anna", "Benno", "Carla"], "Anna", 2, "closing_two_players", id="closing with three"),
    pytest.param(["Anna", "Benno"], "Zoe", 2, "unknown_player", id="closer not at the table"),
    pytest.param(["Anna", "Benno"], None, 2, "closed_after_without_closer", id="when, but not who"),
    pytest.param(["Anna", "Benno"], "Anna", None, "closed_after_required", id="who, but not when"),
])
def test_closing_in_a_disputed_hand_is_checked_t7(players, closed_by, closed_after, code):
    with pytest.raises(RuleViolation) as err:
        judge_hand(players=players, leader="Anna", trump=H, plays=[parse_cards("EA E9" + " EK" * (len(players) - 2))],
                   closed_by=closed_by, closed_after=closed_after)
    assert err.value.code == code


def test_dreegs_referee_answers_play_and_hand():
    from engine import GAMES

    assert set(GAMES["dreeg"].referee) == {"play", "hand"}


@pytest.mark.parametrize(("kw", "rule", "code", "field"), [
    pytest.param(dict(claim="Anna"), "R8", "kamerun_no_claim", "claim", id="a claim of 66 in Kamerun"),
    pytest.param(dict(closed_by="Anna", closed_after=1), "R12", "kamerun_no_closing", "closed_by",
                 id="closing the stock in Kamerun"),
    pytest.param(dict(closed_after=1), "R12", "kamerun_no_closing", "closed_after",
                 id="a closing's trick in Kamerun"),
])
def test_a_kamerun_hand_replayed_has_no_claim_and_no_closing_r8_r12(kw, rule, code, field):
    with pytest.raises(RuleViolation) as err:
        judge_hand(players=["Anna", "Benno"], leader="Anna", trump=None, subgame=SubGame.KAMERUN,
                   plays=[parse_cards("EA E9")], **kw)
    assert (err.value.rule, err.value.code, err.value.field) == (rule, code, field)


def test_the_same_claim_and_closing_pass_in_deutsch_with_two():
    """The legal twin: with two players Deutsch has a claim (R5) and a stock to close (T7)."""
    ruling = judge_hand(players=["Anna", "Benno"], leader="Anna", trump=H, plays=[parse_cards("EA E9")],
                        claim="Anna", closed_by="Anna", closed_after=1)
    assert ruling.to_json("en")["entry"]["closed_by"] == "Anna"
