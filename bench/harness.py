"""What every benchmark needs: the app under gunicorn on a free loopback port, with a
fresh SQLite file migrated in a temporary folder (or the database of ``DATABASE_URL`` in
``env``), a clean stop, and a throwaway PostgreSQL cluster (:func:`postgres`)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(workdir: Path, port: int, env: Mapping[str, str] | None = None) -> subprocess.Popen:
    """Migrate a new database in ``workdir`` and start gunicorn with the project's
    ``gunicorn.conf.py`` on 127.0.0.1:``port``; return once ``/api/health`` answers."""
    environ = {**os.environ, "DATABASE_URL": f"sqlite:///{workdir / 'kreide.sqlite3'}", "PORT": str(port),
               **(env or {})}
    if "KREIDE_PUBLIC_URL" not in (env or {}):
        environ.pop("KREIDE_PUBLIC_URL", None)
    subprocess.run([str(BIN / "flask"), "--app", "wsgi", "db", "upgrade", "--directory", "api/migrations"],
                   cwd=REPO, env=environ, check=True, capture_output=True)
    with (workdir / "gunicorn.log").open("w") as log:
        server = subprocess.Popen(
            [str(BIN / "gunicorn"), "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}", "wsgi:app"],
            cwd=REPO, env=environ, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2) as answer:
                if answer.status == 200:
                    return server
        except (OSError, urllib.error.URLError):
            time.sleep(0.1)
    stop_server(server)
    raise SystemExit(f"server did not come up:\n{(workdir / 'gunicorn.log').read_text()[-3000:]}")


def stop_server(server: subprocess.Popen) -> None:
    """SIGTERM to gunicorn's process group; SIGKILL if it has not gone in 15 s."""
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


@contextmanager
def postgres(directory: Path) -> Iterator[str]:
    """A throwaway PostgreSQL cluster in ``directory`` (``scripts/pg.sh``, Debian's
    server, installed when missing) on a free loopback port; its ``DATABASE_URL``."""
    script = str(REPO / "scripts" / "pg.sh")
    url = subprocess.run(["bash", script, "start", str(directory)], check=True, capture_output=True,
                         text=True).stdout.strip().splitlines()[-1]
    try:
        yield url
    finally:
        subprocess.run(["bash", script, "stop", str(directory)], check=False, capture_output=True)
