"""The recipe's systemd units (deploy/kreide@.service, deploy/kreide-migrate.service) parse
and say what the recipe relies on: the migrations once per deploy, before the servers and
never in a server's start; a server per port; the limits its connections need.

``systemd-analyze verify`` checks both units as systemd would load them (their commands
pointed at this checkout's virtualenv); where it is missing, the text checks still run.
"""

from __future__ import annotations

import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.harness import free_port, start_server, stop_server
from bench.recipe import BIN, DEPLOY, REPO

SERVER, MIGRATE = "kreide@.service", "kreide-migrate.service"

pytestmark = pytest.mark.deploy


def unit(name: str) -> dict[str, dict[str, list[str]]]:
    """A unit file's sections, each key with its values in order (a key may repeat)."""
    sections: dict[str, dict[str, list[str]]] = {}
    section: dict[str, list[str]] = {}
    for line in (DEPLOY / name).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = sections.setdefault(line.strip("[]"), {})
            continue
        key, _, value = line.partition("=")
        section.setdefault(key, []).append(value)
    return sections


def words(values: list[str]) -> list[str]:
    return [word for value in values for word in value.split()]


def test_the_units_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("no systemd-analyze here (the text checks below still run)")
    for name in (SERVER, MIGRATE):
        text = (DEPLOY / name).read_text().replace("/srv/kreide/.venv/bin/", f"{BIN}/")
        (tmp_path / name).write_text(text.replace("/srv/kreide", str(REPO)))
    verified = subprocess.run([analyze, "verify", "--man=no", str(tmp_path / MIGRATE),
                               str(tmp_path / "kreide@8001.service")], capture_output=True, text=True, timeout=60)
    assert (verified.returncode, verified.stderr, verified.stdout) == (0, "", "")


def test_the_migrations_run_once_per_deploy_before_the_servers_not_at_each_start() -> None:
    migrate, server = unit(MIGRATE)["Service"], unit(SERVER)
    assert migrate["Type"] == ["oneshot"] and migrate["RemainAfterExit"] == ["yes"]
    assert migrate["ExecStart"] == ["/srv/kreide/.venv/bin/flask --app wsgi kreide migrate"]
    assert MIGRATE in words(server["Unit"]["Requires"]) and MIGRATE in words(server["Unit"]["After"])
    assert "ExecStartPre" not in server["Service"]
    assert not any("db upgrade" in value or "migrate" in value for value in server["Service"]["ExecStart"])
    for key in ("User", "WorkingDirectory", "EnvironmentFile", "ReadWritePaths"):
        assert migrate[key] == server["Service"][key], key


def test_a_server_per_port_restarted_at_once_with_room_for_its_connections() -> None:
    service = unit(SERVER)["Service"]
    assert service["ExecStart"] == ["/srv/kreide/.venv/bin/gunicorn -c gunicorn.conf.py --bind 127.0.0.1:%i wsgi:app"]
    assert service["Restart"] == ["always"] and float(service["RestartSec"][0]) <= 2
    # every worker is a process of its own, each taking up to worker_connections phones
    worker_connections = runpy.run_path(str(REPO / "gunicorn.conf.py"))["worker_connections"]
    assert int(service["LimitNOFILE"][0]) >= 2 * worker_connections
    assert int(service["TasksMax"][0]) >= 256
    assert service["Type"] == ["notify"]  # gunicorn says READY=1 when it listens
    assert "StartLimitBurst" in unit(SERVER)["Unit"]
    assert not (DEPLOY / "kreide.service").exists()  # one server is kreide@8001 alone (deploy/README.md)


def test_a_server_counts_as_started_once_it_is_ready(tmp_path: Path) -> None:
    """The unit's ExecStartPost waits for GET /api/ready: it returns 0 against a server that
    can serve, and 1, saying why, against one whose schema is behind (not migrated)."""
    post = unit(SERVER)["Service"]["ExecStartPost"]
    assert post == ["/srv/kreide/.venv/bin/python /srv/kreide/deploy/kreide-ready.py %i 60"]
    script = str(DEPLOY / "kreide-ready.py")
    for migrated, expected in ((True, 0), (False, 1)):
        workdir = tmp_path / ("ready" if migrated else "behind")
        workdir.mkdir()
        port = free_port()
        server = start_server(workdir, port, {"WEB_CONCURRENCY": "1"}, upgrade=migrated)
        try:
            waited = subprocess.run([sys.executable, script, str(port), "3"], capture_output=True, text=True)
            assert waited.returncode == expected, waited.stderr
            if not migrated:
                assert "not ready within 3 s: 503" in waited.stderr and '"database":"behind"' in waited.stderr
        finally:
            stop_server(server, quick=True)
