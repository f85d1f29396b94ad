"""Dreeg's slate (issue 18, item 15): per hand its sub-game and dealer, and per player his
card points with the marriages that counted (R10), the strokes left after the hand (R2, the
sub-game's last hand as it left the slates) and his blobs so far (R3)."""

from __future__ import annotations

from dataclasses import replace

from engine.dreeg import DREEG

from .helpers import hand, start

FOUR = "Anna 45/2 Benno 40/2 Carla 25/1 Dieter 10/1"
ANNA_AHEAD = "Anna 70/6 Benno 50/6"


def rows(state, *entries):
    return [row for _, row in DREEG.slate_rows(state, enumerate(entries))]


def test_a_deutsch_hand_for_four_r5():
    row, = rows(start(4), hand(FOUR, last="Anna"))
    assert row.players["points"] == {"Anna": 45, "Benno": 40, "Carla": 25, "Dieter": 10}
    assert row.players["strokes"] == {"Anna": 4, "Benno": 5, "Carla": 6, "Dieter": 7}
    assert row.players["blobs"] == dict.fromkeys(["Anna", "Benno", "Carla", "Dieter"], 0)
    assert (row.cells["subgame"].name_in("de"), row.cells["subgame"].name_in("en"), row.cells["dealer"]) == (
        "1: Deutsch", "1: Deutsch", "Dieter")
    assert "3/2/1/0" in row.words("en") and "Striche" in row.words("de")


def test_marriages_that_counted_are_in_the_card_points_r10():
    row, = rows(start(4), hand(FOUR, last="Anna", melds="Anna:H"))
    assert row.players["points"]["Anna"] == 45 + 40  # hearts are trumps: 40


def test_the_last_hand_of_a_sub_game_shows_the_slates_as_it_left_them_r3():
    """Two players: Anna erases one stroke a hand; after seven she is out and Benno, the
    last one left, gets the blob; the fresh slates of sub-game 2 are not this hand's."""
    table = rows(start(2), *[hand(ANNA_AHEAD, last="Benno")] * 7)
    assert [r.players["strokes"]["Anna"] for r in table] == [6, 5, 4, 3, 2, 1, 0]
    assert {r.players["strokes"]["Benno"] for r in table} == {7}
    assert [r.players["blobs"]["Benno"] for r in table] == [0] * 6 + [1]
    assert [r.cells["dealer"] for r in table] == ["Benno", "Anna"] * 3 + ["Benno"]


def test_a_player_who_dropped_out_has_no_card_points_and_no_strokes_r3():
    state = replace(start(3), strokes=(7, 7, 1))
    first, second = rows(state, hand("Anna 60/3 Benno 20/2 Carla 40/3", last="Carla"),
                         hand("Anna 70/6 Benno 50/6", last="Anna"))
    assert first.players["strokes"] == {"Anna": 5, "Benno": 7, "Carla": 0}
    assert second.players["points"] == {"Anna": 70, "Benno": 50}  # Carla is out: no column value
    assert second.players["strokes"] == {"Anna": 4, "Benno": 7, "Carla": 0}


def test_the_columns_are_headed_in_both_languages():
    columns = DREEG.slate.columns(start(4))
    assert [c.heading("de", "Jörg") for c in columns if c.per_player] == [
        "Jörg: Augen", "Jörg: Striche übrig", "Jörg: Bollen"]
    assert [c.heading("en", "Zoë") for c in columns if c.per_player] == [
        "Zoë: card points", "Zoë: strokes left", "Zoë: blobs"]
    assert [c.heading("de") for c in columns if not c.per_player] == ["Runde", "Geber"]
