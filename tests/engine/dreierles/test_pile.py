"""The declarer's pile and the points it can count (R28's decisions, R26), per game type and
``blind_rest``: the bounds worked out by hand, the twins at each bound (the least and the
most recorded, one point beyond refused with R26 at its field), piles of cards of the wrong
size, and hypothesis over real deals of a shuffled Cego pack: every pile the rules allow
counts within the bounds, and the engine scores its cards and its points alike.

Worked by hand from R25/R26 (a counter is worth its value less 2/3, a blank 1/3; rounded to the
nearest point, x 1/3 down, x 2/3 up; 35 blanks in the pack):
- ``declarer``: his pile is his tricks and six cards, 6 to 54 cards.  Six blanks count 2
  (no trick); all 54 cards 70 (every trick).
- ``defenders``: his pile is his tricks and what he laid away; the Blinder's other cards
  are the defenders'.  Dreier: three blanks laid away count 1; every trick leaves the others
  three blanks at least, 1, so at most 69.  Zweier: two blanks 2/3, 1; the others' four
  blanks 4/3, 1: at most 69.  Einser: one blank 1/3, 0; the others' five blanks 5/3, 2: at
  most 68.  A Solo's pile holds the Blinder whatever the house rule: 2 to 70.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.cego import DECK_54
from engine.dreierles import DREIERLES, GameType
from engine.dreierles.counting import count
from engine.dreierles.pile import pile_sizes, points_bounds
from engine.errors import RuleViolation

from .helpers import entry_from_json, random_pile

THREE = ["Anna", "Benno", "Carla"]
GAMES = ["dreier", "zweier", "einser", "solo", "solo_durchmarsch"]
BOUNDS = [
    *[pytest.param(game, "declarer", 2, 70, id=f"declarer: a {game}'s pile counts 2 (six blanks) to 70 (all 54)")
      for game in GAMES],
    pytest.param("dreier", "defenders", 1, 69, id="defenders: a Dreier lays three away (1) and leaves three (1)"),
    pytest.param("zweier", "defenders", 1, 69,
                 id="defenders: a Zweier lays two away (2/3: 1) and leaves four (4/3: 1)"),
    pytest.param("einser", "defenders", 0, 68,
                 id="defenders: an Einser lays one away (1/3: 0) and leaves five (5/3: 2)"),
    pytest.param("solo", "defenders", 2, 70, id="defenders: a Solo's pile holds the Blinder all the same"),
    pytest.param("solo_durchmarsch", "defenders", 2, 70, id="defenders: a Solo with Durchmarsch likewise"),
]


def played(game: str, *, points: int | None = None, cards: list[str] | None = None, **fields: Any) -> Any:
    body: dict[str, Any] = {"game": game, "declarer": "Benno", **fields}
    if points is not None:
        body["declarer_points"] = points
    if cards is not None:
        body["cards"] = cards
    return entry_from_json(body)


def apply(entry: Any, blind_rest: str) -> Any:
    return DREIERLES.apply(DREIERLES.start(THREE, rules={"blind_rest": blind_rest}), entry).result


def refused(entry: Any, blind_rest: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        apply(entry, blind_rest)
    return caught.value


@pytest.mark.parametrize(("game", "blind_rest", "least", "most"), BOUNDS)
def test_the_bounds_of_the_declarers_points(game: str, blind_rest: str, least: int, most: int) -> None:
    assert points_bounds(GameType(game), blind_rest) == (least, most)
    needs = DREIERLES.needs(DREIERLES.start(THREE, rules={"blind_rest": blind_rest}))
    assert needs["declarer_points"][game] == [least, most] and needs["blind_rest"] == blind_rest


@pytest.mark.parametrize(("game", "blind_rest", "least", "most"), BOUNDS)
def test_R26_the_least_and_the_most_are_recorded(game: str, blind_rest: str, least: int, most: int) -> None:
    for points in (least, most):
        assert apply(played(game, points=points), blind_rest).scored.declarer_points == points


@pytest.mark.parametrize(("game", "blind_rest", "least", "most"), BOUNDS)
def test_R26_a_point_beyond_either_bound_is_refused(game: str, blind_rest: str, least: int, most: int) -> None:
    for points in (least - 1, most + 1):
        error = refused(played(game, points=points), blind_rest)
        assert (error.rule, error.field) == ("R26", "declarer_points")
        # beyond the pack's 0 to 70 the range says so; within it, what this pile can count
        assert error.code == ("dl_points_bounds" if 0 <= points <= 70 else "dl_points_range")
        if error.code == "dl_points_bounds":
            assert f"{least} " in error.message("en") and f" {most}" in error.message("de")


@pytest.mark.parametrize(("game", "points", "blind_rest"), [
    pytest.param("dreier", 0, "declarer", id="0 in a Dreier (the issue's case)"),
    pytest.param("zweier", 0, "defenders", id="0 in a Zweier, whoever the Blinder's rest goes to"),
    pytest.param("solo", 0, "declarer", id="0 in a Solo (the Blinder's six cards count 2)"),
    pytest.param("solo", 1, "defenders", id="1 in a Solo"),
    pytest.param("dreier", 70, "defenders", id="70 in a Dreier when the others keep three of the Blinder"),
    pytest.param("einser", 69, "defenders", id="69 in an Einser when the others keep five of the Blinder"),
])
def test_R26_points_no_pile_can_count_are_refused(game: str, points: int, blind_rest: str) -> None:
    error = refused(played(game, points=points), blind_rest)
    assert (error.code, error.rule, error.field) == ("dl_points_bounds", "R26", "declarer_points")


def test_a_discard_error_takes_any_points_they_count_for_nothing() -> None:
    """R31: a wrong discard makes the pile irregular and the game is lost eightfold whatever
    the points: only the pack's 0 to 70 holds."""
    result = apply(played("dreier", points=0, discard_error=True), "declarer")
    assert (result.scored.won, result.scored.fach) == (False, 8)
    assert refused(played("dreier", points=71, discard_error=True), "declarer").code == "dl_points_range"


# --- piles of cards: the bounds are reached by real piles, and wrong ones are refused -----------

BLANKS = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20".split()


@pytest.mark.parametrize(("game", "blind_rest", "cards", "points"), [
    pytest.param("dreier", "declarer", BLANKS[:6], 2,
                 id="declarer, Dreier: no trick, six blanks laid away and left: 2"),
    pytest.param("einser", "defenders", BLANKS[:1], 0, id="defenders, Einser: no trick, one blank laid away: 0"),
    pytest.param("zweier", "defenders", BLANKS[:2], 1, id="defenders, Zweier: no trick, two blanks laid away: 1"),
    pytest.param("solo", "defenders", BLANKS[:6], 2, id="defenders, Solo: no trick, the Blinder of six blanks: 2"),
    pytest.param("dreier", "defenders", "pack less three blanks", 69,
                 id="defenders, Dreier: every trick and three laid away, three blanks left to the others: 69"),
    pytest.param("einser", "defenders", "pack less five blanks", 68,
                 id="defenders, Einser: every trick and one laid away, five blanks left to the others: 68"),
    pytest.param("zweier", "declarer", "pack", 70, id="declarer, Zweier: every trick and the whole Blinder: 70"),
])
def test_the_bounds_are_reached_by_real_piles(game: str, blind_rest: str, cards: Any, points: int) -> None:
    pack = [str(c) for c in DECK_54]
    if isinstance(cards, str):
        left = {"pack": 0, "pack less three blanks": 3, "pack less five blanks": 5}[cards]
        cards = [c for c in pack if c not in BLANKS[:left]]
    result = apply(played(game, cards=cards), blind_rest)
    assert result.scored.declarer_points == points
    assert points in points_bounds(GameType(game), blind_rest)


@pytest.mark.parametrize(("game", "blind_rest", "cards", "code", "rule"), [
    pytest.param("solo", "declarer", BLANKS[:3], "dl_pile_bounds", "R26",
                 id="a Solo's pile of one trick of blanks without the Blinder counts 1: R26"),
    pytest.param("solo", "declarer", ["TS", "T21", "T1"], "dl_pile_size", "R28",
                 id="a Solo's pile of the Drull alone lacks the Blinder: R28"),
    pytest.param("zweier", "declarer", BLANKS[:14], "dl_pile_size", "R28",
                 id="declarer: a Zweier's tricks and two laid away, without the Blinder's other four"),
    pytest.param("zweier", "defenders", BLANKS[:18], "dl_pile_size", "R28",
                 id="defenders: a Zweier's pile with the Blinder's other four"),
    pytest.param("einser", "defenders", [], "dl_pile_size", "R28",
                 id="defenders: an Einser's pile without the card laid away"),
])
def test_a_pile_of_the_wrong_size_is_refused(game: str, blind_rest: str, cards: list[str], code: str,
                                             rule: str) -> None:
    error = refused(played(game, cards=cards), blind_rest)
    assert (error.code, error.rule, error.field) == (code, rule, "cards")
    assert "{" not in error.message("en") + error.message("de")


@pytest.mark.parametrize(("game", "blind_rest", "cards"), [
    pytest.param("zweier", "defenders", BLANKS[:14], id="defenders: a Zweier's tricks and two laid away"),
    pytest.param("zweier", "declarer", BLANKS[:18],
                 id="declarer: a Zweier's tricks, two laid away, four of the Blinder"),
    pytest.param("einser", "defenders", BLANKS[:1], id="defenders: an Einser without a trick, one card laid away"),
])
def test_the_twins_of_the_right_size_are_recorded(game: str, blind_rest: str, cards: list[str]) -> None:
    assert apply(played(game, cards=cards), blind_rest).scored.declarer_points is not None


# --- hypothesis: real deals of a shuffled pack ------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(GAMES),
       blind_rest=st.sampled_from(["declarer", "defenders"]), share=st.sampled_from([0.0, 1.0]) | st.floats(0, 1))
def test_every_pile_a_deal_allows_counts_within_the_bounds(seed: int, game: str, blind_rest: str,
                                                          share: float) -> None:
    kind = GameType(game)
    pile = random_pile(random.Random(seed), kind, blind_rest, share)
    least, most = points_bounds(kind, blind_rest)
    assert len(pile) in pile_sizes(kind, blind_rest)
    assert least <= count(pile) <= most
    # the engine takes the pile, and its points, alike
    by_cards = apply(played(game, cards=[str(c) for c in pile]), blind_rest).scored
    by_points = apply(played(game, points=count(pile)), blind_rest).scored
    assert (by_cards.declarer_points, by_cards.fach, dict(by_cards.settlement)) == (
        by_points.declarer_points, by_points.fach, dict(by_points.settlement))
