"""Tonight's board follows the club live (``GET /api/clubs/{id}/events``): a deal at one of
its tables moves the club on, and the viewers' stream gets the club anew."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from tests.api.club.conftest import open_club
from tests.api.club.test_clubs import SEPP_WINS
from tests.api.tournament.test_tables import next_event, tournament_events
from tests.conftest import make_app


def test_a_deal_at_a_table_wakes_the_clubs_stream(tmp_path: Path) -> None:
    app: Flask = make_app(tmp_path / "club.sqlite3", KREIDE_EVENTS_POLL=0.005, KREIDE_EVENTS_KEEPALIVE=0.02)
    try:
        client = app.test_client()
        club = open_club(client)
        table = club.table("sixtysix", ["Anna", "Benno"])
        with tournament_events(client, club.url, club.viewer) as stream:
            first = next_event(stream)
            assert first["revision"] == club.get()["revision"]
            assert "access" not in first
            assert [m["first_at"] for m in first["matches"]] == [None]
            table.record(SEPP_WINS[0])
            after = next_event(stream)
            assert after["revision"] == first["revision"] + 1
            assert after["last_change"] == {"action": "match", "match_id": table.created["id"]}
            assert after["matches"][0]["evening"] == after["tonight"]
    finally:
        with app.app_context():
            from api.extensions import db

            db.engine.dispose()
