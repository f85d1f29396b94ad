"""Cards and their notation (RULES.md, "Cards and notation")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards.german import (
    DECK_20,
    DECK_24,
    DECK_POINTS,
    Card,
    Rank,
    Suit,
    card,
    format_card,
    parse_card,
    parse_cards,
    parse_suit,
)
from engine.errors import RuleViolation


@pytest.mark.parametrize(("text", "code"), [
    pytest.param("HA", "HA", id="canonical heart ace"),
    pytest.param("ha", "HA", id="lower case"),
    pytest.param("E10", "E10", id="acorn ten"),
    pytest.param("ex", "E10", id="roman ten"),
    pytest.param("GO", "GO", id="leaves ober"),
    pytest.param("GQ", "GO", id="queen is the ober"),
    pytest.param("SJ", "SU", id="jack is the unter"),
    pytest.param("H9", "H9", id="heart nine"),
    pytest.param("DA", "SA", id="French diamonds are bells"),
    pytest.param("C10", "E10", id="French clubs are acorns"),
    pytest.param("Eichel Ober", "EO", id="German words"),
    pytest.param("Schellen-Unter", "SU", id="German words with hyphen"),
    pytest.param("Herz Sau", "HA", id="the Sau is the ace"),
    pytest.param("Grün König", "GK", id="Grün with umlaut"),
    pytest.param("Laub Zehn", "G10", id="Laub is leaves"),
    pytest.param("Queen of Spades", "GO", id="French: queen of spades"),
    pytest.param("ace of hearts", "HA", id="French: ace of hearts"),
    pytest.param("Pik Bube", "GU", id="Pik Bube"),
    pytest.param("Kreuz Dame", "EO", id="Kreuz Dame"),
    pytest.param("  sk ", "SK", id="surrounding spaces"),
])
def test_parse_card_accepts_german_and_french_names(text, code):
    assert format_card(parse_card(text)) == code


@pytest.mark.parametrize("text", [
    pytest.param("", id="empty"),
    pytest.param("H8", id="no eights in the Dreeg deck"),
    pytest.param("XA", id="no suit X"),
    pytest.param("Herz", id="suit without rank"),
    pytest.param("HAA", id="trailing letter"),
    pytest.param("Herz Herz", id="two suits"),
])
def test_parse_card_refuses_what_is_not_a_card(text):
    with pytest.raises(RuleViolation) as err:
        parse_card(text)
    assert err.value.code == "bad_card"
    assert text.strip() in err.value.message("en")


@pytest.mark.parametrize(("text", "suit"), [
    ("H", Suit.HEARTS), ("herz", Suit.HEARTS), ("Schellen", Suit.BELLS), ("diamonds", Suit.BELLS),
    ("Eichel", Suit.ACORNS), ("clubs", Suit.ACORNS), ("Grün", Suit.LEAVES), ("Laub", Suit.LEAVES),
    ("spades", Suit.LEAVES), ("G", Suit.LEAVES),
])
def test_parse_suit(text, suit):
    assert parse_suit(text) is suit


@pytest.mark.parametrize("text", ["Rosen", "", 5, None])
def test_parse_suit_refuses_unknown(text):
    with pytest.raises(RuleViolation) as err:
        parse_suit(text)
    assert err.value.code == "bad_suit"


def test_decks_and_card_points():
    assert len(DECK_24) == 24 and len(set(DECK_24)) == 24
    assert len(DECK_20) == 20 and not any(c.rank is Rank.NINE for c in DECK_20)
    assert DECK_POINTS == 120 == sum(c.points for c in DECK_20)
    assert [card(Suit.HEARTS, r).points for r in Rank] == [11, 10, 4, 3, 2, 0]


def test_cards_are_interned():
    assert parse_card("HA") is parse_card("Herz Ass") is card(Suit.HEARTS, Rank.ACE)
    with pytest.raises(TypeError):
        Card(Suit.HEARTS, Rank.ACE)


def test_parse_cards_from_one_string():
    assert [str(c) for c in parse_cards("HA, e10 go")] == ["HA", "E10", "GO"]


@given(st.sampled_from(DECK_24))
def test_format_then_parse_is_the_same_card(c):
    assert parse_card(format_card(c)) is c
    assert parse_card(format_card(c).lower()) is c
