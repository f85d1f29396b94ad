"""R36 clause by clause: an evening runs from 12:00 on a day until before 12:00 on the next,
in the club's time zone, and carries the first day's date; a match is on the evening of its
first counting entry.  Each case beside its twin, the case one fact away with the other answer."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from engine.club import DEFAULT_TIMEZONE, Transfer, evening_of, evening_of_match, evenings, is_timezone
from engine.game import KITTY

from .helpers import BERLIN, NEW_YORK, bummerl, local, match, tally

A, B, C = "anna", "benno", "clara"


@pytest.mark.parametrize(("at", "timezone", "evening"), [
    pytest.param("2026-01-15 11:59", BERLIN, date(2026, 1, 14), id="11:59 is still last night"),
    pytest.param("2026-01-15 12:00", BERLIN, date(2026, 1, 15), id="12:00 starts the day's evening"),
    pytest.param("2026-01-15 23:59", BERLIN, date(2026, 1, 15), id="just before midnight"),
    pytest.param("2026-01-16 00:30", BERLIN, date(2026, 1, 15), id="half past midnight belongs to the day before"),
    pytest.param("2026-01-16 03:10", BERLIN, date(2026, 1, 15), id="a late night at ten past three"),
    pytest.param("2026-01-16 12:00", BERLIN, date(2026, 1, 16), id="noon next day is the next evening"),
    pytest.param("2026-01-01 00:15", BERLIN, date(2025, 12, 31), id="New Year's Eve runs into the new year"),
    pytest.param("2026-03-01 11:00", BERLIN, date(2026, 2, 28), id="the morning of 1 March is February's last"),
])
def test_r36_noon_to_noon_in_local_time(at: str, timezone: str, evening: date) -> None:
    assert evening_of(local(at, timezone), timezone) == evening


@pytest.mark.parametrize(("utc", "timezone", "evening"), [
    pytest.param("2026-01-15 16:30", BERLIN, date(2026, 1, 15), id="Berlin: 17:30, the 15th's evening"),
    pytest.param("2026-01-15 16:30", NEW_YORK, date(2026, 1, 14), id="New York: 11:30, still the 14th's"),
    pytest.param("2026-01-15 11:30", BERLIN, date(2026, 1, 15), id="Berlin: 12:30 already"),
    pytest.param("2026-01-15 11:30", "Europe/London", date(2026, 1, 14), id="London: 11:30 not yet"),
    pytest.param("2026-01-16 04:30", NEW_YORK, date(2026, 1, 15), id="New York: 23:30, the 15th"),
    pytest.param("2026-01-16 04:30", "Asia/Tokyo", date(2026, 1, 16), id="Tokyo: 13:30, the 16th"),
])
def test_r36_the_clubs_time_zone_decides(utc: str, timezone: str, evening: date) -> None:
    assert evening_of(datetime.fromisoformat(utc).replace(tzinfo=UTC), timezone) == evening


@pytest.mark.parametrize(("utc", "timezone", "evening"), [
    # Berlin goes from CET (UTC+1) to CEST (UTC+2) at 02:00 on 29 March 2026: noon is 11:00 UTC
    # on the 28th and 10:00 UTC on the 29th.
    pytest.param("2026-03-28 10:30", BERLIN, date(2026, 3, 27), id="spring: 11:30 CET on the 28th, not yet"),
    pytest.param("2026-03-29 10:30", BERLIN, date(2026, 3, 29), id="spring: 12:30 CEST on the 29th, already"),
    pytest.param("2026-03-29 09:59", BERLIN, date(2026, 3, 28), id="spring: 11:59 CEST, the night before"),
    pytest.param("2026-03-29 00:59", BERLIN, date(2026, 3, 28), id="spring: 01:59 CET, before the clocks jump"),
    pytest.param("2026-03-29 01:00", BERLIN, date(2026, 3, 28), id="spring: 03:00 CEST, after they jump"),
    # back from CEST to CET at 03:00 on 25 October 2026: noon is 10:00 UTC on the 24th, 11:00 on the 25th
    pytest.param("2026-10-24 10:30", BERLIN, date(2026, 10, 24), id="autumn: 12:30 CEST on the 24th, already"),
    pytest.param("2026-10-25 10:30", BERLIN, date(2026, 10, 24), id="autumn: 11:30 CET on the 25th, not yet"),
    pytest.param("2026-10-25 00:30", BERLIN, date(2026, 10, 24), id="autumn: 02:30 CEST, the first time"),
    pytest.param("2026-10-25 01:30", BERLIN, date(2026, 10, 24), id="autumn: 02:30 CET, the second time"),
    # New York: EST to EDT at 02:00 on 8 March 2026
    pytest.param("2026-03-08 16:30", NEW_YORK, date(2026, 3, 8), id="New York spring: 12:30 EDT"),
    pytest.param("2026-03-07 16:30", NEW_YORK, date(2026, 3, 6), id="New York the day before: 11:30 EST"),
])
def test_r36_daylight_saving_days(utc: str, timezone: str, evening: date) -> None:
    assert evening_of(datetime.fromisoformat(utc).replace(tzinfo=UTC), timezone) == evening


def test_r36_the_default_time_zone_is_berlin_and_a_naive_time_is_utc() -> None:
    assert DEFAULT_TIMEZONE == BERLIN
    assert evening_of(datetime(2026, 1, 15, 11, 0)) == date(2026, 1, 15)  # 12:00 in Berlin
    assert evening_of(datetime(2026, 1, 15, 10, 59)) == date(2026, 1, 14)  # 11:59 in Berlin


@pytest.mark.parametrize(("first", "later", "evening"), [
    pytest.param("2026-01-15 23:40", "2026-01-16 12:30", date(2026, 1, 15),
                 id="started at 23:40, a last Bummerl after noon next day stays on the 15th"),
    pytest.param("2026-01-16 12:10", "2026-01-16 12:30", date(2026, 1, 16), id="started at 12:10: the 16th"),
])
def test_r36_a_match_is_on_the_evening_of_its_first_entry(first: str, later: str, evening: date) -> None:
    record = match("m1", "sixtysix", (A, B), [bummerl(first, A, B), bummerl(later, B, A)])
    assert evening_of_match(record, BERLIN) == evening
    [found] = evenings([record], BERLIN)
    assert found.date == evening
    assert found.net == {A: 0, B: 0}


def test_r36_a_match_where_nothing_counts_yet_is_on_no_evening() -> None:
    empty = match("m0", "sixtysix", (A, B), [])
    counting = match("m1", "sixtysix", (A, B), [bummerl("2026-01-15 20:00", A, B)])
    assert evening_of_match(empty, BERLIN) is None
    assert [e.matches for e in evenings([empty], BERLIN)] == []
    assert [e.matches for e in evenings([empty, counting], BERLIN)] == [("m1",)]


def test_r36_matches_group_into_evenings_newest_first() -> None:
    records = [
        match("late", "sixtysix", (A, B), [bummerl("2026-01-16 01:15", A, B)]),
        match("early", "sixtysix", (B, C), [bummerl("2026-01-15 19:30", B, C)]),
        match("next", "sixtysix", (A, C), [bummerl("2026-01-16 12:00", C, A)]),
        match("morning", "sixtysix", (A, C), [bummerl("2026-01-16 11:59", C, A)]),
    ]
    found = evenings(records, BERLIN)
    assert [(e.date, e.matches) for e in found] == [
        (date(2026, 1, 16), ("next",)),
        (date(2026, 1, 15), ("early", "late", "morning")),
    ]


def test_r36_r37_an_evenings_money_net_kitty_and_payments() -> None:
    # Sixty-Six at 50 cents a Bummerl: Anna wins one off Benno, then a Schneider off Clara
    # (two Bummerl, 100 cents). Dreeg at 20 cents a blob: Benno 2 blobs, Clara 1, Anna none,
    # into the kitty. Clara also plays a Bummerl against Benno and wins it.
    records = [
        match("s1", "sixtysix", (A, B, C), [bummerl("2026-01-15 19:00", A, B),
                                             bummerl("2026-01-15 19:40", A, C, schneider=True),
                                             bummerl("2026-01-15 20:10", C, B)]),
        match("d1", "dreeg", (A, B, C), [("2026-01-15 22:00", tally({B: {"blobs": 2}, C: {"blobs": 1}},
                                                                    {B: -40, C: -20, KITTY: 60}))]),
    ]
    [found] = evenings(records, BERLIN)
    assert found.net == {A: 150, B: -140, C: -70}
    assert found.kitty == 60
    assert sum(found.net.values()) + found.kitty == 0
    assert found.transfers == (Transfer(B, A, 140), Transfer(C, KITTY, 60), Transfer(C, A, 10))
    assert found.to_json()["transfers"][1] == {"from": C, "to": "kitty", "cents": 60}
    assert found.to_json()["date"] == "2026-01-15"


def test_r37_a_member_who_broke_even_is_kept_with_0_and_pays_nothing() -> None:
    record = match("s1", "sixtysix", (A, B, C), [bummerl("2026-01-15 19:00", A, B), bummerl("2026-01-15 19:30", B, A)])
    [found] = evenings([record], BERLIN)
    assert found.net == {A: 0, B: 0, C: 0}
    assert found.kitty == 0
    assert found.transfers == ()


@pytest.mark.parametrize(("name", "known"), [
    pytest.param("Europe/Berlin", True, id="Berlin"),
    pytest.param("America/New_York", True, id="New York"),
    pytest.param("Europe/Bielefeld", False, id="no such zone"),
    pytest.param("../etc/passwd", False, id="a path is no zone"),
    pytest.param("", False, id="nothing"),
])
def test_r36_a_clubs_time_zone_is_an_iana_name(name: str, known: bool) -> None:
    assert is_timezone(name) is known
