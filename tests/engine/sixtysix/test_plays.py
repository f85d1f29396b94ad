"""Deals entered trick by trick (T8): free play while the stock is open (T2), T1 once it
is exhausted or closed, the exchange and the closing (T7), marriages (T6, R23 hard),
and a broken T1 found in the cards as the Renonce that ends the deal (R20).

Anna deals, so Benno leads the first trick.  Trumps are Acorns (E) unless said.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards.german import parse_card
from engine.errors import RuleViolation
from engine.sixtysix import SIXTYSIX, Ending

from .helpers import entry_from_json

A, B = "Anna", "Benno"


def plays(text: str) -> list[list[str]]:
    """``"HA S9 / GA H10"``: the cards of each trick in play order."""
    return [trick.split() for trick in text.split("/") if trick.strip()]


def play(text: str, rules: dict[str, str] | None = None, **extra: Any) -> Any:
    body = {"trump": "E", "plays": plays(text), **extra}
    return SIXTYSIX.apply(SIXTYSIX.start([A, B], rules=rules), entry_from_json(body))


def refused(text: str, rules: dict[str, str] | None = None, **extra: Any) -> RuleViolation:
    body = {"trump": "E", "plays": plays(text), **extra}
    with pytest.raises(RuleViolation) as caught:
        SIXTYSIX.apply(SIXTYSIX.start([A, B], rules=rules), entry_from_json(body))
    return caught.value


# Benno leads the Ace of Hearts, Anna throws the Nine of Bells although she holds the Ten of
# Hearts (she plays it to the next trick): free while the stock is open (T2), a Renonce once the
# stock is closed (T1, R20).
HOLDING_BACK = "HA S9 / GA H10"


def test_while_the_stock_is_open_anything_goes() -> None:
    outcome = play(HOLDING_BACK, claim=B)
    result = outcome.result
    assert result.ending is Ending.CLAIM
    assert dict(result.facts.points) == {A: 0, B: 32}  # Benno took both tricks: 11 + 0, 11 + 10
    assert (result.winner, result.game_points) == (A, 3)  # 32 is a wrong claim; Anna has no trick (R18)


def test_after_the_closing_holding_back_the_suit_led_is_a_renonce() -> None:
    outcome = play(HOLDING_BACK, closed_by=B, closed_after=0)
    result = outcome.result
    assert result.ending is Ending.RENONCE
    assert result.facts.renonce is not None
    assert (result.facts.renonce.player, result.facts.renonce.trick) == (A, 1)
    assert result.facts.renonce.card is parse_card("S9")
    assert (result.winner, result.game_points) == (B, 3)
    assert [n.rule for n in result.notes] == ["T1", "R20"]
    assert result.notes[0].text("en") == "Trick 1: Anna played the Nine of Bells and did not follow suit."
    assert result.notes[0].text("de") == "1. Stich: Anna spielt Schellen-Neun und hat nicht bedient."


def test_the_renonce_the_cards_show_must_be_the_one_entered() -> None:
    error = refused(HOLDING_BACK, closed_by=B, closed_after=0, renonce_by=B)
    assert (error.code, error.rule, error.field) == ("ss_plays_show_other_renonce", "T8", "renonce_by")
    error = refused(HOLDING_BACK, closed_by=B, closed_after=0, ended_by="closed")
    assert (error.code, error.rule, error.field) == ("ss_plays_show_other_ending", "T8", "ended_by")


def test_a_renonce_the_cards_cannot_show_is_taken_from_the_entry() -> None:
    """T8: Anna's unplayed cards are unknown after a claim; the table says she reneged."""
    outcome = play("HA H9", claim=B, renonce_by=A)
    assert (outcome.result.ending, outcome.result.winner, outcome.result.game_points) == (Ending.RENONCE, B, 3)


@pytest.mark.parametrize(("text", "extra", "code", "rule", "field"), [
    pytest.param(HOLDING_BACK, {"claim": B, "exchange": {"player": B, "trick": 1}}, "ss_exchange_without_trick", "T7",
                 "exchange.trick", id="T7 no exchange on the first lead"),
    pytest.param(HOLDING_BACK, {"claim": B, "exchange": {"player": A, "trick": 2}}, "ss_exchange_not_on_lead", "T7",
                 "exchange.player", id="T7 Anna was not on lead"),
    pytest.param("E9 S9 / GA H10", {"claim": B, "exchange": {"player": B, "trick": 2}}, "ss_exchange_card_gone", "T7",
                 "exchange.trick", id="T7 the trump nine was already played"),
    pytest.param(HOLDING_BACK, {"claim": B, "exchange": {"player": B, "trick": 7}}, "ss_after_the_end", "T7",
                 "exchange.trick", id="T7 no exchange after the deal ended"),
    pytest.param(HOLDING_BACK, {"claim": B, "closed_by": A, "closed_after": 1}, "ss_close_not_on_lead", "T7",
                 "closed_by", id="T7 Benno won the first trick, so only he could close"),
    pytest.param(HOLDING_BACK, {"closed_by": B, "closed_after": 5}, "ss_close_too_late", "T7", "closed_after",
                 id="T7 after five tricks two cards are left: too few to close"),
    pytest.param(HOLDING_BACK, {"closed_by": B}, "ss_closed_after_required", "T8", "closed_after",
                 id="T8 after how many tricks was it closed?"),
    pytest.param(HOLDING_BACK, {"claim": A}, "ss_claim_not_on_lead", "R17", "claim",
                 id="R17 Benno won the last trick: only he could claim then"),
    pytest.param(HOLDING_BACK, {}, "ss_plays_count", "T8", "plays",
                 id="T8 a deal played out has twelve tricks"),
    pytest.param(HOLDING_BACK, {"claim": B, "points": {A: 0, B: 32}}, "ss_plays_and_summary", "T8", "points",
                 id="T8 the card points come from the cards"),
    pytest.param("HA S9 / GA HA", {"claim": B}, "card_twice", "T8", "plays.1.1", id="T8 a card played twice"),
    pytest.param("HA S9 / GA", {"claim": B}, "trick_size", "T8", "plays.1", id="T8 a trick of one card"),
    pytest.param("HO S9 / GA HK", {"claim": B, "melds": [{"player": B, "suit": "H"}]}, "marriage_not_shown", "T6",
                 "melds", id="T6 Anna played the King of Hearts, so Benno never held both"),
])
def test_plays_that_cannot_have_happened_are_refused(text: str, extra: dict, code: str, rule: str,
                                                     field: str) -> None:
    error = refused(text, **extra)
    assert (error.code, error.rule, error.field) == (code, rule, field)


def test_trumps_are_needed_to_judge_the_cards() -> None:
    with pytest.raises(RuleViolation) as caught:
        SIXTYSIX.apply(SIXTYSIX.start([A, B]), entry_from_json({"plays": plays(HOLDING_BACK), "claim": B}))
    assert (caught.value.code, caught.value.rule) == ("ss_trump_required_plays", "T8")


# Benno leads the Ober of Hearts showing the marriage, wins, and leads the King later.
MARRIAGE_FIRST_LEAD = "HO S9 / HK H9"


def test_soft_a_marriage_on_the_first_lead_counts_once_a_trick_is_won() -> None:
    result = play(MARRIAGE_FIRST_LEAD, claim=B, melds=[{"player": B, "suit": "H"}]).result
    assert [(m.player, m.suit.value, m.trick) for m in result.facts.melds] == [(B, "H", 1)]
    assert result.totals[B] == 3 + 4 + 20  # the two tricks and twenty


@pytest.mark.parametrize(("text", "code", "field"), [
    pytest.param(MARRIAGE_FIRST_LEAD, "ss_hard_no_marriage_first_lead", "melds.0", id="R23 not on the first lead"),
    pytest.param("HA S9 / HO H9 / HK S10", "ss_hard_king_first", "plays.1.0", id="R23 the King is led from it"),
])
def test_hard_marriages(text: str, code: str, field: str) -> None:
    error = refused(text, rules={"style": "hard"}, claim=B, melds=[{"player": B, "suit": "H"}])
    assert (error.code, error.rule, error.field) == (code, "R23", field)


def test_the_hard_game_refuses_the_exchange_with_one_covered_card_left() -> None:
    """Six tricks exhaust the stock: the sixth lead is the last with the stock open (two
    cards: one covered and the trump card)."""
    text = "HA H9 / HK S9 / HO G9 / H10 SU / HU SO / SA SK"
    body = {"claim": B, "exchange": {"player": B, "trick": 6}}
    assert play(text, **body).result.ending is Ending.CLAIM  # soft: allowed
    error = refused(text, rules={"style": "hard"}, **body)
    assert (error.code, error.rule) == ("ss_hard_exchange_last_card", "R23")


def test_a_closing_derives_the_opponents_figures_at_the_closing() -> None:
    """Benno wins the first trick (11) and closes; from then on T1: Anna follows."""
    text = "HA H9 / G10 GA / EA E9 / H10 HK / SA S9 / S10 SK / EK EO"
    result = play(text, closed_by=B, closed_after=1, rules={"closing": "at_close"}).result
    closing = result.facts.closing
    assert closing is not None
    assert (closing.at_close.points, closing.at_close.tricks) == (0, 0)
    assert result.ending is Ending.CLOSED



CLOSED_BY_BENNO = "HA H9 / G10 GA / EA E9 / H10 HK / SA S9 / S10 SK / EK EO"


@pytest.mark.parametrize(("text", "claimer", "winner", "points"), [
    pytest.param(CLOSED_BY_BENNO, None, A, 3,
                 id="R19 seven of seven tricks: played to the end, Benno failed (Anna had no trick then)"),
    pytest.param("HA H9", B, A, 3,
                 id="R23 the plays stop on Benno's lead after he closed: his claim, with 11, failed"),
])
def test_a_closing_without_claim_in_the_plays(text: str, claimer: str | None, winner: str, points: int) -> None:
    """R23's decisions: an empty ``claim`` on a closing is the closer's claim where the plays
    stop short of the deal with him on lead."""
    result = play(text, closed_by=B, closed_after=1).result
    assert result.ending is Ending.CLOSED
    assert (result.facts.claim, result.winner, result.game_points) == (claimer, winner, points)


def test_plays_stopping_short_of_a_closed_deal_off_the_closers_lead_are_refused() -> None:
    """Anna won the three tricks after the closing: Benno was never on lead to claim."""
    error = refused("HA H9 / G10 GA / EA E9", closed_by=B, closed_after=1)
    assert (error.code, error.rule, error.field) == ("ss_plays_count", "T8", "plays")
