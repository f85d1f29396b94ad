"""R25-R32 as twins: the deal a table really played (recorded) and the same deal with one
slip (refused, citing the rule and the field).  The slip is posted first and must leave
the match as it was, so its twin then goes in under the same seq.

Figures no pile can make were worked out with R26: one trick (three cards) counts 1 to 13
(three blanks 1, the Drull 13), so 0 and 14 cannot come from it; no trick counts 0; the
Blinder's six cards count 2 to 26, so a Räuber without it makes 44 to 68."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.dreierles.conftest import (
    FIVE,
    FOUR,
    GERMAN,
    THREE,
    assert_german,
    drescher,
    open_match,
    played,
    raeuber,
    three,
)

LAST_TRICK = {"raeuber_blind": "last_trick"}
DEFENDERS = {"blind_rest": "defenders"}
#: six blanks: a Solo's Blinder, or what a Dreier laid away and the rest of the Blinder
BLINDER = ["T2", "T3", "T4", "T5", "T6", "T7"]
WITH_21 = {"einundzwanzig_last": "true"}
RIGHT = {"next_dealer": "right"}

#: Benno's Dreier pile, 18 cards: the Drull, four Kings and a Dame with blanks: 37.
PILE = ["T1", "T21", "TS", "CK", "C7", "C8", "SK", "S7", "S8", "HK", "H1", "H2", "DK", "D1", "D2", "HD", "H3", "H4"]
PILE_DE = ["Pfeif", "Trumpf 21", "Stieß", "Kreuz König", "Kreuz 7", "Kreuz 8", "Pik König", "Pik 7", "Pik 8",
           "Herz König", "Herz 1", "Herz 2", "Karo König", "Karo 1", "Karo 2", "Herz Dame", "Herz 3", "Herz 4"]


def swap(cards: list[str], index: int, card: str) -> list[str]:
    return [card if n == index else c for n, c in enumerate(cards)]


def twin(entry: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``entry`` with some fields changed (``None``: left out)."""
    changed = {**entry, **changes}
    return {k: v for k, v in changed.items() if v is not None}


def r3(points: tuple[int, int, int], tricks: tuple[int, int, int], players: list[str] = THREE,
       **fields: Any) -> dict[str, Any]:
    return raeuber(three(players, points), three(players, tricks), **fields)


DREIER = played("dreier", "Benno", cards=PILE)
SOLO = played("solo", "Benno", 50)
RAEUBER = r3((10, 30, 20), (5, 6, 5))
RAEUBER_4 = r3((10, 30, 20), (5, 6, 5), ["Benno", "Carla", "Dieter"])

TWINS = [
    # R25: the Cego pack and its names
    pytest.param(THREE, None, DREIER, twin(DREIER, cards=swap(PILE, 4, "SA")), "invalid_fields", None, {"cards.4"},
                 id="R25: a Schellen-Ass from the Sixty-Six pack in the pile"),
    pytest.param(THREE, None, DREIER, twin(DREIER, cards=swap(PILE, 10, "H7")), "invalid_fields", None, {"cards.10"},
                 id="R25: a heart seven (hearts run 1 to 4)"),
    pytest.param(THREE, None, DREIER, twin(DREIER, cards=swap(PILE, 1, "T22")), "invalid_fields", None, {"cards.1"},
                 id="R25: trump 22 (the trumps end at 21 and the Stieß)"),
    pytest.param(THREE, None, twin(DREIER, cards=PILE_DE), twin(DREIER, cards=swap(PILE_DE, 9, "Herz Ass")),
                 "invalid_fields", None, {"cards.9"}, id="R25: the pile in German names, with a Herz-Ass"),
    pytest.param(THREE, None, DREIER, twin(DREIER, cards=swap(PILE, 17, "Kreuz König")), "dl_card_twice", "R25",
                 {"cards.17"}, id="R25: the Kreuz-König twice, once by name"),
    # R26: points 0-70, the points or the cards
    pytest.param(THREE, None, played("solo_durchmarsch", "Benno", 70), played("solo_durchmarsch", "Benno", 71),
                 "dl_points_range", "R26", {"declarer_points"}, id="R26: 71 points"),
    pytest.param(THREE, None, played("dreier", "Benno", 2), played("dreier", "Benno", -1), "dl_points_range", "R26",
                 {"declarer_points"}, id="R26: -1 points"),
    pytest.param(THREE, None, played("dreier", "Benno", 40), played("dreier", "Benno", "40"), "invalid_fields", None,
                 {"declarer_points"}, id="R26: the points as text"),
    # R26 with R28's decisions: no pile counts less or more (issue 18, item 3)
    pytest.param(THREE, None, played("dreier", "Benno", 2), played("dreier", "Benno", 0), "dl_points_bounds", "R26",
                 {"declarer_points"}, id="R26: 0 in a Dreier (his pile holds six cards: 2 at least)"),
    pytest.param(THREE, DEFENDERS, played("zweier", "Benno", 1), played("zweier", "Benno", 0), "dl_points_bounds",
                 "R26", {"declarer_points"}, id="R26: 0 in a Zweier (two cards laid away count 1 at least)"),
    pytest.param(THREE, None, played("solo", "Benno", 2), played("solo", "Benno", 1), "dl_points_bounds", "R26",
                 {"declarer_points"}, id="R26: 1 in a Solo (the Blinder's six cards count 2 at least)"),
    pytest.param(THREE, DEFENDERS, played("solo", "Benno", 2), played("solo", "Benno", 0), "dl_points_bounds", "R26",
                 {"declarer_points"}, id="R26: 0 in a Solo, whoever gets the Blinder's rest"),
    pytest.param(THREE, DEFENDERS, played("dreier", "Benno", 69), played("dreier", "Benno", 70), "dl_points_bounds",
                 "R26", {"declarer_points"}, id="R26: 70 in a Dreier when the others keep three of the Blinder"),
    pytest.param(THREE, DEFENDERS, played("einser", "Benno", 68), played("einser", "Benno", 69), "dl_points_bounds",
                 "R26", {"declarer_points"}, id="R26: 69 in an Einser when the others keep five of the Blinder"),
    pytest.param(THREE, None, played("solo", "Benno", cards=BLINDER), played("solo", "Benno", cards=BLINDER[:3]),
                 "dl_pile_bounds", "R26", {"cards"}, id="R26: a Solo's pile of three blanks, the Blinder left out"),
    pytest.param(THREE, None, twin(DREIER, cards=[*PILE[:15], *BLINDER]), twin(DREIER, cards=PILE[:16]),
                 "dl_pile_size", "R28", {"cards"}, id="R28: a Dreier's pile of 16 cards (tricks of three and six)"),
    pytest.param(THREE, None, DREIER, twin(DREIER, declarer_points=37), "dl_points_or_cards", "R26", {"cards"},
                 id="R26: both the points and the cards"),
    pytest.param(THREE, None, DREIER, twin(DREIER, cards=None), "dl_points_required", "R26", {"declarer_points"},
                 id="R26: neither the points nor the cards"),
    pytest.param(THREE, None, RAEUBER, r3((10, 71, 20), (5, 6, 5)), "dl_points_range", "R26", {"points.Benno"},
                 id="R26: a Räuber with 71 for Benno"),
    # R28: extras where they cannot apply, the house rule, ten trumps once
    pytest.param(THREE, None, played("zweier", "Benno", 40, extras=["blind"]),
                 played("dreier", "Benno", 40, extras=["blind"]), "dl_extra_not_here", "R28", {"extras.0"},
                 id="R28: blind play at a Dreier (only Zweier and Einser)"),
    pytest.param(THREE, None, played("einser", "Benno", 40, extras=["drull", "blind"]),
                 played("solo", "Benno", 40, extras=["drull", "blind"]), "dl_extra_not_here", "R28", {"extras.1"},
                 id="R28: blind play at a Solo (the Blinder is unseen anyway)"),
    pytest.param(THREE, None, played("einser", "Benno", 40, extras=["untouched"]),
                 played("solo", "Benno", 40, extras=["untouched"]), "dl_extra_not_here", "R28", {"extras.0"},
                 id="R28: bought cards untouched at a Solo, which buys none"),
    pytest.param(THREE, None, played("solo", "Benno", 50), played("solo", "Benno", 50, extras=["21_last"]),
                 "dl_extra_house_rule", "R28", {"extras.0"}, id="R28: the 21 as the last card without the house rule"),
    pytest.param(THREE, None, played("dreier", "Benno", 40, extras=["zehn_druck"]),
                 played("dreier", "Benno", 40, extras=["zehn_druck", "zehn_druck"]), "dl_extra_twice", "R28",
                 {"extras.1"}, id="R28: ten trumps declared twice at the last trick"),
    pytest.param(THREE, None, played("dreier", "Benno", 40, extras=["zehn_druck_start"]),
                 played("dreier", "Benno", 40, extras=["zehn_druck", "zehn_druck_start"]), "dl_zehn_druck_once",
                 "R28", {"extras"}, id="R28: ten trumps declared at the start and again at the last trick"),
    pytest.param(THREE, None, twin(DREIER, extras=["drull"]),
                 twin(DREIER, cards=swap(PILE, 2, "T2"), extras=["drull"]), "dl_extra_cards", "R28", {"extras.0"},
                 id="R28: the Drull claimed without the Stieß in the pile"),
    pytest.param(THREE, None, twin(DREIER, extras=["pfeif_von_hinten"]),
                 twin(DREIER, cards=swap(PILE, 0, "T2"), extras=["pfeif_von_hinten"]), "dl_extra_cards", "R28",
                 {"extras.0"}, id="R28: Pfeif von hinten without the Pfeif in the pile"),
    pytest.param(THREE, WITH_21, twin(DREIER, extras=["21_last"]),
                 twin(DREIER, cards=swap(PILE, 1, "T20"), extras=["21_last"]), "dl_extra_cards", "R28",
                 {"extras.0"}, id="R28: the 21 as the last card without the 21 in the pile"),
    pytest.param(THREE, None, played("dreier", "Benno", 40), played("dreier", "Benno", 40, extras=["kontra"]),
                 "invalid_fields", None, {"extras.0"}, id="R28: an extra the seed does not know"),
    pytest.param(THREE, None, played("zweier", "Benno", 40), twin(played("zweier", "Benno", 40), declarer=None),
                 "dl_declarer_required", "R28", {"declarer"}, id="R28: a Zweier without its declarer"),
    pytest.param(THREE, None, played("dreier", "Benno", 40), played("dreier", "Benno", 40, tricks={"Benno": 9}),
                 "dl_field_not_for_game", "R28", {"tricks"}, id="R28: a Dreier with tricks"),
    pytest.param(THREE, None, played("dreier", "Benno", 40), played("schafkopf", "Benno", 40), "invalid_fields", None,
                 {"game"}, id="R28: a game Dreierles does not have"),
    pytest.param(THREE, None, RAEUBER, twin(RAEUBER, declarer="Benno"), "dl_field_not_for_game", "R30", {"declarer"},
                 id="R30: a Räuber with a declarer"),
    pytest.param(THREE, None, RAEUBER, twin(RAEUBER, extras=["drull"]), "dl_field_not_for_game", "R30", {"extras"},
                 id="R30: a Räuber with the Drull as an extra"),
    pytest.param(THREE, None, drescher("Carla"), drescher("Carla", blind_points=10), "dl_field_not_for_game", "R30",
                 {"blind_points"}, id="R30: a Drescher with the Blinder counted"),
    # R30: the sums of a Räuber
    pytest.param(THREE, None, RAEUBER, r3((10, 30, 20), (5, 6, 4)), "dl_tricks_sum", "R30", {"tricks"},
                 id="R30: 15 tricks"),
    pytest.param(THREE, None, RAEUBER, r3((10, 30, 20), (5, 7, 5)), "dl_tricks_sum", "R30", {"tricks"},
                 id="R30: 17 tricks"),
    pytest.param(THREE, None, RAEUBER, r3((10, 30, 20), (-1, 12, 5)), "dl_tricks_range", "R30", {"tricks.Anna"},
                 id="R30: minus one trick"),
    pytest.param(THREE, None, twin(RAEUBER, blind_points=10), twin(r3((10, 31, 20), (5, 6, 5)), blind_points=10),
                 "dl_raeuber_sum_blind", "R30", {"points"}, id="R30: 61 points, but 70 less the Blinder's 10 is 60"),
    pytest.param(THREE, None, r3((14, 20, 10), (4, 6, 6)), r3((13, 20, 10), (4, 6, 6)), "dl_raeuber_sum_range", "R30",
                 {"points"}, id="R30: 43 points without the Blinder (44 at least)"),
    pytest.param(THREE, None, r3((28, 30, 10), (6, 6, 4)), r3((29, 30, 10), (6, 6, 4)), "dl_raeuber_sum_range", "R30",
                 {"points"}, id="R30: 69 points without the Blinder (68 at most)"),
    pytest.param(THREE, None, twin(r3((28, 30, 10), (6, 6, 4)), blind_points=2),
                 twin(r3((28, 30, 10), (6, 6, 4)), blind_points=1), "dl_blind_range", "R26", {"blind_points"},
                 id="R26: a Blinder counted 1 (six blanks make 2)"),
    pytest.param(THREE, None, twin(r3((14, 20, 10), (4, 6, 6)), blind_points=26),
                 twin(r3((14, 20, 10), (4, 6, 6)), blind_points=27), "dl_blind_range", "R26", {"blind_points"},
                 id="R26: a Blinder counted 27 (six fives make 26)"),
    pytest.param(THREE, LAST_TRICK, r3((10, 30, 30), (5, 6, 5), last_trick="Carla"),
                 r3((10, 30, 20), (5, 6, 5), last_trick="Carla"), "dl_raeuber_sum", "R30", {"points"},
                 id="R30: the Blinder to the last trick, but the points make 60, not 70"),
    pytest.param(THREE, LAST_TRICK, r3((10, 30, 30), (5, 6, 5), last_trick="Carla"), r3((10, 30, 30), (5, 6, 5)),
                 "dl_last_trick_required", "R30", {"last_trick"},
                 id="R30: the Blinder to the last trick, but who took it is missing"),
    pytest.param(THREE, None, r3((0, 30, 30), (0, 8, 8), last_trick="Benno"),
                 r3((0, 30, 30), (0, 8, 8), last_trick="Anna"), "dl_last_trick_without_trick", "R30", {"last_trick"},
                 id="R30: the last trick to Anna, who took none"),
    pytest.param(THREE, None, r3((1, 30, 29), (1, 7, 8)), r3((0, 30, 30), (1, 7, 8)), "dl_points_unreachable", "R26",
                 {"points.Anna"}, id="R26: Anna's one trick counts 0 (three blanks make 1)"),
    pytest.param(THREE, None, r3((13, 30, 17), (1, 7, 8)), r3((14, 30, 16), (1, 7, 8)), "dl_points_unreachable",
                 "R26", {"points.Anna"}, id="R26: Anna's one trick counts 14 (the Drull makes 13)"),
    pytest.param(THREE, None, r3((0, 30, 30), (0, 8, 8)), r3((5, 30, 25), (0, 8, 8)), "dl_points_unreachable", "R26",
                 {"points.Anna"}, id="R26: Anna has 5 points but no trick"),
    pytest.param(THREE, LAST_TRICK, r3((20, 30, 20), (1, 7, 8), last_trick="Anna"),
                 r3((20, 30, 20), (1, 7, 8), last_trick="Benno"), "dl_points_unreachable", "R26", {"points.Anna"},
                 id="R26: Anna's 20 from one trick only with the Blinder she took with the last trick"),
    pytest.param(THREE, None, RAEUBER, raeuber({"Anna": 10, "Benno": 30}, three(THREE, (5, 6, 5))),
                 "dl_player_missing", "R30", {"points.Carla"}, id="R30: Carla's points forgotten"),
    pytest.param(THREE, None, RAEUBER, {"game": "raeuber"}, "dl_raeuber_required", "R30", {"points", "tricks"},
                 id="R30: a Räuber with no figures"),
    # R31: the discard error
    pytest.param(THREE, None, played("zweier", "Benno", 50, discard_error=True),
                 played("solo", "Benno", 50, discard_error=True), "dl_discard_solo", "R31", {"discard_error"},
                 id="R31: a discard error at a Solo, which discards nothing"),
    pytest.param(THREE, None, played("solo_durchmarsch", "Benno", 70, discard_error=False),
                 played("solo_durchmarsch", "Benno", 70, discard_error=True), "dl_discard_solo", "R31",
                 {"discard_error"}, id="R31: a discard error at a Solo with Durchmarsch"),
    pytest.param(THREE, None, played("dreier", "Benno", 40, discard_error=True),
                 played("dreier", "Benno", 40, discard_error="ja"), "invalid_fields", None, {"discard_error"},
                 id="R31: the discard error as text"),
    # R32: seats
    pytest.param(FOUR, None, played("dreier", "Benno", 40), played("dreier", "Anna", 40), "dl_sitting_out", "R32",
                 {"declarer"}, id="R32: four, the dealer Anna entered as declarer"),
    pytest.param(FIVE, None, played("dreier", "Dieter", 40), played("dreier", "Carla", 40), "dl_sitting_out", "R32",
                 {"declarer"}, id="R32: five, Carla (who deals after next) entered as declarer"),
    pytest.param(FIVE, RIGHT, played("dreier", "Carla", 40), played("dreier", "Dieter", 40), "dl_sitting_out", "R32",
                 {"declarer"}, id="R32: five passing right, Dieter (who deals after next) entered as declarer"),
    pytest.param(THREE, None, played("dreier", "Benno", 40, dealer="Anna"),
                 played("dreier", "Benno", 40, dealer="Benno"), "dl_dealer_out_of_turn", "R32", {"dealer"},
                 id="R32: Benno deals the first deal, but Anna drew it"),
    pytest.param(THREE, None, played("dreier", "Benno", 40, dealer="Anna"),
                 played("dreier", "Benno", 40, dealer="Zora"), "unknown_player", "R32", {"dealer"},
                 id="R32: a dealer who is not at the table"),
    pytest.param(FOUR, None, RAEUBER_4, r3((10, 30, 20), (5, 6, 5), ["Anna", "Benno", "Carla"]), "dl_sitting_out",
                 "R32", {"points.Anna", "tricks.Anna", "points.Dieter", "tricks.Dieter"},
                 id="R32: four, a Räuber entered with Anna's figures for Dieter's"),
    pytest.param(FOUR, None, twin(RAEUBER_4, last_trick="Dieter"), twin(RAEUBER_4, last_trick="Anna"),
                 "dl_sitting_out", "R32", {"last_trick"}, id="R32: four, the last trick of a Räuber to Anna"),
    pytest.param(FOUR, None, drescher("Dieter"), drescher("Anna"), "dl_sitting_out", "R32", {"last_trick"},
                 id="R32: four, the last trick of a Drescher to Anna"),
    # names
    pytest.param(THREE, None, played("dreier", "Benno", 40), played("dreier", "Zora", 40), "unknown_player", None,
                 {"declarer"}, id="a declarer who is not at the table"),
    pytest.param(THREE, None, RAEUBER, raeuber({"Anna": 10, "Benno": 30, "Zora": 20}, three(THREE, (5, 6, 5))),
                 "unknown_player", None, {"points.Zora", "points.Carla"}, id="Carla's points entered for Zora"),
]


def _german_checkable(code: str, fields: set[str]) -> bool:
    """The schema's own messages (a number given as text) are English in either language;
    the card fields and the engine's refusals speak German."""
    return code != "invalid_fields" or all(name.startswith("cards.") for name in fields)


@pytest.mark.parametrize(("players", "rules", "legal", "illegal", "code", "rule", "fields"), TWINS)
def test_a_slip_is_refused_and_its_twin_recorded(api: FlaskClient, players: list[str], rules: dict | None,
                                                 legal: dict, illegal: dict, code: str, rule: str | None,
                                                 fields: set[str]) -> None:
    match = open_match(api, players, rules)
    problem = match.refuse(illegal, code=code)
    assert problem.get("rule") == rule
    assert problem["errors"].keys() == fields
    assert all(problem["errors"][name] in problem["detail"] or code == "invalid_fields" for name in fields)
    if _german_checkable(code, fields):
        german = match.refuse(illegal, headers=GERMAN)
        for name in fields:
            assert_german(german["errors"][name], problem["errors"][name])
    answer = match.record(legal)
    assert answer["hand"]["seq"] == 1
    assert sum(answer["state"]["balance"].values()) == 0


def test_the_21_as_the_last_card_counts_with_the_house_rule(api: FlaskClient) -> None:
    entry = played("solo", "Benno", 50, extras=["21_last"])
    open_match(api).refuse(entry, code="dl_extra_house_rule")
    result = open_match(api, rules=WITH_21).record(entry)["hand"]["result"]
    assert result["parts"]["extras"] == {"21_last": 1}
    assert result["fach"] == 4 + 3 + 1


@pytest.mark.parametrize(("legal", "illegal"), [
    pytest.param(played("dreier", "Benno", 40, extras=["untouched"]),
                 played("dreier", "Benno", 40, extras=["untouched"], discard_error=True), id="at a Dreier"),
    pytest.param(played("einser", "Benno", 40), played("einser", "Benno", 40, discard_error=True), id="at an Einser"),
])
def test_a_discard_error_is_no_refusal_where_cards_are_bought(api: FlaskClient, legal: dict, illegal: dict) -> None:
    """R31: where the declarer buys and discards, the error is scored (eightfold), never refused."""
    won = open_match(api).record(legal)["hand"]["result"]
    lost = open_match(api).record(illegal)["hand"]["result"]
    assert won["won"] is True and lost["won"] is False
    assert (lost["fach"], lost["parts"]["eightfold"], lost["settlement"]["Benno"]) == (8, True, -16)


# --- bugs found: the checks a Drescher's figures and a mixed entry do not get ------------


@pytest.mark.parametrize("entry", [
    pytest.param(drescher("Anna", tricks=three(THREE, (0, 20, 20))), id="40 tricks, the last to Anna who took none"),
    pytest.param(drescher("Anna", points=three(THREE, (-5, 500, 3)), tricks=three(THREE, (5, 6, 5))),
                 id="points of -5 and 500"),
])
def test_a_drescher_with_impossible_figures_is_refused(api: FlaskClient, entry: dict) -> None:
    match = open_match(api)
    problem = match.refuse(entry)
    assert problem["rule"] in ("R26", "R30")


def test_points_out_of_range_and_a_wrong_extra_are_reported_together(api: FlaskClient) -> None:
    problem = open_match(api).refuse(played("dreier", "Benno", 80, extras=["blind"]))
    assert problem["errors"].keys() == {"declarer_points", "extras.0"}


# --- several mistakes at once ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "entry", "fields"), [
    pytest.param(THREE, {"game": "solo", "declarer": "Zora", "declarer_points": 80, "discard_error": True},
                 {"declarer", "declarer_points", "discard_error"},
                 id="a Solo by a stranger with 80 points and a discard error"),
    pytest.param(THREE, {"game": "dreier", "discard_error": True}, {"declarer", "declarer_points"},
                 id="a Dreier with neither declarer nor points"),
    pytest.param(THREE, played("dreier", "Benno", 40, extras=["blind", "21_last", "zehn_druck", "zehn_druck_start"]),
                 {"extras.0", "extras.1", "extras"}, id="blind at a Dreier, the 21 last unplayed, ten trumps twice"),
    pytest.param(THREE, r3((10, 71, -1), (-1, 17, 0)), {"tricks.Anna", "tricks.Benno", "points.Benno", "points.Carla"},
                 id="a Räuber with four numbers out of range"),
    pytest.param(FOUR, r3((10, 30, 20), (5, 6, 5), ["Anna", "Benno", "Carla"]),
                 {"points.Anna", "tricks.Anna", "points.Dieter", "tricks.Dieter"},
                 id="four: Anna's figures in a Räuber, Dieter's missing"),
    pytest.param(THREE, twin(RAEUBER, declarer="Benno", extras=["drull"], cards=["CK"]),
                 {"declarer", "extras", "cards"}, id="a Räuber entered with a declarer's fields"),
    pytest.param(THREE, played("dreier", "Benno", "vierzig", cards="CK", extras="drull"),
                 {"declarer_points", "cards", "extras"}, id="three fields of the wrong kind"),
])
def test_several_mistakes_are_reported_together(api: FlaskClient, players: list[str], entry: dict,
                                                fields: set[str]) -> None:
    match = open_match(api, players)
    problem = match.refuse(entry)
    assert problem["errors"].keys() == fields
    if problem["code"] != "invalid_fields":
        for message in problem["errors"].values():
            assert message in problem["detail"]
        german = match.refuse(entry, headers=GERMAN)
        assert german["errors"].keys() == fields
        for name in fields:
            assert_german(german["errors"][name], problem["errors"][name])


def test_the_twins_keep_to_one_deck() -> None:
    """The legal Räuber twins with the Blinder ignored make 44 to 68 and 16 tricks."""
    for param in TWINS:
        legal: Any = param.values[2]
        if legal["game"] == "raeuber" and param.values[1] is None:
            assert sum(legal["tricks"].values()) == 16
            total = sum(legal["points"].values())
            assert 44 <= total <= 68 and total == 70 - legal.get("blind_points", 70 - total)
