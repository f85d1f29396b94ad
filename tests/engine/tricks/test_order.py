"""The trick order the core asks (T3): SuitTrump is Dreeg's and Sixty-Six's; the core
itself names no pack, so a game with another pack or other trumps brings its own order."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.cards.german import Suit, parse_cards
from engine.tricks.order import SuitTrump, TrickOrder, suit_trump
from engine.tricks.play import TrickRules, trick_winner

H, S, E, G = Suit.HEARTS, Suit.BELLS, Suit.ACORNS, Suit.LEAVES
TRICKS = Path(__file__).resolve().parents[3] / "engine" / "tricks"


def card(text):
    return parse_cards(text)[0]


@pytest.mark.parametrize(("text", "trump", "is_trump", "follows"), [
    pytest.param("H9", H, True, H, id="the trump nine is a trump and follows Herz"),
    pytest.param("HO", E, False, H, id="with Eichel trumps the Herz Ober is a plain Herz"),
    pytest.param("EA", None, False, E, id="Kamerun: no card is a trump"),
])
def test_suit_trump_t3_every_card_follows_its_suit(text, trump, is_trump, follows):
    order = SuitTrump(trump)
    assert order.is_trump(card(text)) is is_trump
    assert order.follows(card(text)) is follows


def test_suit_trump_ranks_a_10_k_o_u_9_t3():
    order = SuitTrump(H)
    strengths = [order.strength(c) for c in parse_cards("HA H10 HK HO HU H9")]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 6


def test_suit_trump_is_a_trick_order_and_one_per_suit():
    assert isinstance(SuitTrump(H), TrickOrder)
    assert suit_trump(H) is suit_trump(H) and suit_trump(H) == SuitTrump(H)


def test_trick_rules_default_to_t3_with_the_trump_named():
    assert TrickRules(H).trick_order == SuitTrump(H)
    assert TrickRules(H, order=SuitTrump(E)).trick_order == SuitTrump(E)


@pytest.mark.parametrize(("trick", "trump", "winner"), [
    pytest.param("EK EA E9 H9", SuitTrump(H), "H9", id="an order given: the trump nine beats the led ace"),
    pytest.param("EK EA E9 H9", H, "H9", id="a trump suit given: the same order"),
    pytest.param("EK EA E9 H9", SuitTrump(S), "EA", id="Schellen trumps: the ace of the suit led"),
])
def test_the_winner_is_asked_of_the_order_t3(trick, trump, winner):
    assert str(trick_winner(parse_cards(trick), trump)) == winner


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module} | \
        {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}


@pytest.mark.parametrize("module", sorted(p.name for p in TRICKS.glob("*.py") if p.name != "deal.py"))
def test_the_trick_core_names_no_pack(module):
    """Its rules fit any pack: a card family is the game's (deal.py's random deals default
    to the 24-card deck, looked up only when a test names none)."""
    assert not {name for name in _imports(TRICKS / module) if name.startswith("engine.cards")}
