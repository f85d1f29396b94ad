"""The Cego pack (R25) and counting in threes (R26): the seed's counting examples, piles that
are not a multiple of three, and any split of the 54 cards making 70 (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.cego import DECK_54, parse_cego_card
from engine.dreierles.counting import count, exact, packets, reachable, thirds
from engine.dreierles.referee import judge_count
from engine.errors import RuleViolation

from .helpers import cards


def test_the_pack_holds_54_cards_worth_70_in_threes() -> None:
    assert len(DECK_54) == 54
    assert sum(1 for c in DECK_54 if c.suit.value == "T") == 22
    assert sum(c.value for c in DECK_54) == 71  # the face values; counted in threes: 70
    assert count(DECK_54) == 70


@pytest.mark.parametrize(("text", "code"), [
    pytest.param("T1", "T1", id="the Pfeif by code"),
    pytest.param("Pfeif", "T1", id="the Pfeif by name"),
    pytest.param("ts", "TS", id="the Stieß by code, lower case"),
    pytest.param("Gstieß", "TS", id="the Stieß as Baden says it"),
    pytest.param("Trumpf 13", "T13", id="a trump by number"),
    pytest.param("CK", "CK", id="Kreuz-König"),
    pytest.param("Kreuz König", "CK", id="Kreuz-König by name"),
    pytest.param("DD", "DD", id="Karo-Dame: D the suit, D the rank"),
    pytest.param("Queen of Hearts", "HD", id="English"),
    pytest.param("Pik 10", "S10", id="a low spade"),
    pytest.param("H1", "H1", id="a low heart"),
])
def test_card_names(text: str, code: str) -> None:
    assert str(parse_cego_card(text)) == code


@pytest.mark.parametrize("text", ["T22", "T0", "H7", "C1", "SA", "XX", "Kreuz Ass"])
def test_cards_that_do_not_exist(text: str) -> None:
    """Hearts and diamonds run 1-4, clubs and spades 7-10 (R25); there is no Ace."""
    with pytest.raises(RuleViolation) as caught:
        parse_cego_card(text)
    assert caught.value.code == "cego_bad_card"


def test_cards_name_themselves_in_both_languages() -> None:
    assert [parse_cego_card(c).name_in("de") for c in ("T1", "TS", "T13", "CK", "DB", "S10")] == \
        ["Pfeif", "Stieß", "Trumpf 13", "Kreuz-König", "Karo-Bube", "Pik-Zehn"]
    assert [parse_cego_card(c).name_in("en") for c in ("CK", "HR", "T13")] == \
        ["King of Clubs", "Knight of Hearts", "Trump 13"]


# The seed's table "Beispiele für Stiche" and its Drull.
SEED_EXAMPLES = [
    pytest.param("C7 C8 S9", 1, id="three blanks: 1"),
    pytest.param("T2 T3 T4", 1, id="three Druck (blank trumps): 1"),
    pytest.param("CK C7 C8", 5, id="one face and two blanks: the face's value"),
    pytest.param("CK HD C7", 8, id="König + Dame + a blank: (5 + 4) - 1 = 8"),
    pytest.param("CK HD SR", 10, id="König, Dame, Reiter: (5 + 4 + 3) - 2 = 10"),
    pytest.param("T1 T21 TS", 13, id="the Drull: 3 x 5 - 2 = 13"),
    pytest.param("DB H1 H2", 2, id="a Bube and two blanks: 2"),
]


@pytest.mark.parametrize(("pile", "points"), SEED_EXAMPLES)
def test_the_seeds_counting_examples(pile: str, points: int) -> None:
    assert count(cards(pile)) == points
    whole, leftover = packets(cards(pile))
    assert leftover is None and whole[0].points == points


@pytest.mark.parametrize(("pile", "thirds_", "points", "shown"), [
    pytest.param("CK", 13, 4, "4 1/3", id="a König alone: 5 - 2/3 = 4 1/3, rounds down to 4"),
    pytest.param("CK HD", 23, 8, "7 2/3", id="König and Dame: 7 2/3, rounds up to 8"),
    pytest.param("C7 C8", 2, 1, "2/3", id="two blanks: 2/3, rounds up to 1"),
    pytest.param("C7", 1, 0, "1/3", id="one blank: 1/3, rounds down to 0"),
    pytest.param("CK HD SR C7", 31, 10, "10 1/3", id="a packet of three and one blank left over"),
])
def test_a_leftover_packet_is_counted_in_thirds(pile: str, thirds_: int, points: int, shown: str) -> None:
    assert (thirds(cards(pile)), count(cards(pile)), exact(thirds(cards(pile)))) == (thirds_, points, shown)


@settings(max_examples=300, deadline=None)
@given(order=st.permutations(DECK_54), cut=st.integers(0, 54))
def test_any_split_of_the_pack_counts_to_70(order: list, cut: int) -> None:
    """R26: the two sides' thirds always make 210, their rounded points always 70."""
    left, right = order[:cut], order[cut:]
    assert thirds(left) + thirds(right) == 210
    assert count(left) + count(right) == 70


@settings(max_examples=200, deadline=None)
@given(pile=st.lists(st.sampled_from(DECK_54), unique=True, min_size=0, max_size=54).filter(lambda p: len(p) % 3 == 0))
def test_every_pile_of_tricks_is_reachable(pile: list) -> None:
    """The reachability the Räuber check uses agrees with counting real piles."""
    assert reachable(count(pile), len(pile))


def test_reachable_bounds() -> None:
    assert not reachable(0, 3) and reachable(1, 3)  # three cards count at least 1
    assert reachable(13, 3) and not reachable(14, 3)  # the Drull is the most three cards make
    assert reachable(2, 6) and reachable(26, 6) and not reachable(27, 6)  # the Blinder: 2-26


def test_the_referee_counts_a_pile_packet_by_packet() -> None:
    ruling = judge_count(cards=cards("TS CK HD C7 H1"))
    shown = ruling.to_json("de")
    assert (shown["points"], shown["exact"]) == (13, "12 2/3")
    assert shown["packets"][0]["rule"] == "drei Bilder: ihr Wert weniger 2, 12"
    assert shown["leftover"]["rule"] == "Rest, in Dritteln gezählt: 2/3"
    assert shown["reason"] == "5 Karten in Dreierpäckchen gezählt: 12 2/3, also 13 Punkte."
    with pytest.raises(RuleViolation) as caught:
        judge_count(cards=cards("CK CK"))
    assert (caught.value.code, caught.value.rule, caught.value.field) == ("dl_card_twice", "R25", "cards.1")
