"""``kill -9`` of the whole server under load (bench/crash.py, smaller): every hand a table
was told was recorded is in the database exactly once afterwards, nothing is stored that
nobody asked for, every snapshot is the fold of its log.  On SQLite, or on PostgreSQL
when ``KREIDE_TEST_DATABASE_URL`` names a server (the PostgreSQL pass of tests/api; a
database of its own is made there and dropped afterwards).

The checker itself is tested too: on a copy of the database a hand is deleted, a stray
one added and a snapshot bent, and it must find all three."""

from __future__ import annotations

import os
import sqlite3
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, delete, insert, text, update
from sqlalchemy.engine import make_url

BENCH = Path(__file__).resolve().parents[2] / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

from crash import CrashRun, crash_run  # noqa: E402
from load import database, verify  # noqa: E402

from api.extensions import db  # noqa: E402
from api.models import Entry, Match, utcnow  # noqa: E402

pytestmark = pytest.mark.crash

# the database of this pass of tests/api: PostgreSQL when the suite runs against it, else SQLite
BACKENDS = ["postgresql"] if os.environ.get("KREIDE_TEST_DATABASE_URL") else ["sqlite"]


def _server_url() -> Any:
    url = make_url(os.environ["KREIDE_TEST_DATABASE_URL"])
    if url.drivername in ("postgres", "postgresql"):
        url = url.set(drivername="postgresql+psycopg")
    return url


def _admin() -> Any:
    return create_engine(_server_url(), isolation_level="AUTOCOMMIT")


def _new_database(template: str | None = None) -> str:
    """A new database on the PostgreSQL server (a copy of ``template`` if named): its URL."""
    name = f"kreide_crash_{uuid.uuid4().hex[:12]}"
    admin = _admin()
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else "")))
    admin.dispose()
    return _server_url().set(database=name).render_as_string(hide_password=False)


def _drop_database(url: str) -> None:
    admin = _admin()
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(scope="module", params=BACKENDS)
def crashed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, CrashRun]]:
    """Ten tables posting hands; the server killed with SIGKILL twice mid-write and
    restarted on the same database; the tables' retries answered."""
    workdir = tmp_path_factory.mktemp(f"crash-{request.param}")
    url = f"sqlite:///{workdir / 'kreide.sqlite3'}" if request.param == "sqlite" else _new_database()
    try:
        yield url, crash_run(request.param, url, workdir, tables=10, kills=2, interval=1.0, after=1.0)
    finally:
        if request.param != "sqlite":
            _drop_database(url)


def test_every_acknowledged_hand_survives_kill_9_exactly_once(crashed: tuple[str, CrashRun]) -> None:
    _, run = crashed
    verdict, tally = run.row.verdict, run.row.tally
    assert len(run.kills) == 2
    assert sum(kill.in_flight for kill in run.kills) > 0, "no write was in flight at a kill"
    assert tally.lost_answers > 0, "the kills cost no answer: nothing was retried"
    assert not tally.refused
    assert verdict.problems == []
    assert (verdict.lost, verdict.duplicated, verdict.inconsistent) == (0, 0, 0)
    assert verdict.acknowledged_hands > 0
    assert verdict.stored_hands >= verdict.acknowledged_hands
    assert verdict.stored_hands <= verdict.acknowledged_hands + verdict.unanswered


@pytest.fixture
def copy(crashed: tuple[str, CrashRun], tmp_path: Path) -> Iterator[str]:
    """A copy of the crashed database, to damage."""
    url, _ = crashed
    if url.startswith("sqlite"):
        target = tmp_path / "copy.sqlite3"
        with sqlite3.connect(make_url(url).database) as source, sqlite3.connect(target) as copied:
            source.backup(copied)
        yield f"sqlite:///{target}"
    else:
        copied_url = _new_database(template=make_url(url).database)
        yield copied_url
        _drop_database(copied_url)


def test_the_check_finds_a_lost_a_stray_and_a_bent_hand(crashed: tuple[str, CrashRun], copy: str) -> None:
    _, run = crashed
    asked = run.row.tally.asked
    acknowledged = [a for a in asked if a.kind == "hand" and a.acknowledged]
    matches = sorted({a.match_id for a in acknowledged if a.match_id is not None})
    assert len(matches) >= 3
    gone, stray, bent = matches[:3]
    gone_seq = max(a.body["seq"] for a in acknowledged if a.match_id == gone)
    with database(copy):
        db.session.execute(delete(Entry).where(Entry.match_id == gone, Entry.seq == gone_seq))
        db.session.execute(insert(Entry).values(match_id=stray, seq=99, action="hand", body={"seq": 99},
                                                result=None, token_kind="scorer", recorded_at=utcnow()))
        db.session.execute(update(Match).where(Match.id == bent).values(version=Match.version + 1))
        db.session.commit()
    verdict = verify(copy, asked)
    assert (verdict.lost, verdict.duplicated) == (1, 1)
    assert verdict.inconsistent >= 1
    found = "\n".join(verdict.problems)
    assert f"match {gone}: hand {gone_seq} acknowledged" in found
    assert f"match {stray}: hand 99 stored, nobody asked for it" in found
    assert f"match {bent}: version is" in found
