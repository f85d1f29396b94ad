"""DREIst!'s slate (issue 18, item 15): a series (R33) per game its starting player and per
player the cards left and his total; solo against Egon (R34) per game its cards and result."""

from __future__ import annotations

from engine.dreist import DREIST, DreistEntry

THREE = ["Anna", "Benno", "Carla"]


def test_a_series_on_the_slate_r33() -> None:
    start = DREIST.start(THREE, dealer="Benno")
    (_, first), (_, second) = DREIST.slate_rows(start, enumerate([
        DreistEntry(remaining={"Anna": 0, "Benno": 5, "Carla": 9}),
        DreistEntry(remaining={"Anna": 4, "Benno": 0, "Carla": 2})]))
    assert (first.cells["game"], first.cells["starting"], second.cells["starting"]) == (1, "Benno", "Carla")
    assert second.players["remaining"] == {"Anna": 4, "Benno": 0, "Carla": 2}
    assert second.players["total"] == {"Anna": 4, "Benno": 5, "Carla": 11}
    assert "Anna" in first.words("en") and first.words("de") != first.words("en")


def test_solo_against_egon_on_the_slate_r34() -> None:
    start = DREIST.start(["Zoë"], rules={"mode": "solo"})
    assert [c.key for c in DREIST.slate.columns(start)] == ["game", "cards", "egon", "won"]
    assert not any(c.per_player for c in DREIST.slate.columns(start))
    (_, won), (_, lost) = DREIST.slate_rows(start, enumerate([DreistEntry(won=True), DreistEntry(won=False)]))
    assert (won.cells["game"], won.cells["cards"], won.cells["egon"]) == (1, 50, 46)
    assert (lost.cells["game"], lost.cells["cards"], lost.cells["egon"]) == (2, 52, 44)
    assert (won.cells["won"].name_in("de"), lost.cells["won"].name_in("en")) == ("ja", "no")
    assert won.players == {} and "50" in won.words("en")


def test_the_series_columns_are_headed_in_both_languages() -> None:
    columns = DREIST.slate.columns(DREIST.start(THREE))
    assert [c.heading("de", "Jörg") for c in columns if c.per_player] == ["Jörg: Karten übrig", "Jörg: Summe"]
