"""What a deployment may open on PostgreSQL against the server's max_connections
(api.connections): the recipe's two servers fit Debian's default of 100, the old defaults did
not, and a server whose pools do not fit refuses to start, saying the numbers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from api.config import Config
from api.connections import SPARE, Budget, budget, check, shortfall
from api.extensions import db
from tests.conftest import make_app, on_postgresql, postgres

REPO = Path(__file__).resolve().parents[2]
DEBIAN = {"max_connections": 100, "superuser_reserved_connections": 3}


def recipe_environ() -> dict[str, str]:
    """deploy/kreide.env's settings (KEY=value lines)."""
    lines = (REPO / "deploy" / "kreide.env").read_text().splitlines()
    return dict(line.split("=", 1) for line in lines if line.strip() and not line.startswith("#"))


def test_the_recipes_two_servers_fit_debians_default_with_room_for_psql_and_backups() -> None:
    environ = recipe_environ()
    wanted = budget(vars(Config(environ)), workers=int(environ["WEB_CONCURRENCY"]))
    assert (wanted.servers, wanted.workers) == (2, 2)
    assert wanted.total == 2 * 2 * (10 + 10 + 1) == 84
    assert shortfall(wanted, DEBIAN) is None
    assert 97 - wanted.total >= SPARE + 5  # psql, pg_dump, the migration and the purge with room


def test_the_issues_deployment_does_not_fit_and_the_message_says_what_to_change() -> None:
    # two servers, two workers each, the code's default pools (10 + 20) and their listeners: 124
    wanted = budget(vars(Config({"KREIDE_SERVERS": "2"})), workers=2)
    assert wanted.total == 124
    message = shortfall(wanted, DEBIAN)
    assert message == (
        "PostgreSQL allows 97 connections (max_connections=100 - 3 reserved), but this deployment may open 124 "
        "(KREIDE_SERVERS=2 x 2 workers x (KREIDE_DB_POOL_SIZE=10 + KREIDE_DB_MAX_OVERFLOW=20 + 1 listener)) "
        "+ 5 spare: lower KREIDE_DB_POOL_SIZE + KREIDE_DB_MAX_OVERFLOW to 22 or less in all (or KREIDE_SERVERS, "
        "WEB_CONCURRENCY), or raise max_connections in postgresql.conf")
    # what it advises fits
    assert shortfall(Budget(servers=2, workers=2, pool_size=11, max_overflow=11), DEBIAN) is None
    assert shortfall(Budget(servers=2, workers=2, pool_size=11, max_overflow=12), DEBIAN) is not None


def test_one_server_with_the_codes_defaults_fits_and_postgresql_16s_reserved_connections_count() -> None:
    one = budget(vars(Config({})), workers=2)
    assert one.total == 62 and shortfall(one, DEBIAN) is None
    assert shortfall(one, {**DEBIAN, "max_connections": 70}) is None  # 62 + 5 spare = 67 of 70 - 3 reserved
    assert shortfall(one, {**DEBIAN, "max_connections": 70, "reserved_connections": 1}) is not None


@pytest.mark.parametrize("servers, fits", [
    pytest.param(1, True, id="one server fits the test cluster's 300"),
    pytest.param(10, False, id="ten servers of 2 x 31 do not"),
])
def test_the_check_asks_the_database_server(tmp_path: Path, servers: int, fits: bool) -> None:
    app = make_app(tmp_path / "kreide.sqlite3", KREIDE_SERVERS=servers)
    with app.app_context():
        found = check(db.engine, app.config, workers=2)
    if not on_postgresql():
        assert found is None  # SQLite: one machine, no connection limit to check
    elif fits:
        assert found is None
    else:
        assert found is not None and "max_connections=300" in found


@pytest.mark.postgresql_only
def test_a_server_whose_pools_do_not_fit_refuses_to_start_and_says_why(tmp_path: Path) -> None:
    """gunicorn as the unit starts it: its workers check before serving; one that finds the
    pools too large for max_connections stops the server (exit 3, "Worker failed to boot")."""
    environ = {name: value for name, value in os.environ.items() if not name.startswith("KREIDE_")}
    environ.update(DATABASE_URL=postgres().fresh(), KREIDE_SERVERS="10", WEB_CONCURRENCY="1")
    gunicorn = Path(sys.executable).parent / "gunicorn"
    started = subprocess.run([str(gunicorn), "-c", "gunicorn.conf.py", "--bind", "127.0.0.1:0", "wsgi:app"],
                             cwd=REPO, env=environ, capture_output=True, text=True, timeout=60)
    assert started.returncode == 3, started.stderr
    assert ("kreide: PostgreSQL allows 297 connections (max_connections=300 - 3 reserved), but this deployment "
            "may open 310 (KREIDE_SERVERS=10 x 1 workers x") in started.stderr
    assert "Worker failed to boot" in started.stderr
