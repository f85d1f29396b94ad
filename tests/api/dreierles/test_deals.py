"""Dreierles matches through the API: creating one for three, four and five, deals of
every game type with their Fach and settlement, the ledger and the deal passing round the
table (R32), piles counted in threes, Räuber and Drescher, and the ways a deal is refused
(problem JSON, the rule, the field, German, nothing changed; a retried POST, a stale seq,
a correction; a viewer: tests/api/test_game_contract.py).

Anna deals first unless said otherwise: at three Carla (on her right) is forehand; at four
Anna sits out; at five Anna and Carla (who deals after next) sit out."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import assert_problem
from tests.api.dreierles.conftest import (
    DECLARER_GAMES,
    DEFAULT_RULES,
    ENGLISH,
    FIVE,
    FOUR,
    GAMES,
    GERMAN,
    HOUSE_RULES,
    PACK,
    THREE,
    assert_german,
    assert_ledger,
    by_packets,
    codes,
    drescher,
    open_match,
    played,
    r3,
    rounded,
    thirds,
    three,
)

RIGHT = {"next_dealer": "right"}
DOUBLE = {"lost_double": "true"}
FLAT = {"ladder": "flat"}
WITH_21 = {"einundzwanzig_last": "true"}
LAST_TRICK = {"raeuber_blind": "last_trick"}

#: The first deal (Anna deals): (who sits out, who plays, forehand, who deals next), by
#: the number at the table and where the deal passes.
SEATS = {
    (3, "left"): ([], THREE, "Carla", "Benno"),
    (4, "left"): (["Anna"], ["Benno", "Carla", "Dieter"], "Dieter", "Benno"),
    (5, "left"): (["Anna", "Carla"], ["Benno", "Dieter", "Erika"], "Erika", "Benno"),
    (3, "right"): ([], THREE, "Carla", "Carla"),
    (4, "right"): (["Anna"], ["Benno", "Carla", "Dieter"], "Dieter", "Dieter"),
    (5, "right"): (["Anna", "Dieter"], ["Benno", "Carla", "Erika"], "Erika", "Erika"),
}

# --- creating a match ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rules", "expected", "next_dealers"), [
    pytest.param(THREE, None, DEFAULT_RULES, ["Benno", "Carla", "Anna"], id="three at the table, every default"),
    pytest.param(FOUR, None, DEFAULT_RULES, ["Benno", "Carla", "Dieter", "Anna"],
                 id="four at the table: the dealer sits out"),
    pytest.param(FIVE, None, DEFAULT_RULES, ["Benno", "Carla", "Dieter", "Erika", "Anna"],
                 id="five at the table: the dealer and the one who deals after next sit out"),
    pytest.param(FIVE, RIGHT, {**DEFAULT_RULES, **RIGHT}, ["Erika", "Dieter", "Carla", "Benno", "Anna"],
                 id="five, the deal passing to the right"),
    pytest.param(FOUR, {"ladder": "flat", "raeuber_blind": "last_trick"},
                 {**DEFAULT_RULES, "ladder": "flat", "raeuber_blind": "last_trick"},
                 ["Benno", "Carla", "Dieter", "Anna"], id="four, flat ladder, the Blinder to the last trick"),
    pytest.param(THREE, {"lost_double": "true", "ladder": "flat", "einundzwanzig_last": "true",
                         "blind_rest": "defenders", "raeuber_blind": "last_trick", "next_dealer": "right"},
                 {"lost_double": "true", "ladder": "flat", "einundzwanzig_last": "true",
                  "blind_rest": "defenders", "raeuber_blind": "last_trick", "next_dealer": "right"},
                 ["Carla", "Benno", "Anna"], id="a table choosing every house rule"),
])
def test_a_new_match_has_every_house_rule(api: FlaskClient, players: list[str], rules: dict | None,
                                          expected: dict, next_dealers: list[str]) -> None:
    match = open_match(api, players, rules)
    created = match.created
    assert (created["game"], created["players"], created["rules"]) == ("dreierles", players, expected)
    state = created["state"]
    out, active, forehand, after = SEATS[(len(players), expected["next_dealer"])]
    assert state["balance"] == dict.fromkeys(players, 0)
    assert (state["dealer"], state["sitting_out"], state["active"], state["forehand"], state["deals"]) == (
        "Anna", out, active, forehand, 0)
    assert (state["players"], state["rules"]) == (players, expected)
    needs = state["needs"]
    assert (needs["deal"], needs["dealer"], needs["forehand"], needs["active"], needs["sitting_out"]) == (
        1, "Anna", forehand, active, out)
    assert needs["next_dealers"] == next_dealers and next_dealers[0] == after
    assert needs["games"] == GAMES
    assert needs["discards"] == ["dreier", "zweier", "einser"]
    extras = ["blind", "untouched", "drull", "pfeif_von_hinten", "zehn_druck", "zehn_druck_start"]
    if expected["einundzwanzig_last"] == "true":
        extras.insert(4, "21_last")
    assert list(needs["extras"]) == extras
    assert needs["extras"]["blind"] == ["zweier", "einser"]
    assert needs["extras"]["untouched"] == ["dreier", "zweier", "einser"]
    fach = needs["fach"]
    assert fach["won_from"] == 36
    assert fach["won"] == [[36, 1], [40, 2], [45, 3], [50, 4], [55, 5], [60, 6], [65, 7], [70, 8]]
    ladder = ({"dreier": 0, "zweier": 1, "einser": 2, "solo": 3, "solo_durchmarsch": 4}
              if expected["ladder"] == "cumulative" else
              {"dreier": 0, "zweier": 1, "einser": 1, "solo": 1, "solo_durchmarsch": 1})
    assert fach["type"] == ladder
    assert (fach["extra"], fach["lost_double"], fach["eightfold"]) == (1, expected["lost_double"] == "true", 8)
    assert (needs["total"], needs["tricks"], needs["blind_points"], needs["raeuber_blind"]) == (
        70, 16, [2, 26], expected["raeuber_blind"])
    # R26, R28: what the declarer's pile can count, worked out by hand (tests/engine/dreierles/test_pile.py)
    assert needs["blind_rest"] == expected["blind_rest"]
    assert needs["declarer_points"] == ({game: [2, 70] for game in DECLARER_GAMES}
                                        if expected["blind_rest"] == "declarer" else
                                        {"dreier": [1, 69], "zweier": [1, 69], "einser": [0, 68], "solo": [2, 70],
                                         "solo_durchmarsch": [2, 70]})
    assert needs["discard_error_points"] == [0, 70]
    # R30: a Räuber's three without the Blinder make 70 less its 2 to 26; with it, 70
    assert needs["raeuber_points"] == ([44, 68] if expected["raeuber_blind"] == "ignored" else [70, 70])
    assert match.get()["state"] == state


@pytest.mark.parametrize(("players", "dealer", "out", "forehand"), [
    pytest.param(THREE, "Carla", [], "Benno", id="three: Carla drew the deal, Benno is forehand"),
    pytest.param(FOUR, "Dieter", ["Dieter"], "Carla", id="four: Dieter drew the deal and sits out"),
    pytest.param(FIVE, "Erika", ["Erika", "Benno"], "Dieter", id="five: Erika drew the deal, she and Benno sit out"),
])
def test_the_first_dealer_is_drawn_at_creation(api: FlaskClient, players: list[str], dealer: str, out: list[str],
                                               forehand: str) -> None:
    state = open_match(api, players, dealer=dealer).created["state"]
    assert (state["dealer"], state["sitting_out"], state["forehand"]) == (dealer, out, forehand)


@pytest.mark.parametrize(("rules", "rule"), [
    pytest.param({"lost_double": "yes"}, "R27", id="lost games double: yes"),
    pytest.param({"ladder": "steep"}, "R28", id="a ladder that is neither climbing nor flat"),
    pytest.param({"einundzwanzig_last": "sometimes"}, "R28", id="the 21 as the last card: sometimes"),
    pytest.param({"raeuber_blind": "dealer"}, "R30", id="the Blinder in a Räuber to the dealer"),
    pytest.param({"next_dealer": "links"}, "R32", id="the next dealer named in German"),
])
def test_an_unknown_house_rule_value_is_422_citing_its_rule(api: FlaskClient, rules: dict, rule: str) -> None:
    body = {"game": "dreierles", "players": THREE, "rules": rules}
    (name, value), = rules.items()
    problem = assert_problem(api.post("/api/matches", json=body), 422, "bad_rule_value")
    assert problem["rule"] == rule == HOUSE_RULES[name]
    assert problem["errors"].keys() == {f"rules.{name}"}
    assert value in problem["detail"]
    german = assert_problem(api.post("/api/matches", json=body, headers=GERMAN), 422, "bad_rule_value")
    assert german["rule"] == rule and german["detail"] != problem["detail"]
    assert "Hausregel" in german["detail"]


@pytest.mark.parametrize(("body", "code", "rule", "field"), [
    pytest.param({"players": ["Anna", "Benno"]}, "player_count", "R32", "players", id="two at the table"),
    pytest.param({"players": [*FIVE, "Franz"]}, "player_count", "R32", "players", id="six at the table"),
    pytest.param({"players": THREE, "dealer": "Dieter"}, "unknown_player", "R32", "dealer",
                 id="a first dealer not at the table"),
    pytest.param({"players": THREE, "rules": {"einundzwanzig": "true"}}, "unknown_rule", None,
                 "rules.einundzwanzig", id="a house rule misspelt"),
    pytest.param({"players": THREE, "rules": {"lost_double": 1}}, "bad_rule_value", "R27", "rules.lost_double",
                 id="a yes/no house rule as 1 (true and \"true\" name it, R23's decisions)"),
])
def test_a_match_that_cannot_be_set_up(api: FlaskClient, body: dict, code: str, rule: str | None,
                                       field: str) -> None:
    problem = assert_problem(api.post("/api/matches", json={"game": "dreierles", **body}), 422, code)
    assert problem.get("rule") == rule
    assert problem["errors"].keys() == {field}


@pytest.mark.parametrize("count", [2, 6])
def test_two_or_six_players_are_refused_in_german_too(api: FlaskClient, count: int) -> None:
    body = {"game": "dreierles", "players": FIVE[:count] if count < 5 else [*FIVE, "Franz"]}
    english = assert_problem(api.post("/api/matches", json=body, headers=ENGLISH), 422, "player_count")
    german = assert_problem(api.post("/api/matches", json=body, headers=GERMAN), 422, "player_count")
    assert german["rule"] == "R32"
    assert_german(german["detail"], english["detail"])
    assert "3-5" in german["detail"] and str(count) in german["detail"]


# --- one deal of each game ---------------------------------------------------------------

#: (points, type, extras, doubled, eightfold)
Parts = tuple[int, int, dict[str, int], bool, bool]


def parts(points: int, type_: int, extras: tuple[str, ...] = (), doubled: bool = False,
          eightfold: bool = False) -> Parts:
    return points, type_, dict.fromkeys(extras, 1), doubled, eightfold


WON, LOST = ["dl_won", "dl_settle_won"], ["dl_lost", "dl_settle_lost"]
#: R28's decisions: with the Blinder's rest to the defenders, a Zweier's pile is its tricks and
#: the two laid away, an Einser's its tricks and the one: the piles that R26 counts in thirds.
DEFENDERS = {"blind_rest": "defenders"}

DEALS = [
    # Dreier: the Fach from points alone (R27)
    pytest.param(THREE, None, played("dreier", "Benno", 36), True, 1, parts(1, 0), (-1, 2, -1), WON,
                 id="Benno's Dreier with 36: won, 1 Fach"),
    pytest.param(THREE, None, played("dreier", "Benno", 44), True, 2, parts(2, 0), (-2, 4, -2), WON,
                 id="Dreier with 44: 2 Fach"),
    pytest.param(THREE, None, played("dreier", "Benno", 35), False, 1, parts(1, 0), (1, -2, 1), LOST,
                 id="Dreier with 35: Schneider, lost, the others' 35 make 1"),
    pytest.param(THREE, DEFENDERS, played("einser", "Benno", 0), False, 10, parts(8, 2), (10, -20, 10),
                 ["dl_lost", "dl_type_fach", "dl_settle_lost"],
                 id="Einser with nothing (one blank laid away, the Blinder's rest the others'): their 70 make 8"),
    pytest.param(THREE, None, played("dreier", "Carla", 40, extras=["untouched", "pfeif_von_hinten"]), True, 4,
                 parts(2, 0, ("untouched", "pfeif_von_hinten")), (-4, -4, 8),
                 ["dl_won", "dl_extra", "dl_extra", "dl_settle_won"],
                 id="Carla's Dreier with 40, bought cards untouched, Pfeif von hinten: 2 + 1 + 1"),
    # the game type (R28)
    pytest.param(THREE, None, played("zweier", "Benno", 41, extras=["drull"]), True, 4, parts(2, 1, ("drull",)),
                 (-4, 8, -4), ["dl_won", "dl_type_fach", "dl_extra", "dl_settle_won"],
                 id="Zweier with 41 and the Drull: 2 + 1 + 1"),
    pytest.param(THREE, None, played("einser", "Anna", 45, extras=["blind"]), True, 6, parts(3, 2, ("blind",)),
                 (12, -6, -6), ["dl_won", "dl_type_fach", "dl_extra", "dl_settle_won"],
                 id="Anna's Einser with 45, played blind: 3 + 2 + 1"),
    pytest.param(THREE, None, played("solo", "Benno", 50), True, 7, parts(4, 3), (-7, 14, -7),
                 ["dl_won", "dl_type_fach", "dl_settle_won"], id="Solo with 50: 4 + 3"),
    pytest.param(THREE, None, played("solo", "Benno", 65, extras=["zehn_druck_start"]), True, 11,
                 parts(7, 3, ("zehn_druck_start",)), (-11, 22, -11),
                 ["dl_won", "dl_type_fach", "dl_extra", "dl_settle_won"],
                 id="Solo with 65, ten trumps declared at the start: 7 + 3 + 1"),
    pytest.param(THREE, None, played("solo", "Benno", 20), False, 7, parts(4, 3), (7, -14, 7),
                 ["dl_lost", "dl_type_fach", "dl_settle_lost"], id="Solo lost with 20: the others' 50 make 4, + 3"),
    pytest.param(THREE, None, played("solo_durchmarsch", "Benno", 70), True, 12, parts(8, 4), (-12, 24, -12),
                 ["dl_durchmarsch_made", "dl_won", "dl_type_fach", "dl_settle_won"],
                 id="Solo with Durchmarsch, every trick: 8 + 4"),
    pytest.param(THREE, None, played("solo_durchmarsch", "Benno", 69), False, 5, parts(1, 4), (5, -10, 5),
                 ["dl_durchmarsch_failed", "dl_lost", "dl_type_fach", "dl_settle_lost"],
                 id="Durchmarsch announced, one trick of blanks lost: 69, lost, 1 + 4"),
    # house rules (R27, R28)
    pytest.param(THREE, DOUBLE, played("zweier", "Benno", 20), False, 10, parts(4, 1, doubled=True), (10, -20, 10),
                 ["dl_lost", "dl_type_fach", "dl_lost_double", "dl_settle_lost"],
                 id="lost games double: Zweier lost with 20, (4 + 1) x 2"),
    pytest.param(THREE, DOUBLE, played("zweier", "Benno", 41), True, 3, parts(2, 1), (-3, 6, -3),
                 ["dl_won", "dl_type_fach", "dl_settle_won"], id="lost games double: a won Zweier counts single"),
    pytest.param(THREE, FLAT, played("solo", "Benno", 60), True, 7, parts(6, 1), (-7, 14, -7),
                 ["dl_won", "dl_type_fach", "dl_settle_won"], id="flat ladder: Solo with 60, 6 + 1"),
    pytest.param(THREE, {**FLAT, **WITH_21},
                 played("einser", "Benno", 50, extras=["blind", "untouched", "drull", "pfeif_von_hinten", "21_last",
                                                        "zehn_druck"]),
                 True, 11, parts(4, 1, ("blind", "untouched", "drull", "pfeif_von_hinten", "21_last", "zehn_druck")),
                 (-11, 22, -11), ["dl_won", "dl_type_fach", *["dl_extra"] * 6, "dl_settle_won"],
                 id="flat ladder, 21 as the last card played: Einser with 50 and six extras, 4 + 1 + 6"),
    # the discard error (R31)
    pytest.param(THREE, None, played("dreier", "Benno", 50, discard_error=True), False, 8, parts(0, 0, eightfold=True),
                 (8, -16, 8), ["dl_discard_error"], id="Benno forgot to discard at a Dreier with 50: lost eightfold"),
    pytest.param(THREE, DOUBLE, played("einser", "Benno", 60, extras=["drull"], discard_error=True), False, 8,
                 parts(0, 0, eightfold=True), (8, -16, 8), ["dl_discard_error"],
                 id="discarded two at an Einser with the Drull, lost games double: still 8, nothing else"),
    # seats (R32)
    pytest.param(FOUR, None, played("einser", "Benno", 38), True, 3, parts(1, 2), (0, 6, -3, -3),
                 ["dl_won", "dl_type_fach", "dl_settle_won", "dl_sat_out"],
                 id="four: Anna deals and sits out, Benno's Einser with 38 is paid by Carla and Dieter"),
    pytest.param(FOUR, None, played("dreier", "Dieter", 30), False, 2, parts(2, 0), (0, 2, 2, -4),
                 ["dl_lost", "dl_settle_lost", "dl_sat_out"], id="four: Dieter loses a Dreier with 30"),
    pytest.param(FIVE, None, played("solo", "Dieter", 55), True, 8, parts(5, 3), (0, -8, 0, 16, -8),
                 ["dl_won", "dl_type_fach", "dl_settle_won", "dl_sat_out"],
                 id="five: Anna and Carla sit out, Dieter's Solo with 55"),
    pytest.param(FIVE, RIGHT, played("zweier", "Carla", 52), True, 5, parts(4, 1), (0, -5, 10, 0, -5),
                 ["dl_won", "dl_type_fach", "dl_settle_won", "dl_sat_out"],
                 id="five, passing right: Anna and Dieter sit out, Carla's Zweier with 52"),
]


@pytest.mark.parametrize(("players", "rules", "entry", "won", "fach", "expected_parts", "settlement", "notes"),
                         DEALS)
def test_one_declarers_game(api: FlaskClient, players: list[str], rules: dict | None, entry: dict, won: bool,
                            fach: int, expected_parts: Parts, settlement: tuple[int, ...], notes: list[str]) -> None:
    match = open_match(api, players, rules)
    answer = match.record(entry)
    result, state = answer["hand"]["result"], answer["state"]
    out, active, forehand, after = SEATS[(len(players), (rules or {}).get("next_dealer", "left"))]
    assert (result["deal"], result["dealer"], result["sitting_out"], result["active"], result["forehand"]) == (
        1, "Anna", out, active, forehand)
    assert (result["game"], result["declarer"]) == (entry["game"], entry["declarer"])
    assert (result["declarer_points"], result["defender_points"]) == (entry["declarer_points"],
                                                                      70 - entry["declarer_points"])
    assert (result["won"], result["fach"]) == (won, fach)
    points, type_, extras, doubled, eightfold = expected_parts
    assert result["parts"] == {"points": points, "type": type_, "extras": extras, "doubled": doubled,
                               "eightfold": eightfold}
    assert result["settlement"] == dict(zip(players, settlement))
    assert codes(result) == notes
    assert {n["rule"] for n in result["notes"]} <= {"R27", "R28", "R29", "R31", "R32"}
    assert all(n["en"] and n["de"] and n["en"] != n["de"] for n in result["notes"])
    assert_ledger(answer)
    assert state["balance"] == dict(zip(players, settlement))
    assert (state["dealer"], state["deals"], state["needs"]["deal"]) == (after, 1, 2)
    assert result["needs"]["dealer"] == "Anna"  # what this deal needed
    assert match.get()["state"] == state


def test_the_deal_is_stored_as_entered(api: FlaskClient) -> None:
    """Cards given by name come back as codes; the fields a Dreier does not take stay out."""
    match = open_match(api, rules=DEFENDERS)
    entry = played("zweier", "Benno", cards=["Pfeif", "Trumpf 21", "Stieß", "Kreuz König", "Kreuz Dame",
                                              "Kreuz Reiter", "Herz König", "Herz Bube", "Herz 1", "Pik König",
                                              "Pik 7", "Pik 8", "Karo Bube", "Karo 1"])
    hand = match.record(entry)["hand"]
    assert hand["cards"] == ["T1", "T21", "TS", "CK", "CD", "CR", "HK", "HB", "H1", "SK", "S7", "S8", "DB", "D1"]
    assert {"declarer_points", "points", "tricks", "last_trick", "blind_points", "extras"}.isdisjoint(hand)
    assert hand["result"]["declarer_points"] == 36
    assert match.hands()[0]["result"] == hand["result"]


# --- the declarer's pile counted in threes (R26) ------------------------------------------

DRULL = ["T1", "T21", "TS"]
KINGS_AND_BLANKS = ["CK", "C7", "C8", "SK", "S7", "S8", "HK", "H1", "H2", "DK", "D1", "D2"]
#: 34 in four tricks: the Drull (13), King, Dame, Reiter (10), King, Bube and a blank (6), King and two blanks (5)
FOUR_TRICKS = [*DRULL, "CK", "CD", "CR", "HK", "HB", "H1", "SK", "S7", "S8"]

#: blanks of the Blinder the declarer did not buy (the default gives them to him)
REST = ["H3", "H4", "D3", "D4", "C10"]

PILES = [
    pytest.param("dreier", None, [*DRULL, *KINGS_AND_BLANKS, "HD", "H3", "H4"], ["drull"], 111, 37, True, 2,
                 id="Dreier, 18 cards: the Drull, four Kings and a Dame with blanks make 37, + the Drull"),
    pytest.param("zweier", DEFENDERS, [*FOUR_TRICKS, "DB", "D1"], [], 107, 36, True, 2,
                 id="Zweier, four tricks and two discarded: 35 2/3 rounds up to 36, won"),
    pytest.param("zweier", DEFENDERS, [*FOUR_TRICKS, "D2", "D1"], [], 104, 35, False, 2,
                 id="Zweier with two blanks discarded: 34 2/3 rounds up to 35, Schneider"),
    pytest.param("einser", DEFENDERS, [*FOUR_TRICKS, "DB"], [], 106, 35, False, 3,
                 id="Einser, four tricks and the Bube discarded: 35 1/3 rounds down to 35, lost"),
    pytest.param("einser", DEFENDERS, [*FOUR_TRICKS, "DD"], [], 112, 37, True, 3,
                 id="Einser with the Dame discarded: 37 1/3 rounds down to 37, won"),
    pytest.param("zweier", None, [*FOUR_TRICKS, "D2", "D1", *REST[:4]], [], 108, 36, True, 2,
                 id="Zweier with two blanks discarded and the Blinder's four blanks his: 36, won"),
    pytest.param("einser", None, [*FOUR_TRICKS, "DB", *REST], [], 111, 37, True, 3,
                 id="Einser with the Bube discarded and the Blinder's five blanks his: 37, won"),
    pytest.param("solo", None, ["T2", "T3", "T4", "T5", "T6", "T7", *KINGS_AND_BLANKS], [], 66, 22, False, 6,
                 id="Solo, the Blinder of six blanks and four tricks with a King each: 22, lost"),
    pytest.param("solo_durchmarsch", None, PACK, [], 210, 70, True, 12,
                 id="Solo with Durchmarsch counted from all 54 cards: 70"),
    pytest.param("solo_durchmarsch", None, [c for c in PACK if c not in ("C7", "C8", "C9")], [], 207, 69, False, 5,
                 id="Durchmarsch with one trick of three blanks lost: 69"),
]
PILE_FIELDS = ("game", "rules", "cards", "extras", "exact_thirds", "points", "won", "fach")


@pytest.mark.parametrize(PILE_FIELDS, PILES)
def test_the_declarers_pile_is_counted_in_threes(api: FlaskClient, game: str, rules: dict | None, cards: list[str],
                                                 extras: list[str], exact_thirds: int, points: int, won: bool,
                                                 fach: int) -> None:
    match = open_match(api, rules=rules)
    entry = played(game, "Benno", cards=cards)
    if extras:
        entry["extras"] = extras
    answer = match.record(entry)
    result = answer["hand"]["result"]
    assert (result["declarer_points"], result["defender_points"], result["won"], result["fach"]) == (
        points, 70 - points, won, fach)
    counted = result["notes"][0]
    assert (counted["rule"], counted["code"], counted["params"]) == ("R26", "dl_counted",
                                                                     {"cards": len(cards), "points": points})
    assert str(points) in counted["en"] and str(points) in counted["de"]
    assert_ledger(answer)


@pytest.mark.parametrize(PILE_FIELDS, PILES)
def test_the_piles_were_counted_by_hand(game: str, rules: dict | None, cards: list[str], extras: list[str],
                                        exact_thirds: int, points: int, won: bool, fach: int) -> None:
    """Each pile above, counted here from R25's values: in thirds, and where it is a
    multiple of three packet by packet as the seed does; its size is tricks of three and
    six cards, or (the Blinder's rest to the defenders) what was laid away."""
    assert len(set(cards)) == len(cards) and set(cards) <= set(PACK)
    assert thirds(cards) == exact_thirds and rounded(exact_thirds) == points
    if len(cards) % 3 == 0:
        assert by_packets(cards) == points and exact_thirds == 3 * points
    rest = {"zweier": 2, "einser": 1}.get(game, 0) if rules == DEFENDERS else 0
    assert len(cards) % 3 == rest and len(cards) >= (rest or 6)


def test_the_same_pile_as_points_or_cards_scores_the_same(api: FlaskClient) -> None:
    by_cards = open_match(api, rules=DEFENDERS).record(played("zweier", "Benno", cards=[*FOUR_TRICKS, "DB", "D1"]))
    by_points = open_match(api).record(played("zweier", "Benno", 36))
    first, second = by_cards["hand"]["result"], by_points["hand"]["result"]
    for key in ("declarer_points", "won", "fach", "parts", "settlement"):
        assert first[key] == second[key], key
    assert codes(first) == ["dl_counted", *codes(second)]


# --- Räuber and Drescher (R30) ------------------------------------------------------------


ACTIVE4 = ["Benno", "Carla", "Dieter"]

RAEUBER = [
    pytest.param(THREE, None, r3((10, 30, 20), (5, 6, 5)), 1, (1, -2, 1), [("Benno", 1, ["Anna", "Carla"])],
                 id="Benno has the most (30): he pays Anna and Carla 1 each"),
    pytest.param(THREE, None, r3((20, 40, 0), (6, 10, 0)), 2, (2, -4, 2), [("Benno", 2, ["Anna", "Carla"])],
                 id="Carla took no trick: Benno pays twice, 2 each"),
    pytest.param(THREE, None, r3((60, 0, 0), (16, 0, 0)), 4, (-8, 4, 4), [("Anna", 4, ["Benno", "Carla"])],
                 id="Anna took every trick: four times, 4 each"),
    pytest.param(THREE, None, r3((25, 25, 10), (6, 6, 4)), 1, (-1, -1, 2),
                 [("Anna", 1, ["Carla"]), ("Benno", 1, ["Carla"])],
                 id="Anna and Benno tie at 25: each pays Carla 1, not each other"),
    pytest.param(THREE, None, r3((30, 30, 0), (8, 8, 0)), 2, (-2, -2, 4),
                 [("Anna", 2, ["Carla"]), ("Benno", 2, ["Carla"])],
                 id="a tie at 30 and Carla without a trick: each pays her 2"),
    pytest.param(THREE, None, r3((20, 20, 20), (5, 5, 6)), 0, (0, 0, 0), [],
                 id="all three have 20: nobody pays"),
    pytest.param(THREE, None, r3((10, 30, 20), (5, 6, 5), blind_points=10), 1, (1, -2, 1),
                 [("Benno", 1, ["Anna", "Carla"])], id="the Blinder counted 10: the three make 60"),
    pytest.param(THREE, None, r3((10, 30, 20), (5, 6, 5), last_trick="Carla"), 1, (1, -2, 1),
                 [("Benno", 1, ["Anna", "Carla"])], id="the last trick noted although the Blinder is ignored"),
    pytest.param(THREE, LAST_TRICK, r3((10, 25, 35), (5, 6, 5), last_trick="Carla"), 1, (1, 1, -2),
                 [("Carla", 1, ["Anna", "Benno"])],
                 id="the Blinder to the last trick: Carla took it and has 35 with it"),
    pytest.param(THREE, LAST_TRICK, r3((70, 0, 0), (16, 0, 0), last_trick="Anna"), 4, (-8, 4, 4),
                 [("Anna", 4, ["Benno", "Carla"])], id="the Blinder to the last trick: Anna took all 70"),
    pytest.param(FOUR, None, r3((10, 30, 20), (5, 6, 5), ACTIVE4), 1, (0, 1, -2, 1),
                 [("Carla", 1, ["Benno", "Dieter"])], id="four: Anna sits out, Carla has the most"),
    pytest.param(FIVE, None, r3((0, 24, 40), (0, 6, 10), ["Benno", "Dieter", "Erika"]), 2, (0, 2, 0, 2, -4),
                 [("Erika", 2, ["Benno", "Dieter"])], id="five: Benno took no trick, Erika pays 2 each"),
]


@pytest.mark.parametrize(("players", "rules", "entry", "fach", "settlement", "payers"), RAEUBER)
def test_a_raeuber(api: FlaskClient, players: list[str], rules: dict | None, entry: dict, fach: int,
                   settlement: tuple[int, ...], payers: list[tuple[str, int, list[str]]]) -> None:
    match = open_match(api, players, rules)
    answer = match.record(entry)
    result = answer["hand"]["result"]
    assert (result["game"], result["declarer"], result["won"], result["parts"]) == ("raeuber", None, None, None)
    assert (result["declarer_points"], result["defender_points"]) == (None, None)
    assert result["fach"] == fach
    assert result["settlement"] == dict(zip(players, settlement))
    notes = [n for n in result["notes"] if n["code"] != "dl_sat_out"]
    paying = [n for n in notes if n["code"].startswith("dl_raeuber_pays")]
    if payers:
        expected = "dl_raeuber_pays_tied" if len(payers) > 1 else "dl_raeuber_pays"
        assert [(n["code"], n["params"]["player"], n["params"]["n"], n["params"]["players"]) for n in paying] == [
            (expected, *payer) for payer in payers]
        # the multiplier is explained: who took no trick (x2 each)
        assert all(n["code"] in ("dl_raeuber_pays", "dl_raeuber_pays_tied", "dl_raeuber_times") for n in notes)
    else:
        assert codes(result) == ["dl_raeuber_all_equal"]
    assert all(n["rule"] == "R30" for n in notes)
    assert codes(result)[len(notes):] == (["dl_sat_out"] if len(players) > 3 else [])
    assert_ledger(answer)


@pytest.mark.parametrize(("players", "entry", "settlement"), [
    pytest.param(THREE, drescher("Carla"), (1, 1, -2), id="Carla took the last trick: she pays 1 each"),
    pytest.param(FOUR, drescher("Dieter"), (0, 1, 1, -2), id="four: Anna sits out, Dieter took the last trick"),
    pytest.param(THREE, drescher("Anna", points=three(THREE, (30, 20, 10)), tricks=three(THREE, (7, 5, 4))),
                 (-2, 1, 1), id="the points and tricks noted too: they do not matter"),
])
def test_a_drescher(api: FlaskClient, players: list[str], entry: dict, settlement: tuple[int, ...]) -> None:
    answer = open_match(api, players).record(entry)
    result = answer["hand"]["result"]
    assert (result["game"], result["won"], result["fach"]) == ("drescher", None, 1)
    assert result["settlement"] == dict(zip(players, settlement))
    assert codes(result)[0] == "dl_drescher" and result["notes"][0]["params"]["player"] == entry["last_trick"]
    assert_ledger(answer)


# --- the ledger and the deal passing round (R29, R32) -------------------------------------


def test_an_evening_at_four_keeps_a_ledger_that_sums_to_zero(api: FlaskClient) -> None:
    """Six deals at four, each dealer sitting out in turn; the ledger after each deal is
    the sum of the settlements so far."""
    match = open_match(api, FOUR)
    deals = [
        ("Anna", played("dreier", "Benno", 44)),  # Benno +4, Carla -2, Dieter -2
        ("Benno", r3((10, 30, 20), (5, 6, 5), ["Anna", "Carla", "Dieter"])),  # Carla pays Anna, Dieter 1
        ("Carla", played("solo", "Dieter", 20)),  # lost: 4 + 3, Dieter pays Anna and Benno 7
        ("Dieter", drescher("Anna")),  # Anna pays Benno and Carla 1
        ("Anna", played("zweier", "Carla", 50, discard_error=True)),  # Carla pays Benno and Dieter 8
        ("Benno", played("einser", "Anna", 70, extras=["drull"])),  # 8 + 2 + 1 = 11 from Carla and Dieter
    ]
    ledger = dict.fromkeys(FOUR, 0)
    for number, (dealer, entry) in enumerate(deals, start=1):
        answer = match.record({**entry, "dealer": dealer})
        result = answer["hand"]["result"]
        assert (result["deal"], result["dealer"], result["sitting_out"]) == (number, dealer, [dealer])
        for name, amount in result["settlement"].items():
            ledger[name] += amount
        assert answer["state"]["balance"] == ledger
        assert_ledger(answer)
    assert ledger == {"Anna": 7 + 1 - 2 + 22, "Benno": 4 + 7 + 1 + 8, "Carla": -2 - 2 + 1 - 16 - 11,
                      "Dieter": -2 + 1 - 14 + 8 - 11}
    state = match.get()["state"]
    assert (state["deals"], state["dealer"], state["sitting_out"]) == (6, "Carla", ["Carla"])
    assert match.get()["version"] == 6


@pytest.mark.parametrize(("rules", "turns", "balance"), [
    pytest.param(None, [("Anna", ["Anna", "Carla"], "Erika"), ("Benno", ["Benno", "Dieter"], "Anna"),
                        ("Carla", ["Carla", "Erika"], "Benno"), ("Dieter", ["Dieter", "Anna"], "Carla"),
                        ("Erika", ["Erika", "Benno"], "Dieter"), ("Anna", ["Anna", "Carla"], "Erika")],
                 (0, -2, 0, -2, 4), id="five, the deal passing left (the seed)"),
    pytest.param(RIGHT, [("Anna", ["Anna", "Dieter"], "Erika"), ("Erika", ["Erika", "Carla"], "Dieter"),
                         ("Dieter", ["Dieter", "Benno"], "Carla"), ("Carla", ["Carla", "Anna"], "Benno"),
                         ("Benno", ["Benno", "Erika"], "Anna"), ("Anna", ["Anna", "Dieter"], "Erika")],
                 (0, -2, -2, 0, 4), id="five, the deal passing right (house rule)"),
])
def test_a_table_of_five_round_the_table(api: FlaskClient, rules: dict | None,
                                         turns: list[tuple[str, list[str], str]], balance: tuple[int, ...]) -> None:
    """Who deals, who sits out (the dealer and the one who deals after next) and who is
    forehand, deal by deal; the forehand plays a Dreier with 40 each time."""
    match = open_match(api, FIVE, rules)
    for number, (dealer, out, forehand) in enumerate(turns, start=1):
        state = match.get()["state"]
        assert (state["dealer"], state["sitting_out"], state["forehand"]) == (dealer, out, forehand)
        assert state["needs"]["next_dealers"][-1] == dealer
        answer = match.record(played("dreier", forehand, 40))
        result = answer["hand"]["result"]
        assert (result["deal"], result["dealer"], result["sitting_out"], result["forehand"]) == (
            number, dealer, out, forehand)
        assert result["active"] == [p for p in FIVE if p not in out]
        assert result["settlement"][forehand] == 4
        assert_ledger(answer)
    # six deals: each forehand +4 and his two opponents -2; Erika is forehand twice (deals 1 and 6)
    assert match.get()["state"]["balance"] == dict(zip(FIVE, balance))


def test_a_dealer_named_on_the_entry_must_be_the_one_in_turn(api: FlaskClient) -> None:
    match = open_match(api, FOUR)
    match.record(played("dreier", "Benno", 40, dealer="Anna"))
    problem = match.refuse(played("dreier", "Carla", 40, dealer="Carla"), code="dl_dealer_out_of_turn")
    assert (problem["rule"], problem["errors"].keys()) == ("R32", {"dealer"})
    assert "Benno" in problem["detail"] and "Carla" in problem["detail"]
    match.record(played("dreier", "Carla", 40, dealer="Benno"))


# --- refusals: problem JSON, the rule, the field, nothing changed, German -------------------

@pytest.mark.parametrize("language", [pytest.param("de", id="de"), pytest.param("de-AT", id="de-AT"),
                                      pytest.param("fr, de;q=0.8", id="French first, then German")])
def test_any_german_accept_language_gets_german(api: FlaskClient, language: str) -> None:
    match = open_match(api, FOUR)
    problem = match.refuse(played("dreier", "Anna", 40), headers={"Accept-Language": language})
    assert problem["detail"] == "Anna sitzt in diesem Spiel aus."


@pytest.mark.parametrize(("players", "rules", "entry"), [
    pytest.param(FOUR, DOUBLE, played("einser", "Benno", 30, extras=["blind", "drull"]), id="a lost Einser, doubled"),
    pytest.param(THREE, None, played("solo_durchmarsch", "Carla", cards=PACK), id="a Durchmarsch counted from cards"),
    pytest.param(THREE, None, played("solo_durchmarsch", "Carla", 69), id="a failed Durchmarsch"),
    pytest.param(FIVE, None, played("dreier", "Benno", 40, discard_error=True), id="a discard error at five"),
    pytest.param(THREE, None, r3((25, 25, 10), (6, 6, 4)), id="a Räuber with a tie"),
    pytest.param(THREE, None, r3((20, 20, 20), (5, 5, 6)), id="a Räuber where nobody pays"),
    pytest.param(FOUR, None, drescher("Dieter"), id="a Drescher at four"),
])
def test_the_notes_of_a_deal_are_german_too(api: FlaskClient, players: list[str], rules: dict | None,
                                            entry: dict) -> None:
    answer = open_match(api, players, rules).record(entry, headers=GERMAN)
    for note in answer["hand"]["result"]["notes"]:
        assert_german(note["de"], note["en"])


# --- retries, races, viewers and corrections ---------------------------------------------

ZWEIER = played("zweier", "Benno", 41, extras=["drull"])
SOLO = played("solo", "Carla", 50)


def test_a_correction_replays_the_ledger(api: FlaskClient) -> None:
    """At four: deal 1 was entered as Benno's won Dreier; it was Carla's, lost with 20.
    Deal 2 (Anna's Dreier, Benno dealing) is scored again on top."""
    match = open_match(api, FOUR)
    match.record(played("dreier", "Benno", 40))
    assert match.record(played("dreier", "Anna", 40))["state"]["balance"] == {
        "Anna": 4, "Benno": 4, "Carla": -4, "Dieter": -4}
    response = api.put(f"{match.url}/hands/1", json={"seq": 1, **played("dreier", "Carla", 20)},
                       headers=match.scorer)
    assert response.status_code == 200, response.get_json()
    state = response.get_json()["state"]
    assert state["balance"] == {"Anna": 0 + 4, "Benno": 4 + 0, "Carla": -8 - 2, "Dieter": 4 - 2}
    assert sum(state["balance"].values()) == 0
    hands = match.hands()
    assert [(h["result"]["dealer"], h["result"]["declarer"], h["result"]["won"]) for h in hands] == [
        ("Anna", "Carla", False), ("Benno", "Anna", True)]
    assert hands[1]["result"]["balance"] == state["balance"]
    assert hands[0]["audit"][0]["previous"]["declarer"] == "Benno"


def test_a_correction_that_seats_a_declarer_out_is_refused(api: FlaskClient) -> None:
    """A replacement must fit the deal it replaces: Anna dealt deal 1 at four and sat out."""
    match = open_match(api, FOUR)
    match.record(played("dreier", "Benno", 40))
    before = match.get()
    response = api.put(f"{match.url}/hands/1", json={"seq": 1, **played("dreier", "Anna", 20)},
                       headers=match.scorer)
    problem = assert_problem(response, 422, "dl_sitting_out")
    assert (problem["rule"], problem["errors"].keys()) == ("R32", {"declarer"})
    assert match.get() == before


def test_voiding_a_deal_that_shifts_the_seats_is_409(api: FlaskClient) -> None:
    """Striking out deal 1 at four would make Anna deal deal 2, where she was declarer."""
    match = open_match(api, FOUR)
    match.record(played("dreier", "Benno", 40))
    match.record(played("dreier", "Anna", 40))
    before = match.get()
    response = api.post(f"{match.url}/hands/1/void", headers=match.scorer)
    problem = assert_problem(response, 409, "replay_conflict")
    assert problem["rule"] == "R32"
    assert problem["errors"] == {"hands.2.declarer": "Anna sits out this deal."}
    assert match.get() == before
