"""The referee's "what may I do now?" (Sixty-Six, Schnapsen): the questions a player at
the table asks most, each a situation he could be in, with its legal and its illegal
twin: may I show this marriage (T6, R23)? may I exchange the trump nine or Unter, may I
close (T7, R23)? may I claim (R17)? which cards may I play, the stock open (T2) or closed
and a lead to follow (T1)?  Situations that cannot arise are refused with the field.

Trumps are Hearts unless said; the face-up trump card is the Ace of Hearts.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.german import DECK_20, DECK_24, Suit, parse_card, parse_cards, parse_suit
from engine.errors import RuleViolation
from engine.sixtysix.referee import ActionsRuling, judge_actions, judge_play, judge_stock
from engine.sixtysix.rules import DECKS, Variant
from engine.tricks.play import marriage_pair


def ask(hand: str, *, stock: int = 8, won: int = 1, led: str = "", up: str | None = "HA", trump: str | None = None,
        closed: bool = False, shown: str = "", variant: str = "sixtysix", style: str = "soft") -> ActionsRuling:
    """The player holds ``hand``, ``stock`` cards are left (``up`` face up under them),
    he has won ``won`` tricks, his opponent led ``led`` (if anything), ``shown`` are the
    suits of the marriages shown so far."""
    return judge_actions(hand=parse_cards(hand), stock=stock, tricks_won=won, trick=parse_cards(led),
                         trump_card=parse_card(up) if up else None, trump=parse_suit(trump) if trump else None,
                         closed=closed, marriages=[parse_suit(s) for s in shown.split()], variant=Variant(variant),
                         style=style)


def verdict(ruling: ActionsRuling, action: str, what: str | None = None) -> tuple[bool, str | None, str]:
    """(legal, rule, code) of one action: a card (``play``), a suit (``marriage``) or the one
    exchange, closing or claim."""
    for found in ruling.actions:
        if found.action != action:
            continue
        if what is None or str(found.card if action == "play" else found.suit) == what:
            return found.legal, found.rule, found.code
    raise AssertionError(f"no {action} {what or ''} among {[(a.action, a.card, a.suit) for a in ruling.actions]}")


LEGAL = (True, None)

SITUATIONS = [
    # --- may I show this marriage? (T6, R23) -------------------------------------------------
    pytest.param(ask("HK HO EA S10 G9 E9"), "marriage", "H", (*LEGAL, "marriage_legal"),
                 id="T6 on lead after a trick, King and Ober of the trump: forty may be shown"),
    pytest.param(ask("HK HO EA S10 G9 E9", led="GA"), "marriage", "H", (False, "T6", "marriage_not_on_lead"),
                 id="T6 the opponent has led: no marriage now"),
    pytest.param(ask("EK EO HA S10 G9 E9", up="H10", stock=12, won=0), "marriage", "E", (*LEGAL, "marriage_legal"),
                 id="T6 soft: the forehand shows twenty on the first lead"),
    pytest.param(ask("EK EO HA S10 G9 E9", up="H10", stock=12, won=0, style="hard"), "marriage", "E",
                 (False, "R23", "hard_no_marriage_first_lead"), id="R23 hard: no marriage before the first trick"),
    pytest.param(ask("HK HO EK EO S10 G9", shown="H"), "marriage", "E", (False, "T6", "marriage_one_per_lead"),
                 id="T6 forty shown on this lead: not twenty in Acorns as well"),
    pytest.param(ask("HK HO EK EO S10 G9"), "marriage", "E", (*LEGAL, "marriage_legal"),
                 id="T6 nothing shown yet on this lead: twenty in Acorns may be"),
    pytest.param(ask("HK HO EA S10 G9 E9", stock=0, up=None, trump="H", won=3), "marriage", "H",
                 (*LEGAL, "marriage_legal"), id="T6 the stock used up: a marriage may still be shown on lead"),
    # --- after showing it: which card is led? (T6, R23) ---------------------------------------
    pytest.param(ask("HK HO EA S10 G9 E9", shown="H"), "play", "HO", (*LEGAL, "legal"),
                 id="T6 forty shown: the Ober may be led"),
    pytest.param(ask("HK HO EA S10 G9 E9", shown="H"), "play", "EA", (False, "T6", "marriage_lead"),
                 id="T6 forty shown: not the Ace of Acorns"),
    pytest.param(ask("HK HO EA S10 G9 E9", shown="H", style="hard"), "play", "HK", (*LEGAL, "legal"),
                 id="R23 hard, forty shown: the King is led"),
    pytest.param(ask("HK HO EA S10 G9 E9", shown="H", style="hard"), "play", "HO", (False, "R23", "hard_king_first"),
                 id="R23 hard, forty shown: not the Ober"),
    pytest.param(ask("HK HO EA S10 G9 E9", shown="S H"), "marriage", "H", (*LEGAL, "marriage_shown"),
                 id="T6 twenty in Bells earlier, forty just now: it stands"),
    # --- may I exchange the trump nine (Schnapsen: Unter)? (T7, R23) ---------------------------
    pytest.param(ask("H9 EA S10 G9 E9 GK"), "exchange", None, (*LEGAL, "exchange_legal"),
                 id="T7 on lead, a trick won, the nine held, the stock open: exchange"),
    pytest.param(ask("H9 EA S10 G9 E9 GK", stock=12, won=0), "exchange", None,
                 (False, "T7", "exchange_without_trick"), id="T7 the first lead, no trick won yet: no exchange"),
    pytest.param(ask("H9 EA S10 G9 E9 GK", led="SA"), "exchange", None, (False, "T7", "exchange_not_on_lead"),
                 id="T7 the opponent has led: no exchange"),
    pytest.param(ask("H9 EA S10 G9 E9 GK", closed=True), "exchange", None, (False, "T7", "exchange_stock_closed"),
                 id="T7 the stock closed: no exchange"),
    pytest.param(ask("H9 EA S10 G9", stock=0, up=None, trump="H", won=4), "exchange", None,
                 (False, "T7", "exchange_stock_closed"), id="T7 the stock used up: no exchange"),
    pytest.param(ask("H9 EA S10 G9 E9 GK", stock=2), "exchange", None, (*LEGAL, "exchange_legal"),
                 id="T7 soft: one covered card and the trump card left: still exchanged"),
    pytest.param(ask("H9 EA S10 G9 E9 GK", stock=2, style="hard"), "exchange", None,
                 (False, "R23", "hard_exchange_last_card"), id="R23 hard: not with one covered card left"),
    pytest.param(ask("HU EA S10 G9 E9 GK"), "exchange", None, (False, "T7", "exchange_not_held"),
                 id="T7 Sixty-Six: the Unter is not the lowest trump, the nine is"),
    pytest.param(ask("HU EA S10 GK EK", variant="schnapsen", stock=6), "exchange", None, (*LEGAL, "exchange_legal"),
                 id="T7 Schnapsen: the trump Unter is exchanged"),
    pytest.param(ask("GU EA S10 GK EK", variant="schnapsen", stock=6), "exchange", None,
                 (False, "T7", "exchange_not_held"), id="T7 Schnapsen: the Unter of Leaves is no trump"),
    # --- may I close? (T7) -----------------------------------------------------------------------
    pytest.param(ask("H9 EA S10 G9 E9 GK", stock=4), "close", None, (*LEGAL, "close_legal"),
                 id="T7 on lead with four cards in the stock: close"),
    pytest.param(ask("H9 EA S10 G9 E9 GK", stock=2), "close", None, (False, "T7", "close_stock_too_small"),
                 id="T7 two cards left: too few to close"),
    pytest.param(ask("H9 EA S10 G9 E9 GK", stock=12, won=0, up="H10"), "close", None, (*LEGAL, "close_legal"),
                 id="T7 the forehand closes before the first trick"),
    pytest.param(ask("H9 EA S10 G9 E9 GK", led="SA"), "close", None, (False, "T7", "close_not_on_lead"),
                 id="T7 the opponent has led: no closing"),
    pytest.param(ask("H9 EA S10 G9 E9 GK", closed=True), "close", None, (False, "T7", "already_closed"),
                 id="T7 the stock is closed already"),
    pytest.param(ask("HU EA S10 GK EK", variant="schnapsen", stock=4), "close", None, (*LEGAL, "close_legal"),
                 id="T7 Schnapsen: four cards left, closed"),
    # --- may I claim 66? (R17, T6) ----------------------------------------------------------------
    pytest.param(ask("H9 EA S10 G9 E9 GK"), "claim", None, (*LEGAL, "claim_legal"),
                 id="R17 on lead after winning a trick: claim"),
    pytest.param(ask("H9 EA S10 G9 E9 GK", led="SA"), "claim", None, (False, "R17", "claim_not_on_lead"),
                 id="R17 the opponent has led: no claim before winning the trick"),
    pytest.param(ask("H9 EA S10 G9 E9 GK", stock=12, won=0, up="H10"), "claim", None,
                 (False, "R17", "claim_without_trick"), id="R17 the first lead without a marriage: no claim"),
    pytest.param(ask("EK EO HA S10 G9 E9", up="H10", stock=12, won=0, shown="E"), "claim", None,
                 (*LEGAL, "claim_legal"), id="R17 soft: right after twenty on the first lead (it counts nothing yet)"),
    # --- which cards may I play? (T2 open, T1 closed or used up) ---------------------------------
    pytest.param(ask("EA EU H10 S9 G9 GK", led="EK"), "play", "H10", (*LEGAL, "legal"),
                 id="T2 the stock open: trump the King of Acorns though holding acorns"),
    pytest.param(ask("EA EU H10 S9 G9 GK", led="EK", closed=True), "play", "H10", (False, "T1", "must_follow"),
                 id="T1 the stock closed: Acorns must be followed"),
    pytest.param(ask("EA EU H10 S9 G9 GK", led="EK", closed=True), "play", "EU", (False, "T1", "must_win"),
                 id="T1 the stock closed: the Ace must take the King"),
    pytest.param(ask("EA EU H10 S9 G9 GK", led="EK", closed=True), "play", "EA", (*LEGAL, "legal"),
                 id="T1 the stock closed: the Ace takes the King"),
    pytest.param(ask("G9 H10 S9", led="EK", stock=0, up=None, trump="H", won=4), "play", "S9",
                 (False, "T1", "must_trump"), id="T1 the stock used up, no acorns: the trump is played"),
    pytest.param(ask("G9 HA H9", led="HK", stock=0, up=None, trump="H", won=4), "play", "H9",
                 (False, "T1", "must_win"), id="T1 a trump led: the Ace must go over it"),
    pytest.param(ask("G9 S9", led="EK", stock=0, up=None, trump="H", won=4), "play", "G9", (*LEGAL, "legal"),
                 id="T1 neither acorns nor trumps: anything"),
    pytest.param(ask("EA EU H10 S9 G9 GK", closed=True), "play", "S9", (*LEGAL, "legal"),
                 id="T1 the stock closed, on lead: any card is led"),
]


@pytest.mark.parametrize(("ruling", "action", "what", "expected"), SITUATIONS)
def test_what_may_i_do_now(ruling: ActionsRuling, action: str, what: str | None, expected: tuple) -> None:
    assert verdict(ruling, action, what) == expected


def test_every_action_is_listed_with_its_reason_in_both_languages() -> None:
    ruling = ask("HK HO EK EO S10 G9")
    listed = [(a.action, str(a.card or a.suit or "")) for a in ruling.actions]
    assert listed == [("play", "HK"), ("play", "HO"), ("play", "EK"), ("play", "EO"), ("play", "S10"),
                      ("play", "G9"), ("marriage", "H"), ("marriage", "E"), ("exchange", "H9"), ("close", ""),
                      ("claim", "")]
    english, german = ruling.to_json("en"), ruling.to_json("de")
    assert [a["reason"] for a in english["actions"]] != [a["reason"] for a in german["actions"]]
    assert all(a["reason"] for a in english["actions"] + german["actions"])
    assert german["actions"][6]["reason"] == ("Du darfst die 40 in Herz ansagen: dann König oder Ober ausspielen "
                                              "oder dich gleich ausmelden.")
    assert english["actions"][7]["reason"] == ("You may show the marriage in Acorns (20): then lead its King or "
                                               "Ober, or claim 66 at once.")
    assert english["situation"] == {"rule": "T2", "text": "You are on lead and the stock is open: your opponent "
                                                          "may play any card."}


def test_a_lead_to_follow_with_the_stock_closed_names_the_cards_that_may_be_played() -> None:
    ruling = ask("EA EU H10 S9 G9 GK", led="EK", closed=True, stock=6)
    assert [str(c) for c in ruling.legal_cards] == ["EA"]
    assert (ruling.on_lead, ruling.stock_open) == (False, False)
    assert ruling.to_json("de")["situation"]["text"] == (
        "Dein Gegner hat Eichel-König ausgespielt, der Talon ist zugedreht: Farbe bedienen und, wenn du kannst, den "
        "Stich machen; ohne die Farbe musst du trumpfen.")


@pytest.mark.parametrize(("question", "code", "rule", "field"), [
    pytest.param({"hand": "HK HO EA S10 G9 E9 GA"}, "ss_hand_size", "R16", "hand", id="seven cards in a hand"),
    pytest.param({"hand": "HK HO EA S10 G9 E9", "variant": "schnapsen"}, "ss_card_not_in_deck", "R16", "hand.4",
                 id="Schnapsen: a nine in the hand"),
    pytest.param({"hand": "HK HO EA S10 GK", "variant": "schnapsen", "stock": 6, "up": "H9"}, "ss_card_not_in_deck",
                 "R16", "trump_card", id="Schnapsen: a nine face up"),
    pytest.param({"hand": "HK HO EA S10 G9 HA"}, "card_twice_given", "T8", "trump_card",
                 id="the face-up Ace of Hearts in the hand as well"),
    pytest.param({"hand": "HK HO EA S10 G9", "stock": 0}, "ss_actions_trump_card_gone", None, "trump_card",
                 id="a face-up trump card under an empty stock"),
    pytest.param({"hand": "HK HO EA S10 G9", "trump": "E"}, "ss_actions_trump_mismatch", None, "trump",
                 id="the Ace of Hearts face up but acorns trumps"),
    pytest.param({"hand": "HK HO EA S10 G9", "up": None}, "ss_actions_trump_required", None, "trump",
                 id="no trumps given"),
    pytest.param({"hand": "HK HO EA S10 G9", "led": "GA G10"}, "ss_trick_two_players", "T8", "trick",
                 id="two cards led"),
    pytest.param({"hand": "HK HO EA S10 G9 E9", "stock": 12, "won": 2}, "ss_tricks_won_none_played", "R16",
                 "tricks_won", id="two tricks won with the whole stock still there"),
    pytest.param({"hand": "HK HO EA S10 G9 E9", "stock": 8, "won": 3}, "ss_tricks_won_too_many", "R16",
                 "tricks_won", id="three tricks won after two were played"),
    pytest.param({"hand": "HK HO EA S10 G9 E9", "stock": 8, "won": 0}, "ss_on_lead_without_trick", "R16",
                 "tricks_won", id="on lead without a trick after two tricks"),
    pytest.param({"hand": "HK HO EA S10 G9 E9", "led": "GA", "shown": "H"}, "ss_actions_marriage_held", "T6",
                 "marriages.0", id="forty shown earlier, yet King and Ober still held"),
    pytest.param({"hand": "HK HO EK EO G9 E9", "shown": "H E"}, "ss_actions_marriage_held", "T6",
                 "marriages.1", id="two marriages shown on one lead"),
    pytest.param({"hand": "HK HO EA S10 G9 E9", "shown": "H H"}, "marriage_twice", "T6", "marriages.1",
                 id="forty shown twice"),
    pytest.param({"hand": "EK EO HA S10 G9 E9", "up": "H10", "stock": 12, "won": 0, "shown": "E", "style": "hard"},
                 "ss_act_hard_no_marriage_first_lead", "R23", "marriages.0",
                 id="hard: twenty said to be shown on the first lead"),
    pytest.param({"hand": "HK HO EA S10 G9 E9", "stock": 14}, "ss_stock_range", "R16", "stock",
                 id="a stock of fourteen cards"),
    pytest.param({"hand": "HK HO EA S10 G9 E9", "style": "sharp"}, "bad_rule_value", "R23", "style",
                 id="a style neither soft nor hard"),
])
def test_situations_that_cannot_arise_are_refused(question: dict[str, Any], code: str, rule: str | None,
                                                  field: str) -> None:
    hand = question.pop("hand")
    with pytest.raises(RuleViolation) as caught:
        ask(hand, **question)
    assert (caught.value.code, caught.value.rule, caught.value.field) == (code, rule, field)


# --- the same checks as the play and stock questions ------------------------------------------


@st.composite
def situations(draw: st.DrawFn) -> dict[str, Any]:
    variant = draw(st.sampled_from(list(Variant)))
    deck = DECKS[variant]
    cards = draw(st.permutations(DECK_24 if variant is Variant.SIXTYSIX else DECK_20))
    size = draw(st.integers(1, deck.hand))
    hand, led, up = cards[:size], cards[size:size + draw(st.integers(0, 1))], cards[-1]
    stock = draw(st.sampled_from(range(0, deck.stock + 1, 2)))
    closed = draw(st.booleans()) and stock > 0
    if closed or stock == 0:
        won = draw(st.integers(0, deck.tricks))
    else:  # the tricks played show in the stock; on lead after the first trick he won the last one
        played = (deck.stock - stock) // 2
        won = draw(st.integers(1 if not led and played else 0, played))
    return {"hand": tuple(hand), "trick": tuple(led), "trump_card": up if stock else None,
            "trump": None if stock else up.suit, "stock": stock, "closed": closed, "tricks_won": won,
            "variant": variant, "style": draw(st.sampled_from(["soft", "hard"]))}


@settings(max_examples=300, deadline=None)
@given(situations())
def test_the_actions_say_what_the_play_and_stock_questions_say(situation: dict[str, Any]) -> None:
    ruling = judge_actions(**situation)
    trump: Suit = ruling.trump
    stock_open = ruling.stock_open
    for action in ruling.actions:
        if action.action == "play":
            assert action.card is not None
            play = judge_play(hand=situation["hand"], trick=situation["trick"], card=action.card, trump=trump,
                              variant=situation["variant"], stock_open=stock_open)
            assert (action.legal, action.rule) == (play.legal, play.rule)
        elif action.action in ("exchange", "close"):
            stock = judge_stock(action=action.action, on_lead=ruling.on_lead, tricks_won=situation["tricks_won"],
                                stock=situation["stock"], closed=situation["closed"], variant=situation["variant"],
                                style=situation["style"])
            if action.code == "exchange_not_held":
                assert stock.legal and action.card not in situation["hand"]
            else:
                assert (action.legal, action.rule, action.code) == (stock.legal, stock.rule, stock.code)
    held = {s for s in Suit if set(marriage_pair(s)) <= set(situation["hand"])}
    assert {a.suit for a in ruling.actions if a.action == "marriage"} == held
