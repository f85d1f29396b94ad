"""The long German pack (32 cards, Schafkopf's "langes Blatt"): the 24-card pack's cards,
names and points, and the eights and sevens, which only its family reads."""

from __future__ import annotations

import pytest

from engine.cards.german import (
    DECK_24,
    DECK_32,
    GERMAN,
    GERMAN_32,
    LongRank,
    Rank,
    Suit,
    card,
    parse_card,
    parse_long_card,
)
from engine.errors import RuleViolation
from engine.i18n import render


def test_the_long_pack_is_the_short_one_with_eights_and_sevens():
    assert len(DECK_32) == 32 and set(DECK_24) < set(DECK_32)
    assert {c.rank for c in DECK_32} - set(Rank) == set(LongRank)
    assert sum(c.points for c in DECK_32) == 120


@pytest.mark.parametrize(("text", "code"), [
    pytest.param("H7", "H7", id="the Herz seven by its code"),
    pytest.param("e8", "E8", id="the Eichel eight in lower case"),
    pytest.param("Schellen Sieben", "S7", id="the Schellen seven by name"),
    pytest.param("eight of leaves", "G8", id="the Gras eight in English"),
    pytest.param("EO", "EO", id="the Eichel Ober as in the short pack"),
])
def test_the_long_family_reads_its_cards(text, code):
    assert str(GERMAN_32.parse_card(text)) == code
    assert parse_long_card(text) is GERMAN_32.parse_card(text)


@pytest.mark.parametrize("text", [
    pytest.param("H7", id="a seven is no card of Dreeg or Sixty-Six"),
    pytest.param("Eichel Acht", id="nor is an eight by name"),
])
def test_the_short_family_still_refuses_eights_and_sevens(text):
    with pytest.raises(RuleViolation) as refused:
        GERMAN.parse_card(text)
    assert refused.value.code == "bad_card"
    with pytest.raises(RuleViolation):
        parse_card(text)


def test_the_families_share_their_cards():
    assert parse_long_card("HA") is parse_card("HA") is card(Suit.HEARTS, Rank.ACE)
    assert GERMAN_32.deck == DECK_32 and GERMAN.deck == DECK_24


@pytest.mark.parametrize(("text", "lang", "name"), [
    pytest.param("H7", "de", "Herz-Sieben", id="Herz-Sieben"),
    pytest.param("S8", "en", "Eight of Bells", id="Eight of Bells"),
])
def test_eights_and_sevens_are_named(text, lang, name):
    found = parse_long_card(text)
    assert found.name_in(lang) == render("card_name", lang, {"suit": found.suit, "rank": found.rank}) == name


def test_the_long_notation_reads_the_new_ranks_only_there():
    assert GERMAN_32.notation["ranks"]["SIEBEN"] == "7" and "SIEBEN" not in GERMAN.notation["ranks"]
