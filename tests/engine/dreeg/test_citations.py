"""Every refusal of a Dreeg hand cites the clause broken (issue 18, item 2): a malformed
entry in each sub-game → the rule and the field.  R1 only orders the sub-games: a field of
another sub-game breaks the rule that gives it (R7 Ace of Hearts, R11 Rufen, R12 Kamerun);
Kamerun has no trump, no marriage and so no trump card to close with (R12), and no claim
(R8); a hand played out without its last trick is an incomplete entry (R15: the rule that
checks every entry and says a side's last trick may stand on any member), whatever rule
uses the last trick afterwards (R6 ties, R9 sides)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.cards.german import Suit, parse_card
from engine.dreeg import Meld
from engine.errors import RuleViolation

from .helpers import apply, hand, start

DEUTSCH, AOH, RUFEN, KAMERUN = 1, 2, 3, 4  # sub-game numbers in the default order (R1)
FOUR = "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1"
TWO = "Anna 70/6 Benno 50/6"


def at(subgame: int, players: int = 4):
    """Sub-game ``subgame`` running; Dieter deals (four), Benno deals (two): Anna is forehand."""
    return replace(start(players), subgame=subgame)


def kind_fields(subgame: int) -> dict:
    """What a well-formed four-player hand of the sub-game adds to the summary."""
    return {AOH: {"declarer": "Anna"}, RUFEN: {"caller": "Anna", "called_card": _card("EA"), "partner": "Benno"},
            }.get(subgame, {})


def _card(code: str):
    return parse_card(code)


REFUSED = [
    # --- a field of another sub-game: the rule that gives it there ---------------------------------
    pytest.param(DEUTSCH, 4, FOUR, "Anna", {"declarer": "Anna"}, "field_not_in_subgame", "R7", "declarer",
                 id="R7 a declarer named in a Deutsch hand"),
    pytest.param(DEUTSCH, 4, FOUR, "Anna", {"surrender": True}, "field_not_in_subgame", "R7", "surrender",
                 id="R7 a surrender in a Deutsch hand"),
    pytest.param(DEUTSCH, 4, FOUR, "Anna", {"caller": "Anna"}, "field_not_in_subgame", "R11", "caller",
                 id="R11 a caller in a Deutsch hand"),
    pytest.param(DEUTSCH, 4, FOUR, "Anna", {"partner": None}, "field_not_in_subgame", "R11", "partner",
                 id="R11 'alone' in a Deutsch hand"),
    pytest.param(DEUTSCH, 4, FOUR, "Anna", {"durchmarsch": "Anna"}, "field_not_in_subgame", "R12", "durchmarsch",
                 id="R12 a Durchmarsch announced in Deutsch"),
    pytest.param(AOH, 4, FOUR, "Anna", {"declarer": "Anna", "called_card": _card("EA")}, "field_not_in_subgame",
                 "R11", "called_card", id="R11 a called card in Ace of Hearts"),
    pytest.param(AOH, 4, FOUR, "Anna", {"declarer": "Anna", "durchmarsch": "Anna"}, "field_not_in_subgame",
                 "R12", "durchmarsch", id="R12 a Durchmarsch in Ace of Hearts"),
    pytest.param(RUFEN, 4, FOUR, "Anna", {"surrender": True}, "field_not_in_subgame", "R7", "surrender",
                 id="R7 a surrender in Rufen"),
    pytest.param(KAMERUN, 4, FOUR, "Anna", {"declarer": "Anna"}, "field_not_in_subgame", "R7", "declarer",
                 id="R7 a declarer in Kamerun"),
    pytest.param(KAMERUN, 4, FOUR, "Anna", {"caller": "Anna"}, "field_not_in_subgame", "R11", "caller",
                 id="R11 a caller in Kamerun"),
    # --- Kamerun: no trump, no marriages, no claim, no closing -----------------------------------
    pytest.param(KAMERUN, 4, FOUR, "Anna", {"trump": Suit.HEARTS}, "kamerun_no_trump", "R12", "trump",
                 id="R12 a trump named in Kamerun"),
    pytest.param(KAMERUN, 4, FOUR, "Anna", {"melds": (Meld("Anna", Suit.HEARTS),)}, "kamerun_no_marriages", "R12",
                 "melds", id="R12 a marriage in Kamerun"),
    pytest.param(KAMERUN, 4, FOUR, None, {"claim": "Anna"}, "kamerun_no_claim", "R8", "claim",
                 id="R8 a claim of 66 in Kamerun with four"),
    pytest.param(KAMERUN, 2, TWO, None, {"claim": "Anna"}, "kamerun_no_claim", "R8", "claim",
                 id="R8 a claim of 66 in Kamerun with two"),
    pytest.param(KAMERUN, 2, TWO, "Benno", {"closed_by": "Anna"}, "kamerun_no_closing", "R12", "closed_by",
                 id="R12 the stock closed in Kamerun with two"),
    pytest.param(KAMERUN, 2, TWO, "Benno", {"closed_after": 2}, "kamerun_no_closing", "R12", "closed_after",
                 id="R12 a closing's trick count in Kamerun with two"),
    # --- the last trick: an incomplete entry (R15), in every sub-game -----------------------------------
    pytest.param(DEUTSCH, 4, FOUR, None, {}, "last_trick_required", "R15", "last_trick",
                 id="R15 Deutsch played out without the last trick"),
    pytest.param(DEUTSCH, 2, TWO, None, {}, "last_trick_required", "R15", "last_trick",
                 id="R15 Deutsch with two without the last trick"),
    pytest.param(AOH, 4, FOUR, None, {"declarer": "Anna"}, "last_trick_required", "R15", "last_trick",
                 id="R15 Ace of Hearts without the last trick"),
    pytest.param(RUFEN, 4, FOUR, None, kind_fields(RUFEN), "last_trick_required", "R15", "last_trick",
                 id="R15 Rufen without the last trick"),
    pytest.param(KAMERUN, 4, FOUR, None, {}, "last_trick_required", "R15", "last_trick",
                 id="R15 Kamerun without the last trick"),
    # --- what was cited right already, for the table's sake ---------------------------------------------
    pytest.param(DEUTSCH, 4, FOUR, None, {"claim": "Anna"}, "claim_not_allowed", "R8", "claim",
                 id="R8 a claim in Deutsch with four"),
    pytest.param(DEUTSCH, 4, FOUR, "Anna", {"closed_by": "Anna"}, "closing_two_players", "T7", "closed_by",
                 id="T7 closing with four"),
    pytest.param(AOH, 4, FOUR, "Anna", {}, "field_missing", "R7", "declarer",
                 id="R7 Ace of Hearts without the ace's holder"),
    pytest.param(AOH, 4, FOUR, "Anna", {"declarer": "Anna", "surrender": True}, "surrender_ends_hand", "R7",
                 "points", id="R7 a surrender with card points"),
    pytest.param(RUFEN, 4, FOUR, "Anna", {"caller": "Benno", "called_card": _card("EA"), "partner": None},
                 "caller_not_forehand", "R11", "caller", id="R11 a caller who is not forehand"),
    pytest.param(RUFEN, 4, FOUR, "Anna", {"caller": "Anna", "partner": None}, "field_missing", "R11",
                 "called_card", id="R11 Rufen without the called card"),
    pytest.param(RUFEN, 4, FOUR, "Anna", {"caller": "Anna", "called_card": _card("EA")}, "partner_required",
                 "R11", "partner", id="R11 Rufen without the partner"),
    pytest.param(KAMERUN, 4, "Anna 120/6 Benno 0/0 Carla 0/0 Dieter 0/0", "Anna", {"durchmarsch": "Benno"},
                 "durchmarsch_not_first_trick", "R12", "durchmarsch", id="R12 Durchmarsch by a player without a trick"),
    pytest.param(DEUTSCH, 4, "Anna 46/2 Benno 40/2 Carla 25/1 Dieter 10/1", "Anna", {}, "points_sum", "R15",
                 "points", id="R15 121 card points"),
    pytest.param(DEUTSCH, 4, FOUR, "Anna", {"dealer": "Anna"}, "dealer_out_of_turn", "R13", "dealer",
                 id="R13 dealer out of turn"),
]


@pytest.mark.parametrize(("subgame", "players", "line", "last", "fields", "code", "rule", "field"), REFUSED)
def test_a_refusal_cites_the_clause_broken(subgame, players, line, last, fields, code, rule, field):
    entry = replace(hand(line, last=last), **fields)
    with pytest.raises(RuleViolation) as err:
        apply(at(subgame, players), entry)
    assert (err.value.code, err.value.rule, err.value.field) == (code, rule, field)
    assert err.value.message("de") != err.value.message("en") != code  # a sentence in both languages


ACCEPTED = [
    pytest.param(DEUTSCH, 4, FOUR, "Anna", {}, id="Deutsch with the last trick"),
    pytest.param(AOH, 4, FOUR, "Anna", {"declarer": "Anna"}, id="Ace of Hearts with its declarer"),
    pytest.param(RUFEN, 4, FOUR, "Anna", kind_fields(RUFEN), id="Rufen with caller, card and partner"),
    pytest.param(KAMERUN, 4, FOUR, "Anna", {}, id="Kamerun without trump, marriage or claim"),
    pytest.param(KAMERUN, 4, "Anna 120/6 Benno 0/0 Carla 0/0 Dieter 0/0", "Anna", {"durchmarsch": "Anna"},
                 id="Kamerun with a Durchmarsch made"),
    pytest.param(DEUTSCH, 2, "Anna 66/4 Benno 20/1", None, {"claim": "Anna"}, id="a claim in Deutsch with two"),
    pytest.param(DEUTSCH, 2, "Anna 50/5 Benno 20/3", "Anna", {"closed_by": "Anna", "closed_after": 2},
                 id="the stock closed in Deutsch with two"),
]


@pytest.mark.parametrize(("subgame", "players", "line", "last", "fields"), ACCEPTED)
def test_the_legal_twins_are_accepted(subgame, players, line, last, fields):
    outcome = apply(at(subgame, players), replace(hand(line, last=last), **fields))
    assert outcome.result.type.value == ("deutsch", "ace_of_hearts", "rufen", "kamerun")[subgame - 1]
