"""What every benchmark needs: the app under gunicorn on a free loopback port, with a
fresh database migrated (a SQLite file in a temporary folder, or the PostgreSQL cluster
of ``scripts/pg.sh``), a clean stop, and a ``kill -9`` of the whole server."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (the nearest rank above; NaN when there are none)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def sqlite_url(workdir: Path) -> str:
    return f"sqlite:///{workdir / 'kreide.sqlite3'}"


def migrate(database_url: str) -> None:
    """``flask db upgrade`` on ``database_url`` (as ``make db-upgrade`` does)."""
    environ = {**os.environ, "DATABASE_URL": database_url}
    subprocess.run([str(BIN / "flask"), "--app", "wsgi", "db", "upgrade", "--directory", "api/migrations"],
                   cwd=REPO, env=environ, check=True, capture_output=True)


def start_server(workdir: Path, port: int, env: Mapping[str, str] | None = None, *,
                 database_url: str | None = None, upgrade: bool = True) -> subprocess.Popen:
    """Migrate the database (by default a new SQLite file in ``workdir``; ``upgrade=False``
    when restarting on one already migrated) and start gunicorn with the project's
    ``gunicorn.conf.py`` on 127.0.0.1:``port``; return once ``/api/health`` answers.
    gunicorn leads a process group of its own (arbiter and workers): see :func:`kill_server`."""
    url = database_url or (env or {}).get("DATABASE_URL") or sqlite_url(workdir)
    # a benchmark creates hundreds of tables a minute from one address: no creation limit
    environ = {**os.environ, "KREIDE_LIMIT_CREATE": "1000000/minute", **(env or {}), "DATABASE_URL": url,
               "PORT": str(port)}
    if "KREIDE_PUBLIC_URL" not in (env or {}):
        environ.pop("KREIDE_PUBLIC_URL", None)
    if upgrade:
        migrate(url)
    with (workdir / "gunicorn.log").open("a") as log:
        server = subprocess.Popen(
            [str(BIN / "gunicorn"), "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}", "wsgi:app"],
            cwd=REPO, env=environ, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2) as answer:
                if answer.status == 200:
                    return server
        except (OSError, urllib.error.URLError):
            time.sleep(0.1)
    stop_server(server)
    raise RuntimeError(f"server did not come up:\n{(workdir / 'gunicorn.log').read_text()[-3000:]}")


def stop_server(server: subprocess.Popen, *, quick: bool = False) -> None:
    """SIGTERM to gunicorn's process group (a graceful stop: open keep-alive connections are
    waited out, up to graceful_timeout), or SIGINT when ``quick`` (a test's server, whose
    clients are gone); SIGKILL if it has not gone in 15 s."""
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGINT if quick else signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    _wait_group_gone(server.pid, 15)


def kill_server(server: subprocess.Popen) -> None:
    """``kill -9`` the whole server at once, arbiter and workers (its process group), and
    wait until none of them is left: nothing is shut down, flushed or answered."""
    try:
        os.killpg(server.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    server.wait()
    _wait_group_gone(server.pid, 15)


def _group(pgid: int) -> list[int]:
    """The processes of process group ``pgid`` still alive (zombies left out; Linux /proc)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            fields = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(name))
    return found


def _wait_group_gone(pgid: int, seconds: float) -> None:
    """Workers outlive their arbiter for a moment after a kill; wait for the last one."""
    if not Path("/proc").is_dir():
        return
    deadline = time.monotonic() + seconds
    while (left := _group(pgid)) and time.monotonic() < deadline:
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.05)


def server_cpu(pgid: int) -> float | None:
    """CPU seconds used so far by the processes of group ``pgid`` still alive (Linux /proc;
    else None)."""
    try:
        total = 0
        for pid in _group(pgid):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        return total / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError):
        return None


@contextmanager
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on loopback (``scripts/pg.sh``) for the block: its
    ``DATABASE_URL`` (``postgresql+psycopg://...``); its files are removed afterwards."""
    parent = Path(tempfile.mkdtemp(prefix="kreide-pg-"))
    parent.chmod(0o755)  # as root, pg.sh runs the server as "postgres", which must reach its folder
    folder = parent / "pg"
    script = ["bash", str(REPO / "scripts" / "pg.sh")]
    try:
        started = subprocess.run([*script, "start", str(folder)], check=True, capture_output=True, text=True)
        yield started.stdout.strip().splitlines()[-1]
    finally:
        subprocess.run([*script, "stop", str(folder)], check=False, capture_output=True)
        shutil.rmtree(parent, ignore_errors=True)
