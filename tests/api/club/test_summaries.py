"""A club match's summary is kept in the transaction of every write (api.club.summaries),
so the season never replays a log: after random entries, voids and replacements it equals
the summary built again from the log."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from api.club.rows import CLUB_MATCHES, MATCHES
from api.club.summaries import rebuilt
from api.extensions import db
from tests.api.club.conftest import open_club
from tests.api.dreierles.conftest import played, raeuber, three
from tests.api.sixtysix.conftest import claim, closed, played_out

SIXTYSIX = [claim("Anna", (66, 32), (4, 2)), claim("Benno", (66, 0), (4, 0)), played_out("Benno", (65, 55), (6, 6)),
            closed("Anna", 2, (13, 1), (60, 40), (5, 3)), claim("Anna", (70, 20), (3, 1))]
DREIERLES = [played("dreier", "Benno", 40), played("zweier", "Anna", 30), played("solo", "Carla", 50),
             raeuber(three(["Anna", "Benno", "Carla"], (10, 30, 30)), three(["Anna", "Benno", "Carla"], (5, 6, 5)))]
GAMES = {"sixtysix": (["Anna", "Benno"], SIXTYSIX), "dreierles": (["Anna", "Benno", "Carla"], DREIERLES)}

steps = st.lists(st.tuples(st.sampled_from(["hand", "hand", "hand", "void", "replace"]), st.integers(0, 50)),
                 min_size=1, max_size=14)


def kept_and_rebuilt(client: FlaskClient, match_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    app: Any = client.application
    with app.app_context():
        connection = db.session.connection()
        kept = connection.execute(select(CLUB_MATCHES).where(CLUB_MATCHES.c.match_id == match_id)).first()
        match = connection.execute(select(MATCHES).where(MATCHES.c.id == match_id)).first()
        fresh = rebuilt(connection, match)
        db.session.rollback()
    stored = {"tallies": kept.tallies, "standing": kept.standing, "first_at": kept.first_at, "last_at": kept.last_at,
              "finished": kept.finished}
    return _plain(stored), _plain(fresh)


def _plain(summary: dict[str, Any]) -> dict[str, Any]:
    """Times compared as instants (SQLite hands them back without a zone); last_at is the
    latest write's time, not a hand's, so it is left out."""
    made = {**summary}
    made.pop("last_at")
    first = made["first_at"]
    made["first_at"] = None if first is None else first.replace(tzinfo=None, microsecond=0)
    for tally in made["tallies"]:
        tally["at"] = tally["at"][:19]
    return made


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(sorted(GAMES)), plan=steps)
def test_the_kept_summary_equals_the_one_rebuilt_from_the_log(api: FlaskClient, game: str,
                                                              plan: list[tuple[str, int]]) -> None:
    club = open_club(api, rates={"per_bummerl": 30, "per_fach": 5})
    players, entries = GAMES[game]
    table = club.table(game, players)
    for action, pick in plan:
        recorded = table.next_seq - 1
        if action == "hand" or recorded == 0:
            response = table.post(entries[pick % len(entries)])
            if response.status_code == 201:
                table.next_seq = response.get_json()["next_seq"]
        elif action == "void":
            table.void(1 + pick % recorded)
        else:
            table.replace(1 + pick % recorded, entries[pick % len(entries)])
    kept, fresh = kept_and_rebuilt(api, table.created["id"])
    assert kept == fresh
